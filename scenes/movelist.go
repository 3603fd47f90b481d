package scenes

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
)

// The move list reads like a game: "12. e4 e5" per move number; pillar chess's die face
// drawn as a small die before the move it allowed; a capture attempt's outcome drawn as
// a mark after the move (its numbers on hover and in review); what a move did that the
// notation does not say (a simultaneous resolution, a revealed secret) in plain words
// under the line; the result, with its reason, at the end. PGN export is the game's own
// (game.Game.PGN), untouched by any of this.

// listItem is one thing in a line of the move list.
type listItem struct {
	text string // a move's notation or the move number ("12.", "12…")
	num  bool   // the move number
	die  bool   // a die face (face; NoType: skip)
	face game.PieceType
	mark bool // a capture attempt's outcome (res), told in words by tip
	res  game.AttemptResult
	tip  string
	// start < n <= end: the positions after n entries of the viewer's log that this item
	// stands for (a move's include its capture attempts' draws)
	start, end int
}

// listLine is one line of the move list: a move number's moves, or the result.
type listLine struct {
	items  []listItem
	notes  []string // plain words under the moves
	result bool
}

// String is the line as text (the page's status, the tests): a die as "[Q]", a mark as
// "[1+2=3: Qxf7 (captured)]", each note after " — ".
func (l listLine) String() string {
	var parts []string
	for _, it := range l.items {
		switch {
		case it.die:
			parts = append(parts, "["+dieWord(it.face)+"]")
		case it.mark:
			parts = append(parts, "["+it.tip+"]")
		default:
			parts = append(parts, it.text)
		}
	}
	s := strings.Join(parts, " ")
	for _, n := range l.notes {
		s += " — " + n
	}
	return s
}

func dieWord(t game.PieceType) string {
	const letters = "-PNBRQK" // by PieceType: the die's faces are chess pieces
	if t == game.NoType || int(t) >= len(letters) {
		return lang.T("skip")
	}
	return letters[t : t+1]
}

// climbs reports whether a move of the list climbs onto an own piece ("^", pillar chess).
func climbs(ls []listLine) bool {
	for _, l := range ls {
		for _, it := range l.items {
			if strings.Contains(it.text, "^") {
				return true
			}
		}
	}
	return false
}

// lineTexts are the lines as text.
func lineTexts(ls []listLine) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.String()
	}
	return out
}

// moveList is the log as viewer may know it (Match.Log). In a game with hidden
// information that is not over, the other player's secret choices show as "(secret)",
// and a choice the other player sealed (simultaneous chess) as "(sealed)": that it is
// in, never what it is. ends[i] is the log's length after line i.
func moveList(m *match.Match, viewer game.Color) (lines []listLine, ends []int) {
	g := m.Game()
	o := g.Outcome()
	hide := m.Hidden() && !o.Over()
	es := m.Log(viewer)
	known := len(es)
	pending := -1
	if all := g.Entries(); len(all) > len(es) {
		// The one entry Log holds back: the other player's sealed choice. Only whose
		// and when are shown.
		h := all[len(es)]
		es = append(es[:len(es):len(es)], game.Entry{Input: game.Input{Kind: game.InputMove, Player: h.Input.Player},
			MoveNo: h.MoveNo, Side: h.Side})
		pending = len(es) - 1
	}
	var die *listItem // a rolled die waiting for the move it allows
	var dieNo int
	var dieSide game.Color
	lastSide, lastNo := game.Black, 0
	cur := func() *listLine {
		if len(lines) == 0 {
			lines, ends = append(lines, listLine{}), append(ends, 0)
		}
		return &lines[len(lines)-1]
	}
	for i, e := range es {
		in := e.Input
		end := min(i+1, known)
		t := lang.Game(e.Record.Text)
		if in.Kind == game.InputMove && hide && in.Player != viewer && secretKind(in.Move.Kind) {
			t = lang.T("(secret)")
		}
		if i == pending && in.Player != viewer {
			t = lang.T("(sealed)")
		}
		ch := e.Record.Chance
		switch {
		case in.Kind == game.InputDraw && ch != nil && ch.Die:
			die = &listItem{die: true, face: ch.Face, start: i, end: end}
			dieNo, dieSide = e.MoveNo, e.Side
			continue
		case in.Kind == game.InputDraw && ch != nil:
			l := cur()
			for j := len(l.items) - 1; j >= 0; j-- {
				if !l.items[j].mark && !l.items[j].num && !l.items[j].die {
					l.items[j].end = end // the move stands for its resolved position
					break
				}
			}
			l.items = append(l.items, listItem{mark: true, res: ch.Result, tip: t, start: i, end: end})
		case in.Kind == game.InputMove:
			if e.Record.Text == "" && i != pending {
				continue
			}
			// A new line for each move number; a second action of the same turn (a
			// strike after a mating move) stays on its line.
			same := lastSide == game.White && lastNo == e.MoveNo
			lastSide, lastNo = e.Side, e.MoveNo
			if (e.Side == game.White && !same) || len(lines) == 0 {
				num := fmt.Sprintf("%d.", e.MoveNo)
				if e.Side == game.Black {
					num = fmt.Sprintf("%d…", e.MoveNo)
				}
				lines, ends = append(lines, listLine{items: []listItem{{text: num, num: true, end: end}}}), append(ends, end)
			}
			l := cur()
			if die != nil {
				l.items = append(l.items, *die)
				die = nil
			}
			move, note := splitNote(e.Record.Text)
			if t != lang.Game(e.Record.Text) { // hidden: the placeholder alone
				move, note = t, ""
			} else {
				move = lang.Game(move)
			}
			l.items = append(l.items, listItem{text: move, start: i, end: end})
			if note != "" {
				l.notes = append(l.notes, lang.Game(note))
			}
		case in.Kind == game.InputResign || in.Kind == game.InputAgree || in.Kind == game.InputClaim:
			continue // the result line says it
		default:
			if t == "" {
				continue
			}
			l := cur()
			l.notes = append(l.notes, t)
		}
		ends[len(ends)-1] = end
	}
	if die != nil { // the die of the turn being played: before the move to come
		if dieSide == game.White && !(lastSide == game.White && lastNo == dieNo) || len(lines) == 0 {
			num := fmt.Sprintf("%d.", dieNo)
			if dieSide == game.Black {
				num = fmt.Sprintf("%d…", dieNo)
			}
			lines, ends = append(lines, listLine{items: []listItem{{text: num, num: true, end: die.end}}}), append(ends, die.end)
		}
		l := cur()
		l.items = append(l.items, *die)
		ends[len(ends)-1] = die.end
	}
	if o.Over() {
		lines, ends = append(lines, listLine{result: true, items: []listItem{{text: resultText(o), end: known}}}), append(ends, known)
	}
	return lines, ends
}

// splitNote parts a record "Nf4 {White's pawn takes nothing on d5: Black's knight left}"
// into the move and what it did.
func splitNote(s string) (move, note string) {
	i := strings.Index(s, " {")
	if i < 0 || !strings.HasSuffix(s, "}") {
		return s, ""
	}
	return s[:i], s[i+2 : len(s)-1]
}

// resultText is the result as a chess player writes it, and why: "1-0, king captured".
func resultText(o game.Outcome) string {
	r := o.Result.String()
	if r == "1/2-1/2" {
		r = "½-½"
	}
	if o.Reason == "" {
		return r
	}
	return r + ", " + lang.Game(o.Reason)
}

// secretKind: the crown choice. A stone's, a hiding's or a split's record tells only what
// both players see (the square, "crown hidden", the halves), never the mine, the hiding
// square or the crowned half, so those show as played.
func secretKind(k game.MoveKind) bool {
	return k == game.Choose
}

// listRow is one drawn row of the move list: items placed at offsets, or a line of a
// note.
type listRow struct {
	line  int // the history line it belongs to
	items []placedItem
	note  string
	x     float64 // a note's indent
}

type placedItem struct {
	it   listItem
	x, w float64
}

// itemWidth is the room an item takes in a row of height lh, its gap included.
func itemWidth(it listItem, f textFace, lh float64) float64 {
	switch {
	case it.die:
		return 1.1 * lh
	case it.mark:
		return 1.05 * lh
	}
	w, _ := measure(it.text, f)
	return w + 0.35*lh
}

// rowsOf lays a line out in rows of width: items left to right, a row full going on
// under the moves (after the number), then the notes wrapped.
func rowsOf(l listLine, li int, f textFace, width, lh float64) []listRow {
	var rows []listRow
	row := listRow{line: li}
	x, indent := 0.0, 0.0
	for _, it := range l.items {
		w := itemWidth(it, f, lh)
		if x+w > width && len(row.items) > 0 && x > indent {
			rows = append(rows, row)
			row, x = listRow{line: li}, indent
		}
		row.items = append(row.items, placedItem{it: it, x: x, w: w})
		x += w
		if it.num {
			indent = x
		}
	}
	rows = append(rows, row)
	for _, n := range l.notes {
		for _, s := range wrap(n, f, width-indent) {
			rows = append(rows, listRow{line: li, note: s, x: indent})
		}
	}
	return rows
}

// listRows are the move list's rows as drawn, the last n above the scroll.
func (p *Play) listRows(n int, width float64) []listRow {
	f := p.fs.get(false, p.lay.Small)
	lh := 1.3 * p.lay.Small
	var rows []listRow
	for i := len(p.history) - p.scroll - 1; i >= 0 && len(rows) < n; i-- {
		rows = append(rowsOf(p.history[i], i, f, width, lh), rows...)
	}
	if len(rows) > n {
		rows = rows[len(rows)-n:]
	}
	return rows
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
			if p.reviewing() && !it.num && it.start < p.at && p.at <= it.end {
				fillRect(dst, layout.Rect{X: x - 0.12*lh, Y: y, W: pi.w - 0.1*lh, H: lh}, colSelected)
			}
			switch {
			case it.die:
				p.drawDieIcon(dst, it.face, x, y+0.08*lh, 0.84*lh)
			case it.mark:
				drawAttemptMark(dst, it.res, x+0.35*lh, y+lh/2, 0.3*lh)
				if p.hoverOn && p.hoverX >= x && p.hoverX < x+pi.w && p.hoverY >= y && p.hoverY < y+lh {
					tip, tipX, tipY = it.tip, x, y
				}
			case p.history[row.line].result:
				drawLeft(dst, it.text, bf, x, y+lh/2, colTitle)
			case it.num:
				drawLeft(dst, it.text, f, x, y+lh/2, colSub)
			default:
				drawLeft(dst, it.text, f, x, y+lh/2, colTitle)
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
	p.smallSprites(sz).draw(dst, game.MakePiece(game.Black, face), x+(size-float64(sz))/2, y+(size-float64(sz))/2)
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
func itemAt(rows []listRow, x0, y0, lh, x, y float64) (listItem, int, bool) {
	ri := int((y - y0) / lh)
	if y < y0 || ri < 0 || ri >= len(rows) {
		return listItem{}, 0, false
	}
	row := rows[ri]
	for _, pi := range row.items {
		if x >= x0+pi.x-0.15*lh && x < x0+pi.x+pi.w {
			return pi.it, row.line, !pi.it.num
		}
	}
	return listItem{}, row.line, false
}
