package scenes

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/interact"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/movetext"
)

// choicePanel is a question over the board: which promotion, which of several moves,
// accept a draw, confirm resigning, or the actions that have no square.
type choicePanel struct {
	kind, title string
	items       []panelItem
	buttons     []button
	cancel      bool // a Cancel button closes it
}

type panelItem struct {
	id    string
	label string
	move  *game.Move
	piece game.Piece
	group *interact.Group
}

// movePanel asks which of several moves with the same squares (promotion pieces, tower
// heights, paratrooper paths).
func movePanel(p *Play, ms []game.Move) *choicePanel {
	cp := &choicePanel{kind: "choose", title: lang.T("Choose"), cancel: true}
	promo := true
	for _, m := range ms {
		if m.Promo == game.NoType || m.Kind == game.Drop {
			promo = false
		}
	}
	if promo {
		cp.kind, cp.title = "promotion", lang.T("Promote to")
	} else if len(ms) > 0 && interact.Height(p.view.Position(), ms[0].From) > 1 {
		cp.title = lang.F("How many pieces of the tower go to %s?", ms[0].To)
	}
	for i := range ms {
		m := ms[i]
		it := panelItem{id: fmt.Sprintf("move:%d", i), label: movetext.UpperFirst(actionLabel(p.view, m)), move: &m}
		if promo {
			it.piece = game.MakePiece(p.actor, m.Promo)
		}
		cp.items = append(cp.items, it)
	}
	return cp
}

// actionPanel offers the actions without a square of their own.
func actionPanel(p *Play, groups []interact.Group, ms []game.Move, cancel bool) *choicePanel {
	cp := &choicePanel{kind: "actions", title: p.turn().Expected(), cancel: cancel}
	for i := range groups {
		g := groups[i]
		cp.items = append(cp.items, panelItem{id: fmt.Sprintf("group:%d", i), label: lang.Game(g.Label), group: &g})
	}
	for i := range ms {
		m := ms[i]
		cp.items = append(cp.items, panelItem{id: fmt.Sprintf("move:%d", i), label: actionLabel(p.view, m), move: &m})
	}
	return cp
}

func actionLabel(r game.Rules, m game.Move) string { return lang.Game(interact.Label(r, m)) }

// pickPanel asks person c for a number 0–9 (probabilistic chess, "pick your number").
func pickPanel(c game.Color) *choicePanel {
	cp := &choicePanel{kind: "pick", title: lang.F("%s: pick your number 0–9 for this capture attempt", colorName(c))}
	for n := 0; n < 10; n++ {
		cp.items = append(cp.items, panelItem{id: fmt.Sprintf("pick:%d", n), label: fmt.Sprint(n)})
	}
	return cp
}

func drawOfferPanel(by game.Color) *choicePanel {
	return &choicePanel{kind: "drawoffer", title: lang.F("%s offers a draw. %s, do you accept?", colorName(by), colorName(by.Other())),
		items: []panelItem{{id: "accept", label: lang.T("Accept")}, {id: "decline", label: lang.T("Decline")}}}
}

// resultPanel says who won and why, over the board, with what usually comes next.
func resultPanel(p *Play) *choicePanel {
	items := []panelItem{{id: "rematch", label: lang.T("Rematch")}, {id: "review", label: lang.T("Review")},
		{id: "new", label: lang.T("New game")}, {id: "pgn", label: lang.T("Export PGN")}}
	if p.net != nil {
		items = items[1:] // a rematch with a friend is offered from the friend's buttons
	}
	return &choicePanel{kind: "result", title: p.turn().Line(), items: items, cancel: true}
}

// settingsPanel holds the settings of the look and feel, each button saying what is set
// now and changing it to the next (the panel stays open to show the change).
func settingsPanel(p *Play) *choicePanel {
	sound := lang.T("Sound on")
	if p.soundMuted() {
		sound = lang.T("Sound off")
	}
	motion := map[string]string{"normal": lang.T("Animation: normal"), "fast": lang.T("Animation: fast"), "off": lang.T("Animation: off")}[p.anim.name]
	if motion == "" {
		motion = lang.T("Animation: normal")
	}
	board := map[string]string{"brown": lang.T("Board: brown"), "green": lang.T("Board: green")}[p.boardName]
	pieces := map[string]string{"drawn": lang.T("Pieces: drawn"), "letters": lang.T("Pieces: letters")}[p.piecesName]
	return &choicePanel{kind: "settings", title: lang.T("Settings"), cancel: true, items: []panelItem{
		{id: "sound", label: sound}, {id: "motion", label: motion}, {id: "board", label: board}, {id: "pieces", label: pieces}}}
}

func confirmPanel(kind, question string) *choicePanel {
	return &choicePanel{kind: kind, title: question,
		items: []panelItem{{id: "yes", label: lang.T("Yes")}, {id: "no", label: lang.T("No")}}}
}

// cols is how many columns of buttons the panel has.
func (cp *choicePanel) cols(lay *layout.Play, fs faces) int {
	switch {
	case cp.kind == "promotion":
		return 4
	case cp.kind == "settings":
		return 2
	case cp.kind == "pick":
		return 5
	}
	// Two or three columns when every label fits in one, fewer otherwise (long labels
	// such as a defence's two attempts on a phone).
	cols := 2
	if len(cp.items) > 10 {
		cols = 3
	}
	f := fs.get(false, lay.TextSize)
	w := lay.PanelWidth() - 0.6*lay.TextSize
	for ; cols > 1; cols-- {
		fits := true
		for _, it := range cp.items {
			if tw, _ := measure(it.label, f); tw > 0.94*0.9*w/float64(cols) {
				fits = false
				break
			}
		}
		if fits {
			break
		}
	}
	return cols
}

// rect is where the panel goes: over the board's middle.
func (cp *choicePanel) rect(lay *layout.Play, env Env, fs faces) layout.Rect {
	b := lay.Board
	w := lay.PanelWidth()
	n := len(cp.items)
	if cp.cancel {
		n++
	}
	cols := cp.cols(lay, fs)
	rows := (n + cols - 1) / cols
	bh := math.Max(math.Min(lay.Square*0.9, (env.Height*0.8)/float64(rows+2)), 32*env.Scale)
	if cp.kind == "promotion" {
		bh = math.Min(w/4, lay.Square*1.2)
	}
	lines := len(wrap(cp.title, fs.get(true, lay.TextSize), w*0.9))
	h := float64(lines)*1.4*lay.TextSize + float64(rows)*bh + 1.2*lay.TextSize
	h = math.Min(h, env.Height)
	// The result goes beside the board where the move list's column has room for it,
	// so the final position stays in sight; over the board otherwise (a phone).
	if ml := lay.MoveList; cp.kind == "result" && ml.X >= b.X+b.W && ml.H >= h && ml.W >= 0.5*w {
		return layout.Rect{X: ml.X, Y: ml.Y, W: ml.W, H: h}
	}
	return layout.Rect{X: b.X + (b.W-w)/2, Y: math.Max(0, b.Y+(b.H-h)/2), W: w, H: h}
}

// layout places the panel's buttons.
func (cp *choicePanel) layout(lay *layout.Play, env Env, fs faces) {
	r := cp.rect(lay, env, fs)
	cols := cp.cols(lay, fs)
	lines := len(wrap(cp.title, fs.get(true, lay.TextSize), r.W*0.9))
	top := r.Y + float64(lines)*1.4*lay.TextSize + 0.6*lay.TextSize
	n := len(cp.items)
	if cp.cancel {
		n++
	}
	rows := (n + cols - 1) / cols
	bh := (r.Y + r.H - 0.6*lay.TextSize - top) / float64(max(rows, 1))
	cw := (r.W - 0.6*lay.TextSize) / float64(cols)
	g := math.Round(0.05 * bh)
	cp.buttons = cp.buttons[:0]
	place := func(i int, id, label string) {
		rr := layout.Rect{X: r.X + 0.3*lay.TextSize + float64(i%cols)*cw + g, Y: top + float64(i/cols)*bh + g, W: cw - 2*g, H: bh - 2*g}
		cp.buttons = append(cp.buttons, button{id: id, label: label, r: rr, enabled: true, primary: id == "yes" || id == "accept"})
	}
	for i, it := range cp.items {
		place(i, it.id, it.label)
	}
	if cp.cancel {
		label := lang.T("Cancel")
		if cp.kind == "result" || cp.kind == "settings" { // nothing to undo: each setting is made at once
			label = lang.T("Close")
		}
		place(len(cp.items), "cancel", label)
	}
}

func (p *Play) updatePanel(ctx *Ctx) {
	p.panel.layout(&p.lay, p.env, p.fs)
	b := pressed(ctx.In, p.panel.buttons)
	if ctx.In.Escape && p.panel.cancel {
		p.panel, p.input.sel, p.input.targets = nil, game.NoSquare, 0
		return
	}
	if b == nil {
		return
	}
	cp := p.panel
	p.panel = nil
	if cp.kind == "settings" && b.id != "cancel" {
		p.button(ctx, b.id)
		p.panel = settingsPanel(p)
		return
	}
	if cp.kind == "result" && b.id != "cancel" {
		if b.id == "review" {
			p.reviewTo(0)
			return
		}
		p.button(ctx, b.id)
		return
	}
	p.pick(cp, b.id)
}

// pick carries out the choice id of panel cp.
func (p *Play) pick(cp *choicePanel, id string) {
	if p.net != nil && p.netPick(id) {
		return
	}
	switch id {
	case "cancel", "no":
		p.input.sel, p.input.targets, p.pending = game.NoSquare, 0, nil
	case "accept":
		if err := p.m.AcceptDraw(); err != nil {
			p.say(lang.Game(err.Error()))
		}
	case "decline":
		p.m.DeclineDraw()
		p.say(lang.T("Draw declined."))
	case "yes":
		switch cp.kind {
		case "resign":
			if err := p.m.Resign(p.actor); err != nil {
				p.say(lang.Game(err.Error()))
			}
		case "crush":
			if p.pending != nil {
				p.play(*p.pending)
			}
		}
	default:
		if cp.kind == "pick" {
			var n int
			fmt.Sscanf(id, "pick:%d", &n)
			if c, ok := p.m.NeedsPick(); ok {
				if err := p.m.Pick(c, n); err != nil {
					p.say(lang.Game(err.Error()))
				}
			}
			return
		}
		for _, it := range cp.items {
			if it.id != id {
				continue
			}
			if it.move != nil {
				p.play(*it.move)
			} else if it.group != nil {
				p.input.group = it.group
				p.input.targets = interact.GroupTargets(p.moves, *it.group)
				p.input.sel = game.NoSquare
				p.say(lang.F("%s: tap a square.", lang.Game(it.group.Label)))
			}
		}
	}
}

func (p *Play) drawPanel(dst *ebiten.Image) {
	cp := p.panel
	if len(cp.buttons) == 0 {
		p.panel.layout(&p.lay, p.env, p.fs)
	}
	if cp.kind != "result" && cp.kind != "settings" { // the board stays as it is: under the result, and to see a theme
		fillRect(dst, layout.Rect{W: p.env.Width, H: p.env.Height}, colShade)
	}
	r := p.panel.rect(&p.lay, p.env, p.fs)
	fillRound(dst, r, float32(0.04*r.W), colPanel)
	tf := p.fs.get(true, p.lay.TextSize)
	y := r.Y + 0.9*p.lay.TextSize
	for _, l := range wrap(cp.title, tf, r.W*0.9) {
		drawText(dst, l, tf, r.X+r.W/2, y, colTitle)
		y += 1.4 * p.lay.TextSize
	}
	f := p.fs.get(false, p.lay.TextSize)
	for i, b := range cp.buttons {
		if i < len(cp.items) && cp.items[i].piece != game.NoPiece {
			fillRound(dst, b.r, float32(0.1*b.r.H), colLight)
			sz := int(math.Min(b.r.W, b.r.H))
			p.sprites.smaller(p.view.Variant(), sz).draw(dst, cp.items[i].piece, b.r.X+(b.r.W-float64(sz))/2, b.r.Y+(b.r.H-float64(sz))/2)
			continue
		}
		drawButton(dst, b, f)
	}
}

// drawHeader draws the game's name, the status line and the last message.
func (p *Play) drawHeader(dst *ebiten.Image) {
	h := p.lay.Header
	tf := p.fs.get(true, p.lay.TextSize)
	sf := p.fs.get(false, p.lay.Small)
	net := ""
	if p.net != nil {
		net = p.net.state(p.m)
	}
	title := movetext.Title(p.m, net)
	w := h.W - 1.1*p.lay.Badge.W
	gm := p.gameMarks()
	gm.drawBadge(dst)
	drawLeft(dst, shorten2(title, tf, w), tf, h.X, h.Y+0.6*p.lay.TextSize, colTitle)
	line, tone, note, noteTone := p.turn().Header(p.rev.line(), p.msg.text)
	drawLeft(dst, shorten2(line, sf, w), sf, h.X, h.Y+1.55*p.lay.TextSize, toneColor(tone))
	// The third line: the review's, else the game's own (the die and what it allows, a
	// pending attempt's odds, check and gardez), else the last thing that happened.
	if note != "" {
		drawLeft(dst, shorten2(note, sf, w), sf, h.X, h.Y+2.35*p.lay.TextSize, toneColor(noteTone))
	}
}

func shorten2(s string, f textFace, w float64) string {
	if tw, _ := measure(s, f); tw > w {
		return shorten(s, f, w)
	}
	return s
}

// strip is side c's strip: below the board for the side it is seen from.
func (p *Play) strip(c game.Color) layout.Rect {
	if (c == game.White) != p.lay.Flipped {
		return p.lay.Bottom
	}
	return p.lay.Top
}

// drawStrips draws each player's strip: name, whose turn, the pieces they captured and
// the material balance.
func (p *Play) drawStrips(dst *ebiten.Image) {
	capt := captured(p.start, p.view.Position())
	t := p.turn()
	for c := game.White; c <= game.Black; c++ {
		r := p.strip(c)
		r.W -= p.drawClock(dst, c, r)
		f := p.fs.get(true, p.lay.Small)
		name := colorName(c) + " · " + movetext.SeatName(p.m.Seat(c))
		if !p.over && p.m.Game().Next().Asks(c) {
			name = "» " + name
		}
		if note := strings.Trim(t.CrownNote(c)+" "+t.SealNote(c), " "); note != "" {
			name += " · " + note
		}
		drawLeft(dst, name, f, r.X, r.Y+r.H/2, colTitle)
		nw, _ := measure(name, f)
		p.clockClear[c] = nw <= r.W
		x := r.X + nw + 0.6*p.lay.Small
		sz := int(math.Min(r.H*1.0, p.lay.Square*0.5))
		small := p.sprites.smaller(p.view.Variant(), sz)
		// Pieces of one type overlap, types stand apart; black pieces on a pale chip,
		// or they vanish into the dark strip.
		var at []float64
		var pcs []game.Piece
		for t := game.PieceType(1); t < game.NumTypes; t++ {
			n := capt[c.Other()][t]
			for i := 0; i < n; i++ {
				if x+float64(sz) > r.X+r.W-2*p.lay.Small {
					break
				}
				at, pcs = append(at, x), append(pcs, game.MakePiece(c.Other(), t))
				x += 0.45 * float64(sz)
			}
			if n > 0 {
				x += 0.45 * float64(sz)
			}
		}
		y := r.Y + (r.H-float64(sz))/2
		if c.Other() == game.Black && len(at) > 0 {
			end := at[len(at)-1] + float64(sz)
			fillRound(dst, layout.Rect{X: at[0] - 2, Y: y, W: end - at[0] + 4, H: float64(sz)}, float32(sz)/4, colChip)
		}
		for i, pc := range pcs {
			small.draw(dst, pc, at[i], y)
		}
		if d := balance(p.view.Variant(), p.start, p.view.Position(), c); d > 0 {
			drawRight(dst, "+"+strconv.Itoa(d), p.fs.get(false, p.lay.Small), r.X+r.W, r.Y+r.H/2, colSub)
		}
	}
}

// captured counts, per colour and type, the pieces of position start missing from pos
// (towers count what they hold).
func captured(start, pos *game.Position) (out [2][game.NumTypes]int) {
	if start == nil {
		return
	}
	count := func(pos *game.Position) (n [2][game.NumTypes]int) {
		for s := game.Square(0); s < game.NoSquare; s++ {
			if pc := pos.At(s); pc != game.NoPiece {
				n[pc.Color()][pc.Type()]++
			}
			if pos.Under != nil {
				t := &pos.Under[s]
				for i := 0; i < int(t.N); i++ {
					n[t.P[i].Color()][t.P[i].Type()]++
				}
			}
		}
		return n
	}
	a, b := count(start), count(pos)
	for c := 0; c < 2; c++ {
		promoted := 0 // pieces beyond the start's count came from pawns
		for t := range a[c] {
			if d := a[c][t] - b[c][t]; d > 0 {
				out[c][t] = d
			} else if game.PieceType(t) != game.Pawn {
				promoted -= d
			}
		}
		out[c][game.Pawn] = max(0, out[c][game.Pawn]-promoted)
	}
	return out
}

// balance is side c's material lead in pawns (pieces of v) in position now since
// position then: captures and promotions.
func balance(v *game.Variant, then, now *game.Position, c game.Color) int {
	if then == nil {
		return 0
	}
	sum := func(pos *game.Position, c game.Color) (n int) {
		for s := game.Square(0); s < game.NoSquare; s++ {
			if pc := pos.At(s); pc != game.NoPiece && pc.Color() == c && pc.Type() != game.King {
				n += v.Pieces[pc.Type()].Value
			}
			if pos.Under != nil {
				t := &pos.Under[s]
				for i := 0; i < int(t.N); i++ {
					if t.P[i].Color() == c && t.P[i].Type() != game.King {
						n += v.Pieces[t.P[i].Type()].Value
					}
				}
			}
		}
		return n
	}
	return ((sum(now, c) - sum(now, c.Other())) - (sum(then, c) - sum(then, c.Other()))) / 100
}

// drawMoveList draws the action bar (actions without squares) and the move list's last
// lines (scrolled with the wheel).
func (p *Play) drawMoveList(dst *ebiten.Image) {
	if p.lay.MoveList.H <= 0 {
		return
	}
	c := p.listColumn()
	r, lh, n := c.Rect, c.Line, c.Rows
	fillRound(dst, r, float32(4*p.env.Scale), colPanel)
	f := p.fs.get(false, p.lay.Small)
	if n <= 0 {
		return
	}
	// The list's last rows, under the moves: the friend's last emote, the legend.
	for i, l := range p.listFoot() {
		drawLeft(dst, shorten2(l.s, f, c.W), f, c.X, c.Y+float64(n+i)*lh+lh/2, l.c)
	}
	if len(p.list.lines) == 0 {
		drawLeft(dst, lang.T("No moves yet."), f, c.X, r.Y+0.8*lh, colSub)
		return
	}
	// Long lines wrap rather than lose their end; only the last lines are laid out:
	// enough to fill the list.
	p.drawListRows(dst, p.listRows(n, c.W), c.X, c.Y, lh)
}
