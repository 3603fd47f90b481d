package p2p

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// TestSettle: once the game is over and checked, each side learns that its Final
// arrived, so it may close the connection without cutting the other side off.
func TestSettle(t *testing.T) {
	for seed := range uint64(10) {
		ca, cb := Pipe()
		h, g := pairOn(t, ca, cb, "crown", "kind=hidden")
		a := &player{m: h, rng: rand.New(rand.NewPCG(seed, 1)), choose: shortGames}
		b := &player{m: g, rng: rand.New(rand.NewPCG(seed, 2)), choose: shortGames}
		playBoth(t, a, b)
		agree(t, a, b)
		for _, m := range []*Match{h, g} {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			if err := m.Settle(ctx); err != nil {
				t.Fatalf("seed %d: %v: %s", seed, err, m.state())
			}
			cancel()
		}
		h.Close()
		g.Close()
	}
}
