package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// The simultaneous searcher resolves a pair of choices on a copy of the state by value
// (PlayJoint, no notation): every pair of every state met in a few games gives the state
// that sealing both choices through Apply gives, whichever colour searches.
func TestSimulJointMatchesApply(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		r := midgame(t, "simultaneous", 0, seed)
		rg := newRNG(seed)
		for turn := 0; turn < 30 && !r.Outcome().Over(); turn++ {
			base, err := game.NewSimulRules(r.Variant(), r.Text())
			if err != nil {
				t.Fatal(err)
			}
			g := newGenericSearcher(newTable(1))
			g.cl = newClock(context.Background(), Limits{})
			ws := base.LegalMoves(game.White, nil)
			bs := base.LegalMoves(game.Black, nil)
			for _, me := range []game.Color{game.White, game.Black} {
				g.me = me
				for i := 0; i < 40; i++ {
					w, b := ws[rg.intn(len(ws))], bs[rg.intn(len(bs))]
					m, o := w, b
					if me == game.Black {
						m, o = b, w
					}
					got := g.joint2(base, m, o, 0)
					want := base.Clone()
					for _, in := range []game.Input{{Kind: game.InputMove, Player: game.White, Move: w}, {Kind: game.InputMove, Player: game.Black, Move: b}} {
						if _, err := want.Apply(in); err != nil {
							t.Fatalf("seed %d %q: %v", seed, base.Text(), err)
						}
					}
					if got.Hash() != want.Hash() || got.Text() != want.Text() || got.Outcome() != want.Outcome() {
						t.Fatalf("seed %d %q: %v and %v resolved in place give %q, Apply %q", seed, base.Text(), w, b, got.Text(), want.Text())
					}
				}
			}
			in := game.Input{Kind: game.InputMove, Player: game.White, Move: ws[rg.intn(len(ws))]}
			if _, err := r.Apply(in); err != nil {
				t.Fatal(err)
			}
			if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: game.Black, Move: bs[rg.intn(len(bs))]}); err != nil {
				t.Fatal(err)
			}
		}
	}
}
