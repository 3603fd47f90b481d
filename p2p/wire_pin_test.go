package p2p

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

var updateWire = flag.Bool("update-wire", false, "rewrite testdata/wire.txt")

// wireLog is a link end that writes down what its side sends: each frame's type and the
// fields that do not depend on chance or timing (no nonces, digests, hashes, sequence
// numbers; no bare Acks, whose place depends on what arrived when).
type wireLog struct {
	Conn
	mu  *sync.Mutex
	out *strings.Builder
}

func (c wireLog) Send(b []byte) error {
	m, err := Decode(b)
	c.mu.Lock()
	switch {
	case err != nil:
		fmt.Fprintf(c.out, "garbled %v\n", err)
	case m.Type != MsgAck:
		fmt.Fprintf(c.out, "%v ply%d idx%d what%d yes%v mv%v took%v", m.Type, m.Ply, m.Index, m.What, m.Yes, m.Move, m.Took > 0)
		for _, x := range m.Cells {
			fmt.Fprintf(c.out, " c%v", x.Key)
		}
		for _, x := range m.Opens {
			fmt.Fprintf(c.out, " o%v=%d", x.Key, x.Value)
		}
		fmt.Fprintln(c.out)
	}
	c.mu.Unlock()
	return c.Conn.Send(b)
}

// wireTranscript plays two games (a rematch) of every game without random draws, each
// side choosing from its own view, and writes down what White and Black send from the
// first move on: moves, seals and openings, reveals, Finals with their openings, the
// rematch offer and its answer.
func wireTranscript(t *testing.T) string {
	var all strings.Builder
	for _, gs := range gameSetups {
		if gs.variant == "probabilistic" || gs.variant == "pillar" {
			continue // the draws' values come from random chains: the games differ
		}
		for seed := range uint64(2) {
			ca, cb := Pipe()
			var mu sync.Mutex
			var ha, gb strings.Builder
			h, g := pairOn(t, wireLog{ca, &mu, &ha}, wireLog{cb, &mu, &gb}, gs.variant, gs.opts...)
			choose := func(r game.Rules, me game.Color, moves []game.Move, _ *rand.Rand) game.Move {
				return shortGames(r, me, moves, rand.New(rand.NewPCG(seed, r.Hash()^uint64(me))))
			}
			a := &player{m: h, rng: rand.New(rand.NewPCG(seed, 1)), choose: choose, games: 2}
			b := &player{m: g, rng: rand.New(rand.NewPCG(seed, 2)), choose: choose, games: 2}
			playBoth(t, a, b)
			agree(t, a, b)
			h.Close()
			g.Close()
			mu.Lock()
			w, bl := ha.String(), gb.String()
			if a.events[0].Color != game.White {
				w, bl = bl, w
			}
			// The handshake differs by role (the coin): from the first move on.
			first := "\nmove"
			if strings.Contains(w, "\nseal") {
				first = "\nseal"
			}
			cut := func(s string) string { return s[strings.Index(s, first)+1:] }
			fmt.Fprintf(&all, "== %s %v seed %d white\n%s== black\n%s", gs.variant, gs.opts, seed, cut(w), cut(bl))
			mu.Unlock()
		}
	}
	return all.String()
}

// TestWirePinned: what each side sends, frame by frame, stays as it was
// (testdata/wire.txt): a refactoring of the protocol changes no message.
func TestWirePinned(t *testing.T) {
	checkPin(t, "testdata/wire.txt", wireTranscript(t), *updateWire)
}
