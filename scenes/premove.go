package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/interact"
)

// Premoves, as on lichess: while the other side (the AI, a friend) is to move in a
// turn-based game, the person may set the move to play as soon as their turn comes —
// their piece, then a square (or drag it). It is played then if it is legal (a promotion
// becomes a queen); a press anywhere else, or Escape, cancels it.

// premoveSide is the colour that may premove now, ok false when none may.
func (p *Play) premoveSide() (game.Color, bool) {
	if p.over || p.rev.on() || p.handover || p.m.Hotseat() || p.m.Sealed() || p.canAct() || p.view == nil {
		return game.White, false
	}
	me := p.viewer
	if !p.m.Seat(me).Human {
		return me, false
	}
	if s := p.view.Next(); s.Kind == game.StepMove && s.Players == 3 {
		return me, false
	}
	return me, true
}

// premovePress handles a press on square s while premoves are possible.
func (p *Play) premovePress(s game.Square, me game.Color, e PointerEvent) {
	pos := p.view.Position()
	switch {
	case p.premSel != game.NoSquare && s != game.NoSquare && s != p.premSel:
		p.premove = &[2]game.Square{p.premSel, s}
		p.premSel = game.NoSquare
	case s != game.NoSquare && s != p.premSel && pos.At(s) != game.NoPiece && pos.At(s).Color() == me:
		p.premSel, p.premove = s, nil
		p.drag = dragState{on: true, from: s, x: e.X, y: e.Y, px: e.X, py: e.Y}
	default:
		p.cancelPremove()
	}
}

// premoveDrop ends a drag begun on an own piece while premoves are possible.
func (p *Play) premoveDrop(s game.Square) {
	if p.premSel == p.drag.from && s != game.NoSquare && s != p.drag.from {
		p.premove = &[2]game.Square{p.drag.from, s}
		p.premSel = game.NoSquare
	}
}

func (p *Play) cancelPremove() { p.premove, p.premSel = nil, game.NoSquare }

// playPremove plays the premove once the person may act, if it is legal then.
func (p *Play) playPremove() {
	if p.premSel != game.NoSquare && p.premove == nil && p.canAct() {
		// Only the piece was picked when the turn came: it is the selection now.
		s := p.premSel
		p.premSel = game.NoSquare
		if !p.drag.on {
			p.selectSquare(s)
		}
		return
	}
	if p.premove == nil || !p.canAct() || p.panel != nil || p.handover {
		return
	}
	from, to := p.premove[0], p.premove[1]
	p.cancelPremove()
	fit := interact.Fits(p.moves, from, to)
	if len(fit) > 1 {
		for _, m := range fit {
			if m.Promo == game.Queen {
				fit = []game.Move{m}
				break
			}
		}
	}
	if len(fit) == 0 {
		p.say(lang.F("Premove %v–%v is not legal now: cancelled.", from, to))
		return
	}
	p.choose(fit)
}

// premoveText is the premove for the page's status, "" if none.
func (p *Play) premoveText() string {
	if p.premove == nil {
		return ""
	}
	return fmt.Sprintf("%v%v", p.premove[0], p.premove[1])
}

// drawPremove tints the premove's squares (or the piece picked for one).
func (p *Play) drawPremove(dst *ebiten.Image) {
	if p.premSel != game.NoSquare {
		fillRect(dst, p.squareAt(p.premSel), colPremove)
	}
	if p.premove != nil {
		for _, s := range p.premove {
			fillRect(dst, p.squareAt(s), colPremove)
		}
	}
}
