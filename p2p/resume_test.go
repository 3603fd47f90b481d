package p2p

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// TestDropAndResume cuts the connection several times mid-game, losing whatever was in
// flight, and resumes on a new one: no move may be lost and both logs must agree.
func TestDropAndResume(t *testing.T) {
	for _, gs := range append([]gameSetup{{toyName, nil}}, gameSetups...) {
		for seed := range uint64(4) {
			dropAndResume(t, gs.variant, gs.opts, seed)
		}
	}
}

// dropper cuts its link after a number of sent frames, as a network would, losing what
// is in flight both ways; cut is signalled once.
type dropper struct {
	Conn
	*cutter
}

// cutter is shared by both ends of one link: the first to run out of frames cuts it.
type cutter struct {
	mu    sync.Mutex
	left  int
	cut   chan struct{}
	fired bool
}

func (d *dropper) Send(b []byte) error {
	d.mu.Lock()
	d.left--
	fire := d.left < 0 && !d.fired
	if fire {
		d.fired = true
	}
	d.mu.Unlock()
	if fire {
		d.Conn.Close()
		d.cut <- struct{}{}
		return ErrClosed
	}
	return d.Conn.Send(b)
}

func dropAndResume(t *testing.T, variant string, opts []string, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 9))
	cut := make(chan struct{}, 4)
	link := func() (Conn, Conn) {
		ca, cb := Pipe()
		c := &cutter{left: 1 + rng.IntN(12), cut: cut}
		return &dropper{ca, c}, &dropper{cb, c}
	}
	ca, cb := link()
	host, guest := pairOn(t, ca, cb, variant, opts...)
	resumed := 0
	var mu sync.Mutex
	keepOn := func(p *player, ev Event) bool {
		switch ev.Kind {
		case EvDisconnected:
			return true // the test reconnects
		case EvResumed:
			mu.Lock()
			resumed++
			mu.Unlock()
			return true
		}
		return false
	}
	a := &player{m: host, rng: rand.New(rand.NewPCG(seed, 1)), hook: keepOn, choose: shortGames}
	b := &player{m: guest, rng: rand.New(rand.NewPCG(seed, 2)), hook: keepOn, choose: shortGames}
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	drops := 0
	for finished := 0; finished < 2; {
		select {
		case <-done:
			finished++
		case <-cut:
			drops++
			ca, cb = link()
			if drops > 6 { // enough: let the game finish
				ca, cb = Pipe()
			}
			if err := host.Resume(ca); err != nil {
				t.Fatal(err)
			}
			if err := guest.Resume(cb); err != nil {
				t.Fatal(err)
			}
		}
	}
	agree(t, a, b)
	_, n := host.LogHash()
	if drops == 0 {
		t.Fatalf("%s seed %d: the link never dropped", variant, seed)
	}
	t.Logf("%s %v seed %d: %d plies, %d drops, %d resumes", variant, opts, seed, n, drops, resumed)
	host.Close()
	guest.Close()
}

// TestResumeDetectsDesync: a side that lost part of its log (say, its saved copy is old)
// cannot resume silently: the logs are compared by hash.
func TestResumeDetectsDesync(t *testing.T) {
	ca, cb := Pipe()
	host, guest := pairOn(t, ca, cb, "chess")
	a := &player{m: host, rng: rand.New(rand.NewPCG(1, 1))}
	b := &player{m: guest, rng: rand.New(rand.NewPCG(1, 2))}
	stopAt := func(p *player, ev Event) bool {
		if ev.Kind == EvTurn {
			if _, n := p.m.LogHash(); n >= 10 {
				return true // stop moving: the game rests at ply 10
			}
		}
		return ev.Kind == EvDisconnected
	}
	a.hook, b.hook = stopAt, stopAt
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	for {
		_, na := host.LogHash()
		_, nb := guest.LogHash()
		if na == 10 && nb == 10 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	ca.Close()
	// The guest "restores" a log that lacks the last two plies and claims all was received.
	guest.mu.Lock()
	if err := guest.gs.rewind(8); err != nil {
		t.Fatal(err)
	}
	guest.mu.Unlock()
	ca, cb = Pipe()
	host.Resume(ca)
	guest.Resume(cb)
	pa := <-done
	host.Close()
	guest.Close()
	pb := <-done
	f, ok := AsFault(pa.err)
	if !ok {
		f, ok = AsFault(pb.err)
	}
	if !ok || f.Kind != FaultDesync {
		t.Fatalf("want a desync fault, got %v / %v", pa.err, pb.err)
	}
	t.Log(f)
}

// TestOffersAndChat: draw by agreement, takeback, resignation, rematch with colours
// swapped, and chat, each through the protocol.
func TestOffersAndChat(t *testing.T) {
	t.Run("draw agreed", func(t *testing.T) {
		a, b := scripted(t, "chess", func(p *player, ev Event) bool {
			if ev.Kind == EvTurn && p.m.Color() == game.White {
				if _, n := p.m.LogHash(); n >= 6 {
					p.m.OfferDraw()
					return true
				}
			}
			if ev.Kind == EvOffer && ev.What == OfferDraw {
				p.m.Answer(OfferDraw, true)
				return true
			}
			return false
		})
		if a.out[0].Result != game.Drawn || a.out[0].Reason != "agreement" {
			t.Fatalf("outcome %v", a.out[0])
		}
		_ = b
	})
	t.Run("resign", func(t *testing.T) {
		a, _ := scripted(t, "chess", func(p *player, ev Event) bool {
			if ev.Kind == EvTurn && p.m.Color() == game.Black {
				if _, n := p.m.LogHash(); n >= 5 {
					p.m.Resign()
					return true
				}
			}
			return false
		})
		if a.out[0].Result != game.WhiteWins {
			t.Fatalf("outcome %v", a.out[0])
		}
	})
	t.Run("takeback", func(t *testing.T) {
		var took sync.Map
		a, b := scripted(t, "chess", func(p *player, ev Event) bool {
			switch ev.Kind {
			case EvTurn:
				// White asks once, at ply 8, to take back the last two plies.
				if _, n := p.m.LogHash(); n == 8 && p.m.Color() == game.White {
					if _, asked := took.LoadOrStore("asked", true); !asked {
						if err := p.m.OfferTakeback(2); err != nil {
							panic(err)
						}
						return true
					}
				}
			case EvOffer:
				if ev.What == OfferTakeback {
					_, n := p.m.LogHash()
					took.Store("before", n)
					if err := p.m.Answer(OfferTakeback, true); err != nil {
						panic(err)
					}
					return true
				}
			case EvTakeback:
				took.Store(p.m.Color(), ev.N)
			}
			return false
		})
		for _, c := range []game.Color{game.White, game.Black} {
			if n, _ := took.Load(c); n != 2 {
				t.Fatalf("%v took back %v plies, want 2", c, n)
			}
		}
		_, _ = a, b
	})
	t.Run("rematch swaps colours and chat arrives", func(t *testing.T) {
		var chats sync.Map
		a, b := scriptedN(t, toyName, 3, func(p *player, ev Event) bool {
			switch ev.Kind {
			case EvStart:
				p.m.Chat("hello from " + ev.Color.String())
			case EvChat:
				chats.Store(p.m.Color().String()+ev.Text, true)
			}
			return false
		})
		var colours []game.Color
		for _, e := range a.events {
			if e.Kind == EvStart {
				colours = append(colours, e.Color)
			}
		}
		if len(colours) != 3 || colours[0] == colours[1] || colours[1] == colours[2] {
			t.Fatalf("host colours over three games: %v", colours)
		}
		n := 0
		chats.Range(func(k, v any) bool { n++; return true })
		if n == 0 {
			t.Fatal("no chat arrived")
		}
		_ = b
	})
}

func scripted(t *testing.T, variant string, hook func(p *player, ev Event) bool) (*player, *player) {
	return scriptedN(t, variant, 1, hook)
}

func scriptedN(t *testing.T, variant string, games int, hook func(p *player, ev Event) bool) (*player, *player) {
	t.Helper()
	ca, cb := Pipe()
	host, guest := pairOn(t, ca, cb, variant)
	a := &player{m: host, rng: rand.New(rand.NewPCG(5, 1)), hook: hook, games: games}
	b := &player{m: guest, rng: rand.New(rand.NewPCG(5, 2)), hook: hook, games: games}
	playBoth(t, a, b)
	agree(t, a, b)
	host.Close()
	guest.Close()
	return a, b
}

// TestChaos: both sides offer, ask, answer, resign, claim and chat at random moments while
// moves, draws and reveals are in flight. Whatever crosses, no honest pair may fault and
// both must end with the same log.
func TestChaos(t *testing.T) {
	setups := append([]gameSetup{{toyName, nil}, {toyName, nil}}, gameSetups...)
	for _, gs := range setups {
		variant := gs.variant
		for seed := range uint64(24) {
			ca, cb := Pipe()
			host, guest := pairOn(t, ca, cb, variant, gs.opts...)
			chaos := func(p *player, ev Event) bool {
				r := p.rng.IntN(100)
				switch ev.Kind {
				case EvOffer:
					p.m.Answer(ev.What, r < 50 || ev.What == OfferRematch)
					return true
				case EvApplied, EvTurn:
					switch {
					case r < 3:
						p.m.OfferDraw()
					case r < 6:
						p.m.OfferTakeback(1 + p.rng.IntN(2))
					case r < 7:
						p.m.Resign()
					case r < 9:
						p.m.Claim()
					case r < 11:
						p.m.Chat("!")
					}
				}
				return false
			}
			a := &player{m: host, rng: rand.New(rand.NewPCG(seed, 1)), hook: chaos, games: 2, choose: shortGames}
			b := &player{m: guest, rng: rand.New(rand.NewPCG(seed, 2)), hook: chaos, games: 2, choose: shortGames}
			playBoth(t, a, b)
			if a.err != nil || b.err != nil {
				t.Fatalf("%s %v seed %d: host %v; guest %v", variant, gs.opts, seed, a.err, b.err)
			}
			agree(t, a, b)
			host.Close()
			guest.Close()
		}
	}
}
