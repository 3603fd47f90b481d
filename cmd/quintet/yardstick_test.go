package main

import (
	"math"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// Regret matching on rock-paper-scissors converges to a third each; on a matrix with a
// dominant row, to that row.
func TestRegretMatching(t *testing.T) {
	rps := [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}
	for i, p := range regretMatching(rps, 3000) {
		if math.Abs(p-1.0/3) > 0.02 {
			t.Errorf("rock-paper-scissors: row %d played %.3f, want 1/3", i, p)
		}
	}
	dom := [][]float64{{1, 2}, {0, 1}}
	if p := regretMatching(dom, 500); p[0] < 0.95 {
		t.Errorf("dominant row played %.3f", p[0])
	}
}

// The yardstick takes a king that stands to be captured (simultaneous chess: the king
// rests, so the rook's capture wins whatever Black does) and sees a capture through its
// chance node (probabilistic chess: taking the queen is worth its odds).
func TestYardstickPlays(t *testing.T) {
	y := &yardstickPlayer{depth: 2, cands: plainCandidates}
	for _, c := range []struct{ variant, text, want string }{
		{"simultaneous", "4k3/8/8/8/8/8/8/K3R3 w - - 3 10 e8 - 0", "e1e8"},
		{"probabilistic", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", "d1d5"},
	} {
		v, err := game.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		r, err := game.Load(v, c.text)
		if err != nil {
			t.Fatal(err)
		}
		m, err := y.choose(r.View(game.White), game.White, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m.UCI() != c.want {
			t.Errorf("%s %s: played %s, want %s", c.variant, c.text, m.UCI(), c.want)
		}
	}
}
