package match

import (
	"crypto/rand"

	"github.com/quintet-chess/quintet/game"
)

// Resume continues a game saved earlier: g is its replayed game (secrets included), cfg its
// seats and options. The AI moves on at the next Update if it is its turn.
func Resume(cfg Config, g *game.Game, opp Opponent) *Match {
	m := &Match{cfg: cfg, g: g, opp: opp, rand: rand.Reader}
	// Sealed choices (simultaneous chess): a resumed game in the middle of a turn asks one
	// player only, so the game's kind is read from its variant's first step too.
	if first, err := game.NewGameFrom(g.Variant(), g.StartText()); err == nil && first.Next().Players == 3 {
		m.sealed = true
	}
	m.tag()
	m.observe()
	m.startClocks()
	return m
}
