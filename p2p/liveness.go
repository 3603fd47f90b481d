package p2p

import (
	"errors"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// Liveness: no result rests on the loser's cooperation. Every step at which one side
// waits for the other (a move, a seal, an opening, a draw contribution, a reveal, an
// answer to a takeback request, the end-of-game audit) has a deadline; once it has
// passed, the waiting side may claim the game (ClaimWin) while the link is up, and a
// link that stays down as long may be claimed as abandoned. A fault the other side
// caused (a bad frame, a broken commitment, an illegal action) may be claimed at once.
// A game the rules have ended counts only once the audit is done (Result: Awaiting until
// then), so a withheld or failed audit is a win for the side that waited.
//
// The deadline is a timer per step with one length for every step (Config.Deadline,
// DefaultDeadline when zero). In a timed game a step that runs the owing side's clock
// has that clock for its deadline instead (limit): once this side's count, less the
// tolerance, shows it out of time, the flag may be claimed (ClaimFlag), the link up or
// down. Steps that run no clock (reveals, draws, the audit) keep the fixed deadline.

// DefaultDeadline is how long a side may take over a step it owes in an untimed game.
const DefaultDeadline = 2 * time.Minute

// Owed is what one side waits for from the other.
type Owed uint8

const (
	OwedNone   Owed = iota
	OwedMove        // a move
	OwedSeal        // a sealed simultaneous move (ours is sealed)
	OwedOpen        // the opening of a sealed move (ours is open)
	OwedDraw        // a contribution to a shared draw (ours is out)
	OwedReveal      // a secret the rules ask for
	OwedAnswer      // an answer to a takeback request, without which we may not move
	OwedAudit       // the end-of-game audit: its Final, every secret opened
	owedEnd
)

var owedNames = [...]string{"nothing", "a move", "a sealed move", "the opening of a sealed move",
	"a draw contribution", "a secret the rules ask for", "an answer to the takeback request",
	"the end-of-game audit"}

func (o Owed) String() string {
	if int(o) < len(owedNames) {
		return owedNames[o]
	}
	return fmt.Sprintf("owed %d", uint8(o))
}

// ClaimKind is what a claim of the game rests on.
type ClaimKind uint8

const (
	ClaimDeadline  ClaimKind = iota + 1 // the other side let a step's deadline pass, the link up
	ClaimAbandoned                      // the link stayed down past the deadline
	ClaimFault                          // the other side broke the protocol (Claim.Err is the *Fault)
	ClaimFlag                           // the other side's clock ran out (a loss, or a draw: the flag rule)
)

// Claim is why this side may claim the game (Match.Claimable) or did (Result.Claim).
type Claim struct {
	Kind ClaimKind
	Owed Owed  // ClaimDeadline: what was not sent in time
	Err  error // ClaimFault: the fault
	// Lost: this side is the one the claim was made against (the opponent's claim).
	Lost bool
}

// Reason says in plain words what the claim rests on, loser being the side that lost
// by it: the result's reason.
func (c Claim) Reason(loser game.Color) string {
	switch c.Kind {
	case ClaimDeadline:
		return fmt.Sprintf("%v did not send %v in time", loser, c.Owed)
	case ClaimAbandoned:
		return fmt.Sprintf("%v abandoned the game", loser)
	case ClaimFault:
		return fmt.Sprintf("%v broke the match protocol", loser)
	case ClaimFlag:
		return fmt.Sprintf("%v ran out of time", loser)
	}
	return "claimed"
}

// Standing is how far a game's result is settled.
type Standing uint8

const (
	Playing  Standing = iota // the game goes on
	Awaiting                 // the rules ended it; the other side's audit has not checked out yet
	Verified                 // both logs agree and every secret checked out: the result is final
	Claimed                  // a claim ended the match (Result.Claim says which): the result is final
)

var standingNames = [...]string{"playing", "awaiting verification", "verified", "claimed"}

func (s Standing) String() string {
	if int(s) < len(standingNames) {
		return standingNames[s]
	}
	return "standing?"
}

// Result is the current game's result as far as it is settled.
type Result struct {
	Standing Standing
	Outcome  game.Outcome // Awaiting: what the rules say, not yet final
	Claim    *Claim       // Claimed: what the claim rests on
}

// Errors of the liveness calls.
var (
	ErrNoClaim = errors.New("there is nothing to claim: the opponent owes nothing overdue")
	// ErrClaimed is why a match stopped after this side claimed the game.
	ErrClaimed = errors.New("the game was claimed")
	// ErrForfeited is why a match stopped after the opponent claimed the game.
	ErrForfeited = errors.New("the opponent claimed the game")
)

// liveness is the deadlines-and-claims sub-protocol of a match: what each side owes,
// the timer that says when a wait has lasted too long, the link's absence, and the
// verdict of a claim. ClaimWin is its sending half; onForfeit and onFlag its receiving.
type liveness struct {
	waits    [2]waiting // what the opponent owes us, what we owe it
	timer    *time.Timer
	offSince time.Time // the link is down since (zero while up)
	verdict  *Result   // a claim's result, once made
}

// waiting is one side's debt: what it owes, identified by where in the game, and since when.
type waiting struct {
	what  Owed
	key   waitKey
	since time.Time
}

// waitKey names a step owed: a new key is a new step, with a new deadline.
type waitKey struct {
	game  int
	what  Owed
	ply   int
	draw  uint32
	valid bool
}

// Wait says what this side waits for from the opponent, and when that wait began
// (OwedNone when it waits for nothing).
func (m *Match) Wait() (Owed, time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.live.waits[0].what, m.live.waits[0].since
}

// Deadline is how long the opponent may take over the step it owes now.
func (m *Match) Deadline() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.limit()
}

// SetDeadline changes the deadline of every step (a restored match takes the page's).
func (m *Match) SetDeadline(d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.cfg.Deadline = d
	m.live.waits = [2]waiting{}
	m.tick()
}

// limit is the deadline of the step the opponent owes now: in a timed game, while its
// clock runs, what is left on it as this side counts (never below zero); else the fixed
// deadline.
func (m *Match) limit() time.Duration {
	if m.pc != nil && m.pc.k.Running(m.me.Other()) {
		left, _ := m.pc.Left(m.me.Other())
		return max(0, left)
	}
	return m.fixedLimit()
}

// fixedLimit is the deadline of a step that runs no clock.
func (m *Match) fixedLimit() time.Duration {
	if m.cfg.Deadline > 0 {
		return m.cfg.Deadline
	}
	return DefaultDeadline
}

// onClock reports whether side c's clock governs its wait now (a timed game, its clock
// running): then the flag, not a deadline, ends the wait.
func (m *Match) onClock(c game.Color) bool { return m.pc != nil && m.pc.k.Running(c) }

func (m *Match) clock() time.Time {
	if m.now != nil {
		return m.now()
	}
	return time.Now()
}

// owes is what side c owes the other now, and a key naming the step (a new step, a
// new deadline).
func (m *Match) owes(c game.Color) (Owed, waitKey) {
	gs := m.gs
	if gs == nil || gs.audit.done || m.stopped != nil {
		return OwedNone, waitKey{}
	}
	n := len(gs.pub)
	peer := c != m.me
	st := gs.r.Next()
	what := OwedNone
	switch st.Kind {
	case game.StepOver:
		if peer && gs.audit.peer == nil && gs.audit.len == n {
			what = OwedAudit
		}
	case game.StepReveal:
		if st.Owner == c {
			what = OwedReveal
		}
	case game.StepDraw:
		if gs.draw.owed(peer) {
			what = OwedDraw
		}
	case game.StepMove:
		switch {
		case st.Players == 3:
			what = gs.seal.owed(peer)
		case st.Asks(c):
			what = OwedMove
		case peer && gs.offers.mine[OfferTakeback]:
			what = OwedAnswer
		case !peer && gs.offers.peer[OfferTakeback]:
			what = OwedAnswer
		}
	}
	if what == OwedNone {
		return OwedNone, waitKey{}
	}
	return what, waitKey{m.games, what, n, gs.draw.next, true}
}

// tick brings both sides' debts up to date after a change: a new step starts a new
// deadline, and a timer says when it has passed (EvOverdue).
func (m *Match) tick() {
	if m.syncClocks() {
		// Its flag may fall before it owes anything we wait for (both choose at once).
		m.armLimit()
	}
	now := m.clock()
	for i, c := range [2]game.Color{m.me.Other(), m.me} {
		what, key := m.owes(c)
		w := &m.live.waits[i]
		if key == w.key {
			continue
		}
		*w = waiting{what: what, key: key, since: now}
		if i == 0 && what != OwedNone {
			m.armLimit()
		}
	}
}

// armLimit arms the timer for the opponent's wait: its deadline, or, on its clock, the
// moment its flag may be claimed.
func (m *Match) armLimit() {
	if m.onClock(m.me.Other()) {
		m.arm(m.limit() + ClockTolerance + time.Millisecond)
		return
	}
	m.arm(m.limit())
}

// arm pushes EvOverdue in d if by then the game may be claimed (a wait has lasted its
// deadline, or the link has been down as long). One timer serves every wait.
func (m *Match) arm(d time.Duration) {
	if m.live.timer != nil {
		m.live.timer.Reset(d)
		return
	}
	m.live.timer = time.AfterFunc(d, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if c, ok := m.claimable(); ok && c.Kind != ClaimFault && m.stopped == nil {
			m.ev.push(Event{Kind: EvOverdue})
		}
	})
}

// Claimable reports whether this side may claim the game now, and on what.
func (m *Match) Claimable() (Claim, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.claimable()
}

func (m *Match) claimable() (Claim, bool) {
	if m.gs == nil || m.live.verdict != nil || m.gs.audit.done {
		return Claim{}, false
	}
	if f, ok := AsFault(m.stopped); ok && f.Kind != FaultTransport {
		return Claim{Kind: ClaimFault, Err: f}, true
	}
	if m.stopped != nil {
		return Claim{}, false
	}
	if m.pc != nil && m.pc.CanClaimFlag() {
		return Claim{Kind: ClaimFlag}, true // the link up or down: its clock kept running
	}
	if m.onClock(m.me.Other()) {
		return Claim{}, false // its clock, not a deadline, ends its wait
	}
	now, d := m.clock(), m.fixedLimit()
	if !m.live.offSince.IsZero() && now.Sub(m.live.offSince) >= d {
		return Claim{Kind: ClaimAbandoned}, true
	}
	if w := m.live.waits[0]; w.what != OwedNone && now.Sub(w.since) >= d {
		if !m.live.offSince.IsZero() {
			// The link is down too: the friend has gone, not only stalled (and a
			// forfeit could not reach them anyway).
			return Claim{Kind: ClaimAbandoned}, true
		}
		return Claim{Kind: ClaimDeadline, Owed: w.what}, true
	}
	return Claim{}, false
}

// ClaimWin ends the match as won by this side, on what Claimable says. A deadline
// claim over a live link is sent to the opponent, which checks it against its own
// count; the others are recorded here only (the link is down, or the opponent cheated).
func (m *Match) ClaimWin() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.claimable()
	if !ok {
		return ErrNoClaim
	}
	out := game.Outcome{Result: game.WinFor(m.me), Reason: c.Reason(m.me.Other())}
	if c.Kind == ClaimFlag {
		out = game.FlagOutcome(m.gs.r, m.me.Other())
	}
	m.live.verdict = &Result{Standing: Claimed, Claim: &c, Outcome: out}
	switch c.Kind {
	case ClaimDeadline:
		m.send(&Msg{Type: MsgForfeit, What: uint8(c.Owed)})
	case ClaimFlag:
		m.send(&Msg{Type: MsgFlag}) // the other side checks it on its own clock, now or on resume
	}
	if m.stopped == nil {
		m.ev.push(Event{Kind: EvClaimed, Outcome: m.live.verdict.Outcome})
	}
	m.stop(ErrClaimed)
	return nil
}

// onForfeit checks the opponent's claim that we let a deadline pass: we must owe what
// it names and have owed it for the deadline, less what the link's delay explains. A
// claim that does not hold is a fault (which we may claim in turn).
func (m *Match) onForfeit(msg *Msg, fault faultFunc) *Fault {
	owed := Owed(msg.What)
	w := m.live.waits[1]
	if m.onClock(m.me) {
		return fault(FaultIllegal, "it claims a deadline for %v, but our clock governs that: only a flag can end it", owed)
	}
	d := m.fixedLimit()
	slack := d / 8
	if w.what != owed {
		return fault(FaultIllegal, "it claims the game because we did not send %v, but we owe %v", owed, w.what)
	}
	if took := m.clock().Sub(w.since); took < d-slack {
		return fault(FaultIllegal, "it claims the game on time after %v, the deadline is %v", took.Round(time.Second), d)
	}
	c := Claim{Kind: ClaimDeadline, Owed: owed, Lost: true}
	m.live.verdict = &Result{Standing: Claimed, Claim: &c,
		Outcome: game.Outcome{Result: game.WinFor(m.me.Other()), Reason: c.Reason(m.me)}}
	m.ev.push(Event{Kind: EvClaimed, Outcome: m.live.verdict.Outcome})
	m.stop(ErrForfeited)
	return nil
}

// onFlag checks the opponent's claim that our clock ran out, on our own count (see
// PeerClocks.CheckFlagClaim). One that does not hold is a fault.
func (m *Match) onFlag(msg *Msg, fault faultFunc) *Fault {
	if m.pc == nil {
		return fault(FaultIllegal, "it claims our flag in a game without clocks")
	}
	if err := m.pc.CheckFlagClaim(); err != nil {
		return fault(FaultIllegal, "it claims our flag: %v", err)
	}
	c := Claim{Kind: ClaimFlag, Lost: true}
	m.live.verdict = &Result{Standing: Claimed, Claim: &c, Outcome: game.FlagOutcome(m.gs.r, m.me)}
	m.ev.push(Event{Kind: EvClaimed, Outcome: m.live.verdict.Outcome})
	m.stop(ErrForfeited)
	return nil
}

// Result is the current game's result and how settled it is.
func (m *Match) Result() Result {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.live.verdict != nil:
		return *m.live.verdict
	case m.gs == nil:
		return Result{}
	case m.gs.audit.done:
		return Result{Standing: Verified, Outcome: m.gs.r.Outcome()}
	case m.gs.r.Outcome().Over():
		return Result{Standing: Awaiting, Outcome: m.gs.r.Outcome()}
	}
	return Result{}
}
