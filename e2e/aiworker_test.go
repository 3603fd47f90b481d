//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/aiclient"
)

// aiRun is what the page script below measures: frames per second of the page while
// idle and while the worker searches, and the search's wall time as the page sees it.
type aiRun struct {
	IdleFPS   float64 `json:"idleFps"`
	BusyFPS   float64 `json:"busyFps"`
	Frames    int     `json:"frames"`
	Ticks     int     `json:"ticks"`     // of a 50 ms interval timer on the page's main thread
	IdleTicks int     `json:"idleTicks"` // the same in the 2 s before the search
	MS        float64 `json:"ms"`
	Reply     string  `json:"reply"`
	Error     string  `json:"error"`
}

// measureAI, run in the page: count animation frames for 2 s, then start the AI's worker,
// wait for it, ask for the strongest level's move and count frames until the answer.
const measureAI = `(async (req) => {
  const frames = (ms) => new Promise(resolve => {
    let n = 0; const t0 = performance.now();
    const tick = (t) => { n++; if (t - t0 < ms) requestAnimationFrame(tick); else resolve(n / ((t - t0) / 1000)); };
    requestAnimationFrame(tick);
  });
  let iticks = 0; const it = setInterval(() => iticks++, 50);
  const idle = await frames(2000);
  clearInterval(it);

  // On the app's page, the worker as the app starts it (on the page's compiled main.wasm).
  const w = window.quintetNewAIWorker ? window.quintetNewAIWorker() : new Worker("aiworker.js");
  const msg = () => new Promise(resolve => { w.onmessage = (e) => resolve(e.data); });
  const ready = JSON.parse(await msg());
  if (ready.kind !== "ready") return { error: "worker: " + JSON.stringify(ready) };
  let busy = true, n = 0, ticks = 0;
  const t0 = performance.now();
  const count = () => { if (!busy) return; n++; requestAnimationFrame(count); };
  requestAnimationFrame(count);
  const timer = setInterval(() => ticks++, 50);
  w.postMessage(req);
  let reply;
  for (;;) {
    reply = await msg();
    const k = JSON.parse(reply).kind;
    if (k === "result" || k === "error") break;
  }
  const ms = performance.now() - t0;
  busy = false;
  clearInterval(timer);
  w.terminate();
  return { idleTicks: iticks, idleFps: idle, busyFps: n / (ms / 1000), frames: n, ticks: ticks, ms: ms, reply: reply };
})`

// TestAIWorker has the AI's Web Worker think at the strongest level with the default
// budget (2 s) at the phone viewport, while the page counts its animation frames and
// the ticks of a 50 ms timer on its main thread.
//
// On a plain page it checks that the page goes on running while the worker searches (a
// search on the main thread would stop both frames and ticks until the move). On the real
// app page the same figures are logged: they are the frame-rate target this project
// reports, not an assertion, since on a shared machine without a GPU the app's own
// software-rendered frames compete with the search for the cores.
func TestAIWorker(t *testing.T) {
	dir := staticDir(t)
	for _, f := range []string{"aiworker.js", "main.wasm", "build.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("%v: build the site first (./build.sh build)", err)
		}
	}
	// The plain page: the worker's files beside an empty document. There the worker loads
	// the build itself (main.wasm, as the app's page hands it over otherwise).
	plain := t.TempDir()
	for _, f := range []string{"aiworker.js", "build.json", "wasmfetch.js", "wasm_exec.js", "main.wasm.br", "main.wasm.gz", "brotli"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			continue // a gzip-only build has no .br and no decoder
		}
		if err := os.Symlink(filepath.Join(dir, f), filepath.Join(plain, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(plain, "index.html"), []byte("<!doctype html><title>plain</title><p>plain page"), 0o644); err != nil {
		t.Fatal(err)
	}
	browser := startMeasuringBrowser(t) // it logs the search's speed in wasm

	run := measureWorker(t, browser, startServer(t, plain).url, false)
	expected := run.MS / 50
	if run.Frames < 2 || run.BusyFPS < run.IdleFPS/4 || float64(run.Ticks) < expected/4 {
		t.Errorf("plain page: the page stalled while the AI thought: %.1f fps against %.1f idle, %d timer ticks of %.0f",
			run.BusyFPS, run.IdleFPS, run.Ticks, expected)
	}
	measureWorker(t, browser, startServer(t, dir).url+"?variant=forced&side=white&opponent=beginner&play=1", true)
}

// measureWorker loads url at the phone viewport, runs measureAI there, checks the
// worker's move is legal, and logs the figures.
func measureWorker(t *testing.T, browser context.Context, url string, app bool) aiRun {
	t.Helper()
	vp := phone
	tb := newTab(t, browser, vp, 120*time.Second)
	defer tb.cancel() // the plain page's tab is gone before the app's is measured
	tab := tb.ctx
	if err := chromedp.Do(tab, vp.emulate(), chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	name := "plain page"
	if app {
		name = "app page"
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](`!!(window.quintet && window.quintet.board.square > 0)`,
			chromedp.WithPollingTimeout(ceiling(60*time.Second)))); err != nil {
			t.Fatalf("the app never laid out: %v", err)
		}
	}
	req := aiclient.Encode(aiclient.Request{ID: 1, Variant: "forced", Level: "strongest", BudgetMS: 2000, Seed: 1})
	reqJSON, _ := json.Marshal(req)
	run, err := chromedp.Run(tab, chromedp.Evaluate[aiRun](measureAI+"("+string(reqJSON)+")", chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if run.Error != "" {
		t.Fatal(run.Error)
	}
	rep, err := aiclient.Decode[aiclient.Reply](run.Reply)
	if err != nil {
		t.Fatalf("reply %q: %v", run.Reply, err)
	}
	if rep.Kind != aiclient.KindResult {
		t.Fatalf("the worker answered %+v", rep)
	}
	v, _ := game.Lookup("forced")
	r, _ := game.Load(v, "")
	if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: rep.GameMove()}); err != nil {
		t.Errorf("the worker's move %s is not legal: %v", rep.UCI, err)
	}
	t.Logf("%s, phone viewport, forced capture, strongest level, 2 s budget: move %s after %.0f ms (depth %d, %d nodes, %.0f nodes/s in wasm)",
		name, rep.UCI, run.MS, rep.Depth, rep.Nodes, float64(rep.Nodes)/(float64(rep.TimeMS)/1000))
	t.Logf("%s: frame rate idle %.1f fps, while the AI thinks %.1f fps (%.0f%% of idle); 50 ms timer: %d ticks idle in 2 s, %d during the search of %.0f ms",
		name, run.IdleFPS, run.BusyFPS, 100*run.BusyFPS/run.IdleFPS, run.IdleTicks, run.Ticks, run.MS)
	return run
}
