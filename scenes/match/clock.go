package match

import (
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// Clocks on this device (against the AI, or two people on one device). The clock of every
// player the rules wait on runs — both at once while both choose in simultaneous chess,
// the picker's while a number is picked by hand — and automatic steps (reveals, the die,
// drawn numbers, a pass that is a player's only action) run no one's. A player's
// decision stops its clock and adds the increment; the time left is recorded with the
// entry for the PGN's %clk. A clock that runs out ends the game on game.FlagOutcome. The
// hand-over screen between two people pauses nothing.

// timing is a timed match's clocks.
type timing struct {
	k    *clock.Clocks
	now  func() time.Time
	key  clockKey // the state want was computed for
	want uint8    // whose clocks should run in that state
}

type clockKey struct {
	n      int
	hash   uint64
	picked [2]int
}

func (m *Match) startClocks() {
	if !m.cfg.Clock.On() {
		m.tm = nil
		return
	}
	now := time.Now
	if m.tm != nil {
		now = m.tm.now
	}
	m.tm = &timing{k: clock.New(m.cfg.Clock), now: now, key: clockKey{n: -1}}
	m.g.Tags["TimeControl"] = m.cfg.Clock.PGN()
	m.syncClocks()
}

// SetNow replaces the time source of the clocks (tests use a fake one).
func (m *Match) SetNow(now func() time.Time) {
	if m.tm != nil {
		m.tm.now = now
		m.tm.k = clock.New(m.cfg.Clock)
		m.tm.key = clockKey{n: -1}
		m.syncClocks()
	}
}

// SetClockLeft sets both clocks (a resumed game): what each side had left.
func (m *Match) SetClockLeft(left [2]time.Duration) {
	if m.tm == nil {
		return
	}
	for c := game.White; c <= game.Black; c++ {
		m.tm.k.Set(c, left[c])
	}
	m.tm.key = clockKey{n: -1}
	m.syncClocks()
}

// Timed reports whether the match is played with clocks.
func (m *Match) Timed() bool {
	if m.net != nil {
		return m.cfg.Clock.On()
	}
	return m.tm != nil
}

// ClockLeft is what is left on c's clock now (negative once fallen), and whether it runs.
// Against a friend the protocol keeps both clocks (p2p's peer clocks): this is its count.
func (m *Match) ClockLeft(c game.Color) (time.Duration, bool) {
	if m.net != nil {
		left, run, _ := m.net.pm.ClockLeft(c)
		return left, run
	}
	if m.tm == nil {
		return 0, false
	}
	return m.tm.k.Left(c, m.tm.now()), m.tm.k.Running(c)
}

// clockWant is whose clocks should run now: bit per colour.
func (m *Match) clockWant() uint8 {
	key := clockKey{len(m.g.Entries()), m.g.Rules().Hash(), m.picked}
	if key == m.tm.key {
		return m.tm.want
	}
	var b uint8
	s := m.g.Next()
	switch s.Kind {
	case game.StepMove:
		for c := game.White; c <= game.Black; c++ {
			if s.Asks(c) && !m.onlyPass(c) {
				b |= 1 << c
			}
		}
	case game.StepDraw:
		if c, ok := m.NeedsPick(); ok {
			b |= 1 << c
		}
	}
	m.tm.key, m.tm.want = key, b
	return b
}

// onlyPass reports whether c's only legal action is a pass: the game's turn, not c's.
func (m *Match) onlyPass(c game.Color) bool {
	ms := m.g.Rules().Moves(c, nil)
	return len(ms) == 1 && ms[0].Kind == game.Pass
}

// syncClocks starts and stops the clocks to match the state (without increments: a
// decision's increment is given where it is made, decided).
func (m *Match) syncClocks() {
	if m.tm == nil {
		return
	}
	now := m.tm.now()
	want := m.clockWant()
	for c := game.White; c <= game.Black; c++ {
		switch run := m.tm.k.Running(c); {
		case want>>c&1 != 0 && !run:
			m.tm.k.Start(c, now)
		case want>>c&1 == 0 && run:
			m.tm.k.Stop(c, now, false)
		}
	}
}

// decided stops c's clock after its decision, with the increment, and records what is
// left with entry i (i < 0: a decision that is no entry, a picked number).
func (m *Match) decided(c game.Color, i int) {
	if m.tm == nil || !m.tm.k.Running(c) {
		return
	}
	now := m.tm.now()
	m.tm.k.Stop(c, now, true)
	if i >= 0 {
		m.g.SetClock(i, m.tm.k.Left(c, now))
	}
}

// checkFlag ends the game when a running clock has fallen: true if it did.
func (m *Match) checkFlag() bool {
	if m.tm == nil || m.g.Outcome().Over() {
		return false
	}
	m.syncClocks()
	c, ok := m.tm.k.Flag(m.tm.now())
	if !ok || !m.tm.k.Running(c) {
		return false
	}
	m.cancelAI()
	if err := m.g.Apply(game.Input{Kind: game.InputFlag, Player: c}); err != nil {
		m.err = err
		return false
	}
	m.offer = 0
	m.notice("")
	m.syncClocks()
	return true
}

// clockForAI tells the AI what is left on its clock before it thinks.
func (m *Match) clockForAI(c game.Color) {
	sc, ok := m.opp.(interface{ SetClock(left, inc time.Duration) })
	if !ok {
		return
	}
	if m.tm == nil {
		sc.SetClock(0, 0)
		return
	}
	left, _ := m.ClockLeft(c)
	sc.SetClock(max(time.Millisecond, left), m.cfg.Clock.Inc)
}
