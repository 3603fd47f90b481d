package scenes

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/movetext"
)

// The move list reads like a game: "12. e4 e5" per move number; pillar chess's die face
// drawn as a small die before the move it allowed; a capture attempt's outcome drawn as
// a mark after the move (its numbers on hover and in review); what a move did that the
// notation does not say (a simultaneous resolution, a revealed secret) in plain words
// under the line; the result, with its reason, at the end. PGN export is the game's own
// (game.Game.PGN), untouched by any of this.

// listRow is one drawn row of the move list: items placed at offsets, or a line of a
// note.
type listRow struct {
	line  int // the history line it belongs to
	items []placedItem
	note  string
	x     float64 // a note's indent
}

type placedItem struct {
	it   movetext.Item
	x, w float64
}

// itemWidth is the room an item takes in a row of height lh, its gap included.
func itemWidth(it movetext.Item, f textFace, lh float64) float64 {
	switch {
	case it.Die:
		return 1.1 * lh
	case it.Mark:
		return 1.05 * lh
	}
	w, _ := measure(it.Text, f)
	return w + 0.35*lh
}

// rowsOf lays a line out in rows of width: items left to right, a row full going on
// under the moves (after the number), then the notes wrapped.
func rowsOf(l movetext.Line, li int, f textFace, width, lh float64) []listRow {
	var rows []listRow
	row := listRow{line: li}
	x, indent := 0.0, 0.0
	for _, it := range l.Items {
		w := itemWidth(it, f, lh)
		if x+w > width && len(row.items) > 0 && x > indent {
			rows = append(rows, row)
			row, x = listRow{line: li}, indent
		}
		row.items = append(row.items, placedItem{it: it, x: x, w: w})
		x += w
		if it.Num {
			indent = x
		}
	}
	rows = append(rows, row)
	for _, n := range l.Notes {
		for _, s := range wrap(n, f, width-indent) {
			rows = append(rows, listRow{line: li, note: s, x: indent})
		}
	}
	return rows
}

// moveList is the move list as the play screen shows it: its lines (movetext), how far it
// is scrolled back, and the pointer hovering over it (a mark's numbers show on it).
type moveList struct {
	lines []movetext.Line // one line per move number, and the result
	// ends[i] is the length of the viewer's log after lines[i]'s last entry.
	ends           []int
	scroll         int // lines hidden under the last one drawn
	hoverOn        bool
	hoverX, hoverY float64
}

// rows are the move list's rows as drawn in font f, width wide, row height lh: the last
// n above the scroll.
func (l *moveList) rows(n int, f textFace, width, lh float64) []listRow {
	var rows []listRow
	for i := len(l.lines) - l.scroll - 1; i >= 0 && len(rows) < n; i-- {
		rows = append(rowsOf(l.lines[i], i, f, width, lh), rows...)
	}
	if len(rows) > n {
		rows = rows[len(rows)-n:]
	}
	return rows
}

// lineOf is the line that holds the entry that leads to position n (-1: the start).
func (l *moveList) lineOf(n int) int {
	for i, end := range l.ends {
		if n <= end && n > l.lineStart(i) {
			return i
		}
	}
	return -1
}

func (l *moveList) lineStart(i int) int {
	if i == 0 {
		return 0
	}
	return l.ends[i-1]
}

// listRows are the move list's rows as drawn, the last n above the scroll.
func (p *Play) listRows(n int, width float64) []listRow {
	return p.list.rows(n, p.fs.get(false, p.lay.Small), width, p.lay.ListLine())
}

// drawListRows draws the rows from (x0, y0), row height lh; the item the board shows in
// review is on a highlight, and a mark under the pointer tells its numbers.
func (p *Play) drawListRows(dst *ebiten.Image, rows []listRow, x0, y0, lh float64) {
	f := p.fs.get(false, p.lay.Small)
	bf := p.fs.get(true, p.lay.Small)
	var tip string
	var tipX, tipY float64
	for ri, row := range rows {
		y := y0 + float64(ri)*lh
		if row.note != "" {
			drawLeft(dst, row.note, f, x0+row.x, y+lh/2, colSub)
			continue
		}
		for _, pi := range row.items {
			it := pi.it
			x := x0 + pi.x
			if p.rev.on() && !it.Num && it.Start < p.rev.at && p.rev.at <= it.End {
				fillRect(dst, layout.Rect{X: x - 0.12*lh, Y: y, W: pi.w - 0.1*lh, H: lh}, colSelected)
			}
			switch {
			case it.Die:
				p.drawDieIcon(dst, it.Face, x, y+0.08*lh, 0.84*lh)
			case it.Mark:
				drawAttemptMark(dst, it.Res, x+0.35*lh, y+lh/2, 0.3*lh)
				if p.list.hoverOn && p.list.hoverX >= x && p.list.hoverX < x+pi.w && p.list.hoverY >= y && p.list.hoverY < y+lh {
					tip, tipX, tipY = it.Tip, x, y
				}
			case p.list.lines[row.line].Result:
				drawLeft(dst, it.Text, bf, x, y+lh/2, colTitle)
			case it.Num:
				drawLeft(dst, it.Text, f, x, y+lh/2, colSub)
			default:
				drawLeft(dst, it.Text, f, x, y+lh/2, colTitle)
			}
		}
	}
	if tip != "" {
		p.drawTip(dst, tip, tipX, tipY, lh)
	}
}

// drawTip shows a text in a box over the row at y (under it when there is no room).
func (p *Play) drawTip(dst *ebiten.Image, s string, x, y, lh float64) {
	f := p.fs.get(false, p.lay.Small)
	w, _ := measure(s, f)
	w += 0.8 * lh
	x = max(2, min(x-w/2, p.env.Width-w-2))
	ty := y - 1.15*lh
	if ty < 0 {
		ty = y + lh
	}
	r := layout.Rect{X: x, Y: ty, W: w, H: 1.1 * lh}
	fillRound(dst, r, float32(0.25*lh), colTipBack)
	drawLeft(dst, s, f, x+0.4*lh, ty+0.55*lh, colTitle)
}

// drawDieIcon draws a die face as a small die: the piece it allows on a white face, or
// an empty face struck through for a skip.
func (p *Play) drawDieIcon(dst *ebiten.Image, face game.PieceType, x, y, size float64) {
	box := layout.Rect{X: x, Y: y, W: size, H: size}
	fillRound(dst, box, float32(size*0.2), colWhiteFill)
	if face == game.NoType || int(face) >= len(p.view.Variant().Pieces) || p.view.Variant().Pieces[face].Letter == 0 {
		vector.StrokeLine(dst, float32(x+0.25*size), float32(y+0.75*size), float32(x+0.75*size), float32(y+0.25*size),
			float32(max(1.5, 0.1*size)), colButtonOnText, true)
		return
	}
	sz := int(size * 0.92)
	p.sprites.smaller(p.view.Variant(), sz).draw(dst, game.MakePiece(game.Black, face), x+(size-float64(sz))/2, y+(size-float64(sz))/2)
}

// drawAttemptMark draws a capture attempt's outcome at (cx, cy), radius r: a green disc
// with a tick for a capture, a grey ring for a miss, a red disc with a cross for an
// attacker that died.
func drawAttemptMark(dst *ebiten.Image, res game.AttemptResult, cx, cy, r float64) {
	x, y, rr := float32(cx), float32(cy), float32(r)
	lw := max(float32(1.5), rr*0.28)
	switch res {
	case game.AttemptSuccess:
		vector.DrawFilledCircle(dst, x, y, rr, colMarkHit, true)
		vector.StrokeLine(dst, x-0.5*rr, y, x-0.12*rr, y+0.42*rr, lw, colWhiteFill, true)
		vector.StrokeLine(dst, x-0.12*rr, y+0.42*rr, x+0.55*rr, y-0.45*rr, lw, colWhiteFill, true)
	case game.AttemptMiss:
		vector.StrokeCircle(dst, x, y, rr*0.85, lw, colMarkMiss, true)
	default:
		vector.DrawFilledCircle(dst, x, y, rr, colMarkDied, true)
		vector.StrokeLine(dst, x-0.45*rr, y-0.45*rr, x+0.45*rr, y+0.45*rr, lw, colWhiteFill, true)
		vector.StrokeLine(dst, x-0.45*rr, y+0.45*rr, x+0.45*rr, y-0.45*rr, lw, colWhiteFill, true)
	}
}

// The marks' colours: as the board's own capture marks, green for a hit, red for a loss.
var (
	colMarkHit  = color.RGBA{0x3c, 0xa0, 0x4a, 0xff}
	colMarkMiss = color.RGBA{0xb0, 0xb0, 0xb8, 0xff}
	colMarkDied = color.RGBA{0xd0, 0x40, 0x38, 0xff}
	colTipBack  = color.RGBA{0x10, 0x12, 0x18, 0xf0}
)

// itemAt is the item of the rows drawn from (x0, y0) under (x, y) and its line; ok false
// if none (a note, the move number, the gap after the moves).
func itemAt(rows []listRow, x0, y0, lh, x, y float64) (movetext.Item, int, bool) {
	ri := int((y - y0) / lh)
	if y < y0 || ri < 0 || ri >= len(rows) {
		return movetext.Item{}, 0, false
	}
	row := rows[ri]
	for _, pi := range row.items {
		if x >= x0+pi.x-0.15*lh && x < x0+pi.x+pi.w {
			return pi.it, row.line, !pi.it.Num
		}
	}
	return movetext.Item{}, row.line, false
}
