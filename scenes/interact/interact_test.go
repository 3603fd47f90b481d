package interact

import (
	"math/rand/v2"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// variants are every registered game with each value of its options that has values.
func variants(t *testing.T) []*game.Variant {
	var out []*game.Variant
	for _, n := range game.Names() {
		v, err := game.Lookup(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
		for _, o := range v.OptionHelp {
			for _, val := range o.Values {
				if val == o.Default {
					continue
				}
				ov, err := game.Lookup(n, o.Key+"="+val)
				if err != nil {
					t.Fatalf("%s %s=%s: %v", n, o.Key, val, err)
				}
				out = append(out, ov)
			}
		}
	}
	return out
}

// TestEveryActionReachable plays seeded random games of every game and option and checks,
// at every decision, in the acting player's own view (what the page offers), that every
// legal action is reachable by the page's means and that the actions one gesture leads to
// have different labels (so the choice between them can be made).
func TestEveryActionReachable(t *testing.T) {
	for _, v := range variants(t) {
		name := v.Name
		for k, val := range v.Options {
			name += " " + k + "=" + val
		}
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(name))))
			checked := 0
			for g := 0; g < 6; g++ {
				ref, err := game.Load(v, "")
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < 120 && !ref.Outcome().Over(); ply++ {
					s := ref.Next()
					var in game.Input
					switch s.Kind {
					case game.StepDraw:
						in = game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(rng.IntN(s.Range)), uint8(rng.IntN(s.Range))}}
					case game.StepReveal:
						val, ok := ref.(game.Secrets).Secret(s)
						if !ok {
							t.Fatalf("the referee cannot answer %+v", s)
						}
						in = game.Input{Kind: game.InputReveal, Player: s.Owner, Secret: val}
					case game.StepMove:
						c := s.OnlyPlayer()
						if s.Players == 3 && rng.IntN(2) == 1 {
							c = game.Black
						}
						view := ref.View(c)
						moves := view.Moves(c, nil)
						checkReachable(t, view, moves)
						checked += len(moves)
						in = game.Input{Kind: game.InputMove, Player: c, Move: moves[rng.IntN(len(moves))]}
					}
					if _, err := ref.Apply(in); err != nil {
						t.Fatalf("apply %+v: %v", in, err)
					}
				}
			}
			t.Logf("%d actions checked", checked)
			if checked == 0 {
				t.Fatal("no action checked")
			}
		})
	}
}

func checkReachable(t *testing.T, view game.Rules, moves []game.Move) {
	t.Helper()
	v := view.Variant()
	groups, panel := Groups(v, moves)
	labels := map[string]bool{}
	for _, m := range panel {
		l := Label(view, m)
		if l == "" || labels[l] {
			t.Fatalf("panel action %+v has an empty or repeated label %q in %s", m, l, view.Text())
		}
		labels[l] = true
	}
	for _, m := range moves {
		var same []game.Move
		switch KindOf(m) {
		case Board:
			if !v.OnBoard(m.From) || !v.OnBoard(m.To) || !Targets(moves, m.From).Has(m.To) {
				t.Fatalf("board move %+v is not reachable on the board", m)
			}
			same = Fits(moves, m.From, m.To)
		case Place:
			var g *Group
			for i := range groups {
				if groups[i].Kind == m.Kind && groups[i].Promo == m.Promo {
					g = &groups[i]
				}
			}
			if g == nil || !GroupTargets(moves, *g).Has(m.To) {
				t.Fatalf("placing move %+v has no group or square", m)
			}
			same = Placed(moves, *g, m.To)
		default:
			continue
		}
		if len(same) > 1 {
			seen := map[string]bool{}
			for _, o := range same {
				l := Label(view, o)
				if seen[l] {
					t.Fatalf("moves %v on the same squares share the label %q in %s", same, l, view.Text())
				}
				seen[l] = true
			}
		}
	}
}
