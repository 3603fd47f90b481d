//go:build !js

package e2e

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// startSteps are the steps of a start, in order: the loader's performance marks, the
// app's (main.go) and the harness's (markLayout), and the Resource Timing of the files.
var startSteps = []struct{ key, what string }{
	{"buildJson", "build.json received"},
	{"scripts", "wasmfetch.js and wasm_exec.js run"},
	{"decoder", "brotli decoder ready"},
	{"wasmFirstByte", "main.wasm's first byte"},
	{"wasmReceived", "main.wasm received"},
	{"decoded", "main.wasm decoded (streamed into the compiler)"},
	{"instantiated", "compiled and instantiated"},
	{"main", "Go runtime started, inits run (main)"},
	{"app", "first scene built"},
	{"update1", "Ebitengine's first update"},
	{"layout", "first layout (window.quintet)"},
	{"draw1", "the first Draw begins"},
	{"draw1End", "the first Draw ends (then Ebitengine flushes it to WebGL)"},
	{"loaderGone", "the loader leaves the page"},
	{"shown", "first frame on screen (the page's next animation frame)"},
	{"compositor", "first frame on screen (the compositor's swap)"},
}

// startMarksJS reads the steps' times (ms after navigation started; -1: not reached).
const startMarksJS = `(() => {
  const m = (n) => { const e = performance.getEntriesByName(n); return e.length ? e[0].startTime : -1; };
  const r = (s, f) => { const e = performance.getEntriesByType("resource").find((e) => e.name.includes(s)); return e ? e[f] : -1; };
  return { buildJson: r("build.json", "responseEnd"), scripts: m("quintet-scripts"), decoder: m("quintet-decoder"),
    wasmFirstByte: r("main.wasm.", "responseStart"), wasmReceived: r("main.wasm.", "responseEnd"),
    decoded: m("quintet-wasm-decoded"), instantiated: m("quintet-instantiated"), main: m("quintet-main"),
    app: m("quintet-app"), update1: m("quintet-update1"), layout: m("quintet-layout"), draw1: m("quintet-draw1"),
    draw1End: m("quintet-draw1-end"), loaderGone: m("quintet-first-frame"), shown: m("quintet-first-frame-shown") };
})()`

// TestStartTiming measures where a first visit's start goes: the site under a sub-path
// on loopback, each load in a profile of its own (a cold cache), the setup screen and a
// link with &play=1 (its board), at the desktop and the phone viewports. It logs every
// step's time after navigation and, over the runs, the median; QUINTET_E2E_RUNS sets the
// runs of each (default 1). The last step is the compositor's own word, not the page's:
// the swap time of the first screencast frame after the loader left the page. Figures
// only: the machine is shared, so it asserts that every step was reached in order, not
// how soon, and that Chromium ran no page of its own meanwhile (its WebUI, in renderers
// of their own, took a core from the start).
func TestStartTiming(t *testing.T) {
	runs := 1
	if n, err := strconv.Atoi(os.Getenv("QUINTET_E2E_RUNS")); err == nil && n > 0 {
		runs = n
	}
	dir := copySite(t, staticDir(t))
	srv := startServerAt(t, dir, "/quintet/", false)
	browser := startMeasuringBrowser(t)
	for _, vp := range []viewport{desktop, phone} {
		for _, page := range []struct{ name, query, ready string }{
			{"setup", "", `window.quintet && window.quintet.scene === "setup" && window.quintet.buttons.length > 0`},
			{"play", shipPlay, `window.quintet && window.quintet.scene === "play" && window.quintet.board.square > 0`},
		} {
			t.Run(page.name+"-"+vp.name, func(t *testing.T) {
				all := map[string][]float64{}
				for i := 0; i < runs; i++ {
					tb := openBlank(t, browser, chromedp.WithNewBrowserContext())
					if err := chromedp.Do(tb.ctx, vp.emulate()); err != nil {
						t.Fatalf("the %s viewport: %v", vp.name, err)
					}
					swapAfter := screencast(t, tb)
					tb.navigate(srv.url + page.query)
					tb.until("the "+page.name+" screen on screen", page.ready+` && performance.getEntriesByName("quintet-first-frame-shown").length > 0`, 60*time.Second)
					marks := tabEval[map[string]float64](tb, startMarksJS)
					marks["compositor"] = swapAfter(marks["loaderGone"])
					if load := tabEval[string](tb, `JSON.stringify(window.quintetLoad || {})`); !strings.Contains(load, `"plain":false`) {
						t.Logf("the loader: %s", load)
					}
					var line []string
					last := 0.0
					for _, s := range startSteps {
						v, ok := marks[s.key]
						if !ok || v < 0 {
							if s.key != "decoder" { // a gzip-only build has none
								t.Errorf("run %d: the step %q was not reached", i+1, s.what)
							}
							continue
						}
						// scripts, decoder and the first byte run beside the download, and the
						// page's and the compositor's "shown" are two views of one moment; the
						// rest is a chain.
						if s.key != "scripts" && s.key != "decoder" && s.key != "wasmFirstByte" && s.key != "compositor" {
							if v+1 < last {
								t.Errorf("run %d: %q at %.0f ms, before the step before it (%.0f ms)", i+1, s.what, v, last)
							}
							last = v
						}
						all[s.key] = append(all[s.key], v)
						line = append(line, fmt.Sprintf("%s %.0f", s.key, v))
					}
					t.Logf("%s at %s, run %d (ms after navigation): %s", page.name, vp.name, i+1, strings.Join(line, ", "))
					tb.checkConsole()
					if own := chromiumsOwnPages(t, tb); len(own) > 0 {
						t.Errorf("run %d: Chromium ran pages of its own beside the measured one, sharing the cores with its start (disable their feature in the harness's flags): %s", i+1, strings.Join(own, ", "))
					}
					tb.cancel()
				}
				var b strings.Builder
				for _, s := range startSteps {
					v := all[s.key]
					if len(v) == 0 {
						continue
					}
					sort.Float64s(v)
					fmt.Fprintf(&b, "\n  %6.0f ms  %s", v[len(v)/2], s.what)
				}
				t.Logf("%s at %s: median of %d cold starts under %s (load average %.1f):%s", page.name, vp.name, runs, srv.url, loadAverage(), b.String())
			})
		}
	}
}

// screencast starts the tab's screencast (small frames, to cost the page little) and
// returns a function that waits for the first frame swapped at or after ms (after
// navigation) and gives its time, or -1 if none comes within a ceiling (or ms is -1).
func screencast(t *testing.T, tb *tab) func(ms float64) float64 {
	t.Helper()
	var mu sync.Mutex
	var swaps []float64 // seconds since the epoch
	chromedp.Listen(tb.ctx, func(ev any) {
		if e, ok := ev.(*cdppage.EventScreencastFrame); ok {
			mu.Lock()
			swaps = append(swaps, float64(e.Metadata.Timestamp))
			mu.Unlock()
			go chromedp.Call(tb.ctx, cdppage.ScreencastFrameAck, cdppage.ScreencastFrameAckParams{SessionID: e.SessionID})
		}
	})
	q := int64(20)
	if _, err := chromedp.Call(tb.ctx, cdppage.StartScreencast, cdppage.StartScreencastParams{
		Format: cdppage.StartScreencastFormatJpeg, Quality: &q, MaxWidth: 320, MaxHeight: 320, EveryNthFrame: 1}); err != nil {
		t.Fatalf("screencast: %v", err)
	}
	return func(ms float64) float64 {
		if ms < 0 {
			return -1
		}
		origin := tabEval[float64](tb, `performance.timeOrigin`)
		for deadline := time.Now().Add(ceiling(10 * time.Second)); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			mu.Lock()
			i := slices.IndexFunc(swaps, func(ts float64) bool { return ts*1000-origin >= ms })
			at := -1.0
			if i >= 0 {
				at = swaps[i]*1000 - origin
			}
			mu.Unlock()
			if at >= 0 {
				return at
			}
		}
		return -1
	}
}

// chromiumsOwnPages lists the pages Chromium made itself (its WebUI, chrome:// addresses,
// such as a new window's address-bar popup) that are open beside tb's.
func chromiumsOwnPages(t *testing.T, tb *tab) []string {
	t.Helper()
	infos, err := chromedp.Targets(tb.ctx)
	if err != nil {
		t.Fatalf("the browser's targets: %v", err)
	}
	var own []string
	for _, in := range infos {
		if in.Type == "browser_ui" || strings.HasPrefix(in.URL, "chrome://") || strings.HasPrefix(in.URL, "chrome-untrusted://") {
			own = append(own, in.Type+" "+in.URL)
		}
	}
	return own
}
