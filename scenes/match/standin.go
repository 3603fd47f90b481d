package match

import (
	"math/rand/v2"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// StandIn is an opponent that waits a moment and answers a uniformly random legal move.
// It stood in for the AI until internal/aiclient landed; the tests still use it where
// the AI's strength does not matter. It runs no search, so it never blocks the page.
type StandIn struct {
	mu   sync.Mutex
	stop chan struct{}
}

// standInDelay is how long the stand-in "thinks" at each level: about the time the real
// levels take, so that the page behaves alike (the frame-rate test measures during it).
var standInDelay = map[string]time.Duration{
	"beginner": 300 * time.Millisecond, "easy": 400 * time.Millisecond,
	"medium": 600 * time.Millisecond, "hard": 900 * time.Millisecond,
	"strongest": 3 * time.Second,
}

// Think implements Opponent.
func (s *StandIn) Think(view game.Rules, side game.Color, level string) <-chan Answer {
	ch := make(chan Answer, 1)
	moves := view.Moves(side, nil)
	if len(moves) == 0 {
		return ch // never answers; the rules will not ask a player without moves
	}
	mv := moves[rand.IntN(len(moves))]
	d, ok := standInDelay[level]
	if !ok {
		d = 500 * time.Millisecond
	}
	s.mu.Lock()
	stop := make(chan struct{})
	s.stop = stop
	s.mu.Unlock()
	after(d, stop, func() { ch <- Answer{Move: mv} })
	return ch
}

// Cancel implements Opponent.
func (s *StandIn) Cancel() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stop != nil {
		close(s.stop)
		s.stop = nil
	}
}
