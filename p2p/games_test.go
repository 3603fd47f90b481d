package p2p

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// gameSetup is a game and its options.
type gameSetup struct {
	variant string
	opts    []string
}

// gameSetups are the real games (and Crown's kinds) played through the protocol.
var gameSetups = []gameSetup{
	{"chess", nil},
	{"forced", nil},
	{"probabilistic", nil},
	{"pillar", nil},
	{"pillar", []string{"board=8x8"}},
	{"simultaneous", nil},
	{"crown", nil},
	{"crown", []string{"kind=stones"}},
	{"crown", []string{"kind=hidden", "paratrooper=on"}},
	{"crown", []string{"kind=split"}},
}

// registrySetups are gameSetups and every other registered game (but the protocol's
// toy, tested on its own), so that a new game is played through the protocol by being
// registered.
func registrySetups() []gameSetup {
	out := slices.Clone(gameSetups)
	for _, n := range game.Names() {
		if n != toyName && !slices.ContainsFunc(out, func(s gameSetup) bool { return s.variant == n }) {
			out = append(out, gameSetup{n, nil})
		}
	}
	return out
}

// TestEveryGameOverPipe plays random games of every game through the protocol: both
// sides must end with the same log and outcome, every secret checked, and (where the
// game has secrets) the referee's replay must agree.
func TestEveryGameOverPipe(t *testing.T) {
	for _, gs := range registrySetups() {
		name := gs.variant + " " + strings.Join(gs.opts, " ")
		t.Run(name, func(t *testing.T) {
			kinds := map[game.InputKind]int{}
			for seed := range uint64(4) {
				ca, cb := Pipe()
				h, g := pairOn(t, ca, cb, gs.variant, gs.opts...)
				a := &player{m: h, rng: rand.New(rand.NewPCG(seed, 1)), choose: shortGames}
				b := &player{m: g, rng: rand.New(rand.NewPCG(seed, 2)), choose: shortGames}
				playBoth(t, a, b)
				agree(t, a, b)
				for k, n := range a.kinds {
					kinds[k] += n
				}
				h.Close()
				g.Close()
			}
			t.Logf("inputs by kind: %v", kinds)
		})
	}
}

// shortGames prefers captures, so random games end in a few dozen moves rather than
// hundreds (the protocol's work per move does not change).
func shortGames(r game.Rules, me game.Color, moves []game.Move, rng *rand.Rand) game.Move {
	p := r.Position()
	var caps []game.Move
	for _, m := range moves {
		if m.To < game.NoSquare && p.At(m.To) != game.NoPiece && p.At(m.To).Color() != me {
			caps = append(caps, m)
		}
	}
	if len(caps) > 0 && rng.IntN(4) > 0 {
		return caps[rng.IntN(len(caps))]
	}
	return moves[rng.IntN(len(moves))]
}
