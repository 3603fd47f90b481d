package ai

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// crownPinned plays seeded games of every Crown kind, captures first so that monarchs
// fall and stones, hidden crowns and split halves come into play, and writes at every
// fifth ply the worlds the AI builds for the player to move (text, weight, whether our
// own secrets are as they are) and its search to depth 2: so that building them another
// way is shown to build the same.
func crownPinned(t *testing.T) string {
	var sb strings.Builder
	for _, opts := range [][]string{nil, {"kind=stones"}, {"kind=hidden"}, {"kind=split"}, {"kind=stones", "paratrooper=on"}} {
		v, err := game.Lookup("crown", opts...)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			r, err := game.Load(v, "")
			if err != nil {
				t.Fatal(err)
			}
			rg := newRNG(seed)
			for ply := 0; ply < 90 && !r.Outcome().Over(); ply++ {
				st := r.Next()
				if st.Kind == game.StepReveal {
					val, _ := r.(game.Secrets).Secret(st)
					r.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val})
					continue
				}
				p := st.OnlyPlayer()
				view := r.View(p)
				if ply%5 == 4 {
					var bel belief
					ws, err := crownWorlds(view, p, newRNG(seed+uint64(ply)), &bel)
					fmt.Fprintf(&sb, "%v seed %d ply %d %v: %d worlds %v\n", opts, seed, ply, p, len(ws), err)
					for _, w := range ws {
						fmt.Fprintf(&sb, "  %.6f %v %x %s\n", w.weight, w.real, w.r.Hash(), w.r.Text())
					}
					res, err := NewEngine(2).Search(context.Background(), view, Params{Player: p, Limits: Limits{Depth: 2}, Seed: uint64(ply)})
					fmt.Fprintf(&sb, "  search %s nodes %d score %d %v\n", view.MoveText(res.Move), res.Nodes, res.Score, err)
				}
				ms := r.Moves(p, nil)
				m := ms[rg.intn(len(ms))]
				for _, c := range ms {
					if c.To < game.NoSquare && r.Position().At(c.To) != game.NoPiece && rg.intn(3) == 0 {
						m = c
						break
					}
				}
				if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: p, Move: m}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return sb.String()
}

func TestCrownWorldsPinned(t *testing.T) {
	comparePinned(t, "testdata/crown_pin.txt", crownPinned(t))
}
