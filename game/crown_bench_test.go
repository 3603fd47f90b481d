package game

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkCrownPlayout plays random games through Rules (Moves, Apply, reveals from
// the referee), the way a sampling search would; it reports actions per second.
func BenchmarkCrownPlayout(b *testing.B) {
	for _, opts := range []string{"", "kind=stones paratrooper=on"} {
		b.Run(opts, func(b *testing.B) {
			start := crownLoad(b, opts, "")
			rng := rand.New(rand.NewPCG(1, 2))
			var buf [crownMaxMoves]Move
			actions := 0
			for i := 0; i < b.N; i++ {
				r := start.clone()
				for k := 0; k < 200; k++ {
					st := r.Next()
					if st.Kind == StepOver {
						break
					}
					in := Input{Kind: InputReveal}
					if st.Kind == StepReveal {
						in.Secret, _ = r.Secret(st)
					} else {
						ms := r.Moves(st.OnlyPlayer(), buf[:0])
						in = Input{Kind: InputMove, Player: st.OnlyPlayer(), Move: ms[rng.IntN(len(ms))]}
					}
					if _, err := r.Apply(in); err != nil {
						b.Fatal(err)
					}
					actions++
				}
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}
