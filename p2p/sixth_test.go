package p2p

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/game/gametest"
)

// The sixth game, registered in one file of game/gametest and named nowhere in p2p, is
// played to its end between two native peers, each side's moves chosen by the AI on its
// own view: both end with the same log and outcome.
func TestSixthGameOverPipe(t *testing.T) {
	aiMove := func(r game.Rules, me game.Color, moves []game.Move, rng *rand.Rand) game.Move {
		res, err := ai.Search(context.Background(), r, ai.Params{Player: me, Limits: ai.Limits{Depth: 1}, Noise: 200, Seed: rng.Uint64()})
		if err != nil {
			t.Error(err)
			return moves[0]
		}
		return res.Move
	}
	for seed := range uint64(2) {
		ca, cb := Pipe()
		h, g := pairOn(t, ca, cb, gametest.HillName)
		a := &player{m: h, rng: rand.New(rand.NewPCG(seed, 1)), choose: aiMove}
		b := &player{m: g, rng: rand.New(rand.NewPCG(seed, 2)), choose: aiMove}
		playBoth(t, a, b)
		agree(t, a, b)
		if h.View().Variant().Name != gametest.HillName {
			t.Fatalf("played %s", h.View().Variant().Name)
		}
		t.Logf("seed %d: %d inputs, %v (%s)", seed, a.applied, a.out[0].Result, a.out[0].Reason)
		h.Close()
		g.Close()
	}
}
