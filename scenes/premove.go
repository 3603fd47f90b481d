package scenes

import (
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
	if p.over || p.rev.on() || p.hand.on || p.m.Hotseat() || p.m.Sealed() || p.canAct() || p.view == nil {
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

// playPremove plays the premove once the person may act, if it is legal then.
func (p *Play) playPremove() {
	if p.input.premSel != game.NoSquare && p.input.premove == nil && p.canAct() {
		// Only the piece was picked when the turn came: it is the selection now.
		s := p.input.premSel
		p.input.premSel = game.NoSquare
		if !p.input.drag.on {
			p.selectSquare(s)
		}
		return
	}
	if p.input.premove == nil || !p.canAct() || p.panel != nil || p.hand.on {
		return
	}
	from, to := p.input.premove[0], p.input.premove[1]
	p.input.cancelPremove()
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

// drawPremove tints the premove's squares (or the piece picked for one).
func (p *Play) drawPremove(dst *ebiten.Image) {
	if p.input.premSel != game.NoSquare {
		fillRect(dst, p.squareAt(p.input.premSel), colPremove)
	}
	if p.input.premove != nil {
		for _, s := range p.input.premove {
			fillRect(dst, p.squareAt(s), colPremove)
		}
	}
}
