package ai

import (
	"context"
	"slices"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

func load(t testing.TB, variant, text string, opts ...string) game.Rules {
	t.Helper()
	v, err := game.Lookup(variant, opts...)
	if err != nil {
		t.Fatal(err)
	}
	r, err := game.Load(v, text)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func isLegal(r game.Rules, c game.Color, m game.Move) bool {
	for _, l := range r.Moves(c, nil) {
		if l == m {
			return true
		}
	}
	return false
}

// Over many seeded games, every level's choice is one of the legal actions, and playing
// it through the rules is accepted.
func TestLegalAlways(t *testing.T) {
	for _, variant := range []string{"chess", "forced"} {
		for _, lv := range Levels[:3] {
			eng := NewEngine(4)
			r := load(t, variant, "")
			rg := newRNG(uint64(len(variant)))
			plies := 120
			if lv.Name == "medium" {
				plies = 40 // the costliest level: fewer plies
			}
			for ply := 0; ply < plies && !r.Outcome().Over(); ply++ {
				c := r.Next().OnlyPlayer()
				var m game.Move
				if ply%3 == 0 {
					ms := r.Moves(c, nil)
					m = ms[rg.intn(len(ms))]
				} else {
					res, err := eng.Search(context.Background(), r.View(c), lv.Params(r.Variant(), 0, uint64(ply)))
					if err != nil {
						t.Fatalf("%s %s ply %d: %v", variant, lv.Name, ply, err)
					}
					m = res.Move
					if !isLegal(r, c, m) {
						t.Fatalf("%s %s ply %d at %s: illegal %v", variant, lv.Name, ply, r.Text(), m)
					}
				}
				if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestLimitsAndProgress(t *testing.T) {
	r := load(t, "chess", "")
	var depths []int
	res, err := Search(context.Background(), r, Params{
		Limits:   Limits{Depth: 5},
		Progress: func(in Info) { depths = append(depths, in.Depth) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Depth != 5 || len(depths) != 5 {
		t.Errorf("depth limit 5: result depth %d, progress at %v", res.Depth, depths)
	}
	for i, d := range depths {
		if d != i+1 {
			t.Errorf("progress depths %v: want 1, 2, 3, …", depths)
			break
		}
	}
	if len(res.PV) == 0 || res.PV[0] != res.Move {
		t.Errorf("PV %v does not start with the move %v", res.PV, res.Move)
	}

	res, err = Search(context.Background(), r, Params{Limits: Limits{Nodes: 5000}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes > 5000+2048 {
		t.Errorf("node limit 5000: searched %d", res.Nodes)
	}
	if !isLegal(r, game.White, res.Move) {
		t.Errorf("node-limited search returned illegal %v", res.Move)
	}
}

// A search whose context is already cancelled still answers with a legal move (the first
// iteration completes), and stops at once after it.
func TestCancelled(t *testing.T) {
	r := load(t, "forced", "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Search(ctx, r, Params{})
	if err != nil {
		t.Fatal(err)
	}
	if !isLegal(r, game.White, res.Move) {
		t.Errorf("illegal %v", res.Move)
	}
	if res.Depth > 2 {
		t.Errorf("cancelled search went on to depth %d", res.Depth)
	}
}

func TestNoMove(t *testing.T) {
	r := load(t, "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") // stalemate
	if _, err := Search(context.Background(), r, Params{Limits: Limits{Depth: 3}}); err == nil {
		t.Error("a finished game gave no error")
	}
}

// The search allocates nothing per node: a deeper search allocates no more than a
// shallow one.
func TestAllocationFree(t *testing.T) {
	r := load(t, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	eng := NewEngine(4)
	count := func(depth int) (float64, int64) {
		var nodes int64
		a := testing.AllocsPerRun(3, func() {
			eng.Clear()
			res, _ := eng.Search(context.Background(), r, Params{Limits: Limits{Depth: depth}})
			nodes = res.Nodes
		})
		return a, nodes
	}
	shallow, n1 := count(2)
	deep, n2 := count(6)
	if n2 < 10*n1 {
		t.Fatalf("depth 6 searched %d nodes, depth 2 %d: no comparison", n2, n1)
	}
	if deep > shallow+float64(6*4) {
		t.Errorf("allocations grow with the search: %.0f at depth 2 (%d nodes), %.0f at depth 6 (%d nodes)", shallow, n1, deep, n2)
	}
}

// The forced-capture quiescence may not stand pat while a capture is available: a
// position where every capture loses is scored as lost even if the material is even.
func TestForcedNoStandPat(t *testing.T) {
	// White must take the pawn with the queen; the black rook then takes the queen.
	r := load(t, "forced", "3rk3/8/8/8/3p4/8/8/3QK3 w - - 0 1")
	res, err := Search(context.Background(), r, Params{Limits: Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score > -500 {
		t.Errorf("score %d after the forced Qxd4 Rxd4: want the queen lost", res.Score)
	}
}

// A level that overlooks moves sees about its share of them, the same ones in every
// iteration of a search (same seed), never none, and always a capture of the king.
func TestOverlook(t *testing.T) {
	r := load(t, "probabilistic", "4k3/8/8/8/8/8/3PPP2/R3K2R w KQ - 0 1")
	all := r.Moves(game.White, nil)
	seen := 0
	for seed := uint64(0); seed < 200; seed++ {
		par := Params{Overlook: 40, Seed: seed}
		a := overlook(r.Position(), append([]game.Move(nil), all...), par)
		b := overlook(r.Position(), append([]game.Move(nil), all...), par)
		if !slices.Equal(a, b) {
			t.Fatalf("seed %d: two calls see %v and %v", seed, a, b)
		}
		seen += len(a)
		if len(overlook(r.Position(), all[:2], Params{Overlook: 100, Seed: seed})) != 1 {
			t.Fatalf("seed %d: overlooking everything must still leave one move", seed)
		}
	}
	if f := float64(seen) / float64(200*len(all)); f < 0.55 || f > 0.65 {
		t.Errorf("saw %.2f of the moves, want about 0.60", f)
	}
	// The rook on e1 can take the king on e8: that move is always seen.
	k := load(t, "probabilistic", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")
	for seed := uint64(0); seed < 50; seed++ {
		ms := overlook(k.Position(), k.Moves(game.White, nil), Params{Overlook: 100, Seed: seed})
		if len(ms) != 1 || ms[0].From != game.Sq(4, 0) || ms[0].To != game.Sq(4, 7) {
			t.Fatalf("seed %d: overlooking all but the king's capture saw %v", seed, ms)
		}
	}
}
