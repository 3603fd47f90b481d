package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// BenchmarkForcedSpeed sets the searcher's speed in forced-capture chess beside the move
// generator's in the same run: "search" is positions searched per second at depth 8 from
// three positions (start, an open middlegame, an ending), "perft" the perft leaf rate of
// the same positions at depth 4 (bulk counted, so it is the generator's best case). The
// ratio, not either figure, is what carries from one machine or load to another.
func BenchmarkForcedSpeed(b *testing.B) {
	fens := []string{
		game.StartFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"8/5k2/3p4/1p1P4/1P3K2/8/5P2/8 w - - 0 1",
	}
	v, err := game.Lookup("forced")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("search", func(b *testing.B) {
		var nodes int64
		for i := 0; i < b.N; i++ {
			for _, fen := range fens {
				r, err := game.Load(v, fen)
				if err != nil {
					b.Fatal(err)
				}
				res, err := NewEngine(16).Search(context.Background(), r, Params{Limits: Limits{Depth: 8}})
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Nodes
			}
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
	b.Run("perft", func(b *testing.B) {
		var nodes int64
		for i := 0; i < b.N; i++ {
			for _, fen := range fens {
				p, err := game.ParseFEN(v, fen)
				if err != nil {
					b.Fatal(err)
				}
				nodes += p.Perft(4)
			}
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
}
