//go:build !js

package e2e

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// sleepRecorder runs in the page before the app: it notes when each of the AI worker's
// messages arrives and when the app's status first shows each new ply.
const sleepRecorder = `(() => {
  window.quintetSleep = { messages: [], plies: {} };
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(url, opts) {
      super(url, opts);
      this.addEventListener("message", () => window.quintetSleep.messages.push(performance.now()));
    }
  };
  addEventListener("quintetstatus", () => {
    const g = window.quintet && window.quintet.game;
    if (g && !(g.plies in window.quintetSleep.plies)) window.quintetSleep.plies[g.plies] = performance.now();
  });
})()`

// updatesIn counts the app's updates over ms milliseconds.
const updatesIn = `((ms) => new Promise((resolve) => {
  const u0 = quintetTiming().updates;
  setTimeout(() => resolve(quintetTiming().updates - u0), ms);
}))`

// TestIdleSleep: a page with nothing to do sleeps (a few updates a second, none drawn,
// where it ran sixty), input wakes it at once, and so does the AI's reply that arrives
// while it sleeps: the move shows as soon after the worker's message as an awake page
// would show it, not at the next of the sleeping page's heartbeats (250 ms apart). It runs
// alone: it measures time.
func TestIdleSleep(t *testing.T) {
	browser := startBrowser(t)
	srv := startServer(t, staticDir(t))
	tb := newTab(t, browser, desktop, 3*time.Minute)
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: sleepRecorder}); err != nil {
		t.Fatal(err)
	}
	// The strongest level thinks its whole budget: 1.5 s, long enough to fall asleep in.
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(desktop.width, desktop.height),
		chromedp.Navigate(srv.url+"?variant=chess&side=white&opponent=strongest&budget=1500&play=1")); err != nil {
		t.Fatal(err)
	}
	s := waitTurn(tb, 0)

	count := func(ms int) int {
		t.Helper()
		n, err := chromedp.Run(tb.ctx, chromedp.Evaluate[int](fmt.Sprintf("%s(%d)", updatesIn, ms), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// idle waits for the page to fall asleep (half a second of nothing, once what starts
	// with the page, the AI's worker and the offline files, is done), then checks that
	// it stays asleep.
	idle := func(when string) {
		t.Helper()
		t0, limit := time.Now(), ceiling(20*time.Second)
		for count(1000) > 8 {
			if time.Since(t0) > limit {
				t.Fatalf("%s: the page ran more than 8 updates in every second for %v: it never fell asleep", when, limit)
			}
		}
		n := count(2000)
		t.Logf("%s: asleep within %v, then %d updates in 2 s", when, time.Since(t0).Round(time.Millisecond), n)
		if n > 16 || n < 2 {
			t.Errorf("%s: %d updates in 2 s asleep, want 2 to 16 (one each 250 ms; awake: sixty a second)", when, n)
		}
	}
	idle("at the start")

	var latencies []float64
	for ply := 0; ply < 10; ply += 2 {
		m := boardMoves(t, s)[0]
		x0, y0 := squareXY(s, m.From.File(), m.From.Rank())
		x1, y1 := squareXY(s, m.To.File(), m.To.Rank())
		tb.drag(x0, y0, x1, y1) // input wakes the page: the drag is seen
		tb.wait("the person's move played", func(s state) bool { return s.Game.Plies > ply })
		s = waitTurn(tb, ply+2)
		type record struct {
			Messages []float64       `json:"messages"`
			Plies    map[int]float64 `json:"plies"`
		}
		r, err := chromedp.Run(tb.ctx, chromedp.Evaluate[record](`window.quintetSleep`))
		if err != nil {
			t.Fatal(err)
		}
		shown, ok := r.Plies[ply+2]
		if !ok {
			t.Fatalf("no status with %d plies recorded: %+v", ply+2, r)
		}
		reply := math.Inf(-1) // the worker's last message before the move showed
		for _, at := range r.Messages {
			if at <= shown {
				reply = max(reply, at)
			}
		}
		latencies = append(latencies, shown-reply)
	}
	// A page that saw the reply only at its next heartbeat would show a median near
	// 125 ms (the heartbeat is 250 ms); woken, it shows the move at its next frame.
	// The median over five is not scaled to the machine's load: this test runs alone.
	t.Logf("from the AI's reply to its move shown: %.0f ms", latencies)
	slices.Sort(latencies)
	if median := latencies[len(latencies)/2]; median > 60 {
		t.Errorf("the AI's move showed a median %.0f ms after the worker's reply (%.0f ms): the reply did not wake the sleeping page", median, latencies)
	}
	idle("after five moves")
	checkConsole(t, tb.close(), srv)
}
