package scenes

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
)

// The touches of each game on the play screen: pillar chess's die, probabilistic chess's
// odds and drawn numbers, Crown's secrets (crown, hidden square and its battleship map,
// reserves, reveals), simultaneous chess's sealed choices.

// captureOdds are the odds of each capture the selected piece may attempt (probabilistic
// chess): the move is tried on a copy and the attempt it starts is read.
func (p *Play) captureOdds() map[game.Square]game.Odds {
	if p.input.sel == game.NoSquare || !p.view.Variant().Traits.Attempts {
		return nil
	}
	out := map[game.Square]game.Odds{}
	for _, m := range p.moves {
		if m.From != p.input.sel || !p.input.targets.Has(m.To) {
			continue
		}
		if _, seen := out[m.To]; seen {
			continue
		}
		c := p.view.Clone()
		if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: p.actor, Move: m}); err != nil {
			continue
		}
		if a, ok := game.PendingAttempt(c); ok {
			out[m.To] = a.Odds
		}
	}
	return out
}

// gameMarks draws what each game adds to the board and the header: probabilistic
// chess's odds and drawn numbers, pillar chess's die, Crown's secrets (its crowns, the
// hidden square and its battleship map), the marks of towers, simultaneous chess's sealed
// choice, and a reveal's glow. It reads one frame's picture of the play screen
// (Play.gameMarks).
type gameMarks struct {
	m       *match.Match
	view    game.Rules // what the board shows
	viewer  game.Color
	over    bool
	review  bool         // an earlier position is shown
	log     []game.Entry // the log as far as the board shows it
	lay     *layout.Play
	fs      faces
	sprites *pieceSprites
	anim    *animation
	odds    map[game.Square]game.Odds // the selected piece's capture odds
}

// gameMarks is this frame's picture of the play screen for the games' own marks.
func (p *Play) gameMarks() gameMarks {
	return gameMarks{m: p.m, view: p.view, viewer: p.viewer, over: p.over, review: p.rev.on(), log: p.shownLog(),
		lay: &p.lay, fs: p.fs, sprites: p.sprites, anim: &p.anim, odds: p.input.odds}
}

// squareAt is square s's rectangle on the screen.
func (gm *gameMarks) squareAt(s game.Square) layout.Rect {
	return gm.lay.SquareRect(s.File(), s.Rank())
}

// drawOdds writes each capture's odds on its square.
func (gm *gameMarks) drawOdds(dst *ebiten.Image) {
	if gm.odds == nil {
		return
	}
	f := gm.fs.get(true, gm.lay.Square*0.17)
	for s, o := range gm.odds {
		rr := gm.squareAt(s)
		band := layout.Rect{X: rr.X, Y: rr.Y + rr.H*0.76, W: rr.W, H: rr.H * 0.24}
		fillRect(dst, band, colPanel)
		x, y := band.Center()
		drawText(dst, fmt.Sprintf("%d·%d·%d", 10*int(o.Success), 10*int(o.Miss), 10*int(o.Dies)), f, x, y, colGood)
	}
}

// drawBadge draws the die (pillar chess) or the last drawn numbers (probabilistic chess)
// at the header's right.
func (gm *gameMarks) drawBadge(dst *ebiten.Image) {
	b := gm.lay.Badge
	if b.W <= 0 {
		return
	}
	inset := b.W * 0.1
	box := layout.Rect{X: b.X + inset, Y: b.Y + inset, W: b.W - 2*inset, H: b.H - 2*inset}
	if d, ok := gm.view.(game.DieHolder); ok {
		face, rolled := d.Die()
		rolling := gm.anim.rolling()
		if !rolled && !rolling {
			return
		}
		if rolling { // tumbling: other faces flash by, the die shakes
			faces := []game.PieceType{game.King, game.Queen, game.Rook, game.Knight, game.Pawn, game.NoType}
			face = faces[(gm.anim.tick/4)%len(faces)]
			j := 0.08 * box.W * math.Sin(float64(gm.anim.tick))
			box.X += j
			box.Y -= math.Abs(j)
		}
		fillRound(dst, box, float32(box.W*0.18), colWhiteFill)
		if face == game.NoType || gm.view.Variant().Pieces[face].Letter == 0 {
			drawText(dst, lang.T("skip"), gm.fs.get(true, box.H*0.3), box.X+box.W/2, box.Y+box.H/2, colButtonOnText)
		} else {
			sz := int(box.W * 0.9)
			gm.sprites.smaller(gm.view.Variant(), sz).draw(dst, game.MakePiece(game.Black, face), box.X+(box.W-float64(sz))/2, box.Y+(box.H-float64(sz))/2)
		}
		return
	}
	es := gm.log
	if len(es) == 0 || es[len(es)-1].Input.Kind != game.InputDraw || !gm.view.Variant().Traits.Attempts {
		return
	}
	v := es[len(es)-1].Input.Values
	x := (int(v[0]) + int(v[1])) % 10
	w := b.W * 2.6
	box = layout.Rect{X: b.X + b.W - w, Y: box.Y, W: w, H: box.H}
	fillRound(dst, box, float32(box.H*0.2), colPanel)
	drawText(dst, fmt.Sprintf("%d + %d → %d", v[0], v[1], x), gm.fs.get(true, box.H*0.45), box.X+box.W/2, box.Y+box.H/2, colButtonOn)
}

// drawSecrets marks what the viewer may know of Crown's secrets: the own hidden crown
// square, and the opponent's battleship map (squares proven not to hide the crown).
func (gm *gameMarks) drawSecrets(dst *ebiten.Image) {
	me := gm.viewer
	if gm.over {
		me = game.White
	}
	for _, c := range []game.Color{me, me.Other()} {
		st, ok := game.CrownSide(gm.view, c)
		if !ok || !st.Hidden {
			continue
		}
		if st.HiddenSquare != game.NoSquare && (c == me || st.HiddenPublic || gm.over) {
			rr := gm.squareAt(st.HiddenSquare)
			vector.StrokeRect(dst, float32(rr.X+rr.W*0.06), float32(rr.Y+rr.H*0.06), float32(rr.W*0.88), float32(rr.H*0.88),
				float32(rr.W*0.07), colButtonOn, false)
			continue
		}
		if c != me {
			for s := game.Square(0); s < game.NoSquare; s++ {
				if !gm.view.Variant().OnBoard(s) {
					continue
				}
				rr := gm.squareAt(s)
				if st.Proven.Has(s) {
					fillRect(dst, rr, colProven)
				} else if gm.view.Position().At(s) == game.NoPiece {
					cx, cy := rr.Center()
					drawText(dst, "?", gm.fs.get(true, rr.H*0.3), cx, cy, colHidden)
				}
			}
		}
	}
}

// drawFlash glows on the square of a reveal for a moment.
func (gm *gameMarks) drawFlash(dst *ebiten.Image) {
	if gm.anim.flashSq == game.NoSquare || gm.review || !gm.view.Variant().OnBoard(gm.anim.flashSq) {
		return
	}
	// A thick ring that settles into a frame, which stays until the person's next move:
	// what a reveal decided is not gone before it is seen.
	rr := gm.squareAt(gm.anim.flashSq)
	a := 1 - gm.anim.glow()
	c := colButtonOn
	c.A = 200
	w := rr.W * (0.08 + 0.1*a)
	vector.StrokeRect(dst, float32(rr.X+w/2), float32(rr.Y+w/2), float32(rr.W-w), float32(rr.H-w), float32(w), c, false)
}

// drawSealed shows the viewer's own sealed choice (simultaneous chess) as an arrow while
// the other player is still choosing: the board stays as it was until both are in.
func (gm *gameMarks) drawSealed(dst *ebiten.Image) {
	if !gm.m.Sealed() || gm.over || gm.review {
		return
	}
	g := gm.m.Game()
	es := gm.m.Log(gm.viewer)
	s := g.Next()
	if len(es) == 0 || s.Kind != game.StepMove || s.Players == 3 || s.Asks(gm.viewer) {
		return
	}
	in := es[len(es)-1].Input
	m := in.Move
	if in.Kind != game.InputMove || in.Player != gm.viewer || m.From >= game.NoSquare || m.To >= game.NoSquare {
		return
	}
	x0, y0 := gm.squareAt(m.From).Center()
	x1, y1 := gm.squareAt(m.To).Center()
	arrow(dst, x0, y0, x1, y1, gm.lay.Square)
}
