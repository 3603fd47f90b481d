package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// play applies moves written in the game's notation from text.
func play(t *testing.T, variant, text string, moves ...string) game.Rules {
	t.Helper()
	r := load(t, variant, text)
	for _, s := range moves {
		c := r.Next().OnlyPlayer()
		m, err := r.ParseMove(c, s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return r
}

// Probabilistic chess, rule 7: after a quiet mating move the strike on the king wins at
// once with odds 0.6; declining gives the opponent a turn. The AI must strike.
func TestProbStrikeTaken(t *testing.T) {
	for _, c := range []struct{ fen, move string }{
		{"1R2B2k/6pp/8/8/8/8/8/4K3 w - - 0 1", "Bd7"},
		{"4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "O-O"},
	} {
		r := play(t, "probabilistic", c.fen, c.move)
		for _, lv := range []string{"easy", "medium", "strongest"} {
			l, _ := LevelByName(lv)
			par := l.Params(300_000_000, 1)
			res, err := NewEngine(4).Search(context.Background(), r.View(game.White), par)
			if err != nil {
				t.Fatal(err)
			}
			if res.Move.Kind != game.Strike {
				t.Errorf("%s after %s, level %s: %s (%v), want the strike", c.fen, c.move, lv, r.MoveText(res.Move), res.Move.Kind)
			}
		}
	}
}

// Over seeded games of every game and Crown kind, the AI (playing both sides through
// their views, a referee supplying draws and secrets) only ever chooses legal actions.
func TestGamesLegal(t *testing.T) {
	for _, c := range []struct {
		variant string
		opts    []string
	}{
		{"probabilistic", nil},
	} {
		v, err := game.Lookup(c.variant, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		r, err := game.Load(v, "")
		if err != nil {
			t.Fatal(err)
		}
		rg := newRNG(7)
		eng := [2]*Engine{NewEngine(2), NewEngine(2)}
		for ply := 0; ply < 120 && !r.Outcome().Over(); ply++ {
			st := r.Next()
			switch st.Kind {
			case game.StepDraw:
				r.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(rg.intn(st.Range)), uint8(rg.intn(st.Range))}})
				continue
			case game.StepReveal:
				val, ok := r.(game.Secrets).Secret(st)
				if !ok {
					t.Fatalf("%s: the referee lacks a secret", c.variant)
				}
				r.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val})
				continue
			}
			var chosen [2]game.Move
			for p := game.White; p <= game.Black; p++ {
				if !st.Asks(p) {
					continue
				}
				view := r.View(p)
				if ply%4 == 3 {
					ms := view.Moves(p, nil)
					chosen[p] = ms[rg.intn(len(ms))]
					continue
				}
				res, err := eng[p].Search(context.Background(), view, Params{Player: p, Limits: Limits{Depth: 2, Nodes: 4000}, Seed: uint64(ply)})
				if err != nil {
					t.Fatalf("%s %v ply %d: %v", c.variant, c.opts, ply, err)
				}
				chosen[p] = res.Move
			}
			for p := game.White; p <= game.Black; p++ {
				if st.Asks(p) {
					if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: p, Move: chosen[p]}); err != nil {
						t.Fatalf("%s %v ply %d at %s: %v played %v: %v", c.variant, c.opts, ply, r.Text(), p, chosen[p], err)
					}
				}
			}
		}
	}
}
