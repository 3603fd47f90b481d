//go:build !js

package e2e

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// tempo gathers, for each game and viewport TestSite plays against the quickest AI, the
// time from each of the person's moves to the next moment they may act (the AI's reply,
// its die, draws and animations included) and from the first screen to the first input:
// the figures behind the animation timings, which are measured by the clock
// (scenes/motion.go), not in frames. TestSite logs them as one table at its end; nothing
// is asserted on them, as they follow the machine's load.
type tempo struct {
	mu   sync.Mutex
	rows []string
}

// tempoRound times the moves of one page.
type tempoRound struct {
	tp    *tempo
	name  string
	vp    viewport
	t0    time.Time
	input time.Duration // from the first screen to the first input
	waits []time.Duration
}

// start begins a round when the page shows its first screen.
func (tp *tempo) start(name string, vp viewport) *tempoRound {
	return &tempoRound{tp: tp, name: name, vp: vp, t0: time.Now()}
}

// first notes that the person may act for the first time, and passes s on.
func (r *tempoRound) first(s state) state {
	r.input = time.Since(r.t0)
	return s
}

// move notes the start of the person's move.
func (r *tempoRound) move() { r.t0 = time.Now() }

// answered notes that the person may act again after the move, and passes s on.
func (r *tempoRound) answered(s state) state {
	r.waits = append(r.waits, time.Since(r.t0).Round(10*time.Millisecond))
	return s
}

// done adds the round's line to the table.
func (r *tempoRound) done() {
	if len(r.waits) == 0 {
		return
	}
	w := r.waits
	slices.Sort(w)
	row := fmt.Sprintf("  %-13s %-7s %6v (%v–%v) over %d moves; first input %v", r.name, r.vp.name,
		w[len(w)/2], w[0], w[len(w)-1], len(w), r.input.Round(10*time.Millisecond))
	r.tp.mu.Lock()
	r.tp.rows = append(r.tp.rows, row)
	r.tp.mu.Unlock()
}

func (tp *tempo) log(t *testing.T) {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	slices.Sort(tp.rows)
	t.Logf("load average %.1f on %d cores; from a move to the next possible input, median (min–max), and from the first screen to the first input:\n%s",
		loadAverage(), runtime.NumCPU(), strings.Join(tp.rows, "\n"))
}
