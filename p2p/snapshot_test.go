package p2p

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// TestCrashAndRestore: the guest's program dies mid-game; a new one restores the match
// from the last snapshot Config.Save received, re-pairs and finishes the game.
func TestCrashAndRestore(t *testing.T) {
	for _, gs := range []struct {
		variant string
		opts    []string
	}{{toyName, nil}, {"crown", []string{"kind=hidden"}}, {"crown", []string{"kind=stones"}}, {"probabilistic", nil}, {"simultaneous", nil}, {"pillar", nil}} {
		for seed := range uint64(3) {
			crashAndRestore(t, gs.variant, gs.opts, seed)
		}
	}
}

func crashAndRestore(t *testing.T, variant string, opts []string, seed uint64) {
	var mu sync.Mutex
	var saved []byte
	save := func(b []byte) {
		mu.Lock()
		saved = append(saved[:0], b...)
		mu.Unlock()
	}
	ca, cb := Pipe()
	host := NewMatch(Config{Host: true, Variant: variant, Options: opts})
	guest := NewMatch(Config{Save: save})
	guest.Start(cb)
	host.Start(ca)
	keepOn := func(p *player, ev Event) bool { return ev.Kind == EvDisconnected || ev.Kind == EvResumed }
	crash := make(chan struct{})
	var once sync.Once
	crashAt := 3 + int(seed)*2
	crashed := false
	dies := func(p *player, ev Event) bool {
		if ev.Kind == EvApplied {
			if _, n := p.m.LogHash(); n >= crashAt {
				once.Do(func() { close(crash) })
				crashed = true
			}
		}
		return crashed || keepOn(p, ev) // a dying program does nothing more
	}
	a := &player{m: host, rng: rand.New(rand.NewPCG(seed, 1)), hook: keepOn, choose: shortGames}
	b := &player{m: guest, rng: rand.New(rand.NewPCG(seed, 2)), hook: dies, choose: shortGames}
	done := make(chan *player, 3)
	go a.run(done)
	go b.run(done)
	select {
	case <-crash:
	case p := <-done:
		t.Fatalf("%s: a player stopped before the crash: %v", variant, p.err)
	}
	guest.Close() // the program dies; only the snapshot survives
	if p := <-done; p != b {
		t.Fatalf("%s: the host stopped: %v", variant, p.err)
	}
	mu.Lock()
	snap := append([]byte(nil), saved...)
	mu.Unlock()
	g2, err := RestoreMatch(snap, save, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, before := g2.LogHash()
	ca, cb = Pipe()
	host.Resume(ca)
	g2.Resume(cb)
	b2 := &player{m: g2, rng: rand.New(rand.NewPCG(seed, 3)), hook: keepOn, choose: shortGames}
	go b2.run(done)
	<-done
	<-done
	agree(t, a, b2)
	_, n := host.LogHash()
	t.Logf("%s %v: crashed at ply %d, restored %d plies (snapshot %d bytes), finished at %d: %v", variant, opts, crashAt, before, len(snap), n, a.out[0])
	host.Close()
	g2.Close()
}
