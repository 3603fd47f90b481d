// Package layout computes where the parts of a screen go, in device pixels. It is plain
// arithmetic without Ebitengine, so it is tested natively.
package layout

import "math"

// Rect is a rectangle in device pixels.
type Rect struct {
	X, Y, W, H float64
}

// Center is the middle of the rectangle.
func (r Rect) Center() (x, y float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Contains reports whether the point lies in the rectangle.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Board is the layout of a board screen: a title line, a line of help under it, and the
// board with its coordinates (rank numbers on the left, file letters below).
type Board struct {
	Files, Ranks int

	Title     Rect    // the game's name, centred in it
	TitleSize float64 // font size of the title
	Sub       Rect    // one line under the title
	SubSize   float64

	Board     Rect    // the squares, Files×Ranks of Square pixels
	Square    float64 // side of a square, a whole number of pixels
	CoordSize float64 // font size of the coordinates
	Margin    float64 // width of the coordinate margin left of and below the board
}

// coordMargin is the coordinate margin in squares.
const coordMargin = 0.45

// NewBoard lays out a board screen of w×h device pixels, scale device pixels per CSS
// pixel, for a board of files×ranks. White's first rank is at the bottom.
func NewBoard(w, h, scale float64, files, ranks int) Board {
	if scale <= 0 {
		scale = 1
	}
	short := math.Min(w, h)
	pad := math.Max(8*scale, 0.025*short)
	titleSize := clamp(0.05*short, 16*scale, 34*scale)
	subSize := math.Max(0.6*titleSize, 11*scale)
	header := math.Ceil(1.5*titleSize + 1.7*subSize)

	// The rank numbers take a margin on the left; the same space is kept on the right so
	// that the board itself is centred.
	sq := math.Min(
		(w-2*pad)/(float64(files)+2*coordMargin),
		(h-2*pad-header)/(float64(ranks)+coordMargin),
	)
	sq = math.Max(1, math.Floor(sq))
	margin := math.Round(coordMargin * sq)

	blockH := header + float64(ranks)*sq + margin
	x0 := math.Round((w - float64(files)*sq) / 2)
	y0 := math.Round(math.Max(pad, (h-blockH)/2))
	if blockH > h-2*pad { // too small for everything: keep the board on screen
		y0 = math.Max(0, math.Round((h-blockH)/2))
	}

	l := Board{Files: files, Ranks: ranks, TitleSize: titleSize, SubSize: subSize, Square: sq, Margin: margin}
	l.Title = Rect{0, y0, w, 1.5 * titleSize}
	l.Sub = Rect{0, y0 + 1.5*titleSize, w, 1.7 * subSize}
	l.Board = Rect{x0, y0 + header, float64(files) * sq, float64(ranks) * sq}
	l.CoordSize = clamp(0.28*sq, 9*scale, 22*scale)
	return l
}

// SquareRect is the rectangle of the square on file f, rank r (0-based, rank 0 at the
// bottom).
func (l Board) SquareRect(f, r int) Rect {
	return Rect{l.Board.X + float64(f)*l.Square, l.Board.Y + float64(l.Ranks-1-r)*l.Square, l.Square, l.Square}
}

// SquareAt is the square under a point, ok false off the board.
func (l Board) SquareAt(x, y float64) (f, r int, ok bool) {
	if !l.Board.Contains(x, y) {
		return 0, 0, false
	}
	f = int((x - l.Board.X) / l.Square)
	r = l.Ranks - 1 - int((y-l.Board.Y)/l.Square)
	return f, r, f >= 0 && f < l.Files && r >= 0 && r < l.Ranks
}

// RankLabel is where the number of rank r goes: centred in the left margin.
func (l Board) RankLabel(r int) (x, y float64) {
	s := l.SquareRect(0, r)
	return s.X - l.Margin/2, s.Y + s.H/2
}

// FileLabel is where the letter of file f goes: centred in the bottom margin.
func (l Board) FileLabel(f int) (x, y float64) {
	s := l.SquareRect(f, 0)
	return s.X + s.W/2, s.Y + s.H + l.Margin/2
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }
