package p2p

import (
	"encoding/json"
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
	g2, err := RestoreMatch(snap, save)
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

// savedSnapshot plays a few plies of a Crown-3 game and returns the guest's snapshot.
func savedSnapshot(t testing.TB) []byte {
	ca, cb := Pipe()
	var mu sync.Mutex
	var saved []byte
	h := NewMatch(Config{Host: true, Variant: "crown", Options: []string{"kind=hidden"}, Start: crownHiddenStartPipe})
	g := NewMatch(Config{Start: crownHiddenStartPipe, Save: func(b []byte) { mu.Lock(); saved = append(saved[:0], b...); mu.Unlock() }})
	g.Start(cb)
	h.Start(ca)
	a := &player{m: h, rng: rand.New(rand.NewPCG(1, 1)), choose: shortGames}
	b := &player{m: g, rng: rand.New(rand.NewPCG(1, 2)), choose: shortGames}
	playBoth(t, a, b)
	mu.Lock()
	defer mu.Unlock()
	return append([]byte(nil), saved...)
}

const crownHiddenStartPipe = "r2dk3/8/8/8/8/8/7P/4K3 w - - 0 10 crown=Kd monarchs=e1/e8d8 lost=w"

// TestRestoreRefusesDamage: a snapshot whose fields no match could have written (storage
// edited or damaged) is refused with a reason, never restored into a panic.
func TestRestoreRefusesDamage(t *testing.T) {
	snap := savedSnapshot(t)
	if _, err := RestoreMatch(snap, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ field, value string }{
		{"Me", "7"}, {"Role", "3"}, {"Games", "0"}, {"DrawNext", "0"}, {"ChainLen", "100000000"},
		{"FinalLen", "99999"}, {"PeerAck", "1099511627777"}, {"MyTakeN", "4000"},
	} {
		var m map[string]any
		if err := json.Unmarshal(snap, &m); err != nil {
			t.Fatal(err)
		}
		var v any
		json.Unmarshal([]byte(c.value), &v)
		m[c.field] = v
		b, _ := json.Marshal(m)
		if _, err := RestoreMatch(b, nil); err == nil {
			t.Fatalf("%s = %s restored", c.field, c.value)
		} else {
			t.Logf("%s = %s: %v", c.field, c.value, err)
		}
	}
}

// FuzzRestoreMatch: no snapshot, however damaged, panics the restore or the calls a page
// makes on what it restored.
func FuzzRestoreMatch(f *testing.F) {
	f.Add(savedSnapshot(f))
	f.Add([]byte(`{"Version":3,"Host":false,"Role":1,"Me":9}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := RestoreMatch(b, nil)
		if err != nil {
			return
		}
		m.View()
		m.Log()
		m.Result()
		m.Claimable()
		m.Snapshot()
		ca, cb := Pipe()
		m.Resume(ca)
		cb.Close()
		m.Close()
	})
}
