//go:build !js

package e2e

import (
	"image/color"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// The move list's icons (scenes/movelist.go): the die's white face, the capture marks.
var (
	dieFace  = color.RGBA{0xfb, 0xfa, 0xf6, 0xff}
	markHit  = color.RGBA{0x3c, 0xa0, 0x4a, 0xff}
	markMiss = color.RGBA{0xb0, 0xb0, 0xb8, 0xff}
	markDied = color.RGBA{0xd0, 0x40, 0x38, 0xff}
	tipBack  = color.RGBA{0x10, 0x12, 0x18, 0xff}
)

// listArea is the move list's rectangle in the last screenshot: under the buttons, as
// wide as they are, down to the review bar (or the screen's foot where it has no room).
func listArea(tb *tab, s state) (x0, y0, x1, y1 float64) {
	tb.t.Helper()
	x0, x1, y1 = 1e9, 0, float64(tb.vp.height)-2
	for _, b := range s.Buttons {
		if strings.HasPrefix(b.ID, "rv:") || b.ID == "analyse" {
			y1 = min(y1, b.Y-2)
			continue
		}
		x0, x1, y0 = min(x0, b.X), max(x1, b.X+b.W), max(y0, b.Y+b.H+2)
	}
	if y1-y0 < 40 || x1-x0 < 100 {
		tb.t.Fatalf("no room for the move list: %v,%v–%v,%v", x0, y0, x1, y1)
	}
	return x0, y0, x1, y1
}

// countArea counts the last screenshot's pixels near c in a rectangle, and their centre.
func countArea(tb *tab, x0, y0, x1, y1 float64, c color.RGBA) (n int, cx, cy float64) {
	for y := y0; y < y1; y += 0.5 {
		for x := x0; x < x1; x += 0.5 {
			if near(tb.at(x, y), c) {
				n++
				cx += x
				cy += y
			}
		}
	}
	if n > 0 {
		cx, cy = cx/float64(n), cy/float64(n)
	}
	return n, cx, cy
}

// pgnOf plays a script on variant from text (words: moves, "a+b" a draw) and is its PGN.
func pgnOf(t *testing.T, variant, text, script string) string {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.NewGameFrom(v, text)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range strings.Fields(script) {
		if a, b, ok := strings.Cut(w, "+"); ok && len(a) == 1 && len(b) == 1 {
			if err := g.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{a[0] - '0', b[0] - '0'}}); err != nil {
				t.Fatalf("draw %s: %v", w, err)
			}
			continue
		}
		if c, mv, ok := strings.Cut(w, ":"); ok && (c == "w" || c == "b") { // simultaneous chess: a player's choice
			side := game.White
			if c == "b" {
				side = game.Black
			}
			m, err := g.Rules().ParseMove(side, mv)
			if err == nil {
				err = g.Apply(game.Input{Kind: game.InputMove, Player: side, Move: m})
			}
			if err != nil {
				t.Fatalf("%s: %v", w, err)
			}
			continue
		}
		if err := g.PlayText(w); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
	return g.PGN()
}

// TestMoveList: the move list reads like a game, phone and desktop. Probabilistic chess:
// each capture attempt's outcome is a mark after its move (a tick, a ring, a cross),
// whose numbers show on hover and when the move is tapped; the result and its reason end
// a finished game's list. Pillar chess: the die face is drawn as a small die before the
// move it allowed. Simultaneous chess: a resolution the notation does not tell is said in
// words under the move.
func TestMoveList(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	prob := pgnOf(t, "probabilistic", "r3k2r/p7/8/8/8/8/7P/R3K2R w - - 0 1", "Rxa7 3+4 Rxh2 0+0 Rxa7 4+5 Kd7 Rxh2 1+1 Ke7")
	// Ending on Black's roll of a pawn: Black to move, nothing rolled by itself.
	pillar := pgnOf(t, "pillar", "", "1+0 Ra1^a2 4+0 b5-b4 2+0 Ne1-f3 5+0 pass 4+0 c2-c3 4+0")
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant=probabilistic&side=white&opponent=person&play=1", vp)
			waitPlay(tb)
			s := loadText(t, tb, prob, 10)
			want := []string{"1. Rxa7 [3+4=7: Rxa7 (missed)] Rxh2 [0+0=0: Rxh2 (captured)]",
				"2. Rxa7 [4+5=9: Rxa7 (attacker died)] Kd7", "3. Rxh2 [1+1=2: Rxh2 (captured)] Ke7"}
			if strings.Join(s.Game.Moves, "\n") != strings.Join(want, "\n") {
				t.Errorf("probabilistic move list:\n%s\nwant\n%s", strings.Join(s.Game.Moves, "\n"), strings.Join(want, "\n"))
			}
			tb.screenshot("movelist-prob-" + vp.name)
			x0, y0, x1, y1 := listArea(tb, s)
			hit, hx, hy := countArea(tb, x0, y0, x1, y1, markHit)
			miss, _, _ := countArea(tb, x0, y0, x1, y1, markMiss)
			died, _, _ := countArea(tb, x0, y0, x1, y1, markDied)
			t.Logf("%s: list %.0f,%.0f–%.0f,%.0f; tick pixels %d, ring %d, cross %d", vp.name, x0, y0, x1, y1, hit, miss, died)
			if hit < 20 || miss < 10 || died < 20 {
				t.Errorf("the marks are not drawn in the move list: tick %d, ring %d, cross %d pixels", hit, miss, died)
			}
			// The numbers: on hover over a mark (desktop), and a tap on the move says them.
			if vp.name == "desktop" {
				tips, _, _ := countArea(tb, 0, 0, float64(vp.width), float64(vp.height), tipBack)
				_, cx, cy := countArea(tb, x0, y0, x1, y0+(hy-y0)+4, markDied)
				tb.mouse("mouseMoved", cx, cy, 0)
				tb.updates(3, 0)
				tb.screenshot("movelist-prob-hover-" + vp.name)
				after, _, _ := countArea(tb, 0, 0, float64(vp.width), float64(vp.height), tipBack)
				t.Logf("tooltip pixels %d before the hover, %d on it", tips, after)
				if after < tips+200 {
					t.Errorf("no tooltip with the numbers on hover over the cross: %d pixels, %d before", after, tips)
				}
				tb.mouse("mouseMoved", 5, 5, 0)
			}
			_ = hx
			// Tap the second line's first move: the position after its draw, which the
			// header tells with its numbers.
			_, cx, cy := countArea(tb, x0, y0, x1, y1, markDied)
			tapAt(tb, vp, x0+0.5*(cx-x0)+10, cy)
			s = tb.wait("the reviewed attempt", func(s state) bool { return tb.str(`window.quintet.game.review`) == "6" })
			tb.screenshot("movelist-prob-tapped-" + vp.name)
			if !strings.Contains(s.Game.Line, "4+5=9") {
				t.Errorf("the reviewed attempt's numbers are not said: %q", s.Game.Line)
			}

			// The result at the end (another game loaded in the same page).
			s = loadText(t, tb, pgnOf(t, "probabilistic", "", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7 1+2 strike:Qxe8 2+3"), 10)
			if got := lastMoves(t, s); got != "4. Qxf7 [1+2=3: Qxf7 (captured)] strike:Qxe8 [2+3=5: strike Qxe8 (king captured)]" {
				t.Errorf("the last moves %q", got)
			}
			if last := s.Game.Moves[len(s.Game.Moves)-1]; last != "1-0, king captured" {
				t.Errorf("the list ends %q, want the result and why", last)
			}
			tb.screenshot("movelist-result-" + vp.name)

			// A pillar chess game's PGN loaded in the same page: the page takes up its game.
			s = loadText(t, tb, pillar, 11)
			if s.Variant != "pillar" || s.Board.Files != 6 {
				t.Errorf("the loaded pillar chess PGN shows %s on %d files", s.Variant, s.Board.Files)
			}
			tb.screenshot("movelist-pillar-" + vp.name)
			if strings.Join(s.Game.Moves, " ") != "1. [Q] Ra1^a2 [P] b5-b4 2. [R] Ne1-f3 [skip] pass 3. [P] c2-c3 [P]" {
				t.Errorf("pillar move list: %q", s.Game.Moves)
			}
			x0, y0, x1, y1 = listArea(tb, s)
			faces, _, _ := countArea(tb, x0, y0, x1, y1, dieFace)
			t.Logf("%s: die-face pixels in the move list %d; %q", vp.name, faces, s.Game.Moves)
			if faces < 5*40 {
				t.Errorf("the die faces are not drawn in the move list: %d pixels", faces)
			}
			tb.close()

			// Against the AI (two people here would have hand-over screens); its next
			// choice may already be sealed on a second line.
			tb = open(t, browser, srv.url, "?variant=simultaneous&side=white&opponent=beginner&play=1", vp)
			waitPlay(tb)
			s = loadText(t, tb, pgnOf(t, "simultaneous", "r3k3/8/8/3n4/4P3/8/8/2B1K3 w - - 0 1", "w:exd5 b:Nf4"), 2)
			tb.screenshot("movelist-simultaneous-" + vp.name)
			if want := "1. exd5 Nf4 — White's pawn takes nothing on d5: Black's knight left"; len(s.Game.Moves) == 0 || s.Game.Moves[0] != want {
				t.Errorf("simultaneous move list %q, want %q", s.Game.Moves, want)
			}
			checkConsole(t, tb.close(), srv)
		})
	}
}

// tapAt is a tap on a phone, a click on the desktop.
func tapAt(tb *tab, vp viewport, x, y float64) {
	if vp.mobile {
		tb.tap(x, y)
		return
	}
	tb.click(x, y)
}
