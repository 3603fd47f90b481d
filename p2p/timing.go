package p2p

import (
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// The peer clocks in the match (the rules are in peerclock.go). A timed game keeps a
// PeerClocks per game: a side's clock runs while the rules wait on its decision (a move
// at its turn, its seal at a simultaneous step; not a pass that is its only move, nor an
// automatic step: a reveal, a draw, an opening). Every Move and Seal carries the mover's
// own elapsed time, which the receiver accepts or replaces by its own measurement. Pings
// measure the round trip the receiver allows for.

// pingRate and pingBurst bound the opponent's pings this side answers.
const (
	pingRate  = 2.0 // per second
	pingBurst = 8
)

// pinger is this side's round-trip probe: one out at a time.
type pinger struct {
	n   uint32    // the last ping's index
	at  time.Time // when it went out
	out bool      // it awaits its pong
}

// timed reports whether the match is played on a clock.
func (m *Match) timed() bool { return m.cfg.Clock.On() }

// newClocks gives a new game its clocks, for a timed match.
func (m *Match) newClocks() {
	m.pc = nil
	if m.timed() {
		m.pc = NewPeerClocks(m.cfg.Clock, m.me, m.clock)
	}
}

// decides reports whether the rules wait on side c's own decision now (its clock runs).
func (m *Match) decides(c game.Color) bool {
	gs := m.gs
	if gs == nil || gs.audit.done || m.stopped != nil || m.live.verdict != nil {
		return false
	}
	st := gs.r.Next()
	if st.Kind != game.StepMove || !st.Asks(c) {
		return false
	}
	if st.Players == 3 {
		return !gs.seal.sealed(c == m.me)
	}
	ms := gs.r.Moves(c, nil)
	return !(len(ms) == 1 && ms[0].Kind == game.Pass)
}

// syncClocks starts the clock of each side the rules now wait on and stops the others
// (without an increment: a decision's is given where it is made or received). It
// reports whether the opponent's clock started.
func (m *Match) syncClocks() (started bool) {
	if m.pc == nil {
		return false
	}
	for c := game.White; c <= game.Black; c++ {
		switch want, run := m.decides(c), m.pc.k.Running(c); {
		case want && !run:
			m.pc.Start(c)
			started = started || c != m.me
		case !want && run:
			m.pc.Stop(c)
		}
	}
	return started
}

// decided stops this side's clock at its decision and returns the elapsed time to send.
func (m *Match) decided() time.Duration {
	if m.pc == nil || !m.pc.k.Running(m.me) {
		return 0
	}
	return m.pc.Decide()
}

// peerDecided charges the opponent for the decision that arrived claiming took. One
// that came after its flag fell may be claimed at once.
func (m *Match) peerDecided(took time.Duration) {
	if m.pc == nil {
		return
	}
	m.pc.Received(took)
	if m.pc.CanClaimFlag() {
		m.ev.push(Event{Kind: EvOverdue})
	}
}

// clockAfter records with the last log entry what its mover c has left on this side's
// count (a timed game's decision).
func (m *Match) clockAfter(c game.Color) {
	if m.pc == nil || len(m.gs.pub) == 0 {
		return
	}
	e := &m.gs.pub[len(m.gs.pub)-1]
	e.left, _ = m.pc.Left(c)
	e.timed = true
}

// LogClocks is, per entry of Log, the mover's clock after it as this side counted it
// (ok false for entries that were no timed decision, in an untimed game for all).
func (m *Match) LogClocks() (left []time.Duration, ok []bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gs == nil {
		return nil, nil
	}
	for _, e := range m.gs.pub {
		left, ok = append(left, e.left), append(ok, e.timed)
	}
	return left, ok
}

// ping sends a round-trip probe unless one is out.
func (m *Match) ping() {
	if m.pc == nil || m.png.out || m.stopped != nil {
		return
	}
	m.png.n++
	m.png.at, m.png.out = m.clock(), true
	m.send(&Msg{Type: MsgPing, Index: m.png.n})
}

func (m *Match) onPing(msg *Msg) {
	if m.pongs.take(m.clock(), pingRate, pingBurst) {
		m.send(&Msg{Type: MsgPong, Index: msg.Index})
	}
}

// onPong records the round trip of our ping. A pong for another ping is dropped: a
// peer that answers early can only shorten the round trip allowed for it.
func (m *Match) onPong(msg *Msg) {
	if !m.png.out || msg.Index != m.png.n {
		return
	}
	m.png.out = false
	if m.pc != nil {
		m.pc.RoundTrip(m.clock().Sub(m.png.at))
	}
}

// TimeControl is the match's time control (zero Base: untimed).
func (m *Match) TimeControl() clock.Control {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cfg.Clock
}

// ClockLeft is side c's time left as this side counts it, and whether its clock runs
// (ok false in an untimed game or before the start).
func (m *Match) ClockLeft(c game.Color) (left time.Duration, running, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pc == nil {
		return 0, false, false
	}
	left, running = m.pc.Left(c)
	return left, running, true
}

// RoundTrip is the shortest round trip measured in this game (zero: none yet).
func (m *Match) RoundTrip() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pc == nil {
		return 0
	}
	return m.pc.rtt
}
