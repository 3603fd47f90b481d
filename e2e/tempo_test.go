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

// TestTempo plays a few moves against the quickest AI in every game, on a desktop and a
// phone, and logs the time from each move to the next moment the person may act (and
// from the first screen to the first input), with a table of them all at the end: the
// figures behind the animation timings, which are measured by the clock
// (scenes/motion.go), not in frames.
// It also checks that the animation setting cycles and is remembered across a reload.
func TestTempo(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	type tempoCase struct {
		variant string
		vp      viewport
	}
	var cases []tempoCase
	for _, v := range []string{"chess", "forced", "probabilistic", "crown", "pillar", "simultaneous"} {
		for _, vp := range []viewport{desktop, phone} {
			cases = append(cases, tempoCase{v, vp})
		}
	}
	var (
		mu      sync.Mutex
		summary []string
	)
	t.Cleanup(func() { // after the rounds, which run side by side
		slices.Sort(summary)
		t.Logf("load average %.1f on %d cores; from a move to the next possible input, median (min–max), and from the first screen to the first input:\n%s",
			loadAverage(), runtime.NumCPU(), strings.Join(summary, "\n"))
	})
	for _, c := range cases {
		t.Run(c.variant+"-"+c.vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant="+c.variant+"&side=white&opponent=beginner&play=1", c.vp)
			waitPlay(tb)
			first := time.Now()
			s := settle(tb, 0)
			firstInput := time.Since(first).Round(10 * time.Millisecond)
			var waits []time.Duration
			for range 4 {
				ms := plainMoves(t, s)
				if len(ms) == 0 || s.Game.Result != "*" {
					break
				}
				plies := s.Game.Plies
				t0 := time.Now()
				playMove(tb, s, ms[0])
				s = settle(tb, plies+2)
				waits = append(waits, time.Since(t0).Round(10*time.Millisecond))
			}
			if len(waits) == 0 {
				t.Fatal("no move was played")
			}
			slices.Sort(waits)
			t.Logf("%s at %s: from a move to the next possible input (the AI's reply, its die, draws and animations included): %v, median %v",
				c.variant, c.vp.name, waits, waits[len(waits)/2])
			mu.Lock()
			summary = append(summary, fmt.Sprintf("  %-13s %-7s %6v (%v–%v) over %d moves; first input %v", c.variant, c.vp.name,
				waits[len(waits)/2], waits[0], waits[len(waits)-1], len(waits), firstInput))
			mu.Unlock()
			checkConsole(t, tb.close(), srv)
		})
	}
	t.Run("setting-remembered", func(t *testing.T) {
		srv := apart(t)
		tb := open(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", desktop)
		waitPlay(tb)
		if l := settingLabel(tb, "motion"); l != "Animation: normal" {
			t.Fatalf("the animation setting says %q at first, want Animation: normal", l)
		}
		for _, want := range []string{"Animation: fast", "Animation: off"} {
			if l := setting(tb, "motion"); l != want {
				t.Fatalf("the animation setting says %q, want %q", l, want)
			}
		}
		closeSettings(tb)
		tb.reload()
		waitPlay(tb)
		if l := settingLabel(tb, "motion"); l != "Animation: off" {
			t.Errorf("after a reload the animation setting says %q, want Animation: off", l)
		}
		if l := setting(tb, "motion"); l != "Animation: normal" {
			t.Errorf("the animation setting back to normal says %q", l)
		}
		closeSettings(tb)
		checkConsole(t, tb.close(), srv)
	})
}
