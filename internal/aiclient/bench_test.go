package aiclient

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game/ai"
)

// BenchmarkRun is the worker's search as the page asks for it, for a fixed number of
// nodes: what build flags cost the AI (run it under WebAssembly with the site's flags,
// see build.sh bench).
func BenchmarkRun(b *testing.B) {
	for _, v := range []string{"chess", "crown", "probabilistic", "simultaneous"} {
		b.Run(v, func(b *testing.B) {
			eng := ai.NewEngine(16)
			for b.Loop() {
				eng.Clear()
				rep := Run(context.Background(), eng, Request{ID: 1, Variant: v, Nodes: 20000}, nil)
				if rep.Kind != KindResult {
					b.Fatalf("%s: %+v", v, rep)
				}
			}
		})
	}
}
