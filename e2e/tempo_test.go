//go:build !js

package e2e

import (
	"slices"
	"testing"
	"time"
)

// TestTempo plays a few moves against the quickest AI in the games that animate most (the
// die, capture draws, simultaneous resolutions), on a desktop and a phone, and logs the
// time from each move to the next moment the person may act: the figures behind the
// animation timings, which are measured by the clock (scenes/motion.go), not in frames.
// It also checks that the animation setting cycles and is remembered across a reload.
func TestTempo(t *testing.T) {
	srv := startServer(t, staticDir(t))
	browser := startBrowser(t)
	for _, c := range []struct {
		variant string
		vp      viewport
	}{
		{"pillar", phone}, {"probabilistic", desktop},
	} {
		t.Run(c.variant+"-"+c.vp.name, func(t *testing.T) {
			tb := open(t, browser, srv.url, "?variant="+c.variant+"&side=white&opponent=beginner&play=1", c.vp)
			waitPlay(tb)
			s := settle(tb, 0)
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
			checkConsole(t, tb.close(), srv)
		})
	}
	t.Run("setting-remembered", func(t *testing.T) {
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
