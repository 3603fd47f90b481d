package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/layout"
)

// handOver is the hand-over screen of a hotseat game with hidden information: it hides
// the board between two people until the next one, to, taps.
type handOver struct {
	on      bool
	to      game.Color
	shown   bool // the viewer's board was shown after a hand-over
	pickFor int  // 1+the person whose hand-over to a secret pick (hotseat) was passed
}

// draw hides everything: the next person takes the device and taps.
func (h *handOver) draw(dst *ebiten.Image, lay *layout.Play, env Env, fs faces) {
	cx, cy := env.Width/2, env.Height/2
	tf := fs.get(true, lay.TextSize*1.4)
	sf := fs.get(false, lay.TextSize)
	drawText(dst, lang.F("Pass the device to %s", colorName(h.to)), tf, cx, cy-1.5*lay.TextSize, colTitle)
	y := cy + 0.5*lay.TextSize
	note := lang.F("%s: tap anywhere when the other player cannot see the screen.", colorName(h.to))
	if h.pickFor > 0 {
		note = lang.F("%s picks a secret number 0–9 for the capture attempt: tap anywhere when the other player cannot see the screen.", colorName(h.to))
	}
	for _, l := range wrap(note, sf, 0.9*env.Width) {
		drawText(dst, l, sf, cx, y, colSub)
		y += 1.4 * lay.TextSize
	}
}
