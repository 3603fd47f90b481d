package layout

import "math"

// The play screen's right-hand (or lower) column, measured once here for everyone who
// draws in it or reads a tap on it: the move list between its bars, and the width of a
// panel over the board.

// Bar is the height of a bar of buttons over or under the move list (the actions without
// a square, a friend game's Resume and Claim, the review's arrows): a button and a fifth.
func (l Play) Bar() float64 {
	h := l.Button(0).H
	return h + 0.2*h
}

// ListLine is the height of a line of the move list.
func (l Play) ListLine() float64 { return 1.3 * l.Small }

// ReviewFits reports whether the review bar fits under the move list once a bar of
// height top is over it: room for both bars and three lines.
func (l Play) ReviewFits(top float64) bool {
	h := l.Button(0).H
	return !(l.MoveList.H-top < 1.2*h+3*1.3*l.Small+0.3*h)
}

// List is the move list's column between its bars.
type List struct {
	Rect Rect    // the column between the bars
	Line float64 // a line's height
	X, Y float64 // where the first line's text starts (the top of its line)
	W    float64 // the lines' width
	Rows int     // the lines for moves (the foot's lines are under them)
}

// List is the move list's column with a bar of height top over it, one of height bottom
// under it, and foot lines under the moves (a friend's emote, a legend).
func (l Play) List(top, bottom float64, foot int) List {
	r := l.MoveList
	r.Y += top
	r.H -= top + bottom
	lh := l.ListLine()
	rows := int((r.H - 0.3*lh) / lh)
	if rows > foot+1 {
		rows -= foot
	}
	return List{Rect: r, Line: lh, X: r.X + 0.5*l.Small, Y: r.Y + 0.3*lh, W: r.W - l.Small, Rows: rows}
}

// PanelWidth is the width of a panel over the board (a choice, a question, the result).
func (l Play) PanelWidth() float64 { return math.Min(l.Board.W*0.92, 520*l.Scale) }
