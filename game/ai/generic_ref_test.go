package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// The search played in place (game.Undoer), with Star1 pruning, ordering and killers, values every
// root action as plain expectimax does (to rounding: chance nodes round their averages),
// on positions of probabilistic and pillar chess met in play.
func TestGenericMatchesExpectimax(t *testing.T) {
	for _, name := range []string{"probabilistic", "pillar"} {
		for seed := uint64(1); seed <= 5; seed++ {
			view := midgameAtMove(t, name, 14+int(seed), seed)
			g := newGenericSearcher(newTable(1))
			g.eval = newRulesEval(view.Variant())
			g.noTT = true
			me := view.Next().OnlyPlayer()
			par := Params{Player: me, Noise: 1, Limits: Limits{Depth: 2}} // Noise: full windows at the root
			g.search(newClock(context.Background(), par.Limits), view, par)
			g.qPlies = 0 // search set it for the game; compare the full-width tree alone
			g.rootSearch(view.Clone(), 2, true)
			if view.Text() != midgameAtMove(t, name, 14+int(seed), seed).Text() {
				t.Fatalf("%s seed %d: the search changed the view", name, seed)
			}
			for _, rm := range g.root {
				k := view.Clone()
				if _, err := k.Apply(game.Input{Kind: game.InputMove, Player: me, Move: rm.move}); err != nil {
					t.Fatal(err)
				}
				want := expectimax(k, me, 1, 1, func(r game.Rules, _ game.Color) int { return g.leaf(r) })
				if d := float64(rm.score) - want; d > 2 || d < -2 {
					t.Errorf("%s seed %d %q: %s scores %d, expectimax %.1f", name, seed, view.Text(),
						view.MoveText(rm.move), rm.score, want)
				}
			}
		}
	}
}
