package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// BenchmarkProveCrownProblem is the exact search on the source's problem (a mate in 4
// over two worlds), from a cold table.
func BenchmarkProveCrownProblem(b *testing.B) {
	view := load(b, "crown", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1 crown=kd").View(game.White)
	hyp, ok := hypotheses(view, game.White, maxProofWorlds)
	if !ok {
		b.Fatal("no hypotheses")
	}
	for i := 0; i < b.N; i++ {
		pv := newProver(game.White, newClock(context.Background(), Limits{}))
		if m, plies, _ := pv.prove(hyp, 7); plies != 7 || m.String() != "h4g6" {
			b.Fatalf("proved %v in %d", m, plies)
		}
		b.ReportMetric(float64(pv.nodes), "nodes/op")
	}
}
