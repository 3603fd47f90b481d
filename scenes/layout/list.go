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

// TopBarFits reports whether the move list has room for a bar over it.
func (l Play) TopBarFits() bool { return !(l.MoveList.H < 2*l.Button(0).H) }

// TopCell is cell i of cols across the bar over the move list (the actions without a
// square of their own; a friend game's Resume and Claim).
func (l Play) TopCell(i, cols int) Rect {
	r := l.MoveList
	h := l.Button(0).H
	w := r.W / float64(cols)
	return Rect{X: r.X + float64(i)*w + 2, Y: r.Y + 2, W: w - 4, H: h - 4}
}

// ReviewCells are the cells of the review bar under the move list: four arrows, a
// quarter each of three fifths of its width, and Analyse the rest.
func (l Play) ReviewCells() [5]Rect {
	r := l.MoveList
	h := l.Button(0).H
	y := r.Y + r.H - l.Bar() + 0.1*h
	aw := r.W * 0.6 / 4
	x := r.X
	var out [5]Rect
	for i := range out {
		w := aw
		if i == len(out)-1 {
			w = r.X + r.W - x
		}
		out[i] = Rect{X: x + 2, Y: y, W: w - 4, H: h - 4}
		x += w
	}
	return out
}
