package game

import (
	"math/rand/v2"
	"strings"
	"testing"
)

type simPerftCase struct {
	line       int
	options    []string
	text       string
	noprogress int
	depths     []int
	counts     []int64
}

// readSimulPerft reads testdata/simultaneous_perft.txt:
// "simultaneous [key=value…] ; text ; D1 n ; D2 n …".
func readSimulPerft(t *testing.T) []simPerftCase {
	var cases []simPerftCase
	for _, l := range readPerftFile(t, "simultaneous_perft.txt") {
		head := strings.Fields(l.head)
		if len(head) == 0 || head[0] != "simultaneous" {
			t.Fatalf("simultaneous_perft.txt:%d: want simultaneous [options] ; text ; D<n> <count>", l.line)
		}
		c := simPerftCase{line: l.line, options: head[1:], text: l.text, noprogress: 50, depths: l.depths, counts: l.counts}
		for _, o := range c.options {
			if o == "noprogress=off" {
				c.noprogress = 0
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// The fast counter gives the data file's counts; the independent generator agrees in full
// where that is cheap, else on a seeded sample of first joint moves; the generic
// PerftRules agrees on the small trees.
func TestSimulPerft(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, c := range readSimulPerft(t) {
		r := simLoad(t, c.text, c.options...)
		ref, err := srefParse(c.text, c.noprogress)
		if err != nil {
			t.Fatal(err)
		}
		hash, text := r.Hash(), r.Text()
		for i, d := range c.depths {
			if got := r.Perft(d); got != c.counts[i] {
				t.Errorf("line %d depth %d: %d joint moves, want %d", c.line, d, got, c.counts[i])
			}
			// The reference's cost is the number of positions one depth up.
			if i == 0 || c.counts[i-1] <= 20000 {
				if got := ref.perft(d); got != c.counts[i] {
					t.Errorf("line %d depth %d: reference counts %d, want %d", c.line, d, got, c.counts[i])
				}
			} else {
				simPerftSample(t, c, r, ref, d, rng)
			}
			if c.counts[i] <= 3000 {
				if got, err := PerftRules(r, d); err != nil || got != c.counts[i] {
					t.Errorf("line %d depth %d: PerftRules %d (%v), want %d", c.line, d, got, err, c.counts[i])
				}
			}
		}
		if r.Hash() != hash || r.Text() != text {
			t.Errorf("line %d: perft changed the position to %s", c.line, r.Text())
		}
	}
}

// simPerftSample compares both counters below a few first joint moves.
func simPerftSample(t *testing.T, c simPerftCase, r *SimulRules, ref *sref, d int, rng *rand.Rand) {
	ws, bs := r.LegalMoves(White, nil), r.LegalMoves(Black, nil)
	rw, rb := ref.moves(true), ref.moves(false)
	if len(ws) != len(rw) || len(bs) != len(rb) {
		t.Fatalf("line %d: %d×%d first moves, reference %d×%d", c.line, len(ws), len(bs), len(rw), len(rb))
	}
	find := func(ms []srefMove, m Move) srefMove {
		for _, x := range ms {
			if x.uci() == m.UCI() {
				return x
			}
		}
		t.Fatalf("line %d: the reference lacks %v", c.line, m)
		return srefMove{}
	}
	for k := 0; k < 6; k++ {
		w, b := ws[rng.IntN(len(ws))], bs[rng.IntN(len(bs))]
		child := *r
		child.PlayJoint(w, b)
		rc := ref.play(find(rw, w), find(rb, b))
		if got, want := child.Perft(d-1), rc.perft(d-1); got != want {
			t.Errorf("line %d: after %v %v, depth %d: %d, reference %d", c.line, w, b, d-1, got, want)
		}
	}
}

// The search's fast path allocates nothing: choices into fixed buffers, a turn resolved
// in place on a copy held by value.
func TestSimulNoAllocs(t *testing.T) {
	r := simLoad(t, "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 - QNrb 0")
	var wb, bb [MaxMoves]Move
	allocs := testing.AllocsPerRun(50, func() {
		c := *r
		ws, bs := c.LegalMoves(White, wb[:0]), c.LegalMoves(Black, bb[:0])
		for i := range ws {
			d := c
			d.PlayJoint(ws[i], bs[i%len(bs)])
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per turn generation and resolution", allocs)
	}
}

// BenchmarkSimulPerft reports joint moves per second (bulk counting at the last turn).
func BenchmarkSimulPerft(b *testing.B) {
	r := simLoad(b, "")
	var n int64
	for i := 0; i < b.N; i++ {
		n += r.Perft(2)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "joint/s")
}
