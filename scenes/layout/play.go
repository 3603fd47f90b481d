package layout

import "math"

// Play is the layout of the play screen. Portrait (phones): a header, the opponent's strip,
// the board across the width, the own strip, two rows of buttons and the move list below.
// Landscape (tablets turned, desktops): the board on the left at full height with the
// strips above and below it, a panel on the right with the header, buttons and move list.
type Play struct {
	Landscape    bool
	Files, Ranks int
	Scale        float64 // device pixels per CSS pixel
	Flipped      bool

	Header   Rect // the game's name and the status lines
	Badge    Rect // a square at the header's right: the die, a capture's numbers
	TextSize float64
	Small    float64 // font size of secondary text (the move list, strips)

	Board     Rect
	Square    float64
	CoordSize float64

	Top, Bottom Rect // the players' strips: name, captured pieces (top is the far side)

	Buttons    Rect
	ButtonCols int
	ButtonRows int

	MoveList Rect
}

// NewPlay lays out a play screen of w×h device pixels (scale device pixels per CSS pixel)
// for a board of files×ranks, with nButtons buttons.
func NewPlay(w, h, scale float64, files, ranks, nButtons int) Play {
	if scale <= 0 {
		scale = 1
	}
	l := Play{Files: files, Ranks: ranks, Scale: scale}
	pad := math.Round(math.Max(4*scale, 0.012*math.Min(w, h)))
	l.TextSize = clamp(0.032*math.Min(w, h), 13*scale, 22*scale)
	l.Small = clamp(0.85*l.TextSize, 12*scale, 18*scale)
	header := math.Ceil(2.7 * l.TextSize)
	strip := math.Ceil(1.9 * l.Small)
	btnH := math.Ceil(clamp(2.3*l.TextSize, 34*scale, 48*scale))
	if nButtons < 1 {
		nButtons = 1
	}

	l.Landscape = w > 1.15*h && w >= 560*scale
	if l.Landscape {
		l.ButtonCols = 4
		l.ButtonRows = (nButtons + l.ButtonCols - 1) / l.ButtonCols
		sq := math.Floor(math.Min(
			(h-2*pad-2*strip)/float64(ranks),
			(w-3*pad-280*scale)/float64(files)))
		sq = math.Max(sq, 8)
		bw, bh := sq*float64(files), sq*float64(ranks)
		panelW := math.Min(w-3*pad-bw, 520*scale)
		x0 := math.Round((w - bw - pad - panelW) / 2)
		y0 := math.Round((h - bh - 2*strip) / 2)
		l.Top = Rect{x0, y0, bw, strip}
		l.Board = Rect{x0, y0 + strip, bw, bh}
		l.Bottom = Rect{x0, y0 + strip + bh, bw, strip}
		px := x0 + bw + pad
		l.Header = Rect{px, y0, panelW, header}
		by := y0 + header + pad
		l.Buttons = Rect{px, by, panelW, float64(l.ButtonRows) * btnH}
		my := by + l.Buttons.H + pad
		l.MoveList = Rect{px, my, panelW, math.Max(0, y0+2*strip+bh-my)}
		l.Square = sq
	} else {
		l.ButtonCols = 4 // four a row leave each label room for two words (Russian)
		l.ButtonRows = (nButtons + l.ButtonCols - 1) / l.ButtonCols
		minList := 2.2 * l.Small
		sq := math.Floor(math.Min(
			(w-2*pad)/float64(files),
			(h-2*pad-header-2*strip-float64(l.ButtonRows)*btnH-minList-2*pad)/float64(ranks)))
		sq = math.Max(sq, 8)
		bw, bh := sq*float64(files), sq*float64(ranks)
		x0 := math.Round((w - bw) / 2)
		y := pad
		l.Header = Rect{pad, y, w - 2*pad, header}
		y += header
		l.Top = Rect{x0, y, bw, strip}
		y += strip
		l.Board = Rect{x0, y, bw, bh}
		y += bh
		l.Bottom = Rect{x0, y, bw, strip}
		y += strip + pad
		l.Buttons = Rect{pad, y, w - 2*pad, float64(l.ButtonRows) * btnH}
		y += l.Buttons.H + pad
		l.MoveList = Rect{pad, y, w - 2*pad, math.Max(0, h-pad-y)}
		l.Square = sq
	}
	l.Badge = Rect{l.Header.X + l.Header.W - l.Header.H, l.Header.Y, l.Header.H, l.Header.H}
	l.CoordSize = clamp(0.2*l.Square, 8*scale, 16*scale)
	return l
}

// Button is the rectangle of button i (row by row), inset by a small gap.
func (l Play) Button(i int) Rect {
	cw := l.Buttons.W / float64(l.ButtonCols)
	ch := l.Buttons.H / float64(max(l.ButtonRows, 1))
	r, c := i/l.ButtonCols, i%l.ButtonCols
	g := math.Round(0.06 * ch)
	return Rect{l.Buttons.X + float64(c)*cw + g, l.Buttons.Y + float64(r)*ch + g, cw - 2*g, ch - 2*g}
}

// SquareRect is the rectangle of square (f, r), rank 0 White's first; White's first rank
// is at the bottom unless the board is flipped.
func (l Play) SquareRect(f, r int) Rect {
	col, row := f, l.Ranks-1-r
	if l.Flipped {
		col, row = l.Files-1-f, r
	}
	return Rect{l.Board.X + float64(col)*l.Square, l.Board.Y + float64(row)*l.Square, l.Square, l.Square}
}

// SquareAt is the square under a point, ok false off the board.
func (l Play) SquareAt(x, y float64) (f, r int, ok bool) {
	if !l.Board.Contains(x, y) {
		return 0, 0, false
	}
	col := int((x - l.Board.X) / l.Square)
	row := int((y - l.Board.Y) / l.Square)
	if col < 0 || col >= l.Files || row < 0 || row >= l.Ranks {
		return 0, 0, false
	}
	if l.Flipped {
		return l.Files - 1 - col, row, true
	}
	return col, l.Ranks - 1 - row, true
}
