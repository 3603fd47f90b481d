package ai

import (
	"context"
	"slices"
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

// Looking three turns ahead reuses one set of scratch states, candidate lists and payoff
// matrices per turn: the value of the turn after the root's equals that of a plain
// recursion on fresh copies, for states from several games and both colours.
func TestSimulThreeTurnsMatchesPlainRecursion(t *testing.T) {
	var plain func(g *genericSearcher, s *game.SimulRules, ply, turn int) int
	plain = func(g *genericSearcher, s *game.SimulRules, ply, turn int) int {
		mine := slices.Clone(g.candidates(s, g.me, g.narrow[turn], 2*turn-1))
		theirs := slices.Clone(g.candidates(s, g.me.Other(), g.narrow[turn], 2*turn))
		if len(mine) == 0 || len(theirs) == 0 {
			return g.leaf(s)
		}
		pay := make([][]int, len(mine))
		for i, m := range mine {
			pay[i] = make([]int, len(theirs))
			for j, o := range theirs {
				c := new(game.SimulRules)
				*c = *s
				if g.me == game.White {
					c.PlayJoint(m, o)
				} else {
					c.PlayJoint(o, m)
				}
				if turn+1 < simulTurns && g.narrow[turn+1] > 0 && !c.Outcome().Over() {
					pay[i][j] = plain(g, c, ply+1, turn+1)
				} else {
					pay[i][j] = g.pairValue(c, ply)
				}
			}
		}
		_, v := solveMatrix(pay, simulIters)
		return v
	}
	checked := 0
	for seed := uint64(1); seed <= 3; seed++ {
		// A few random turns from the start, then the state is searched.
		r := midgame(t, "simultaneous", 0, seed)
		base, err := game.NewSimulRules(r.Variant(), r.Text())
		if err != nil {
			t.Fatal(err)
		}
		rg := newRNG(seed)
		for turn := 0; turn < 10 && !base.Outcome().Over(); turn++ {
			ws, bs := base.LegalMoves(game.White, nil), base.LegalMoves(game.Black, nil)
			base.PlayJoint(ws[rg.intn(len(ws))], bs[rg.intn(len(bs))])
		}
		if base.Outcome().Over() {
			continue
		}
		for _, me := range []game.Color{game.White, game.Black} {
			g := newGenericSearcher(newTable(1))
			g.cl = newClock(context.Background(), Limits{})
			g.me = me
			g.configure(base)
			g.eval = newRulesEval(base.Variant())
			g.narrow = [simulTurns]int{1: 4, 2: 3}
			s := new(game.SimulRules)
			*s = *base
			got := g.turnValue(s, 2, 1)
			want := plain(g, base, 2, 1)
			if got != want {
				t.Errorf("seed %d, %v: three turns value %d, plain recursion %d (%q)", seed, me, got, want, base.Text())
			}
			checked++
		}
	}
	if checked < 4 {
		t.Fatalf("checked only %d states", checked)
	}
}

// solveMatrix is solver.solve on fresh storage.
func solveMatrix(pay [][]int, iters int) ([]float64, int) {
	var s solver
	return s.solve(pay, iters)
}
