//go:build !js

package e2e

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSecretsNotDrawn plays the same public action with two different secrets in a game
// of two people on one device, hands the device over, and checks that the other
// person's screen is the same pixel for pixel whichever secret was chosen: a sealed
// simultaneous move, the crown's holder, the square it was hidden on, a number picked
// for a capture attempt. (Against the AI
// the same log is read through the same code: scenes/match's TestScreenLogHidesTheAIsSecret
// checks it there, natively.)
func TestSecretsNotDrawn(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	// pass hands the device to the person to: the hand-over screen, a tap, their view.
	pass := func(tb *tab, to string) state {
		tb.t.Helper()
		tb.wait("the hand-over to "+to, func(s state) bool { return s.Game != nil && s.Game.Handover && !s.Game.Animating })
		tb.tap(float64(tb.vp.width)/2, float64(tb.vp.height)/2)
		return tb.wait(to+"'s view", func(s state) bool { return !s.Game.Handover && s.Game.Viewer == to && !s.Game.Animating })
	}
	// shoot waits for a still screen and keeps it. The line about the last thing that
	// happened ("White has chosen a move") lasts 8 s, which a busy machine's hand-over
	// can outlast in one run and not the other: both shots wait until it is gone.
	shoot := func(tb *tab, name string) (image.Image, []string) {
		s := tb.wait("a still screen", func(s state) bool {
			return !s.Game.Animating && !s.Game.Thinking && s.Game.Message == ""
		})
		time.Sleep(200 * time.Millisecond) // one more frame drawn after the last change
		tb.screenshot(name)
		return tb.shot, s.Game.Moves
	}
	cases := []struct {
		name, query string
		secret      func(tb *tab, which int) // the public action, with secret which (0 or 1)
	}{
		{"simultaneous-sealed-move", "?variant=simultaneous&opponent=person&play=1", func(tb *tab, which int) {
			pass(tb, "white")
			loadText(t, tb, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - 0", 0)
			s := pass(tb, "white")
			mv := [2][2]string{{"a1", "a4"}, {"e1", "e2"}}[which]
			pressSq(tb, s, mv[0])
			pressSq(tb, s, mv[1])
			tb.wait("White's choice sealed", func(s state) bool { return s.Game.Plies == 1 || s.Game.Handover })
		}},
		{"crown-holder", "?variant=crown&opponent=person&play=1", func(tb *tab, which int) {
			pass(tb, "white")
			tb.wait("the crown choice", func(s state) bool { return s.Game.Panel != "" })
			tb.button([]string{"move:0", "move:1"}[which])
			tb.wait("White's crown chosen", func(s state) bool { return s.Game.Plies == 1 || s.Game.Handover })
		}},
		{"crown-hidden-square", "?variant=crown&opt=kind=hidden&opponent=person&play=1", func(tb *tab, which int) {
			pass(tb, "white")
			tb.wait("the crown choice", func(s state) bool { return s.Game.Panel != "" })
			tb.button("move:0")
			pass(tb, "black")
			tb.wait("the crown choice", func(s state) bool { return s.Game.Panel != "" })
			tb.button("move:0")
			pass(tb, "white")
			s := loadText(t, tb, "3dk3/8/8/8/8/8/3P4/4K3 w - - 0 20 crown=Kd monarchs=e1/e8d8 lost=w", 0)
			if s.Game.Handover {
				s = pass(tb, "white")
			}
			buttonLabeled(tb, "Hide the crown")
			pressSq(tb, s, []string{"b3", "g6"}[which])
			tb.wait("White's crown hidden", func(s state) bool { return s.Game.Plies == 1 || s.Game.Handover })
		}},
		{"picked-number", "?variant=probabilistic&opponent=person&side=white", func(tb *tab, which int) {
			tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
			tb.button("pick:on")
			tb.wait("pick chosen", func(s state) bool { return slicesContain(buttonIDs(s), "pick:on") })
			tb.button("play")
			waitPlay(tb)
			s := loadText(t, tb, "4k3/8/8/8/8/3p4/8/3QK3 w - - 0 1", 0)
			pressSq(tb, s, "d1")
			pressSq(tb, s, "d3")
			pass(tb, "white")
			tb.wait("White's pick", func(s state) bool { return s.Game.Pick && s.Game.Panel == "pick" })
			tb.button([]string{"pick:2", "pick:9"}[which])
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := apart(t)
			var shots [2]image.Image
			var moves [2][]string
			for which := range 2 {
				tb := open(t, browser, srv.url, c.query, phone)
				c.secret(tb, which)
				pass(tb, "black")
				shots[which], moves[which] = shoot(tb, c.name+"-"+[]string{"a", "b"}[which])
				checkConsole(t, tb.close(), srv)
			}
			if strings.Join(moves[0], "|") != strings.Join(moves[1], "|") {
				t.Errorf("the move lists differ: %q and %q", moves[0], moves[1])
			}
			n, near, box := diffPixels(t, shots[0], shots[1], c.name)
			if n > 0 || near > maxRounding {
				t.Errorf("Black's screen depends on White's secret: %d pixels differ, %d more by a level or two, within %v (see out/%s-diff.png)", n, near, box, c.name)
			} else if near > 0 {
				t.Logf("%d pixels differ by a level or two, within %v: the GPU's rounding (see out/%s-diff.png)", near, box, c.name)
			}
		})
	}
}

// maxRounding is how many pixels two screenshots of the same screen may differ in by a
// level or two of a channel. The same glyph drawn from another place in Ebitengine's
// texture atlas (where it lands depends on what was drawn and freed before, which the
// machine's speed changes) can be filtered a level apart: one pixel of a digit did, in
// a run beside two CPU burners. A secret drawn faintly over a square or a piece would
// change hundreds of pixels, and drawn plainly, by more than two levels.
const maxRounding = 16

// diffPixels counts the pixels that differ between two screenshots (n: by more than two
// levels in a channel; near: by one or two), with their bounding box, and writes the
// differing ones in red (near ones in yellow) to out/name-diff.png when there are any.
func diffPixels(t *testing.T, a, b image.Image, name string) (n, near int, box image.Rectangle) {
	t.Helper()
	if a.Bounds() != b.Bounds() {
		t.Fatalf("screenshots of different sizes: %v and %v", a.Bounds(), b.Bounds())
	}
	diff := image.NewRGBA(a.Bounds())
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			ca, cb := color.RGBAModel.Convert(a.At(x, y)).(color.RGBA), color.RGBAModel.Convert(b.At(x, y)).(color.RGBA)
			if ca == cb {
				diff.Set(x, y, color.RGBA{ca.R / 3, ca.G / 3, ca.B / 3, 255})
				continue
			}
			box = box.Union(image.Rect(x, y, x+1, y+1))
			d := max(absDiff(ca.R, cb.R), absDiff(ca.G, cb.G), absDiff(ca.B, cb.B), absDiff(ca.A, cb.A))
			if d <= 2 {
				near++
				diff.Set(x, y, color.RGBA{255, 255, 0, 255})
				continue
			}
			n++
			diff.Set(x, y, color.RGBA{255, 0, 0, 255})
		}
	}
	if n+near > 0 {
		f, err := os.Create(filepath.Join("out", name+"-diff.png"))
		if err == nil {
			png.Encode(f, diff)
			f.Close()
		}
	}
	return n, near, box
}

func absDiff(a, b uint8) uint8 { return max(a, b) - min(a, b) }

func buttonIDs(s state) []string {
	var ids []string
	for _, b := range s.Buttons {
		ids = append(ids, b.ID)
	}
	return ids
}
