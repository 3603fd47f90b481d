package match

import (
	"crypto/rand"
	"fmt"

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
	m.begin()
	return m
}

// Settle is g finished by out although its moves do not end it: a friend game decided by
// a claim, as the archive opens it (the board as the moves left it, no move to make).
func Settle(g *game.Game, out game.Outcome) (*game.Game, error) {
	r, err := game.Load(g.Variant(), g.StartText())
	if err != nil {
		return nil, err
	}
	s := &settled{Rules: r, out: out}
	h := game.NewGameOn(s, g.StartText())
	for k, v := range g.Tags { // the time control among them
		h.Tags[k] = v
	}
	for i, e := range g.Entries() {
		if err := h.Apply(e.Input); err != nil {
			return nil, fmt.Errorf("entry %d: %w", i+1, err)
		}
		if d, ok := e.Clock(); ok {
			h.SetClock(i, d) // the PGN's %clk
		}
	}
	s.decided = true
	return h, nil
}
