package scenes

import (
	"image/color"
	"math"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/interact"
	"github.com/quintet-chess/quintet/scenes/layout"
)

// How the board is played is interact's: board moves by from and to (tap-tap or
// drag-and-drop), placing moves by action then square, the rest as buttons.

func boardMove(m game.Move) bool { return interact.KindOf(m) == interact.Board }

func placeKind(m game.Move) bool { return interact.KindOf(m) == interact.Place }

func (p *Play) canAct() bool { return p.acts>>p.actor&1 != 0 && !p.over }

// pointer handles presses, drags and releases on the board.
func (p *Play) pointer(in *Intents) {
	p.input.inspect = game.NoSquare
	if in.Hover {
		if f, r, ok := p.lay.SquareAt(in.HoverX, in.HoverY); ok {
			p.input.inspect = game.Sq(f, r)
		}
	} else if in.Down && in.Held > 450*time.Millisecond && !p.input.drag.moved {
		if f, r, ok := p.lay.SquareAt(in.X, in.Y); ok { // long press
			p.input.inspect = game.Sq(f, r)
		}
	}
	for _, e := range in.Pointer {
		f, r, on := p.lay.SquareAt(e.X, e.Y)
		s := game.NoSquare
		if on {
			s = game.Sq(f, r)
		}
		switch e.Kind {
		case Press:
			p.press(s, e)
		case Drag:
			if p.input.drag.on {
				p.input.drag.x, p.input.drag.y = e.X, e.Y
				if math.Hypot(e.X-p.input.drag.px, e.Y-p.input.drag.py) > 0.2*p.lay.Square {
					p.input.drag.moved = true
				}
			}
		case Release:
			if _, ok := p.premoveSide(); ok && p.input.drag.on && p.input.drag.moved {
				p.input.premoveDrop(s)
			} else if p.input.drag.on && p.input.drag.moved {
				if s != game.NoSquare && s != p.input.drag.from && p.input.targets.Has(s) {
					p.tryMove(p.input.drag.from, s)
				} else if s != p.input.drag.from {
					p.input.sel, p.input.targets = game.NoSquare, 0 // an illegal drop snaps back
				}
			}
			p.input.drag.on = false
		}
	}
}

func (p *Play) press(s game.Square, e PointerEvent) {
	p.input.drag.moved = false
	if me, ok := p.premoveSide(); ok {
		p.input.premovePress(s, me, p.view.Position(), e)
		return
	}
	if s == game.NoSquare || !p.canAct() {
		p.input.sel, p.input.targets, p.input.odds = game.NoSquare, 0, nil
		return
	}
	if p.input.group != nil {
		if p.input.targets.Has(s) {
			p.tryPlace(s)
		} else {
			p.input.group, p.input.targets = nil, 0
		}
		return
	}
	if p.input.sel != game.NoSquare && p.input.targets.Has(s) {
		p.tryMove(p.input.sel, s)
		return
	}
	if p.movesFrom(s) != 0 {
		p.selectSquare(s)
		p.input.drag = dragState{on: true, from: s, x: e.X, y: e.Y, px: e.X, py: e.Y}
		return
	}
	p.input.sel, p.input.targets = game.NoSquare, 0
}

// movesFrom is the set of destinations of board moves from s.
func (p *Play) movesFrom(s game.Square) game.Bitboard {
	return interact.Targets(p.moves, s)
}

func (p *Play) selectSquare(s game.Square) {
	p.input.sel, p.input.targets = s, p.movesFrom(s)
	if p.input.targets == 0 {
		p.input.sel = game.NoSquare
	}
	p.input.odds = p.captureOdds()
}

// tryMove plays the board move from → to, asking which one if several fit.
func (p *Play) tryMove(from, to game.Square) {
	p.choose(interact.Fits(p.moves, from, to))
}

// tryPlace plays the chosen placing action on s.
func (p *Play) tryPlace(s game.Square) {
	fit := interact.Placed(p.moves, *p.input.group, s)
	p.input.group = nil
	p.choose(fit)
}

// choose plays the one move, or opens a panel to pick among several.
func (p *Play) choose(fit []game.Move) {
	switch len(fit) {
	case 0:
		p.input.sel, p.input.targets = game.NoSquare, 0
	case 1:
		p.play(fit[0])
	default:
		p.panel = movePanel(p, fit)
	}
}

// play makes the actor's move (after a confirmation when it would end on the own hidden
// crown, which loses).
func (p *Play) play(m game.Move) {
	if game.CrownCrushesOwn(p.m.Game().Rules().View(p.actor), p.actor, m) && p.pending == nil {
		p.pending = &m
		p.panel = confirmPanel("crush", lang.T("This move ends on your own hidden crown and loses the game. Play it anyway?"))
		return
	}
	p.pending = nil
	if err := p.m.Play(p.actor, m); err != nil {
		p.say(lang.Game(err.Error()))
	}
	p.input.sel, p.input.targets, p.input.group, p.input.odds = game.NoSquare, 0, nil, nil
}

// actionGroups are the placing kinds the actor may choose now, and the moves for the
// action panel.
func (p *Play) actionGroups() ([]interact.Group, []game.Move) {
	return interact.Groups(p.view.Variant(), p.moves)
}

// squareAt is the top-left corner of square s, in screen pixels.
func (p *Play) squareAt(s game.Square) layout.Rect { return p.lay.SquareRect(s.File(), s.Rank()) }

func (p *Play) drawBoard(dst *ebiten.Image) {
	l := &p.lay
	pos := p.view.Position()
	v := p.view.Variant()
	var light, dark []layout.Rect
	for r := 0; r < l.Ranks; r++ {
		for f := 0; f < l.Files; f++ {
			s := game.Sq(f, r)
			if s.Light() {
				light = append(light, p.squareAt(s))
			} else {
				dark = append(dark, p.squareAt(s))
			}
		}
	}
	fillRects(dst, light, colLight)
	fillRects(dst, dark, colDark)
	gm := p.gameMarks()
	gm.drawSecrets(dst)
	// Last move, check, selection, special squares.
	if lm, ok := lastMove(gm.log); ok {
		for _, s := range []game.Square{lm.From, lm.To} {
			if v.OnBoard(s) {
				fillRect(dst, p.squareAt(s), colLastMove)
			}
		}
	}
	for _, s := range threatened(pos) {
		rr := p.squareAt(s)
		p.sprites.drawImage(dst, p.sprites.markImage(markGlow), rr.X, rr.Y)
	}
	if p.input.sel != game.NoSquare {
		fillRect(dst, p.squareAt(p.input.sel), colSelected)
	}
	p.drawPremove(dst)
	// Coordinates inside the edge squares: rank numbers top-right on the right-hand file,
	// file letters bottom-left on the near rank.
	cf := p.fs.get(true, l.CoordSize)
	nearRank, rightFile := 0, l.Files-1
	if l.Flipped {
		nearRank, rightFile = l.Ranks-1, 0
	}
	for f := 0; f < l.Files; f++ {
		s := game.Sq(f, nearRank)
		rr := p.squareAt(s)
		drawLeft(dst, string(rune('a'+f)), cf, rr.X+0.06*rr.W, rr.Y+rr.H-0.6*l.CoordSize, coordOn(s))
	}
	for r := 0; r < l.Ranks; r++ {
		s := game.Sq(rightFile, r)
		rr := p.squareAt(s)
		drawRight(dst, strconv.Itoa(r+1), cf, rr.X+rr.W-0.06*rr.W, rr.Y+0.6*l.CoordSize, coordOn(s))
	}
	// Pieces (and the stacks beneath them), except those moving.
	moving := map[game.Square]bool{}
	p.anim.moving(moving)
	if p.input.drag.on && p.input.drag.moved {
		moving[p.input.drag.from] = true
	}
	for s := game.Square(0); s < game.NoSquare; s++ {
		if !v.OnBoard(s) {
			continue
		}
		pc := pos.At(s)
		if pc == game.NoPiece {
			continue
		}
		rr := p.squareAt(s)
		if pos.Under != nil && pos.Under[s].N > 0 && !moving[s] { // a sliding tower lands first
			drawStack(dst, &pos.Under[s], rr, p.fs)
		}
		if !moving[s] {
			p.sprites.draw(dst, pc, rr.X, rr.Y)
		}
	}
	gm.drawMarks(dst, pos, moving)
	// Legal destinations: a dot on an empty square, a ring on an occupied one.
	for b := p.input.targets; b != 0; {
		s := b.Pop()
		rr := p.squareAt(s)
		if pos.At(s) == game.NoPiece {
			p.sprites.drawImage(dst, p.sprites.markImage(markDot), rr.X, rr.Y)
		} else {
			p.sprites.drawImage(dst, p.sprites.markImage(markRing), rr.X, rr.Y)
		}
	}
	gm.drawOdds(dst)
	gm.drawFlash(dst)
	gm.drawSealed(dst)
	// Moving pieces on top.
	for _, a := range p.anim.slides {
		t := p.anim.slid(a)
		if t >= 1 {
			continue
		}
		t = 1 - (1-t)*(1-t) // ease out
		fr, to := p.squareAt(a.from), p.squareAt(a.to)
		p.sprites.draw(dst, a.pc, fr.X+(to.X-fr.X)*t, fr.Y+(to.Y-fr.Y)*t)
	}
	if p.input.drag.on && p.input.drag.moved {
		if pc := pos.At(p.input.drag.from); pc != game.NoPiece {
			p.sprites.draw(dst, pc, p.input.drag.x-l.Square/2, p.input.drag.y-l.Square/2)
		}
	}
}

// coordOn is the colour of a coordinate drawn on square s: the other square colour.
func coordOn(s game.Square) color.RGBA {
	if s.Light() {
		return colDark
	}
	return colLight
}

// lastMove is the last board move of log es (the log as the viewer may know it).
func lastMove(es []game.Entry) (game.Move, bool) {
	for i := len(es) - 1; i >= 0; i-- {
		in := es[i].Input
		if in.Kind == game.InputMove {
			m := in.Move
			return m, boardMove(m) || placeKind(m)
		}
	}
	return game.Move{}, false
}

// threatened are the kings in check (games with check) or attacked (games where kings
// are captured): the viewer should see the danger either way.
func threatened(pos *game.Position) []game.Square {
	var out []game.Square
	for c := game.White; c <= game.Black; c++ {
		k := pos.KingSquare(c)
		if k == game.NoSquare || pos.Pieces(c, game.King).Count() != 1 {
			continue
		}
		if pos.Attacked(k, c.Other()) {
			out = append(out, k)
		}
	}
	return out
}

// drawStack draws the pieces beneath a tower's top as layers at the square's foot, with
// the tower's height in the corner.
func drawStack(dst *ebiten.Image, t *game.Tower, rr layout.Rect, fs faces) {
	n := int(t.N)
	h := rr.H * 0.07
	for i := 0; i < n && i < 6; i++ {
		pc := t.P[n-1-i]
		c := colWhiteFill
		if pc.Color() == game.Black {
			c = colBlackFill
		}
		y := rr.Y + rr.H - float64(i+1)*h
		fillRect(dst, layout.Rect{X: rr.X + 0.12*rr.W, Y: y, W: 0.76 * rr.W, H: h * 0.8}, c)
	}
	badge := layout.Rect{X: rr.X + rr.W*0.66, Y: rr.Y + rr.H*0.02, W: rr.W * 0.32, H: rr.H * 0.28}
	fillRound(dst, badge, float32(badge.H/2), colButtonOn)
	x, y := badge.Center()
	drawText(dst, strconv.Itoa(n+1), fs.get(true, badge.H*0.8), x, y, colButtonOnText)
}

// pointed is what the pointer changes on the play screen that its status does not show:
// the person's hand on the board (a selection, a drag, a premove picked, an action kind
// chosen), what a hover or a held press shows where the pointer is (the tower in the
// inspector, the place over the move list), and what a press opens (a panel, a move to
// confirm) or scrolls.
type pointed struct {
	sel, premSel, tower game.Square
	targets             game.Bitboard
	dragging            bool // a piece follows the pointer, at dragged
	dragged             [2]float64
	group               *interact.Group
	premove             *[2]game.Square
	panel               *choicePanel
	pending             *game.Move
	list                bool // the pointer is over the move list, at x, y
	listX, listY        float64
	scroll, review      int
	flip                bool
}

// Pointing is what the pointer has changed on the screen beyond the status (pointed).
// The app draws again on a press, a release or a hover only when it, the status or an
// animation changes: a tap on nothing or a button's release draws no frame.
func (p *Play) Pointing() any {
	k := pointed{sel: p.input.sel, premSel: p.input.premSel, tower: p.inspected(), targets: p.input.targets,
		group: p.input.group, premove: p.input.premove, panel: p.panel, pending: p.pending,
		list: p.list.hoverOn, scroll: p.list.scroll, review: p.rev.at, flip: p.flip}
	if p.input.drag.on && p.input.drag.moved {
		k.dragging, k.dragged = true, [2]float64{p.input.drag.x, p.input.drag.y}
	}
	if p.list.hoverOn {
		k.listX, k.listY = p.list.hoverX, p.list.hoverY
	}
	return k
}

// inspected is the square of the tower the inspector shows, NoSquare if none.
func (p *Play) inspected() game.Square {
	s := p.input.inspect
	if s == game.NoSquare || p.view == nil {
		return game.NoSquare
	}
	if u := p.view.Position().Under; u == nil || u[s].N == 0 {
		return game.NoSquare
	}
	return s
}

// drawInspector shows the tower under the pointer (hover or long press), top first.
func (p *Play) drawInspector(dst *ebiten.Image) {
	at := p.inspected()
	if at == game.NoSquare {
		return
	}
	pos := p.view.Position()
	t := &pos.Under[at]
	pcs := []game.Piece{pos.At(at)}
	for i := int(t.N) - 1; i >= 0; i-- {
		pcs = append(pcs, t.P[i])
	}
	sq := p.lay.Square * 0.6
	rr := p.squareAt(at)
	w, h := sq+0.2*sq, float64(len(pcs))*sq+0.2*sq
	x := rr.X + rr.W
	if x+w > p.env.Width {
		x = rr.X - w
	}
	y := math.Max(0, math.Min(rr.Y, p.env.Height-h))
	fillRound(dst, layout.Rect{X: x, Y: y, W: w, H: h}, float32(0.1*sq), colPanel)
	small := p.sprites.smaller(p.view.Variant(), int(sq))
	for i, pc := range pcs {
		small.draw(dst, pc, x+0.1*sq, y+0.1*sq+float64(i)*sq)
	}
}
