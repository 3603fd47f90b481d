//go:build !js

package p2p

import (
	"math/rand/v2"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// BenchmarkRTCMove is the native move latency over real WebRTC on loopback: one side
// plays a move, the time runs until the move is in the other side's log. Chess games of
// random moves, a new pair whenever a game ends (not timed). It also reports the mean
// size of the frames a game sends (bytes/frame).
func BenchmarkRTCMove(b *testing.B) {
	benchMove(b, func() (Conn, Conn) { hc, gc, _ := rtcPair(b); return hc, gc })
}

// BenchmarkPipeMove is the same over an in-memory pipe: the protocol's own cost per move
// (both sides' work), without the network stack's.
func BenchmarkPipeMove(b *testing.B) { benchMove(b, Pipe) }

// BenchmarkPipeMoveTimed is BenchmarkPipeMove on a clock (3+2): the peer clocks' cost.
func BenchmarkPipeMoveTimed(b *testing.B) {
	benchMoveOn(b, Pipe, clock.Control{Base: 3 * time.Minute, Inc: 2 * time.Second})
}

func benchMove(b *testing.B, link func() (Conn, Conn)) { benchMoveOn(b, link, clock.Control{}) }

func benchMoveOn(b *testing.B, link func() (Conn, Conn), ctl clock.Control) {
	rng := rand.New(rand.NewPCG(7, 7))
	var h, g *Match
	var counter *sizeCounter
	newGame := func() {
		if h != nil {
			h.Close()
			g.Close()
		}
		hc, gc := link()
		counter = &sizeCounter{Conn: hc}
		h = NewMatch(Config{Host: true, Variant: "chess", Clock: ctl})
		g = NewMatch(Config{})
		if err := g.Start(gc); err != nil {
			b.Fatal(err)
		}
		if err := h.Start(counter); err != nil {
			b.Fatal(err)
		}
		waitEv(b, h, EvStart)
		waitEv(b, g, EvStart)
	}
	newGame()
	frames, bytes := 0, 0
	b.ResetTimer()
	for range b.N {
		mover, other := h, g
		if v := h.View(); !v.Next().Asks(h.Color()) {
			mover, other = g, h
		}
		v := mover.View()
		moves := v.Moves(mover.Color(), nil)
		if err := mover.Play(moves[rng.IntN(len(moves))]); err != nil {
			b.Fatal(err)
		}
		waitApplied(b, other)
		if v := h.View(); v.Outcome().Over() || v.Next().Kind != game.StepMove {
			b.StopTimer()
			n, s := counter.totals()
			frames, bytes = frames+n, bytes+s
			newGame()
			b.StartTimer()
		}
	}
	b.StopTimer()
	n, s := counter.totals()
	frames, bytes = frames+n, bytes+s
	if frames > 0 {
		b.ReportMetric(float64(bytes)/float64(frames), "bytes/frame")
	}
	h.Close()
	g.Close()
}

// sizeCounter counts the frames sent through it and their bytes, by message type.
type sizeCounter struct {
	Conn
	mu     sync.Mutex
	frames int
	bytes  int
	byType map[MsgType][]int
}

func (c *sizeCounter) Send(b []byte) error {
	c.mu.Lock()
	c.frames++
	c.bytes += len(b)
	if c.byType == nil {
		c.byType = map[MsgType][]int{}
	}
	if len(b) > 2 {
		c.byType[MsgType(b[2])] = append(c.byType[MsgType(b[2])], len(b))
	}
	c.mu.Unlock()
	return c.Conn.Send(b)
}

func (c *sizeCounter) totals() (int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.frames, c.bytes
}

// waitEv drains m's events until one of kind k.
func waitEv(t testing.TB, m *Match, k EventKind) Event {
	t.Helper()
	for ev := range m.Events() {
		if ev.Kind == k {
			return ev
		}
		if ev.Kind == EvFault {
			t.Fatalf("fault while waiting for %v: %v", k, ev.Err)
		}
	}
	t.Fatalf("the match stopped before %v: %v", k, m.Err())
	return Event{}
}

// waitApplied waits for the opponent's input to reach m's log.
func waitApplied(t testing.TB, m *Match) {
	t.Helper()
	for ev := range m.Events() {
		if ev.Kind == EvApplied && !ev.Mine {
			return
		}
		if ev.Kind == EvFault {
			t.Fatalf("fault: %v", ev.Err)
		}
	}
	t.Fatalf("the match stopped: %v", m.Err())
}

// TestMessageSizes plays one game of each kind over a pipe and logs the frame sizes by
// message type (the figures quoted for the wire format).
func TestMessageSizes(t *testing.T) {
	all := map[MsgType][]int{}
	for i, gs := range gameSetups {
		ca, cb := Pipe()
		c := &sizeCounter{Conn: ca}
		d := &sizeCounter{Conn: cb}
		h, g := pairOn(t, c, d, gs.variant, gs.opts...)
		a := &player{m: h, rng: rand.New(rand.NewPCG(uint64(i), 1)), choose: shortGames}
		b := &player{m: g, rng: rand.New(rand.NewPCG(uint64(i), 2)), choose: shortGames}
		playBoth(t, a, b)
		agree(t, a, b)
		for _, x := range []*sizeCounter{c, d} {
			for k, v := range x.byType {
				all[k] = append(all[k], v...)
			}
		}
		h.Close()
		g.Close()
	}
	var types []int
	for k := range all {
		types = append(types, int(k))
	}
	sort.Ints(types)
	for _, k := range types {
		v := all[MsgType(k)]
		sort.Ints(v)
		sum := 0
		for _, x := range v {
			sum += x
		}
		t.Logf("%-7v %5d frames, bytes min %d median %d max %d mean %.1f", MsgType(k), len(v), v[0], v[len(v)/2], v[len(v)-1], float64(sum)/float64(len(v)))
	}
}
