//go:build !js

package p2p

import (
	"cmp"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// These tests run two timed matches over the in-memory Pipe, each side on its own clock,
// with the frames held until the test delivers them: so the link's delay is what the test
// says, on a time the test moves by hand.

// held is a link end whose frames wait in out until the test delivers them; rewrite (if
// set) changes a frame on its way out (a lying peer).
type held struct {
	Conn
	mu      sync.Mutex
	out     [][]byte
	rewrite func(*Msg)
}

func (h *held) Send(b []byte) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.rewrite != nil {
		m, err := Decode(b)
		if err != nil {
			panic(err)
		}
		h.rewrite(m)
		if b, err = Encode(m); err != nil {
			panic(err)
		}
	}
	h.out = append(h.out, append([]byte(nil), b...))
	return nil
}

// timedPair is two timed matches on held links: the host, the guest, their links, and
// the true time (the guest's own clock is guestNow of it).
type timedPair struct {
	t          *testing.T
	h, g       *Match
	hl, gl     *held
	now        time.Time
	hostNow    func(true time.Time) time.Time
	guestNow   func(true time.Time) time.Time
	oneWay     time.Duration
	mu         sync.Mutex
	start      time.Time
	rng        *rand.Rand
	trueUsed   [2]time.Duration // each side's true thinking time
	trueDecide [2]int
	turnStart  [2]time.Time         // when each side's turn began, truly (it received the other's move)
	kingsOnly  bool                 // the sides move their kings only
	pongLate   time.Duration        // the guest's frames after a host's move (its pong) come this much late
	jitter     func() time.Duration // added to the link's delay on each hop (nil: none)
}

// hop is the link's delay for one delivery.
func (p *timedPair) hop() time.Duration {
	if p.jitter == nil {
		return p.oneWay
	}
	return p.oneWay + p.jitter()
}

func newTimedPair(t *testing.T, ctl clock.Control, start string, oneWay time.Duration) *timedPair {
	t.Helper()
	return newTimedPairOf(t, "chess", ctl, start, oneWay)
}

func newTimedPairOf(t *testing.T, variant string, ctl clock.Control, start string, oneWay time.Duration) *timedPair {
	t.Helper()
	a, b := Pipe()
	p := &timedPair{t: t, hl: &held{Conn: a}, gl: &held{Conn: b}, oneWay: oneWay,
		now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), rng: rand.New(rand.NewPCG(7, 7))}
	p.start = p.now
	p.hostNow = func(t time.Time) time.Time { return t }
	p.guestNow = func(t time.Time) time.Time { return t }
	p.h = NewMatch(Config{Host: true, Variant: variant, Start: start, Clock: ctl})
	p.g = NewMatch(Config{Variant: variant, Start: start, Clock: ctl})
	p.h.now = func() time.Time { p.mu.Lock(); defer p.mu.Unlock(); return p.hostNow(p.now) }
	p.g.now = func() time.Time { p.mu.Lock(); defer p.mu.Unlock(); return p.guestNow(p.now) }
	return p
}

func (p *timedPair) run() {
	p.t.Helper()
	if err := p.g.Start(p.gl); err != nil {
		p.t.Fatal(err)
	}
	if err := p.h.Start(p.hl); err != nil {
		p.t.Fatal(err)
	}
	for i := 0; i < 10 && (p.started(p.h) == false || p.started(p.g) == false || p.pending()); i++ {
		p.flush()
	}
	if !p.started(p.h) || !p.started(p.g) {
		p.t.Fatalf("the games did not start: %v, %v", p.h.Err(), p.g.Err())
	}
	// White's clock started when its side started the game: count from what it shows.
	w, _ := p.side(game.White)
	p.trueUsed[game.White] = p.cfgBase(w) - left(p.t, w, game.White)
	p.turnStart[game.White] = p.now
}

func (p *timedPair) cfgBase(m *Match) time.Duration { return m.TimeControl().Base }

func (p *timedPair) started(m *Match) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.gs != nil
}

func (p *timedPair) pending() bool {
	p.hl.mu.Lock()
	defer p.hl.mu.Unlock()
	p.gl.mu.Lock()
	defer p.gl.mu.Unlock()
	return len(p.hl.out)+len(p.gl.out) > 0
}

func (p *timedPair) advance(d time.Duration) {
	p.mu.Lock()
	p.now = p.now.Add(d)
	p.mu.Unlock()
}

// deliver passes what from has sent to m (the other side) and waits until m has read it.
func (p *timedPair) deliver(from *held, to *Match) {
	p.t.Helper()
	from.mu.Lock()
	out := from.out
	from.out = nil
	from.mu.Unlock()
	if len(out) == 0 {
		return
	}
	last, err := Decode(out[len(out)-1])
	if err != nil {
		p.t.Fatal(err)
	}
	for _, b := range out {
		from.Conn.Send(b)
	}
	until(p.t, "the frames are read", func() bool {
		to.mu.Lock()
		defer to.mu.Unlock()
		return to.inSeq >= last.Seq || to.stopped != nil
	})
}

// flush delivers one way and then the other, each after the link's delay.
func (p *timedPair) flush() {
	p.advance(p.hop())
	p.deliver(p.hl, p.g)
	p.advance(p.hop() + p.pongLate)
	p.deliver(p.gl, p.h)
}

func (p *timedPair) side(c game.Color) (*Match, *held) {
	if p.h.Color() == c {
		return p.h, p.hl
	}
	return p.g, p.gl
}

// move lets side c think for think and play a random legal move; the move reaches the
// other side after the link's delay (and its pong comes back after as long).
func (p *timedPair) move(c game.Color, think time.Duration) {
	p.t.Helper()
	m, l := p.side(c)
	p.advance(think)
	p.trueUsed[c] += p.now.Sub(p.turnStart[c])
	p.trueDecide[c]++
	v := m.View()
	moves := v.Moves(c, nil)
	if len(moves) == 0 {
		p.t.Fatalf("%v has no move", c)
	}
	mv := moves[p.rng.IntN(len(moves))]
	if p.kingsOnly {
		for _, k := range moves {
			if strings.HasPrefix(v.MoveText(k), "K") {
				mv = k
				break
			}
		}
	}
	if err := m.Play(mv); err != nil {
		p.t.Fatal(err)
	}
	other, _ := p.side(c.Other())
	p.advance(p.hop())
	p.deliver(l, other)
	p.turnStart[c.Other()] = p.now
	p.advance(p.hop())
	ol := p.hl
	if other == p.g {
		ol = p.gl
		p.advance(p.pongLate)
	}
	p.deliver(ol, m) // the pong
	p.deliver(l, other)
}

// trueLeft is side c's time left on its true thinking.
func (p *timedPair) trueLeft(c game.Color, ctl clock.Control) time.Duration {
	return ctl.Base - p.trueUsed[c] + time.Duration(p.trueDecide[c])*ctl.Inc
}

func left(t *testing.T, m *Match, c game.Color) time.Duration {
	t.Helper()
	d, _, ok := m.ClockLeft(c)
	if !ok {
		t.Fatal("no clocks")
	}
	return d
}

// TestPeerClocksLyingAndSkewed: over a 40 ms link, the guest lies about its times or runs
// on a system clock hours off and 2% slow. The host never sees the guest with more time
// than it truly has plus the tolerance per decision, and its own clock is its own time.
// A guest that also answers the pings a second late (so the shortest round trip reads
// the cap) and claims just under the bound that allows, over a long game, gains no more
// than the lag quota lets it: LagQuotaStart + n×(LagQuotaGain − its true round trip)
// over n decisions, where the per-decision bound alone would give it the tolerance and a
// second each. An honest guest over a jittery 100–300 ms link is charged exactly its
// thinking, and so is the host in the guest's count.
func TestPeerClocksLyingAndSkewed(t *testing.T) {
	ctl := clock.Control{Base: 5 * time.Minute, Inc: 2 * time.Second}
	const oneWay = 40 * time.Millisecond
	// mostLie claims just under what the host's bound accepts once its shortest round
	// trip reads the cap: the largest credit a liar can get per decision without the quota.
	mostLie := func(d time.Duration) time.Duration { return max(0, d-maxRTT-ClockTolerance+2*oneWay+time.Millisecond) }
	rng := rand.New(rand.NewPCG(3, 9))
	cases := []struct {
		name     string
		lie      func(time.Duration) time.Duration
		skew     time.Duration
		slow     float64
		think    time.Duration
		plies    int
		oneWay   time.Duration
		pongLate time.Duration
		jitter   func() time.Duration
		most     time.Duration // the most the guest may gain over the whole game
		exact    bool          // neither side is charged anything but its thinking
	}{
		{name: "honest", think: 3 * time.Second, exact: true},
		{name: "claims a third", lie: func(d time.Duration) time.Duration { return d / 3 }, think: 3 * time.Second},
		{name: "claims zero", lie: func(time.Duration) time.Duration { return 0 }, think: 3 * time.Second},
		{name: "shaves 450 ms", lie: func(d time.Duration) time.Duration { return max(0, d-450*time.Millisecond) }, think: 3 * time.Second, most: 15 * ClockTolerance},
		{name: "clock 3 h ahead, 2% slow", skew: 3 * time.Hour, slow: 0.02, think: 10 * time.Second, most: 15 * ClockTolerance},
		{name: "clock 47 min behind", skew: -47 * time.Minute, think: 3 * time.Second},
		{name: "pongs 1 s late, claims the most, clock 3 h ahead, 60 plies", lie: mostLie, skew: 3 * time.Hour,
			think: 3 * time.Second, plies: 60, pongLate: time.Second, most: LagQuotaStart + 30*(LagQuotaGain-2*oneWay)},
		{name: "honest over a jittery 100–300 ms link, 60 plies", think: 3 * time.Second, plies: 60, oneWay: 50 * time.Millisecond,
			jitter: func() time.Duration { return time.Duration(rng.IntN(101)) * time.Millisecond }, exact: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plies := cmp.Or(tc.plies, 30)
			p := newTimedPair(t, ctl, "", cmp.Or(tc.oneWay, oneWay))
			p.pongLate, p.jitter = tc.pongLate, tc.jitter
			p.guestNow = func(tr time.Time) time.Time {
				return p.start.Add(tc.skew + time.Duration(float64(tr.Sub(p.start))*(1-tc.slow)))
			}
			if tc.lie != nil {
				p.gl.rewrite = func(m *Msg) {
					if m.Type == MsgMove || m.Type == MsgSeal {
						m.Took = tc.lie(m.Took)
					}
				}
			}
			p.run()
			if rtt := p.h.RoundTrip(); tc.jitter == nil && rtt != 2*p.oneWay+tc.pongLate {
				t.Fatalf("the host measured a round trip of %v over a %v link, pongs %v late", rtt, p.oneWay, tc.pongLate)
			}
			guest := p.g.Color()
			host := guest.Other()
			// Each side's clock is compared while it stands: after its own decision, once
			// the other side has received it (a running clock is counted from different
			// moments on the two sides, a link's delay apart).
			var seen, truly time.Duration
			for i := 0; i < plies; i++ {
				c := game.Color(i % 2)
				think := 1500 * time.Millisecond
				if c == guest {
					think = tc.think
				}
				p.move(c, think)
				switch {
				case c == guest:
					seen, truly = left(t, p.h, guest), p.trueLeft(guest, ctl)
				case tc.exact:
					if seen, truly := left(t, p.g, host), p.trueLeft(host, ctl); seen != truly {
						t.Fatalf("ply %d: the guest sees the host at %v, truly %v: it charged it %v", i+1, seen, truly, truly-seen)
					}
				}
			}
			gain := seen - truly
			if gain > tc.most {
				t.Errorf("the host sees the guest at %v, truly %v: it gained %v, more than %v", seen, truly, gain, tc.most)
			}
			if tc.exact && gain != 0 {
				t.Errorf("the host charged the honest guest %v for its lag", -gain)
			}
			if gain < -time.Duration(plies/2+1)*2*p.oneWay {
				t.Errorf("the honest host charged the guest %v more than the link explains", -gain)
			}
			// The one difference: which side saw the game start first (a one-way delay).
			slack := p.oneWay + 100*time.Millisecond + tc.pongLate
			if own, truly := left(t, p.h, host), p.trueLeft(host, ctl); own-truly > slack || truly-own > slack {
				t.Errorf("the host's own clock shows %v, truly %v", own, truly)
			}
			t.Logf("guest seen %v, truly %v (gain %v, bound %v); host %v; the guest's quota left %v", seen, truly, gain, tc.most, left(t, p.h, host), p.h.pc.LagQuota())
		})
	}
}

// stallAndClaim plays a few moves, then the side to move stalls: the waiting side may
// not claim its flag before its count less the tolerance shows it out of time, and may
// after. away: the staller's link drops first.
func stallAndClaim(t *testing.T, start string, away bool) (claimer, staller *Match) {
	ctl := clock.Control{Base: 20 * time.Second, Inc: time.Second}
	p := newTimedPair(t, ctl, start, 30*time.Millisecond)
	p.kingsOnly = start != ""
	p.run()
	for i := 0; i < 4; i++ {
		p.move(game.Color(i%2), time.Second)
	}
	// White to move, and stalls.
	staller, _ = p.side(game.White)
	claimer, _ = p.side(game.Black)
	if away {
		p.hl.Conn.Close()
		until(t, "the claimer sees the link drop", func() bool {
			claimer.mu.Lock()
			defer claimer.mu.Unlock()
			return !claimer.live.offSince.IsZero()
		})
	}
	seen := left(t, claimer, game.White)
	if d := claimer.Deadline(); d != seen {
		t.Errorf("the deadline of the stalled move is %v, the staller's clock shows %v", d, seen)
	}
	p.advance(seen + ClockTolerance - time.Millisecond)
	if c, ok := claimer.Claimable(); ok {
		t.Fatalf("claimable %+v a millisecond before the flag may be claimed", c)
	}
	if err := claimer.ClaimWin(); !errors.Is(err, ErrNoClaim) {
		t.Fatalf("an early claim: %v", err)
	}
	p.advance(time.Millisecond)
	c, ok := claimer.Claimable()
	if !ok || c.Kind != ClaimFlag {
		t.Fatalf("claimable %v %+v once the flag fell", ok, c)
	}
	if err := claimer.ClaimWin(); err != nil {
		t.Fatal(err)
	}
	if !away {
		p.deliver(claimerLink(p, claimer), staller)
	}
	return claimer, staller
}

func claimerLink(p *timedPair, m *Match) *held {
	if m == p.h {
		return p.hl
	}
	return p.gl
}

// TestPeerFlagClaimConnected: the flag claimed over a live link holds on the stalled
// side's own count: both record a loss on time.
func TestPeerFlagClaimConnected(t *testing.T) {
	claimer, staller := stallAndClaim(t, "", false)
	r, sr := claimer.Result(), staller.Result()
	if r.Standing != Claimed || r.Claim.Kind != ClaimFlag || r.Outcome.Result != game.WinFor(game.Black) {
		t.Fatalf("the claimer's result %+v", r)
	}
	if sr.Standing != Claimed || sr.Claim == nil || sr.Claim.Kind != ClaimFlag || !sr.Claim.Lost || sr.Outcome != r.Outcome {
		t.Fatalf("the staller's result %+v (err %v), the claimer's %+v", sr, staller.Err(), r)
	}
	t.Logf("claimer %q, staller %q", r.Outcome.Reason, sr.Outcome.Reason)
}

// TestPeerFlagClaimAway: the staller's link is down; its clock runs on, and the flag is
// claimed on it (not as an abandonment, which would take the fixed deadline).
func TestPeerFlagClaimAway(t *testing.T) {
	claimer, _ := stallAndClaim(t, "", true)
	r := claimer.Result()
	if r.Standing != Claimed || r.Claim.Kind != ClaimFlag || r.Outcome.Result != game.WinFor(game.Black) {
		t.Fatalf("the claimer's result %+v", r)
	}
	t.Logf("claimer %q", r.Outcome.Reason)
}

// TestPeerFlagDraw: the side whose flag falls has a queen, the claimer a lone king that
// cannot win: the flag draws, on both sides.
func TestPeerFlagDraw(t *testing.T) {
	claimer, staller := stallAndClaim(t, "7k/8/8/8/8/8/8/1KQ5 w - - 0 1", false)
	r, sr := claimer.Result(), staller.Result()
	if r.Outcome.Result != game.Drawn || sr.Outcome != r.Outcome || sr.Standing != Claimed {
		t.Fatalf("results %+v and %+v", r, sr)
	}
	t.Logf("%q", r.Outcome.Reason)
}

// TestPeerFlagClaimEarly: a flag claimed while the other side still has time is a fault
// there, which that side may claim.
func TestPeerFlagClaimEarly(t *testing.T) {
	ctl := clock.Control{Base: 20 * time.Second}
	p := newTimedPair(t, ctl, "", 30*time.Millisecond)
	p.run()
	p.move(game.White, time.Second)
	p.move(game.Black, time.Second)
	black, bl := p.side(game.Black)
	white, _ := p.side(game.White)
	black.mu.Lock()
	black.send(&Msg{Type: MsgFlag}) // Black claims White's flag after a second of its 20
	black.mu.Unlock()
	p.advance(5 * time.Second)
	p.deliver(bl, white)
	f, ok := AsFault(white.Err())
	if !ok || f.Kind != FaultIllegal || !strings.Contains(f.Detail, "flag") {
		t.Fatalf("fault %v", white.Err())
	}
	if c, ok := white.Claimable(); !ok || c.Kind != ClaimFault {
		t.Fatalf("claimable %v %+v", ok, c)
	}
	t.Logf("%v", f)
}

// TestPeerClockMismatch: a guest whose link names another time control refuses the host.
func TestPeerClockMismatch(t *testing.T) {
	a, b := Pipe()
	h := NewMatch(Config{Host: true, Variant: "chess", Clock: clock.Control{Base: 5 * time.Minute, Inc: 3 * time.Second}})
	g := NewMatch(Config{Variant: "chess", Clock: clock.Control{Base: 3 * time.Minute, Inc: 2 * time.Second}})
	g.Start(b)
	h.Start(a)
	until(t, "the guest refuses", func() bool { return g.Err() != nil })
	f, ok := AsFault(g.Err())
	if !ok || f.Kind != FaultHandshake || !strings.Contains(f.Detail, "time control 5+3, the link names 3+2") {
		t.Fatalf("fault %v", g.Err())
	}
	t.Logf("%v", f)
	h.Close()
}

// TestPeerClocksSaved: a saved timed match keeps both clocks, and the one that ran goes on
// running for the time the page was closed.
func TestPeerClocksSaved(t *testing.T) {
	ctl := clock.Control{Base: time.Minute, Inc: time.Second}
	p := newTimedPair(t, ctl, "", 30*time.Millisecond)
	p.run()
	for i := 0; i < 3; i++ {
		p.move(game.Color(i%2), 2*time.Second)
	}
	m, _ := p.side(game.White) // Black to move: White waits
	b, err := m.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	white, black := left(t, m, game.White), left(t, m, game.Black)
	p.advance(7 * time.Second)
	r, err := restoreMatch(b, nil, m.now)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.TimeControl(); got != ctl {
		t.Fatalf("restored control %v", got)
	}
	w, wrun, _ := r.ClockLeft(game.White)
	k, krun, _ := r.ClockLeft(game.Black)
	if w != white || wrun || k != black-7*time.Second || !krun {
		t.Fatalf("restored clocks White %v (runs %v), Black %v (runs %v); saved %v and %v, 7 s ago", w, wrun, k, krun, white, black)
	}
	if r.RoundTrip() != m.RoundTrip() {
		t.Fatalf("round trip %v, saved %v", r.RoundTrip(), m.RoundTrip())
	}
	p.h.Close()
	p.g.Close()
}

// TestPeerOldVersion: a peer of protocol version 2 is refused with a clear message.
func TestPeerOldVersion(t *testing.T) {
	a, b := Pipe()
	g := NewMatch(Config{})
	g.Start(b)
	frame, err := Encode(&Msg{Type: MsgResign, Seq: 1})
	if err != nil {
		t.Fatal(err)
	}
	frame[1] = 2
	a.Send(frame)
	until(t, "the guest refuses", func() bool { return g.Err() != nil })
	f, ok := AsFault(g.Err())
	if !ok || f.Kind != FaultVersion || !strings.Contains(f.Error(), "protocol version 2, this program speaks 3") {
		t.Fatalf("fault %v", g.Err())
	}
	t.Logf("%v", f)
}

// TestPeerFlagAfterLateMove: White's flag falls, and White moves anyway: the move does
// not lift the flag; Black may claim it, and White's device accepts the claim.
func TestPeerFlagAfterLateMove(t *testing.T) {
	ctl := clock.Control{Base: 10 * time.Second, Inc: 5 * time.Second}
	p := newTimedPair(t, ctl, "", 30*time.Millisecond)
	p.run()
	p.move(game.White, time.Second)
	p.move(game.Black, time.Second)
	white, _ := p.side(game.White)
	black, bl := p.side(game.Black)
	p.move(game.White, 15*time.Second) // 14 s were left (the increment of its first move)
	if left := left(t, black, game.White); left > -ClockTolerance {
		t.Fatalf("Black counts %v left for White after its late move", left)
	}
	c, ok := black.Claimable()
	if !ok || c.Kind != ClaimFlag {
		t.Fatalf("claimable %v %+v after the late move", ok, c)
	}
	if err := black.ClaimWin(); err != nil {
		t.Fatal(err)
	}
	p.deliver(bl, white)
	if r := white.Result(); r.Standing != Claimed || r.Claim == nil || r.Claim.Kind != ClaimFlag || r.Outcome.Result != game.BlackWins {
		t.Fatalf("White's result %+v (err %v)", r, white.Err())
	}
	t.Logf("White's clock on its own count %v; result %q", left(t, white, game.White), white.Result().Outcome.Reason)
}

// TestPeerClocksSimultaneous: in simultaneous chess both clocks run at once on both
// devices; each side's seal stops its own and the other charges it on arrival. After
// three rounds each side's count of the other differs from the other's own by no more
// than a round trip or so.
func TestPeerClocksSimultaneous(t *testing.T) {
	ctl := clock.Control{Base: time.Minute, Inc: time.Second}
	p := newTimedPairOf(t, "simultaneous", ctl, "", 30*time.Millisecond)
	p.run()
	for _, m := range []*Match{p.h, p.g} {
		for c := game.White; c <= game.Black; c++ {
			if _, run, _ := m.ClockLeft(c); !run {
				t.Fatalf("at the start %v's clock does not run", c)
			}
		}
	}
	var after [2][]time.Duration // each side's clock after its seals, on its own count
	for round := 0; round < 3; round++ {
		for i, m := range []*Match{p.h, p.g} {
			p.advance(time.Duration(2+i) * time.Second)
			v := m.View()
			me := m.Color()
			moves := v.Moves(me, nil)
			if err := m.Play(moves[p.rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
			if _, run, _ := m.ClockLeft(me); run {
				t.Fatalf("round %d: %v's clock runs after its seal", round, me)
			}
			after[me] = append(after[me], left(t, m, me))
			if _, ok := m.LogClocks(); len(ok) != 2*round {
				t.Fatalf("round %d: %d entries in the log once %v sealed: a sealed move is in it", round, len(ok), me)
			}
			p.flush() // the seal goes out at once
		}
		for i := 0; i < 6; i++ {
			p.flush()
		}
	}
	for _, m := range []*Match{p.h, p.g} {
		other := p.h
		if m == p.h {
			other = p.g
		}
		c := other.Color()
		seen, own := left(t, m, c), left(t, other, c)
		if d := own - seen; d < -2*p.oneWay || d > 4*p.oneWay {
			t.Errorf("%v: %v on its own count, %v on the other's", c, own, seen)
		}
		t.Logf("%v: %v on its own count, %v on the other's", c, own, seen)
		// Each revealed turn holds both players' times for the PGN's %clk: a side's own
		// as it counted them, the other's within the link's delay.
		log := m.Log()
		lefts, ok := m.LogClocks()
		var n [2]int
		for i, e := range log {
			pl := e.Input.Player
			if e.Input.Kind != game.InputMove || !ok[i] {
				t.Fatalf("entry %d (%v) has no time", i, e.Input)
			}
			want := after[pl][n[pl]]
			n[pl]++
			if d := lefts[i] - want; pl == m.Color() && d != 0 || d < -4*p.oneWay || d > 4*p.oneWay {
				t.Errorf("entry %d: %v had %v left, on its own count %v", i, pl, lefts[i], want)
			}
		}
	}
}
