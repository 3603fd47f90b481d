package p2p

import (
	"errors"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// Clocks between peers, without a server to keep time. Both pages run both clocks, each
// with its own clock only: every duration is measured as a difference of this page's
// times, so a peer's wrong system clock changes nothing, and the only times that cross
// the link are durations.
//
//   - With each decision a side sends its own elapsed time for it (its thinking, from
//     receiving the other's action to sending its own).
//   - The receiver measured the same turn from sending its own action to receiving the
//     answer: the thinking plus one round trip. It accepts the claimed time when it is no
//     less than its measurement less the shortest round trip it has seen and a tolerance
//     (jitter); otherwise it charges its whole measurement.
//   - The difference it accepts (the lag credit) is further limited, as lichess limits
//     its lag compensation, by a quota: a reserve that starts at LagQuotaStart, gives
//     each decision at most what it holds, refills by LagQuotaGain per decision and holds
//     at most LagQuotaMax. So over n decisions a side is credited at most
//     LagQuotaStart + n×LagQuotaGain in all, whatever it claims and however late it
//     answers the pings (delayed pongs make the shortest round trip read up to the 1 s
//     cap, which alone would let a liar take the tolerance and a second per decision).
//     A liar whose true round trip is r gains over its true time at most
//     LagQuotaStart + n×(LagQuotaGain − r): less than the tolerance per decision, about
//     25 s over 60 decisions on a fast link, where without the quota it could take 90 s.
//     An honest side whose every round trip is at most LagQuotaGain is never charged
//     for its lag.
//   - The waiting side may claim the other's flag once its own measurement, less the
//     tolerance, exceeds the other's time; the claimed side checks the claim against its
//     own count (its own clock shows no more than the tolerance and a round trip left).
//     While the link is down the other's clock keeps running (as on lichess), so the
//     claim holds then too.

// ClockTolerance is the slack of the peer clocks: the most a side may gain per decision
// by lying about its time, and the jitter of a round trip an honest side may meet.
const ClockTolerance = 500 * time.Millisecond

// The lag-compensation quota (see above): what the receiver credits the other side in
// all for its lag, beyond its claimed thinking. A round trip of up to LagQuotaGain per
// decision is credited in full for ever; a longer one, or a lie, runs the reserve down,
// and once it is empty a decision is credited at most LagQuotaGain.
const (
	LagQuotaGain  = 400 * time.Millisecond
	LagQuotaStart = time.Second
	LagQuotaMax   = 2 * time.Second
)

// maxRTT caps the round trip used: a link slower than that is charged, not trusted. The
// round trip is the one figure a peer can bend (by answering pings late): the cap bounds
// what that buys.
const maxRTT = time.Second

// PeerClocks is one side's view of both clocks of a timed game between peers.
type PeerClocks struct {
	k     *clock.Clocks
	me    game.Color
	rtt   time.Duration // the shortest round trip seen (0: none yet)
	quota time.Duration // the other side's lag-compensation reserve
	now   func() time.Time
}

// NewPeerClocks makes side me's clocks of control ctl; now is this page's time.
func NewPeerClocks(ctl clock.Control, me game.Color, now func() time.Time) *PeerClocks {
	if now == nil {
		now = time.Now
	}
	return &PeerClocks{k: clock.New(ctl), me: me, now: now, quota: LagQuotaStart}
}

// Clocks are the clocks as this side counts them.
func (p *PeerClocks) Clocks() *clock.Clocks { return p.k }

// Left is side c's time left now, and whether its clock runs.
func (p *PeerClocks) Left(c game.Color) (time.Duration, bool) {
	return p.k.Left(c, p.now()), p.k.Running(c)
}

// RoundTrip records a measured round trip (a ping answered): the shortest is kept.
func (p *PeerClocks) RoundTrip(d time.Duration) {
	if d > 0 && (p.rtt == 0 || d < p.rtt) {
		p.rtt = d
	}
}

// rttUsed is the round trip a measurement is allowed to contain.
func (p *PeerClocks) rttUsed() time.Duration { return min(p.rtt, maxRTT) }

// Start starts side c's clock now: its turn began as this side sees it (for the other
// side: when this side's action went out; for this side: when the other's arrived).
func (p *PeerClocks) Start(c game.Color) { p.k.Start(c, p.now()) }

// Stop stops side c's clock without an increment (the rules, not c, ended its wait).
func (p *PeerClocks) Stop(c game.Color) { p.k.Stop(c, p.now(), false) }

// Decide stops this side's clock at its decision, with the increment, and returns the
// elapsed time to send with the action.
func (p *PeerClocks) Decide() time.Duration {
	return p.k.Stop(p.me, p.now(), true)
}

// Received charges the other side for the decision that just arrived, claiming it took
// claimed: accepted when it is at least this side's measurement less the round trip and
// the tolerance, else the measurement is charged; and the lag it is credited (the
// measurement less the claim) is at most what its quota holds. It returns what was
// charged.
func (p *PeerClocks) Received(claimed time.Duration) time.Duration {
	o := p.me.Other()
	if !p.k.Running(o) {
		return 0
	}
	since, _ := p.k.Since(o)
	measured := p.now().Sub(since)
	credit := time.Duration(0)
	if claimed >= 0 && claimed <= measured && claimed >= measured-p.rttUsed()-ClockTolerance {
		credit = min(measured-claimed, p.quota)
	}
	p.quota = min(p.quota-credit+LagQuotaGain, LagQuotaMax)
	charge := measured - credit
	p.k.Charge(o, charge, true)
	return charge
}

// LagQuota is what the other side's lag-compensation reserve holds now.
func (p *PeerClocks) LagQuota() time.Duration { return p.quota }

// CanClaimFlag reports whether this side may claim the other's flag now: its own
// measurement, less the tolerance, shows the other out of time. A decision that arrived
// after the flag fell does not lift it (a fallen clock gains no increment).
func (p *PeerClocks) CanClaimFlag() bool {
	return p.k.Left(p.me.Other(), p.now()) <= -ClockTolerance
}

// ErrFlagNotDue is why a claim of this side's flag is refused.
var ErrFlagNotDue = errors.New("the flag claim does not hold")

// CheckFlagClaim checks the other side's claim that this side's time ran out: this
// side's own clock must show no more than the tolerance and a round trip left (running,
// or stopped by a decision sent after it fell).
func (p *PeerClocks) CheckFlagClaim() error {
	left, _ := p.Left(p.me)
	if slack := ClockTolerance + p.rttUsed(); left > slack {
		return fmt.Errorf("%w: %v left on our clock", ErrFlagNotDue, left.Round(time.Millisecond))
	}
	return nil
}
