package p2p

import (
	"sync"

	"github.com/quintet-chess/quintet/game"
)

// EventKind says what happened.
type EventKind uint8

const (
	EvStart        EventKind = iota + 1 // a game began; Color is ours, Game counts games
	EvApplied                           // an input entered the log; Input, Record, Mine
	EvTurn                              // the rules ask us to move
	EvOffer                             // the opponent offers What (N plies for a takeback)
	EvAnswer                            // the opponent answered our offer What: Yes
	EvTakeback                          // N plies were taken back
	EvChat                              // the opponent says Text
	EvOver                              // the game ended and both sides' logs and secrets checked out: Outcome
	EvVoid                              // an action of ours was void (crossed a game-ending move): Text
	EvDisconnected                      // the connection dropped; call Resume with a new one
	EvResumed                           // the match goes on after a reconnection
	EvFault                             // the match stopped: Err (a *Fault if the opponent misbehaved)
	EvOverdue                           // the opponent let a deadline pass (or stayed away): the game may be claimed
	EvClaimed                           // the game was claimed, by us or against us: Outcome (see Result)
	EvIntruder                          // someone without the first session's secret tried to resume; refused
	EvLapsed                            // an offer What lapsed because a move was made after it: Mine if it was ours
)

var evNames = [...]string{"", "start", "applied", "turn", "offer", "answer", "takeback",
	"chat", "over", "void", "disconnected", "resumed", "fault", "overdue", "claimed", "intruder", "lapsed"}

func (k EventKind) String() string {
	if int(k) < len(evNames) {
		return evNames[k]
	}
	return "event?"
}

// Event is one thing the UI should know about.
type Event struct {
	Kind    EventKind
	Color   game.Color
	Game    int
	Input   game.Input
	Record  game.Record
	Mine    bool
	Outcome game.Outcome
	What    uint8
	N       int
	Yes     bool
	Text    string
	Err     error
}

// eventQueue is an unbounded queue feeding a channel, so the protocol never blocks on a
// slow reader while it holds the match's lock.
type eventQueue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	q      []Event
	closed bool
	out    chan Event
}

func newEventQueue() *eventQueue {
	e := &eventQueue{out: make(chan Event)}
	e.cond = sync.NewCond(&e.mu)
	go e.pump()
	return e
}

func (e *eventQueue) push(ev Event) {
	if debugTrace {
		println("EV", ev.Kind.String(), ev.Input.Kind, ev.Input.Player, ev.Input.Move.String(), ev.What, ev.Yes, ev.Text)
	}
	e.mu.Lock()
	if !e.closed {
		e.q = append(e.q, ev)
		e.cond.Signal()
	}
	e.mu.Unlock()
}

func (e *eventQueue) close() {
	e.mu.Lock()
	e.closed = true
	e.cond.Signal()
	e.mu.Unlock()
}

func (e *eventQueue) pump() {
	for {
		e.mu.Lock()
		for len(e.q) == 0 && !e.closed {
			e.cond.Wait()
		}
		if len(e.q) == 0 {
			e.mu.Unlock()
			close(e.out)
			return
		}
		ev := e.q[0]
		e.q = e.q[1:]
		e.mu.Unlock()
		e.out <- ev
	}
}
