package scenes

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
)

// Marks that say what a piece is or what it just did, drawn over the pieces: Crown's
// crowned monarch (or crowned half) with a crown in its square's top-left corner — the
// viewer's own as soon as chosen, the opponent's only once revealed to both; in games of
// towers the last move's target with a blue arrow up when it climbed onto an own piece
// ("^") and a red cross when it captured ("x"), in the bottom-right corner.
func (gm *gameMarks) drawMarks(dst *ebiten.Image, pos *game.Position, moving map[game.Square]bool) {
	for _, c := range []game.Color{game.White, game.Black} {
		for _, s := range gm.crowned(pos, c) {
			if moving[s] {
				continue
			}
			rr := gm.squareAt(s)
			gm.sprites.drawImage(dst, gm.sprites.markImage(markCrown), rr.X+0.03*rr.W, rr.Y+0.03*rr.H)
		}
	}
	if pos.Under == nil {
		return
	}
	lm, ok := lastMove(gm.log)
	if !ok || moving[lm.To] || !gm.view.Variant().OnBoard(lm.To) {
		return
	}
	img := gm.sprites.markImage(markCapture)
	switch rec := gm.lastRecord(); {
	case strings.Contains(rec, "^"):
		img = gm.sprites.markImage(markClimb)
	case !strings.Contains(rec, "x"):
		return
	}
	rr := gm.squareAt(lm.To)
	w := float64(img.Bounds().Dx())
	gm.sprites.drawImage(dst, img, rr.X+rr.W-w-0.03*rr.W, rr.Y+rr.H-w-0.03*rr.H)
}

// crowned are the squares of side c's crowned piece as the viewer knows it: never the
// opponent's before it is revealed to both.
func (gm *gameMarks) crowned(pos *game.Position, c game.Color) []game.Square {
	st, ok := game.CrownSide(gm.view, c)
	if !ok || (c != gm.viewer && !st.CrownPublic && !st.HalfPublic) {
		return nil
	}
	var out []game.Square
	if st.Split {
		if st.CrownedHalf == game.NoType || (c != gm.viewer && !st.HalfPublic) {
			return nil
		}
		for b := pos.Pieces(c, st.CrownedHalf); b != 0; {
			out = append(out, b.Pop())
		}
		return out
	}
	if st.Crown == game.NoType || (c != gm.viewer && !st.CrownPublic) {
		return nil
	}
	for _, s := range st.Monarchs {
		if pos.At(s) == game.MakePiece(c, st.Crown) {
			out = append(out, s)
		}
	}
	return out
}

// lastRecord is the notation of the last move of the shown log.
func (gm *gameMarks) lastRecord() string {
	es := gm.log
	for i := len(es) - 1; i >= 0; i-- {
		if es[i].Input.Kind == game.InputMove {
			return es[i].Record.Text
		}
	}
	return ""
}
