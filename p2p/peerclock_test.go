package p2p

import (
	"errors"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// peerGame plays moves between an honest side (White) and a peer (Black) over a link of
// one-way delay oneWay, each on its own clock: the peer's runs skew ahead of the honest
// side's (a wrong system clock). The peer thinks think per move and claims lie(think).
// It returns both sides' clocks after the moves and the peer's true time left.
type peerGame struct {
	ctl            clock.Control
	oneWay, skew   time.Duration
	pingExtra      time.Duration // the peer answers pings this much late
	slow           float64       // the peer's clock runs this fraction slow (0.02: 2%)
	think, myThink time.Duration
	lie            func(time.Duration) time.Duration
}

func (g peerGame) play(t *testing.T, moves int) (honest, peer *PeerClocks, trueLeft time.Duration) {
	t.Helper()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	honest = NewPeerClocks(g.ctl, game.White, func() time.Time { return now })
	start := now
	peer = NewPeerClocks(g.ctl, game.Black, func() time.Time {
		return start.Add(g.skew + time.Duration(float64(now.Sub(start))*(1-g.slow)))
	})
	honest.RoundTrip(2*g.oneWay + g.pingExtra)
	peer.RoundTrip(2 * g.oneWay)
	own := clock.New(g.ctl) // the peer's true clock, on true time
	honest.Start(game.White)
	peer.Start(game.White) // both learn of the start at once (the last step of the handshake)
	for i := 0; i < moves; i++ {
		now = now.Add(g.myThink)
		sent := honest.Decide()
		honest.Start(game.Black)
		now = now.Add(g.oneWay)
		peer.Received(sent)
		peer.Start(game.Black)
		own.Start(game.Black, now)
		now = now.Add(g.think)
		took := peer.Decide()
		own.Stop(game.Black, now, true)
		claim := took
		if g.lie != nil {
			claim = g.lie(took)
		}
		peer.Start(game.White)
		now = now.Add(g.oneWay)
		honest.Received(claim)
		honest.Start(game.White)
	}
	return honest, peer, own.Left(game.Black, now)
}

// TestPeerClockHonest: an honest peer over a 40 ms link is charged exactly its own time,
// and a system clock hours off changes nothing.
func TestPeerClockHonest(t *testing.T) {
	for _, skew := range []time.Duration{0, 3 * time.Hour, -47 * time.Minute} {
		g := peerGame{ctl: clock.Control{Base: 3 * time.Minute, Inc: 2 * time.Second}, oneWay: 40 * time.Millisecond,
			skew: skew, think: 1500 * time.Millisecond, myThink: time.Second}
		honest, peer, trueLeft := g.play(t, 30)
		seen, _ := honest.Left(game.Black)
		own, _ := peer.Left(game.Black)
		if seen != trueLeft || own != trueLeft {
			t.Errorf("skew %v: the honest side sees the peer at %v, the peer itself %v, truly %v", skew, seen, own, trueLeft)
		}
		mine, _ := honest.Left(game.White)
		theirs, _ := peer.Left(game.White)
		if d := mine - theirs; d < 0 || d > g.oneWay {
			t.Errorf("skew %v: the two views of White's clock differ by %v (%v, %v)", skew, d, mine, theirs)
		}
	}
}

// TestPeerClockLiar: a peer that claims to have thought no time at all, or just under
// the bound, gains at most the tolerance per move in the honest side's count; one that
// also delays its pings gains at most what it delays them, within the cap.
func TestPeerClockLiar(t *testing.T) {
	const moves = 20
	for _, c := range []struct {
		name      string
		lie       func(time.Duration) time.Duration
		pingExtra time.Duration
		maxGain   time.Duration // per move
	}{
		{"claims zero", func(time.Duration) time.Duration { return 0 }, 0, 0},
		{"claims just under the bound", func(d time.Duration) time.Duration { return d - ClockTolerance + time.Millisecond }, 0, ClockTolerance},
		{"claims far under", func(d time.Duration) time.Duration { return d / 2 }, 0, 0},
		{"claims negative", func(time.Duration) time.Duration { return -time.Hour }, 0, 0},
		{"claims just under, pings late", func(d time.Duration) time.Duration {
			return d - ClockTolerance - 300*time.Millisecond + time.Millisecond
		}, 300 * time.Millisecond, ClockTolerance + 300*time.Millisecond},
		{"claims under, pings very late", func(d time.Duration) time.Duration { return d + 80*time.Millisecond - ClockTolerance - maxRTT }, 10 * time.Second, ClockTolerance + maxRTT},
	} {
		g := peerGame{ctl: clock.Control{Base: 3 * time.Minute, Inc: 2 * time.Second}, oneWay: 40 * time.Millisecond,
			skew: 5 * time.Hour, pingExtra: c.pingExtra, think: 4 * time.Second, myThink: time.Second, lie: c.lie}
		honest, _, trueLeft := g.play(t, moves)
		seen, _ := honest.Left(game.Black)
		gain := seen - trueLeft
		if gain > moves*c.maxGain {
			t.Errorf("%s: gained %v over %d moves, at most %v allowed", c.name, gain, moves, moves*c.maxGain)
		}
		t.Logf("%s: gained %v over %d moves (bound %v)", c.name, gain, moves, moves*c.maxGain)
	}
}

// TestPeerClockSlow: a peer whose clock runs 2% slow claims too little for every move
// without lying; it gains no more than the tolerance per move either.
func TestPeerClockSlow(t *testing.T) {
	g := peerGame{ctl: clock.Control{Base: 3 * time.Minute}, oneWay: 40 * time.Millisecond,
		slow: 0.02, think: 4 * time.Second, myThink: time.Second}
	honest, _, trueLeft := g.play(t, 20)
	seen, _ := honest.Left(game.Black)
	if gain := seen - trueLeft; gain > 20*ClockTolerance || gain < 0 {
		t.Fatalf("a slow clock gained %v over 20 moves", gain)
	} else {
		t.Logf("a 2%% slow clock gained %v over 20 moves", gain)
	}
}

// TestPeerFlagClaim: the waiting side may claim the other's flag only once its own count,
// less the tolerance, shows it out of time; the claimed side checks the claim against its
// own clock, refusing an early one. The link's state does not matter: the clock runs on.
func TestPeerFlagClaim(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	const oneWay = 60 * time.Millisecond
	ctl := clock.Control{Base: 10 * time.Second}
	a := NewPeerClocks(ctl, game.White, func() time.Time { return now })
	b := NewPeerClocks(ctl, game.Black, func() time.Time { return now.Add(2 * time.Hour) })
	a.RoundTrip(2 * oneWay)
	b.RoundTrip(2 * oneWay)
	// White moves at once; Black receives it and stalls (or its page is closed).
	a.Start(game.White)
	b.Received(a.Decide())
	a.Start(game.Black)
	now = now.Add(oneWay)
	b.Start(game.Black)
	now = now.Add(10*time.Second - oneWay)
	if a.CanClaimFlag() {
		t.Fatal("a claim at the flag itself, before the tolerance")
	}
	if err := b.CheckFlagClaim(); err != nil {
		t.Logf("an early claim is refused: %v", err)
	}
	now = now.Add(ClockTolerance)
	if !a.CanClaimFlag() {
		t.Fatal("no claim past the flag and the tolerance")
	}
	if err := b.CheckFlagClaim(); err != nil {
		t.Fatalf("a due claim refused: %v", err)
	}
	// A claim made early (a cheat's) is refused by the claimed side.
	c := NewPeerClocks(ctl, game.Black, func() time.Time { return now })
	c.Start(game.Black)
	if err := c.CheckFlagClaim(); !errors.Is(err, ErrFlagNotDue) {
		t.Fatalf("a claim with 10 s left: %v", err)
	}
}

// TestPeerClockLagQuota: the lag a side is credited is bounded in all by the quota. A
// liar that answers pings very late (its shortest round trip reads the cap) and claims
// just under the bound gains, over 60 moves, at most LagQuotaStart + 60×(LagQuotaGain −
// its true round trip); an honest peer on a 300 ms round trip is charged nothing.
func TestPeerClockLagQuota(t *testing.T) {
	const moves = 60
	const oneWay = 40 * time.Millisecond
	liar := peerGame{ctl: clock.Control{Base: 10 * time.Minute, Inc: 2 * time.Second}, oneWay: oneWay,
		pingExtra: 10 * time.Second, think: 4 * time.Second, myThink: time.Second,
		lie: func(d time.Duration) time.Duration { return d + 2*oneWay - ClockTolerance - maxRTT + time.Millisecond }}
	honest, _, trueLeft := liar.play(t, moves)
	seen, _ := honest.Left(game.Black)
	bound := LagQuotaStart + moves*(LagQuotaGain-2*oneWay)
	if gain := seen - trueLeft; gain > bound || gain < 0 {
		t.Errorf("the liar gained %v over %d moves, the quota allows %v", gain, moves, bound)
	} else {
		t.Logf("the liar gained %v over %d moves (quota bound %v; the per-move bound alone: %v)", gain, moves, bound,
			moves*(ClockTolerance+maxRTT-time.Millisecond))
	}
	fair := peerGame{ctl: clock.Control{Base: 10 * time.Minute, Inc: 2 * time.Second}, oneWay: 150 * time.Millisecond,
		skew: time.Hour, think: 4 * time.Second, myThink: time.Second}
	honest, _, trueLeft = fair.play(t, moves)
	if seen, _ := honest.Left(game.Black); seen != trueLeft {
		t.Errorf("an honest peer on a 300 ms round trip is seen at %v, truly %v", seen, trueLeft)
	}
	if q := honest.LagQuota(); q != LagQuotaMax {
		t.Errorf("its quota ran down to %v", q)
	}
}
