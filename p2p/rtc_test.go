//go:build !js

package p2p

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// rtcPair connects two native peers over real WebRTC on loopback, exchanging the offer
// and answer codes in-process, and reports how long it took.
func rtcPair(t testing.TB) (Conn, Conn, time.Duration) {
	t.Helper()
	start := time.Now()
	cfg := RTCConfig{Loopback: true}
	h, err := NewHost(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGuest(cfg, h.Offer())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var gc Conn
	var gerr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); gc, gerr = g.Connect(ctx) }()
	hc, err := h.Connect(ctx, g.Answer())
	wg.Wait()
	t.Logf("offer code %d characters, answer code %d", len(h.Offer()), len(g.Answer()))
	if err != nil || gerr != nil {
		t.Fatalf("connect: host %v, guest %v", err, gerr)
	}
	return hc, gc, time.Since(start)
}

func TestRTCLink(t *testing.T) {
	hc, gc, setup := rtcPair(t)
	var setups []time.Duration
	for range 5 {
		a, b, d := rtcPair(t)
		setups = append(setups, d)
		a.Close()
		b.Close()
	}
	slices.Sort(setups)
	t.Logf("connection setup (offer, answer, ICE, DTLS, SCTP, channel open) over 6: first %v, median %v, worst %v", setup, setups[2], setups[4])
	defer hc.Close()
	defer gc.Close()
	// Ping-pong frames the size of a move message.
	go func() {
		for {
			b, err := gc.Recv()
			if err != nil {
				return
			}
			gc.Send(b)
		}
	}()
	msg := make([]byte, 57)
	var rtts []time.Duration
	for range 200 {
		t0 := time.Now()
		if err := hc.Send(msg); err != nil {
			t.Fatal(err)
		}
		if _, err := hc.Recv(); err != nil {
			t.Fatal(err)
		}
		rtts = append(rtts, time.Since(t0))
	}
	slices.Sort(rtts)
	t.Logf("round trip of a 57-byte frame over 200: median %v, worst %v", rtts[len(rtts)/2], rtts[len(rtts)-1])
	// A closed link ends Recv on the other side.
	hc.Close()
	done := make(chan error, 1)
	go func() {
		for {
			if _, err := gc.Recv(); err != nil {
				done <- err
				return
			}
		}
	}()
	select {
	case err := <-done:
		if err != ErrClosed {
			t.Fatalf("after close: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the guest never noticed the host closed")
	}
}

// TestRTCGames plays a game of every kind between two native peers over WebRTC on
// loopback, and measures how long a move takes from Play to the opponent's log.
func TestRTCGames(t *testing.T) {
	var lat []time.Duration
	var mu sync.Mutex
	for i, gs := range gameSetups {
		hc, gc, _ := rtcPair(t)
		h, g := pairOn(t, hc, gc, gs.variant, gs.opts...)
		var played sync.Map // log length → when its move was played
		timed := func(p *player, ev Event) bool {
			switch ev.Kind {
			case EvTurn:
				_, n := p.m.LogHash()
				played.Store(n, time.Now())
			case EvApplied:
				if !ev.Mine && ev.Input.Kind == game.InputMove {
					_, n := p.m.LogHash()
					if t0, ok := played.Load(n - 1); ok {
						mu.Lock()
						lat = append(lat, time.Since(t0.(time.Time)))
						mu.Unlock()
					}
				}
			}
			return false
		}
		a := &player{m: h, rng: rand.New(rand.NewPCG(uint64(i), 1)), choose: shortGames, hook: timed}
		b := &player{m: g, rng: rand.New(rand.NewPCG(uint64(i), 2)), choose: shortGames, hook: timed}
		playBoth(t, a, b)
		agree(t, a, b)
		_, n := h.LogHash()
		t.Logf("%s %v: %d plies, %v", gs.variant, gs.opts, n, a.out[0])
		h.Close()
		g.Close()
	}
	slices.Sort(lat)
	t.Logf("move latency (Play to the opponent's log) over %d moves: median %v, worst %v", len(lat), lat[len(lat)/2], lat[len(lat)-1])
}

// TestRTCDropAndResume cuts the WebRTC connection mid-game, pairs again with new codes
// and resumes: the game goes on and both logs agree.
func TestRTCDropAndResume(t *testing.T) {
	hc, gc, _ := rtcPair(t)
	h, g := pairOn(t, hc, gc, "crown", "kind=stones")
	var once sync.Once
	cut, release := make(chan struct{}), make(chan struct{})
	hook := func(p *player, ev Event) bool {
		switch ev.Kind {
		case EvApplied:
			if _, n := p.m.LogHash(); n >= 12 {
				once.Do(func() { close(cut) })
				<-release // both players pause while the link is cut and re-paired
			}
		case EvDisconnected, EvResumed:
			return true
		}
		return false
	}
	a := &player{m: h, rng: rand.New(rand.NewPCG(3, 1)), choose: shortGames, hook: hook}
	b := &player{m: g, rng: rand.New(rand.NewPCG(3, 2)), choose: shortGames, hook: hook}
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	<-cut
	hc.Close() // the link fails; both sides keep their logs
	hc2, gc2, setup := rtcPair(t)
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
	resumed := 0
	for _, e := range a.events {
		if e.Kind == EvResumed {
			resumed++
		}
	}
	if resumed != 1 {
		t.Fatalf("host resumed %d times", resumed)
	}
	_, n := h.LogHash()
	t.Logf("re-paired in %v; game of %d plies finished: %v", setup, n, a.out[0])
	h.Close()
	g.Close()
}

// TestRTCAIGames: the AI (level easy) against random moves, each side a native peer over
// WebRTC on loopback: the AI plays on its view, as it will in the browser. (Every game is
// played random against random in TestRTCGames; the AI's slower games are left out here
// to keep the suite fast.)
func TestRTCAIGames(t *testing.T) {
	level, err := ai.LevelByName("easy")
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	aiSetups := []struct {
		variant string
		opts    []string
	}{{"chess", nil}, {"forced", nil}, {"crown", nil}, {"simultaneous", nil}}
	for i, gs := range aiSetups {
		hc, gc, _ := rtcPair(t)
		h, g := pairOn(t, hc, gc, gs.variant, gs.opts...)
		eng := ai.NewEngine(4)
		smart := func(r game.Rules, me game.Color, moves []game.Move, rng *rand.Rand) game.Move {
			p := level.Params(r.Variant(), 0, rng.Uint64())
			p.Player = me
			res, err := eng.Search(context.Background(), r, p)
			if err != nil {
				return moves[rng.IntN(len(moves))]
			}
			return res.Move
		}
		a := &player{m: h, rng: rand.New(rand.NewPCG(uint64(i), 1)), choose: smart}
		b := &player{m: g, rng: rand.New(rand.NewPCG(uint64(i), 2))}
		playBoth(t, a, b)
		agree(t, a, b)
		if a.out[0].Result == game.WinFor(h.Color()) {
			wins++
		}
		_, n := h.LogHash()
		t.Logf("%s %v: AI as %v, %d plies: %v", gs.variant, gs.opts, h.Color(), n, a.out[0])
		h.Close()
		g.Close()
	}
	t.Logf("the AI won %d of %d games against random moves", wins, len(aiSetups))
}
