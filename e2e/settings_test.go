//go:build !js

package e2e

import (
	"image/color"
	"strings"
	"testing"
)

// openSettings opens the play screen's settings panel (sound, animations, board, pieces).
func openSettings(tb *tab) state {
	tb.t.Helper()
	if s := tb.state(); s.Game != nil && s.Game.Panel == "settings" {
		return s
	}
	tb.button("settings")
	return tb.wait("the settings", func(s state) bool { return s.Game != nil && s.Game.Panel == "settings" })
}

// setting presses setting id in the settings panel, which stays open, and is its label
// once it has changed.
func setting(tb *tab, id string) string {
	tb.t.Helper()
	before := labels(openSettings(tb))[id]
	tb.button(id)
	s := tb.wait("the setting "+id+" changed", func(s state) bool {
		l, ok := labels(s)[id]
		return ok && l != before
	})
	return labels(s)[id]
}

// settingLabel is setting id's label, read in the settings panel.
func settingLabel(tb *tab, id string) string {
	tb.t.Helper()
	return labels(openSettings(tb))[id]
}

// closeSettings closes the settings panel.
func closeSettings(tb *tab) {
	tb.t.Helper()
	if s := tb.state(); s.Game == nil || s.Game.Panel != "settings" {
		return
	}
	tb.button("cancel")
	tb.wait("the settings closed", func(s state) bool { return s.Game.Panel == "" })
}

// The squares of the two board themes (scenes/theme.go).
var (
	brownLight, brownDark = color.RGBA{0xf0, 0xd9, 0xb5, 0xff}, color.RGBA{0xb5, 0x88, 0x63, 0xff}
	greenLight, greenDark = color.RGBA{0xeb, 0xec, 0xd0, 0xff}, color.RGBA{0x73, 0x95, 0x52, 0xff}
)

// TestSettings: the settings panel of the play screen chooses the board's theme, the
// piece set and the animations (normal, fast, off), remembered over a reload; with each,
// the squares have the theme's colours, the last move's mark shows on them, and the
// pieces are drawn as the set draws them (pixels differ from the other set's on every
// piece of Crown's start, the Dame and the Ferz included). Phone (touch) and desktop;
// the phone asks for reduced motion (prefers-reduced-motion), so its animations are off
// until the person chooses them.
func TestSettings(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{desktop, phone.reducingMotion()} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant=crown&side=white&opponent=beginner&play=1", vp)
			tb.wait("the crown choice", func(s state) bool { return s.Game != nil && s.Game.Panel != "" })
			// Crown's start with a Ferz for the f1 bishop: every piece of the game in sight.
			loadText(t, tb, "rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKFNR w KDAHkdah - 0 1 crown=-- monarchs=e1d1/e8d8", 0)
			tb.wait("the crown choice", func(s state) bool { return s.Game.Panel != "" })
			tb.button("move:0")
			s := waitTurn(tb, 2)
			pieces := []string{"a1", "b1", "c1", "d1", "e1", "f1", "a2", "d8", "e8"}
			shot := func(name string) map[string][]color.RGBA {
				closeSettings(tb)
				s = tb.state()
				tb.screenshot(name)
				out := map[string][]color.RGBA{}
				for _, sq := range pieces {
					out[sq] = squarePixels(tb, s, sq)
				}
				return out
			}
			drawn := shot("settings-brown-drawn-" + vp.name)
			// An empty light and dark square: e4 is light, d4 dark.
			if c := squarePixels(tb, s, "e4")[0]; !near(c, brownLight) {
				t.Errorf("brown board: e4 is %s, want %s", hex(c), hex(brownLight))
			}
			if l := setting(tb, "board"); l != "Board: green" {
				t.Errorf("the board setting says %q", l)
			}
			if l := setting(tb, "pieces"); l != "Pieces: letters" {
				t.Errorf("the piece setting says %q", l)
			}
			// The animation setting cycles normal, fast, off (kept over the reload below).
			// It is normal at first, or off where the device asks for reduced motion.
			motions := []string{"Animation: normal", "Animation: fast", "Animation: off"}
			if vp.still {
				motions = []string{"Animation: off", "Animation: normal", "Animation: fast"}
			}
			if l := settingLabel(tb, "motion"); l != motions[0] {
				t.Errorf("the animation setting says %q at first, want %s", l, motions[0])
			}
			for _, want := range motions[1:] {
				if l := setting(tb, "motion"); l != want {
					t.Errorf("the animation setting says %q, want %q", l, want)
				}
			}
			letters := shot("settings-green-letters-" + vp.name)
			if c := squarePixels(tb, s, "e4")[0]; !near(c, greenLight) {
				t.Errorf("green board: e4 is %s, want %s", hex(c), hex(greenLight))
			}
			if c := squarePixels(tb, s, "d4")[0]; !near(c, greenDark) {
				t.Errorf("green board: d4 is %s, want %s", hex(c), hex(greenDark))
			}
			for _, sq := range pieces {
				diff := pieceDiff(drawn[sq], letters[sq])
				t.Logf("%s: %s drawn unlike in the other set at %d of %d points", vp.name, sq, diff, len(drawn[sq]))
				if diff < len(drawn[sq])/20 {
					t.Errorf("%s looks the same in both piece sets (%d points differ)", sq, diff)
				}
			}
			// In each set every piece of White's first rank and the pawn (rook, knight,
			// bishop, Dame, King, Ferz, pawn) is drawn unlike every other.
			for _, set := range []map[string][]color.RGBA{drawn, letters} {
				kinds := []string{"a1", "b1", "c1", "d1", "e1", "f1", "a2"}
				for i, a := range kinds {
					for _, b := range kinds[i+1:] {
						diff := pieceDiff(set[a], set[b])
						if diff < len(set[a])/25 {
							t.Errorf("%s and %s look alike (%d points differ)", a, b, diff)
						}
					}
				}
			}
			tb.reload()
			waitPlay(tb)
			if l := settingLabel(tb, "board"); l != "Board: green" {
				t.Errorf("after a reload the board setting says %q", l)
			}
			if l := settingLabel(tb, "pieces"); l != "Pieces: letters" {
				t.Errorf("after a reload the piece setting says %q", l)
			}
			if l := settingLabel(tb, "motion"); l != motions[2] {
				t.Errorf("after a reload the animation setting says %q, want %s", l, motions[2])
			}
			if l := setting(tb, "motion"); l != motions[0] {
				t.Errorf("the animation setting back to %s says %q", motions[0], l)
			}
			checkConsole(t, tb.close(), srv)

			// The marks on the green board: a climb's blue arrow, the tower's height, the
			// last move's squares.
			tb = open(t, browser, srv.url, "?variant=pillar&side=white&opponent=person&play=1", vp)
			waitPlay(tb)
			s = loadText(t, tb, "1qrn1k/4p1/6/6/6/RR3K w - - R 1", 0)
			pressSq(tb, s, "a1")
			pressSq(tb, s, "b1")
			s = tb.wait("the rook climbed", func(s state) bool { return s.Game.Plies >= 1 && !s.Game.Animating && len(s.Game.Moves) > 0 })
			tb.screenshot("settings-green-marks-" + vp.name)
			climb := countIn(tb, s, "b1", "bottom-right", climbBlue)
			from := squarePixels(tb, s, "a1")[0]
			t.Logf("%s green board: climb-arrow pixels on b1 %d, the emptied a1 %s (plain %s)", vp.name, climb, hex(from), hex(greenDark))
			if climb < 20 {
				t.Errorf("the climb mark is not seen on the green board: %d pixels", climb)
			}
			if near(from, greenDark) || near(from, brownDark) {
				t.Errorf("the last move's square a1 is not marked on the green board: %s", hex(from))
			}
			setting(tb, "board")
			setting(tb, "pieces")
			closeSettings(tb)
			checkConsole(t, tb.close(), srv)
		})
	}
}

// pieceDiff counts the points where two squares' pieces differ: one has the piece where
// the other shows its square (of either theme's colours), or both have it in unlike
// colours. The squares' own colours are not compared.
func pieceDiff(a, b []color.RGBA) int {
	ground := func(c color.RGBA) bool {
		for _, g := range []color.RGBA{brownLight, brownDark, greenLight, greenDark} {
			if near(c, g) {
				return true
			}
		}
		return false
	}
	n := 0
	for i := range a {
		ga, gb := ground(a[i]), ground(b[i])
		if ga != gb || (!ga && !near(a[i], b[i])) {
			n++
		}
	}
	return n
}

// TestRussianButtons: in Russian the play screen's buttons and the settings say full
// words ("Предложить ничью", not "Предл. ничью"), none cut short, at 1280×800 and
// 390×844; a label too long for one line is drawn on two, inside its button (pixels).
func TestRussianButtons(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", vp)
			tb.clearStorage()
			tb.eval(`localStorage.setItem("quintet.settings", '{"v":1,"lang":"ru"}')`)
			tb.reload()
			s := tb.wait("the play screen in Russian", func(s state) bool {
				return s.Scene == "play" && labels(s)["draw"] == "Предложить ничью" && s.Game != nil && s.Game.ToAct != 0
			})
			tb.screenshot("ru-buttons-" + vp.name)
			checkFullWords(t, s)
			// The draw button's text: inside the button with a margin, on two lines.
			for _, b := range s.Buttons {
				if b.ID != "draw" {
					continue
				}
				top, bottom, outside := 0, 0, 0
				for y := b.Y + 1; y < b.Y+b.H-1; y += 0.5 {
					for x := b.X + 1; x < b.X+b.W-1; x += 0.5 {
						if !near(tb.at(x, y), textLight) {
							continue
						}
						if x < b.X+0.02*b.W || x > b.X+0.98*b.W {
							outside++
						}
						if y < b.Y+b.H/2 {
							top++
						} else {
							bottom++
						}
					}
				}
				t.Logf("%s: %q %.0f×%.0f px: text pixels %d in the top half, %d in the bottom half, %d at the edges", vp.name, b.Label, b.W, b.H, top, bottom, outside)
				if top < 30 || bottom < 30 || outside > 0 {
					t.Errorf("%q is not drawn whole on two lines inside its button: top %d, bottom %d, at the edges %d", b.Label, top, bottom, outside)
				}
			}
			s = openSettings(tb)
			tb.screenshot("ru-settings-" + vp.name)
			checkFullWords(t, s)
			closeSettings(tb)
			checkConsole(t, tb.close(), srv)
		})
	}
}

// textLight is the buttons' text colour (colTitle).
var textLight = color.RGBA{0xee, 0xec, 0xe8, 0xff}

// checkFullWords fails on a button cut short or labelled with an abbreviation.
func checkFullWords(t *testing.T, s state) {
	t.Helper()
	for _, b := range s.Buttons {
		if b.Clipped {
			t.Errorf("%q is cut short (%.0f px wide)", b.Label, b.W)
		}
		for _, w := range strings.Fields(b.Label) {
			if strings.HasSuffix(w, ".") {
				t.Errorf("%q abbreviates %q", b.Label, w)
			}
		}
	}
}
