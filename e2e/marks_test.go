//go:build !js

package e2e

import (
	"image/color"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// The colours of the marks (scenes/theme.go): the crown badge's gold, a climb's blue, a
// capture's red.
var (
	crownGold   = color.RGBA{0xe0, 0xb0, 0x4a, 0xff}
	climbBlue   = color.RGBA{0x2f, 0x7d, 0xc0, 0xff}
	captureRed  = color.RGBA{0xc8, 0x3a, 0x2c, 0xff}
	markCorners = map[string][2]float64{"top-left": {0, 0}, "bottom-right": {0.6, 0.6}}
)

// countIn counts the last screenshot's pixels near c in the corner (0.4 of a side) of
// square name.
func countIn(tb *tab, s state, name, corner string, c color.RGBA) int {
	sq, err := game.ParseSquare(name)
	if err != nil {
		tb.t.Fatal(err)
	}
	cx, cy := squareXY(s, sq.File(), sq.Rank())
	x0, y0 := cx-s.Board.Square/2, cy-s.Board.Square/2
	off := markCorners[corner]
	n := 0
	for y := 0.0; y < 0.4*s.Board.Square; y += 0.5 {
		for x := 0.0; x < 0.4*s.Board.Square; x += 0.5 {
			if near(tb.at(x0+off[0]*s.Board.Square+x, y0+off[1]*s.Board.Square+y), c) {
				n++
			}
		}
	}
	return n
}

// squarePixels are the last screenshot's colours over square name, sampled on a grid.
func squarePixels(tb *tab, s state, name string) []color.RGBA {
	sq, _ := game.ParseSquare(name)
	cx, cy := squareXY(s, sq.File(), sq.Rank())
	var out []color.RGBA
	for y := -0.45; y < 0.45; y += 0.02 {
		for x := -0.45; x < 0.45; x += 0.02 {
			out = append(out, tb.at(cx+x*s.Board.Square, cy+y*s.Board.Square))
		}
	}
	return out
}

// TestCrownMark: in Crown against the AI the person's own crowned monarch carries the
// crown mark, the AI's monarchs none (their crown is secret); the Dame is drawn unlike the
// chess queen. Phone and desktop.
func TestCrownMark(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", vp)
			s := waitTurn(tb, 0)
			tb.screenshot("marks-chess-queen-" + vp.name)
			queen := squarePixels(tb, s, "d8")
			tb.close()

			tb = open(t, browser, srv.url, "?variant=crown&side=white&opponent=beginner&play=1", vp)
			for i, choice := range []string{"move:0", "move:1"} {
				if i > 0 { // a new game from the start, by the load dialog
					loadText(t, tb, mustVariant(t, "crown").Start, 0)
				}
				tb.wait("the crown choice", func(s state) bool { return s.Game != nil && s.Game.Panel != "" })
				tb.button(choice)
				s = waitTurn(tb, 2)
				tb.screenshot("marks-crown-" + choice[5:] + "-" + vp.name)
				gold := map[string]int{}
				for _, sq := range []string{"e1", "d1", "e8", "d8", "a1"} {
					gold[sq] = countIn(tb, s, sq, "top-left", crownGold)
				}
				t.Logf("%s %s: crown-gold pixels in the top-left corners %v; moves %q", vp.name, choice, gold, s.Game.Moves)
				if (gold["e1"] > 20) == (gold["d1"] > 20) {
					t.Errorf("%s: want the crown mark on exactly one of the person's monarchs: %v", choice, gold)
				}
				if gold["e8"] > 0 || gold["d8"] > 0 || gold["a1"] > 0 {
					t.Errorf("%s: a crown mark where none may be (the AI's monarchs, a rook): %v", choice, gold)
				}
				// The Dame (d8, the AI's: never marked) against the chess queen.
				dame := squarePixels(tb, s, "d8")
				diff := 0
				for i := range dame {
					if !near(dame[i], queen[i]) {
						diff++
					}
				}
				t.Logf("%s: the Dame differs from the chess queen in %d of %d samples", vp.name, diff, len(dame))
				if diff < len(dame)/12 {
					t.Errorf("the Dame looks like the chess queen: %d of %d samples differ", diff, len(dame))
				}
			}
			checkConsole(t, tb.close(), srv)
		})
	}
}

// TestClimbMark: in pillar chess a rook that climbs onto its own rook leaves a blue arrow
// on the target; one that captures a red cross. Phone and desktop, two people on one device
// so that the board stays on the move.
func TestClimbMark(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant=pillar&side=white&opponent=person&play=1", vp)
			waitPlay(tb)
			for _, c := range []struct {
				name, pos string
				want, not color.RGBA
			}{
				{"climb", "1qrn1k/4p1/6/6/6/RR3K w - - R 1", climbBlue, captureRed},
				{"capture", "1qrn1k/4p1/6/6/6/Rn3K w - - R 1", captureRed, climbBlue},
			} {
				s := loadText(t, tb, c.pos, 0)
				pressSq(tb, s, "a1")
				pressSq(tb, s, "b1")
				s = tb.wait("the rook moved", func(s state) bool { return s.Game.Plies >= 1 && !s.Game.Animating && len(s.Game.Moves) > 0 })
				tb.screenshot("marks-pillar-" + c.name + "-" + vp.name)
				want, not := countIn(tb, s, "b1", "bottom-right", c.want), countIn(tb, s, "b1", "bottom-right", c.not)
				other := countIn(tb, s, "a1", "bottom-right", c.want)
				t.Logf("%s %s: %q; mark pixels on b1 %d (the other mark's colour %d), on a1 %d", vp.name, c.name, s.Game.Moves, want, not, other)
				if want < 20 || not > 0 || other > 0 {
					t.Errorf("%s: the %s mark: %d pixels of its colour on b1, %d of the other mark's, %d on a1", vp.name, c.name, want, not, other)
				}
			}
			checkConsole(t, tb.close(), srv)
		})
	}
}
