package game

import "testing"

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// BenchmarkPerft reports leaf nodes per second (bulk counting at depth 1) on the start
// position at depth 5 and on Kiwipete at depth 4, the positions the reference figures use.
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		name, variant, fen string
		depth              int
	}{
		{"start-d5", "chess", StartFEN, 5},
		{"kiwipete-d4", "chess", kiwipete, 4},
		{"forced-start-d5", "forced", StartFEN, 5},
	} {
		b.Run(c.name, func(b *testing.B) {
			v, _ := Lookup(c.variant)
			p, err := ParseFEN(v, c.fen)
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			for i := 0; i < b.N; i++ {
				nodes += p.Perft(c.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
