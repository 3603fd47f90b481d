//go:build !js

package p2p

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// The hostile peers of these tests play over real WebRTC (pion, loopback). Deadlines
// run on a clock the test moves by hand, so nothing depends on the machine's speed.

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *testClock { return &testClock{t: time.Unix(1_800_000_000, 0)} }

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// muter is a cheater's link: once mute is set (by when, on an outgoing message, or by
// the test), nothing more goes out. rewrite may change a frame first.
type muter struct {
	Conn
	mu      sync.Mutex
	muted   bool
	when    func(m *Msg) bool
	rewrite func(m *Msg) *Msg
	last    *Msg // the last message that went out
}

func (c *muter) Send(b []byte) error {
	m, err := Decode(b)
	if err != nil {
		panic(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.muted && c.when != nil && c.when(m) {
		c.muted = true
	}
	if c.muted {
		return nil
	}
	if c.rewrite != nil {
		if r := c.rewrite(m); r != nil {
			m = r
			if b, err = Encode(r); err != nil {
				panic(err)
			}
		}
	}
	c.last = m
	return c.Conn.Send(b)
}

func (c *muter) mute() {
	c.mu.Lock()
	c.muted = true
	c.mu.Unlock()
}

func (c *muter) isMuted() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.muted
}

// rtcMatch pairs a host and a guest over WebRTC, both on clock; wrap (if set) wraps
// each side's connection (host first).
func rtcMatch(t *testing.T, clock *testClock, variant string, opts []string, start string, wrap func(host bool, c Conn) Conn) (*Match, *Match) {
	t.Helper()
	hc, gc, _ := rtcPair(t)
	if wrap != nil {
		hc, gc = wrap(true, hc), wrap(false, gc)
	}
	host := NewMatch(Config{Host: true, Variant: variant, Options: opts, Start: start})
	guest := NewMatch(Config{Start: start})
	host.now, guest.now = clock.now, clock.now
	if err := guest.Start(gc); err != nil {
		t.Fatal(err)
	}
	if err := host.Start(hc); err != nil {
		t.Fatal(err)
	}
	return host, guest
}

// until polls cond (a state of the match, not a time) and fails after a long stall.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for i := 0; !cond(); i++ {
		if i > 30_000 {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// claimAfterDeadline checks that m may not claim before the deadline and may after,
// and that the claim is a win for m.
func claimAfterDeadline(t *testing.T, clock *testClock, m *Match, owed Owed) Result {
	t.Helper()
	if w, _ := m.Wait(); w != owed {
		t.Fatalf("waiting for %v, want %v", w, owed)
	}
	clock.advance(DefaultDeadline - time.Second)
	if err := m.ClaimWin(); !errors.Is(err, ErrNoClaim) {
		t.Fatalf("a claim a second before the deadline: %v", err)
	}
	clock.advance(time.Second)
	c, ok := m.Claimable()
	if !ok || c.Kind != ClaimDeadline || c.Owed != owed {
		t.Fatalf("claimable %v %+v at the deadline", ok, c)
	}
	if err := m.ClaimWin(); err != nil {
		t.Fatal(err)
	}
	r := m.Result()
	if r.Standing != Claimed || r.Outcome.Result != game.WinFor(m.Color()) {
		t.Fatalf("after the claim: %+v", r)
	}
	return r
}

// drive runs random players on both sides until stop says so (checked after every
// event) or a match ends; it returns the players.
func drive(t *testing.T, h, g *Match, seed uint64, stop func() bool) (*player, *player) {
	t.Helper()
	halt := func(p *player, ev Event) bool { return stop() }
	a := &player{m: h, rng: rand.New(rand.NewPCG(seed, 1)), choose: shortGames, hook: halt}
	b := &player{m: g, rng: rand.New(rand.NewPCG(seed, 2)), choose: shortGames, hook: halt}
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	return a, b
}

// TestRTCWithheldDraw: in probabilistic chess the side that would reveal its draw
// contribution last stops answering. The honest side waits for the draw, may not claim
// before the deadline, and wins by claiming after it, the link up.
func TestRTCWithheldDraw(t *testing.T) {
	clock := newClock()
	var cheat *muter
	h, g := rtcMatch(t, clock, "probabilistic", nil, "", func(host bool, c Conn) Conn {
		if host {
			return c
		}
		cheat = &muter{Conn: c, when: func(m *Msg) bool { return m.Type == MsgDraw }}
		return cheat
	})
	drive(t, h, g, 1, func() bool { return false })
	until(t, "the host waits for the guest's draw", func() bool { w, _ := h.Wait(); return w == OwedDraw })
	r := claimAfterDeadline(t, clock, h, OwedDraw)
	t.Logf("host (%v) waits for %v; after the deadline: %v, %q", h.Color(), OwedDraw, r.Standing, r.Outcome.Reason)
	g.Close()
}

// TestRTCSlowPeerLoses: a peer that simply does not move (an honest program, a person
// gone) is claimed against over the live link; its own side checks the claim against its
// own count and records the loss.
func TestRTCSlowPeerLoses(t *testing.T) {
	clock := newClock()
	h, g := rtcMatch(t, clock, "chess", nil, "", nil)
	slow := func(p *player, ev Event) bool {
		if _, n := p.m.LogHash(); p.m == g && ev.Kind == EvTurn && n >= 4 {
			return true // the guest stops moving
		}
		return false
	}
	a := &player{m: h, rng: rand.New(rand.NewPCG(2, 1)), hook: slow}
	b := &player{m: g, rng: rand.New(rand.NewPCG(2, 2)), hook: slow}
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	until(t, "the host waits for the guest's move, which the guest knows", func() bool {
		w, _ := h.Wait()
		_, n := h.LogHash()
		_, gn := g.LogHash()
		return w == OwedMove && n >= 4 && gn == n
	})
	r := claimAfterDeadline(t, clock, h, OwedMove)
	<-done
	<-done
	gr := g.Result()
	if gr.Standing != Claimed || gr.Claim == nil || !gr.Claim.Lost || gr.Outcome != r.Outcome {
		t.Fatalf("the slow side's result: %+v, the claimer's %+v", gr, r)
	}
	t.Logf("claimer: %v %q; the slow side: %v %q (lost %v)", r.Standing, r.Outcome.Reason, gr.Standing, gr.Outcome.Reason, gr.Claim.Lost)
}

// TestRTCFalseClaim: a claim on time when nothing was overdue is a fault, and the side
// it was made against may claim the game.
func TestRTCFalseClaim(t *testing.T) {
	clock := newClock()
	var cheat *muter
	h, g := rtcMatch(t, clock, "chess", nil, "", func(host bool, c Conn) Conn {
		if !host {
			return c
		}
		cheat = &muter{Conn: c}
		cheat.rewrite = func(m *Msg) *Msg {
			if m.Type == MsgMove && m.Ply >= 4 {
				cheat.muted = true // what follows is not sent: the claim goes instead
				return &Msg{Type: MsgForfeit, Seq: m.Seq, Ack: m.Ack, Hash: m.Hash, What: uint8(OwedMove)}
			}
			return nil
		}
		return cheat
	})
	drive(t, h, g, 3, func() bool { return false })
	until(t, "the guest stops on the false claim", func() bool { return g.Err() != nil })
	f, ok := AsFault(g.Err())
	if !ok || f.Kind != FaultIllegal || !strings.Contains(f.Detail, "claims the game") {
		t.Fatalf("fault %v", g.Err())
	}
	c, ok := g.Claimable()
	if !ok || c.Kind != ClaimFault {
		t.Fatalf("claimable %v %+v", ok, c)
	}
	if err := g.ClaimWin(); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Standing != Claimed || r.Outcome.Result != game.WinFor(g.Color()) {
		t.Fatalf("result %+v", r)
	}
	t.Logf("guest: %v; then claimed: %q", f, g.Result().Outcome.Reason)
	h.Close()
}

// TestRTCJunkCrossingDraw: the cheater offers a draw; once the honest side has accepted
// it, a forged frame that crossed the acceptance arrives. The honest game stays drawn by
// agreement (it used to go back to "ongoing"), and the fault is a claimable win.
func TestRTCJunkCrossingDraw(t *testing.T) {
	clock := newClock()
	var cheat *muter
	h, g := rtcMatch(t, clock, "chess", nil, "", func(host bool, c Conn) Conn {
		if host {
			cheat = &muter{Conn: c}
			return cheat
		}
		return c
	})
	var offered sync.Once
	ready := make(chan struct{})
	hook := func(p *player, ev Event) bool {
		_, n := p.m.LogHash()
		if p.m == h && ev.Kind == EvTurn && n >= 6 {
			offered.Do(func() {
				cheat.when = func(m *Msg) bool { return m.Type != MsgOffer } // after the offer, silence
				if err := h.OfferDraw(); err != nil {
					t.Error(err)
				}
				close(ready)
			})
			return true
		}
		if p.m == g && ev.Kind == EvOffer && ev.What == OfferDraw {
			if err := g.Answer(OfferDraw, true); err != nil {
				t.Error(err)
			}
			return true
		}
		return false
	}
	a := &player{m: h, rng: rand.New(rand.NewPCG(4, 1)), hook: hook}
	b := &player{m: g, rng: rand.New(rand.NewPCG(4, 2)), hook: hook}
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	<-ready
	until(t, "the guest accepts the draw", func() bool { return g.View().Outcome().Over() })
	before := g.Log()
	// The junk: a move in the host's name, numbered after the offer, confirming nothing
	// newer than the offer did (so it crossed the acceptance), naming no real state.
	cheat.mu.Lock()
	offer := cheat.last
	cheat.mu.Unlock()
	if offer.Type != MsgOffer {
		t.Fatalf("the last frame out was a %v", offer.Type)
	}
	junk := &Msg{Type: MsgMove, Seq: offer.Seq + 1, Ack: offer.Ack, Hash: PubHash{0xde, 0xad}, Ply: uint32(len(before) - 1),
		Move: game.Move{From: game.Sq(4, 1), To: game.Sq(4, 3)}}
	b2, err := Encode(junk)
	if err != nil {
		t.Fatal(err)
	}
	cheat.Conn.Send(b2)
	until(t, "the guest stops on the junk", func() bool { return g.Err() != nil })
	after := g.Log()
	if len(after) != len(before) || after[len(after)-1].Input.Kind != game.InputAgree {
		t.Fatalf("the honest log changed: %d entries, last %+v (before %d)", len(after), after[len(after)-1].Input, len(before))
	}
	if o := g.View().Outcome(); o != (game.Outcome{Result: game.Drawn, Reason: "agreement"}) {
		t.Fatalf("the honest game: %+v", o)
	}
	c, ok := g.Claimable()
	if !ok || c.Kind != ClaimFault {
		t.Fatalf("claimable %v %+v", ok, c)
	}
	t.Logf("after the junk: %d entries, last %v, outcome %v; fault %v", len(after), after[len(after)-1].Input.Kind, g.View().Outcome(), g.Err())
	h.Close()
	g.Close()
}

// crownHiddenStart: White has lost its uncrowned monarch and may hide the crown on a square.
const crownHiddenStart = "r2dk3/8/8/8/8/8/7P/4K3 w - - 0 10 crown=Kd monarchs=e1/e8d8 lost=w"

// notHere is White's cheat in Crown-3: it commits "not here" for every square of its
// hidden crown and opens every reveal so. While the truth is "not here" its reveals match
// its own game; asked on the true square, or at the end, it would have to show its hand.
type notHere struct {
	mu     sync.Mutex
	id     GameID
	nonces map[CellKey]Nonce
	ply    uint32
	truth  game.Square // the square White's program hid the crown on
}

func (c *notHere) rewrite(m *Msg) *Msg {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m.Type == MsgHello {
		c.id = m.Hello.Game
	}
	switch {
	case m.Type == MsgMove && m.Move.Kind == game.HideCrown:
		c.nonces, c.ply = map[CellKey]Nonce{}, m.Ply
		x := clone(m)
		for i, cell := range x.Cells {
			n := NewNonce()
			c.nonces[cell.Key] = n
			x.Cells[i].Digest = Commit(tagSecret, c.id, m.Ply, uint8(game.White), cellValue(Opening{Key: cell.Key, Value: 0, Nonce: n}), n)
		}
		return x
	case (m.Type == MsgReveal || m.Type == MsgFinal) && c.nonces != nil:
		x := clone(m)
		for i, o := range x.Opens {
			if n, ok := c.nonces[o.Key]; ok {
				if o.Value == 1 {
					c.truth = o.Key.Square
				}
				x.Opens[i].Value, x.Opens[i].Nonce = 0, n
			}
		}
		return x
	}
	return nil
}

// opensTruth reports whether a message of White's would have to open the true square.
func (c *notHere) opensTruth(m *Msg) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nonces == nil || (m.Type != MsgReveal && m.Type != MsgFinal) {
		return false
	}
	for _, o := range m.Opens {
		if o.Key.Kind == game.SecretSquare && o.Value == 1 {
			return true
		}
	}
	return false
}

// TestRTCCrownAllNotHere: the Crown-3 cheat found in the issue. With the reveal that
// would expose it sent, the audit catches it (a fault, claimable); with it withheld, the
// honest side's result is "awaiting verification" and the deadline makes it its win.
func TestRTCCrownAllNotHere(t *testing.T) {
	caught, withheld := 0, 0
	for seed := uint64(0); seed < 40 && (caught == 0 || withheld == 0); seed++ {
		mute := seed%2 == 1 // odd seeds: White stops answering instead of opening the truth
		clock := newClock()
		cheats := map[bool]*muter{}
		cn := &notHere{}
		h, g := rtcMatch(t, clock, "crown", []string{"kind=hidden"}, crownHiddenStart, func(host bool, c Conn) Conn {
			mc := &muter{Conn: c, rewrite: cn.rewrite}
			if mute {
				mc.when = cn.opensTruth
			}
			cheats[host] = mc
			return mc
		})
		white, black, blackIsHost := h, g, false
		until(t, "the game starts", func() bool { return h.View() != nil && g.View() != nil })
		if h.Color() == game.Black {
			white, black, blackIsHost = g, h, true
		}
		// Only White's link cheats: Black's sends what its program says.
		cheats[blackIsHost].rewrite, cheats[blackIsHost].when = nil, nil
		stopped := func() bool { return black.Err() != nil || cheats[!blackIsHost].isMuted() && blackWaits(black) }
		drive(t, h, g, seed, stopped)
		until(t, "the cheat is caught or withheld", func() bool {
			return stopped() || black.Verified() || white.Err() != nil
		})
		switch {
		case black.Err() != nil:
			f, ok := AsFault(black.Err())
			if !ok || !f.Kind.Cheat() {
				t.Fatalf("seed %d: %v", seed, black.Err())
			}
			c, ok := black.Claimable()
			if !ok || c.Kind != ClaimFault {
				t.Fatalf("seed %d: claimable %v %+v", seed, ok, c)
			}
			if err := black.ClaimWin(); err != nil {
				t.Fatal(err)
			}
			caught++
			t.Logf("seed %d: caught (crown on %v): %v; Black claims: %q", seed, cn.truth, f, black.Result().Outcome.Reason)
		case cheats[!blackIsHost].isMuted():
			w, _ := black.Wait()
			res := black.Result()
			if w == OwedAudit || res.Outcome.Over() {
				if res.Standing != Awaiting {
					t.Fatalf("seed %d: the game is over by the rules, standing %v", seed, res.Standing)
				}
			}
			before := res
			r := claimAfterDeadline(t, clock, black, w)
			withheld++
			t.Logf("seed %d: withheld (%v; %v %q before); Black claims: %q", seed, w, before.Standing, before.Outcome.Reason, r.Outcome.Reason)
		default:
			t.Logf("seed %d: no chance for the cheat (%v)", seed, black.Result().Outcome)
		}
		h.Close()
		g.Close()
	}
	if caught == 0 || withheld == 0 {
		t.Fatalf("caught %d, withheld %d: every case must come up", caught, withheld)
	}
}

// blackWaits reports whether Black waits for something of White's.
func blackWaits(m *Match) bool {
	w, _ := m.Wait()
	return w != OwedNone
}

// rawPeer is someone on a link who speaks raw frames: it records what it receives.
type rawPeer struct {
	c    Conn
	mu   sync.Mutex
	got  []*Msg
	done chan struct{}
}

func newRawPeer(c Conn) *rawPeer {
	p := &rawPeer{c: c, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for {
			b, err := c.Recv()
			if err != nil {
				return
			}
			m, err := Decode(b)
			if err != nil {
				continue
			}
			p.mu.Lock()
			p.got = append(p.got, m)
			p.mu.Unlock()
		}
	}()
	return p
}

func (p *rawPeer) send(t *testing.T, m *Msg) {
	t.Helper()
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	p.c.Send(b)
}

func (p *rawPeer) received() []*Msg {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*Msg(nil), p.got...)
}

// TestRTCResumeIntruder: the link drops mid-game; someone else with the join link pairs
// with the host and answers its Resume with a bare "yes" and a resignation in the
// friend's name. The host re-sends nothing, applies nothing, says someone else knocked,
// and the friend then resumes and finishes the game.
func TestRTCResumeIntruder(t *testing.T) {
	clock := newClock()
	h, g := rtcMatch(t, clock, "crown", []string{"kind=stones"}, "", nil)
	var once sync.Once
	cut, release := make(chan struct{}), make(chan struct{})
	intruders := 0
	var mu sync.Mutex
	hook := func(p *player, ev Event) bool {
		switch ev.Kind {
		case EvApplied:
			if _, n := p.m.LogHash(); n >= 10 {
				once.Do(func() { close(cut) })
				<-release
			}
		case EvIntruder:
			mu.Lock()
			intruders++
			mu.Unlock()
			return true
		case EvDisconnected, EvResumed:
			return true
		}
		return false
	}
	a := &player{m: h, rng: rand.New(rand.NewPCG(5, 1)), choose: shortGames, hook: hook}
	b := &player{m: g, rng: rand.New(rand.NewPCG(5, 2)), choose: shortGames, hook: hook}
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	<-cut
	h.mu.Lock()
	hc := h.conn
	h.mu.Unlock()
	hc.Close()
	logBefore, nBefore := h.LogHash()
	// The intruder's link.
	ic, xc, _ := rtcPair(t)
	x := newRawPeer(xc)
	if err := h.Resume(ic); err != nil {
		t.Fatal(err)
	}
	x.send(t, &Msg{Type: MsgResume, Nonce: NewNonce()})
	x.send(t, &Msg{Type: MsgProof, Mac: Digest{1}, RecvSeq: 1 << 20, Yes: true})
	x.send(t, &Msg{Type: MsgResign, Seq: 1 << 20, Hash: h.Hash()})
	<-x.done // the host hangs up on it
	for _, m := range x.received() {
		if m.Type != MsgResume && m.Type != MsgProof {
			t.Fatalf("the host sent the intruder a %v", m.Type)
		}
	}
	if d, n := h.LogHash(); d != logBefore || n != nBefore || h.Err() != nil {
		t.Fatalf("the intruder changed the host's match: %d plies (was %d), err %v", n, nBefore, h.Err())
	}
	// The friend comes back.
	hc2, gc2, _ := rtcPair(t)
	if err := h.Resume(hc2); err != nil {
		t.Fatal(err)
	}
	if err := g.Resume(gc2); err != nil {
		t.Fatal(err)
	}
	close(release)
	<-done
	<-done
	agree(t, a, b)
	mu.Lock()
	defer mu.Unlock()
	if intruders != 1 {
		t.Fatalf("%d intruder events", intruders)
	}
	_, n := h.LogHash()
	t.Logf("the intruder received only %d frames (challenge and proof); the friend resumed at ply %d and the game ended at %d: %v", len(x.received()), nBefore, n, a.out[0])
	h.Close()
	g.Close()
}

// TestRTCColoursStand: a host that sees its colour before opening its coin aborts and
// pairs again in the same room with a new coin, or a new game: the guest, remembering the
// first flip, refuses. Paired again honestly, the first flip's colours stand.
func TestRTCColoursStand(t *testing.T) {
	var coinOut *muter
	hc, gc, _ := rtcPair(t)
	coinOut = &muter{Conn: hc, when: func(m *Msg) bool { return m.Type == MsgCoin }}
	h1 := NewMatch(Config{Host: true, Variant: "chess"})
	g1 := NewMatch(Config{})
	g1.Start(gc)
	h1.Start(coinOut)
	until(t, "the host knows its colour", func() bool { return h1.View() != nil && g1.Flip() != nil })
	hostFlip, guestFlip := h1.Flip(), g1.Flip()
	first := h1.Color()
	h1.Close()
	g1.Close()
	for _, again := range []struct {
		name string
		cfg  Config
	}{
		{"a new coin", Config{Host: true, Variant: "chess", Game: mustMemo(t, hostFlip).Game}},
		{"a new game", Config{Host: true, Variant: "chess"}},
	} {
		hc, gc, _ := rtcPair(t)
		h := NewMatch(again.cfg)
		g := NewMatch(Config{Flip: guestFlip})
		g.Start(gc)
		h.Start(hc)
		until(t, "the guest refuses", func() bool { return g.Err() != nil })
		f, ok := AsFault(g.Err())
		if !ok || f.Kind != FaultHandshake || !strings.Contains(f.Detail, "colours again") {
			t.Fatalf("%s: %v", again.name, g.Err())
		}
		t.Logf("host pairs again with %s: %v", again.name, f)
		h.Close()
		g.Close()
	}
	for range 3 {
		hc, gc, _ := rtcPair(t)
		h := NewMatch(Config{Host: true, Variant: "chess", Flip: hostFlip})
		g := NewMatch(Config{Flip: guestFlip})
		g.Start(gc)
		h.Start(hc)
		until(t, "the game starts on both sides", func() bool { return h.View() != nil && g.View() != nil })
		if h.Color() != first || g.Color() != first.Other() {
			t.Fatalf("paired again: host %v, first %v", h.Color(), first)
		}
		h.Close()
		g.Close()
	}
	t.Logf("paired again 3 times with the memos: the host is %v each time", first)
}

func mustMemo(t *testing.T, b []byte) flipMemo {
	var f flipMemo
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestRTCDrawOfferLapses: a draw offer lapses when the other side moves after seeing it,
// in the protocol: the mover can no longer accept it, and a forged acceptance after the
// move is a fault.
func TestRTCDrawOfferLapses(t *testing.T) {
	clock := newClock()
	var cheat *muter
	h, g := rtcMatch(t, clock, "chess", nil, "", func(host bool, c Conn) Conn {
		if host {
			return c
		}
		cheat = &muter{Conn: c}
		return cheat
	})
	var lapsed [2]int
	var mu sync.Mutex
	var offerOnce, moveOnce sync.Once
	moved := make(chan struct{})
	hook := func(p *player, ev Event) bool {
		_, n := p.m.LogHash()
		mu.Lock()
		defer mu.Unlock()
		switch {
		case ev.Kind == EvLapsed:
			if ev.Mine {
				lapsed[0]++
			} else {
				lapsed[1]++
			}
			return true
		case p.m == h && ev.Kind == EvTurn && n >= 4:
			offerOnce.Do(func() { h.OfferDraw() })
			if n >= 6 {
				return true // the host waits from here
			}
		case p.m == g && ev.Kind == EvOffer:
			return true // seen, not answered: the guest moves on its turn
		case p.m == g && ev.Kind == EvApplied && ev.Mine && n >= 6:
			moveOnce.Do(func() { cheat.mute(); close(moved) })
			return true
		}
		return false
	}
	a := &player{m: h, rng: rand.New(rand.NewPCG(6, 1)), hook: hook}
	b := &player{m: g, rng: rand.New(rand.NewPCG(6, 2)), hook: hook}
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	<-moved
	if err := g.Answer(OfferDraw, true); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("accepting after moving: %v", err)
	}
	until(t, "the host sees its offer lapse", func() bool { mu.Lock(); defer mu.Unlock(); return lapsed[0] == 1 })
	// The cheater accepts anyway, after its move.
	cheat.mu.Lock()
	last := cheat.last
	cheat.mu.Unlock()
	b2, _ := Encode(&Msg{Type: MsgAnswer, What: OfferDraw, Yes: true, Seq: last.Seq + 1, Ack: last.Ack, Hash: h.Hash()})
	cheat.Conn.Send(b2)
	until(t, "the host refuses the late acceptance", func() bool { return h.Err() != nil })
	f, ok := AsFault(h.Err())
	if !ok || f.Kind != FaultIllegal {
		t.Fatalf("%v", h.Err())
	}
	if o := h.View().Outcome(); o.Over() {
		t.Fatalf("the game ended: %v", o)
	}
	t.Logf("lapsed: host's offer %d, guest's view %d; the late acceptance: %v", lapsed[0], lapsed[1], f)
	h.Close()
	g.Close()
}

// TestRTCChatFlood: 5,000 chat lines as fast as the link takes them. The receiver lets
// through a burst, writes no snapshot for them, and the game goes on.
func TestRTCChatFlood(t *testing.T) {
	clock := newClock()
	hc, gc, _ := rtcPair(t)
	var saves int
	var mu sync.Mutex
	h := NewMatch(Config{Host: true, Variant: "chess"})
	g := NewMatch(Config{Save: func([]byte) { mu.Lock(); saves++; mu.Unlock() }})
	h.now, g.now = clock.now, clock.now
	g.Start(gc)
	h.Start(hc)
	until(t, "the game starts", func() bool { return h.View() != nil && g.View() != nil })
	mu.Lock()
	saves0 := saves
	mu.Unlock()
	const n = 5000
	for range n {
		if err := h.Chat(":gg:"); err != nil {
			t.Fatal(err)
		}
	}
	// Every line has arrived once the guest has read all the host sent until now: the
	// host's own pings and acks (timed by the real clock, frequent on a busy machine)
	// take sequence numbers among the lines.
	h.mu.Lock()
	sent := h.outSeq
	h.mu.Unlock()
	until(t, "every line arrives", func() bool { g.mu.Lock(); defer g.mu.Unlock(); return g.inSeq >= sent })
	mu.Lock()
	flooded := saves - saves0
	mu.Unlock()
	g.mu.Lock()
	dropped := g.chat.dropped
	g.mu.Unlock()
	// The game goes on; the guest's player reads the events the flood left queued.
	a := &player{m: h, rng: rand.New(rand.NewPCG(8, 1)), choose: shortGames}
	b := &player{m: g, rng: rand.New(rand.NewPCG(8, 2)), choose: shortGames}
	playBoth(t, a, b)
	if a.err != nil || b.err != nil || !g.Verified() {
		t.Fatalf("after the flood: %v %v", a.err, b.err)
	}
	chats := 0
	for _, ev := range b.events {
		if ev.Kind == EvChat {
			chats++
		}
	}
	if flooded != 0 || chats != chatBurst || chats+dropped != n {
		t.Fatalf("%d snapshots, %d chat events, %d dropped", flooded, chats, dropped)
	}
	t.Logf("%d lines: %d events, %d dropped, %d snapshots written for them; the game then ended %v", n, chats, dropped, flooded, b.out)
	h.Close()
	g.Close()
}

// TestRTCChainRenewal: with draw chains of 8 links, long games of pillar chess (a die
// roll every move) and probabilistic chess renew their chains as they go: the games end
// checked on both sides. A peer that lets its chain run out without sending the next
// head is caught at the first draw past it, and a match restored from a snapshot taken
// after a renewal goes on with it.
func TestRTCChainRenewal(t *testing.T) {
	defer func(n int) { chainLen = n }(chainLen)
	chainLen = 8
	for i, v := range []string{"pillar", "probabilistic"} {
		long := 0 // games long enough to need a second chain (random games may end early)
		for seed := uint64(0); seed < 12 && long < 1; seed++ {
			hc, gc, _ := rtcPair(t)
			c, d := &sizeCounter{Conn: hc}, &sizeCounter{Conn: gc}
			h, g := pairOn(t, c, d, v)
			a := &player{m: h, rng: rand.New(rand.NewPCG(uint64(i)*100+seed, 1)), choose: shortGames}
			b := &player{m: g, rng: rand.New(rand.NewPCG(uint64(i)*100+seed, 2)), choose: shortGames}
			playBoth(t, a, b)
			agree(t, a, b)
			renewals := len(c.byType[MsgChain]) + len(d.byType[MsgChain])
			draws := len(c.byType[MsgDraw])
			if draws > chainLen {
				long++
				if renewals < 2 {
					t.Fatalf("%s: %d draws, %d renewals", v, draws, renewals)
				}
				t.Logf("%s: %d draws each, %d chains of %d renewed, %v", v, draws, renewals, chainLen, a.out[0])
			}
			h.Close()
			g.Close()
		}
		if long == 0 {
			t.Fatalf("%s: no game was longer than a chain", v)
		}
	}
	// The cheat: the guest's next chain head never goes out.
	hc, gc, _ := rtcPair(t)
	drop := &muter{Conn: gc}
	drop.rewrite = func(m *Msg) *Msg {
		if m.Type == MsgChain {
			return &Msg{Type: MsgAck, Seq: m.Seq, Ack: m.Ack, Hash: m.Hash} // in its place, nothing
		}
		return nil
	}
	h, g := pairOn(t, hc, drop, "pillar")
	a := &player{m: h, rng: rand.New(rand.NewPCG(9, 1)), choose: shortGames}
	b := &player{m: g, rng: rand.New(rand.NewPCG(9, 2)), choose: shortGames}
	playBoth(t, a, b)
	f, ok := AsFault(a.err)
	if !ok || f.Kind != FaultIllegal || !strings.Contains(f.Detail, "past the end of its chain") {
		t.Fatalf("host: %v", a.err)
	}
	t.Logf("a chain run out: %v", f)
	h.Close()
	g.Close()
	for seed := range uint64(2) {
		crashAndRestore(t, "pillar", nil, seed+4)
	}
}

// TestRTCGuestPlaysTheLinkedGame: a host that proposes another start than the link names
// (a queen missing, a halfmove clock of 149) or another game is refused by the guest with
// a clear fault before any game starts; the start the link names is played.
func TestRTCGuestPlaysTheLinkedGame(t *testing.T) {
	for _, c := range []struct {
		name, variant, start string
		want                 string
	}{
		{"a queen missing", "chess", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "another start position"},
		{"a halfmove clock of 149", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 149 1", "another start position"},
		{"another game", "forced", "", "the host proposes forced"},
	} {
		hc, gc, _ := rtcPair(t)
		h := NewMatch(Config{Host: true, Variant: c.variant, Start: c.start})
		g := NewMatch(Config{Variant: "chess"}) // the link names standard chess
		g.Start(gc)
		h.Start(hc)
		until(t, "the guest refuses", func() bool { return g.Err() != nil })
		f, ok := AsFault(g.Err())
		if !ok || f.Kind != FaultHandshake || !strings.Contains(f.Detail, c.want) || g.View() != nil {
			t.Fatalf("%s: %v", c.name, g.Err())
		}
		t.Logf("%s: %v", c.name, f)
		h.Close()
		g.Close()
	}
	// A guest whose link names no game (an older link) still takes only the variant's start.
	hc, gc, _ := rtcPair(t)
	h := NewMatch(Config{Host: true, Variant: "chess", Start: "4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1"})
	g := NewMatch(Config{})
	g.Start(gc)
	h.Start(hc)
	until(t, "the guest refuses", func() bool { return g.Err() != nil })
	if f, ok := AsFault(g.Err()); !ok || f.Kind != FaultHandshake || g.View() != nil {
		t.Fatalf("a link naming no game, a custom start: %v", g.Err())
	}
	t.Logf("a link naming no game, a custom start: %v", g.Err())
	h.Close()
	g.Close()
	// The linked start is played, and both sides report it.
	const start = "r2dk3/8/8/8/8/8/7P/4K3 w - - 0 10 crown=Kd monarchs=e1/e8d8 lost=w"
	hc, gc, _ = rtcPair(t)
	h = NewMatch(Config{Host: true, Variant: "crown", Options: []string{"kind=hidden"}, Start: start})
	g = NewMatch(Config{Variant: "crown", Options: []string{"kind=hidden"}, Start: start})
	g.Start(gc)
	h.Start(hc)
	until(t, "the game starts", func() bool { return h.View() != nil && g.View() != nil })
	if _, _, s := g.Game(); s != start || g.View().Position().At(game.Sq(3, 0)) != game.NoPiece {
		t.Fatalf("the guest plays from %q", s)
	}
	h.Close()
	g.Close()
}
