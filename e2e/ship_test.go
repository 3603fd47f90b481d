//go:build !js

package e2e

// The shipping tests: what a first visit costs on the wire and how soon the board is on
// screen, the site under a sub-path (as GitHub Pages serves it), offline use after one
// visit, a new build replacing the old one, and hosts that add Content-Encoding to the
// compressed wasm themselves.

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image/color"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// firstVisitBudget is the most a first visit may transfer, service worker included
// (issues 8 and 19): everything the page, its AI's worker and the service worker fetch,
// text gzip-compressed as GitHub Pages (and internal/webserve) sends it. Issue 19 asks for
// 2.5 MB; 2.22 MB measured once the page was built with Ebitengine's shaders precompiled
// (cmd/ebitenpatch).
const firstVisitBudget = 2_500_000

// shipAskAI, run in the page, starts an AI worker as the app does and asks it for a move:
// the reply, and the milliseconds until the worker was ready and until it answered.
const shipAskAI = `new Promise((resolve) => {
  const t0 = performance.now();
  let ready = -1;
  const w = window.quintetNewAIWorker();
  w.onmessage = (e) => {
    const r = JSON.parse(e.data);
    if (r.kind === "ready") ready = performance.now() - t0;
    if (r.kind === "result" || r.kind === "error") {
      w.terminate();
      resolve({ reply: e.data, readyMs: ready, answerMs: performance.now() - t0 });
    }
  };
  w.postMessage(JSON.stringify({ id: 1, variant: "chess", text: "", player: 0, depth: 2 }));
  setTimeout(() => resolve({ reply: "no answer in 60 s" }), 60000);
})`

// shipPlay is the address of a game of chess against the AI (the app opens it at once).
const shipPlay = "?variant=chess&side=white&opponent=beginner&play=1"

// copySite copies the files of the site in dir that build.json lists, the files a
// static host gets from ./build.sh site, to a new temporary folder.
func copySite(t *testing.T, dir string) string {
	t.Helper()
	dst := t.TempDir()
	files := readBuild(t, dir).Files
	if len(files) == 0 {
		t.Fatal("build.json lists no files")
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dst, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// buildInfo is static/build.json.
type buildInfo struct {
	Build string `json:"build"`
	Wasm  map[string]struct {
		Raw int64 `json:"raw"`
		Br  int64 `json:"br"`
		Gz  int64 `json:"gz"`
	} `json:"wasm"`
	Decoder  bool     `json:"decoder"`
	Precache []string `json:"precache"`
	Files    []string `json:"files"`
}

func readBuild(t *testing.T, dir string) buildInfo {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		t.Fatalf("%v (./build.sh build makes it)", err)
	}
	var bi buildInfo
	if err := json.Unmarshal(b, &bi); err != nil {
		t.Fatalf("build.json: %v", err)
	}
	return bi
}

// markLayout records, as the performance mark "quintet-layout", the moment the app first
// sets window.quintet (when it has laid out its first frame).
const markLayout = `(() => {
  let v;
  Object.defineProperty(window, "quintet", { configurable: true,
    get() { return v; },
    set(x) { if (v === undefined) performance.mark("quintet-layout"); v = x; } });
})()`

// boardTiming is when, after navigation started, the page reached its steps.
type boardTiming struct {
	BuildJSON    float64 `json:"buildJson"`    // build.json received
	WasmReceived float64 `json:"wasmReceived"` // the compressed wasm received
	Instantiated float64 `json:"instantiated"` // compiled and instantiated
	Layout       float64 `json:"layout"`       // the app laid out its first frame
	Drawn        float64 `json:"-"`            // a screenshot shows the board (polled: an upper bound)
}

// waitBoard waits until the app has laid out a board and a screenshot shows it drawn (a1
// dark, h1 light), and returns the timings.
func (tb *tab) waitBoard(what string) boardTiming {
	tb.t.Helper()
	tb.until(what+": the app lays out a board", `window.quintet && (window.quintet.error || window.quintet.board.square > 0)`, 90*time.Second)
	if e := tabEval[string](tb, `window.quintet.error || ""`); e != "" {
		tb.t.Fatalf("%s: the app shows an error: %s", what, e)
	}
	var bt boardTiming
	limit := ceiling(30 * time.Second)
	for deadline := time.Now().Add(limit); ; {
		buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			tb.t.Fatalf("%s: screenshot: %v", what, err)
		}
		bt.Drawn = tabEval[float64](tb, `performance.now()`)
		img, err := png.Decode(bytes.NewReader(buf))
		if err != nil {
			tb.t.Fatal(err)
		}
		b := tabEval[struct {
			X, Y, Square float64
			Files, Ranks int
		}](tb, `window.quintet.board`)
		ratio := float64(img.Bounds().Dx()) / float64(tb.vp.width)
		at := func(f, r int) color.RGBA {
			x := b.X + (float64(f)+0.06)*b.Square
			y := b.Y + (float64(b.Ranks-1-r)+0.06)*b.Square
			return color.RGBAModel.Convert(img.At(int(x*ratio), int(y*ratio))).(color.RGBA)
		}
		if near(at(0, 0), colDark) && near(at(b.Files-1, 0), colLight) {
			shipShot(tb.t, buf)
			break
		}
		if time.Now().After(deadline) {
			shipShot(tb.t, buf)
			tb.t.Fatalf("%s: the board is laid out but not drawn within %v", what, limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t := tabEval[boardTiming](tb, `(() => {
	  const m = (n) => { const e = performance.getEntriesByName(n); return e.length ? e[0].startTime : -1; };
	  const r = (s) => { const e = performance.getEntriesByType("resource").find((e) => e.name.includes(s)); return e ? e.responseEnd : -1; };
	  return { buildJson: r("build.json"), wasmReceived: r("main.wasm."), instantiated: m("quintet-instantiated"), layout: m("quintet-layout") };
	})()`)
	t.Drawn = bt.Drawn
	return t
}

// shipShot saves a screenshot as e2e/out/<test name>.png.
func shipShot(t *testing.T, png []byte) {
	t.Helper()
	if err := os.MkdirAll("out", 0o755); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join("out", strings.ReplaceAll(t.Name(), "/", "-")+".png")
	if err := os.WriteFile(f, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func (bt boardTiming) String() string {
	ms := func(v float64) string {
		if v < 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f ms", v)
	}
	return fmt.Sprintf("build.json %s, wasm received %s, instantiated %s, first layout %s, board seen drawn %s",
		ms(bt.BuildJSON), ms(bt.WasmReceived), ms(bt.Instantiated), ms(bt.Layout), ms(bt.Drawn))
}

// navigate loads url in the tab (not waiting for the app).
func (tb *tab) navigate(url string) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, chromedp.Navigate(url)); err != nil {
		tb.t.Fatalf("load %s: %v", url, err)
	}
}

// reloadPage reloads the page, not waiting for the app (reload waits).
func (tb *tab) reloadPage() {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
		tb.t.Fatalf("reload: %v", err)
	}
}

// checkConsole fails on console errors and uncaught exceptions, except those allowed.
func (tb *tab) checkConsole(allow ...string) {
	tb.t.Helper()
	tb.mu.Lock()
	defer tb.mu.Unlock()
next:
	for _, m := range tb.console {
		switch m.Type {
		case chromedp.ConsoleError, chromedp.ConsoleException:
			for _, a := range allow {
				if strings.Contains(m.Text, a) {
					tb.t.Logf("console %s (expected): %s", m.Type, m.Text)
					continue next
				}
			}
			tb.t.Errorf("console %s at %s:%d: %s", m.Type, m.URL, m.Line+1, m.Text)
		case chromedp.ConsoleWarning:
			if !strings.Contains(m.Text, "GL Driver Message") {
				tb.t.Logf("console warning: %s", m.Text)
			}
		}
	}
	tb.console = nil
}

// waitOffline waits until the service worker of build is active and its cache holds every
// file build.json lists.
func (tb *tab) waitOffline(build buildInfo) {
	tb.t.Helper()
	tb.until("the service worker is active with its cache filled", fmt.Sprintf(`(async () => {
	  const reg = await navigator.serviceWorker.getRegistration();
	  if (!reg || !reg.active || reg.active.state !== "activated" || !reg.active.scriptURL.endsWith("sw.js?v=%[1]s")) return false;
	  if (!(await caches.has("quintet-%[1]s"))) return false;
	  return (await (await caches.open("quintet-%[1]s")).keys()).length >= %[2]d;
	})()`, build.Build, len(build.Precache)+1), 90*time.Second)
}

// TestShipFirstVisitOffline serves the site under a sub-path, as GitHub Pages serves a
// project (https://USER.github.io/REPO/): the first visit must stay within the byte budget
// (service worker included), never ask for anything outside the folder and leave the site
// installable (Chrome's own check); then the network is taken away, and after a reload
// from the service worker a move against the AI must get its answer.
func TestShipFirstVisitOffline(t *testing.T) {
	// It counts bytes and states, not time: it runs beside the others.
	t.Parallel()
	dir := copySite(t, staticDir(t)) // what ./build.sh site uploads, nothing more
	build := readBuild(t, dir)
	if !build.Decoder {
		t.Fatal("the site was built without the brotli decoder (npm missing, or QUINTET_BROTLI=off): its first visit cannot fit the budget; ./build.sh build with npm on PATH")
	}
	srv := startServerAt(t, dir, "/quintet/", false)
	browser := startBrowser(t)
	tb := openBlank(t, browser)

	t.Run("first-visit", func(t *testing.T) {
		tb.t = t
		tb.navigate(srv.url + shipPlay)
		timing := tb.waitBoard("first visit")
		t.Logf("time to first board (navigation start = 0): %v", timing)
		tb.waitOffline(build)
		scope := tabEval[string](tb, `navigator.serviceWorker.getRegistration().then((r) => r.scope)`)
		if scope != srv.url {
			t.Errorf("service worker scope %q, want the site's folder %q", scope, srv.url)
		}
		total, failed := srv.report(t, "first visit")
		for _, f := range failed {
			t.Errorf("request failed: %s", f)
		}
		wire := tabEval[float64](tb, `performance.getEntriesByType("resource").concat(performance.getEntriesByType("navigation")).reduce((s, e) => s + e.transferSize, 0)`)
		t.Logf("first visit: %d bytes sent by the server (service worker included); the page's Resource Timing transferSize: %.0f bytes", total, wire)
		if total > firstVisitBudget {
			t.Errorf("first visit transferred %d bytes, more than the budget of %d", total, firstVisitBudget)
		}
		// One wasm, downloaded once: the AI's worker runs the page's compiled main.wasm.
		var wasm []string
		for _, r := range srv.requests() {
			if strings.Contains(r.path, ".wasm") && !strings.Contains(r.path, "/brotli/") && r.status == http.StatusOK {
				wasm = append(wasm, r.path)
			}
		}
		if len(wasm) != 1 || !strings.Contains(wasm[0], "/main.wasm.br?v="+build.Build) {
			t.Errorf("the first visit downloaded the wasm %q, want main.wasm.br once", wasm)
		}
		// The worker started, on the page's module: the AI answers a request.
		ask := tabEval[struct {
			Reply             string
			ReadyMS, AnswerMS float64
		}](tb, shipAskAI)
		if !strings.Contains(ask.Reply, `"kind":"result"`) {
			t.Errorf("the AI's worker answered %s", ask.Reply)
		}
		t.Logf("a new AI worker on the page's module: ready after %.0f ms, answered (depth 2) after %.0f ms", ask.ReadyMS, ask.AnswerMS)
		man, err := chromedp.Call(tb.ctx, cdppage.GetAppManifest, cdppage.GetAppManifestParams{})
		if err != nil {
			t.Fatalf("the web app manifest: %v", err)
		}
		for _, e := range man.Errors {
			t.Errorf("manifest %s: %s", man.URL, e.Message)
		}
		inst, err := chromedp.Call(tb.ctx, cdppage.GetInstallabilityErrors, cdp.Empty{})
		if err != nil {
			t.Fatalf("installability: %v", err)
		}
		for _, e := range inst.InstallabilityErrors {
			var args []string
			for _, a := range e.ErrorArguments {
				args = append(args, a.Name+"="+a.Value)
			}
			t.Errorf("not installable: %s %s", e.ErrorID, strings.Join(args, " "))
		}
		tb.checkConsole()
	})
	if t.Failed() {
		return
	}

	t.Run("offline-reload", func(t *testing.T) {
		tb.t = t
		srv.takeNetwork()
		n := len(srv.requests())
		tb.reloadPage()
		timing := tb.waitBoard("offline reload")
		t.Logf("offline reload: %v", timing)
		if got := tabEval[string](tb, `window.quintetBuild`); got != build.Build {
			t.Errorf("offline page runs build %q, want %q", got, build.Build)
		}
		if !tabEval[bool](tb, `!!navigator.serviceWorker.controller`) {
			t.Error("the reloaded page is not controlled by the service worker")
		}
		// Play a move against the AI offline: e2-e4 by two clicks, then the AI's answer.
		b := tabEval[struct {
			X, Y, Square float64
			Ranks        int
		}](tb, `window.quintet.board`)
		at := func(f, r int) (float64, float64) {
			return b.X + (float64(f)+0.5)*b.Square, b.Y + (float64(b.Ranks-1-r)+0.5)*b.Square
		}
		tb.until("the game waits for White's move", `window.quintet.game && window.quintet.game.plies === 0 && !window.quintet.game.thinking`, 60*time.Second)
		tb.click(at(4, 1))
		tb.click(at(4, 3))
		tb.until("the AI answers e4 offline", `window.quintet.game.plies >= 2 && !window.quintet.game.thinking && !window.quintet.game.animating`, 90*time.Second)
		t.Logf("offline game: %s", tabEval[string](tb, `JSON.stringify(window.quintet.game.moves)`))
		if e := tabEval[string](tb, `window.quintet.game.error || ""`); e != "" {
			t.Errorf("the game shows an error offline: %s", e)
		}
		if got := len(srv.requests()); got != n {
			t.Errorf("the server answered %d requests after the network was taken away", got-n)
		}
		// The update check finds no network: that is expected and must not break the page.
		tb.checkConsole("ERR_CONNECTION_REFUSED", "Failed to fetch")
	})
}

// nextBuild makes, from the site in dir, the site of a later build: another build id
// (the files are fetched as NAME?v=<id>, so to the browser they are new files) and an
// index.html that says "next build", so that the page of each build can be told apart.
func nextBuild(t *testing.T, dir string, old buildInfo) (string, string) {
	t.Helper()
	next := copySite(t, dir)
	id := fmt.Sprintf("%x", sha256.Sum256([]byte(old.Build)))[:12]
	bj, err := os.ReadFile(filepath.Join(next, "build.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(next, "build.json"), bytes.ReplaceAll(bj, []byte(old.Build), []byte(id)), 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := os.ReadFile(filepath.Join(next, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	ix = bytes.Replace(ix, []byte("<head>"), []byte("<head>\n<!-- next build -->"), 1)
	if err := os.WriteFile(filepath.Join(next, "index.html"), ix, 0o644); err != nil {
		t.Fatal(err)
	}
	return next, id
}

// TestShipUpdate deploys a new build under a page that runs offline-ready on the old one:
// the next start still runs the old build whole (from its cache) and downloads the new
// one; the start after that runs the new build whole, and the old cache is gone.
func TestShipUpdate(t *testing.T) {
	// It counts bytes and states, not time: it runs beside the others.
	t.Parallel()
	dir := copySite(t, staticDir(t))
	a := readBuild(t, dir)
	srv := startServerAt(t, dir, "/", false)
	browser := startBrowser(t)
	tb := openBlank(t, browser)
	start := time.Now()

	tb.navigate(srv.url + shipPlay)
	tb.until("build A laid out", `window.quintet`, 90*time.Second)
	tb.waitOffline(a)

	nextDir, b := nextBuild(t, dir, a)
	srv.setDir(nextDir)
	deployed := len(srv.requests())
	t.Logf("%v: deployed build %s over %s", time.Since(start).Round(time.Millisecond), b, a.Build)

	tb.reloadPage()
	tb.until("the old build starts from its cache", `window.quintet`, 90*time.Second)
	if got := tabEval[string](tb, `window.quintetBuild`); got != a.Build {
		srv.report(t, "requests so far")
		t.Errorf("the start after the deploy runs build %q, want the cached %q", got, a.Build)
	}
	if tabEval[bool](tb, `document.head.innerHTML.includes("next build")`) {
		t.Error("the start after the deploy shows the new index.html with the old build")
	}
	tb.until("the new build is downloaded and waits", fmt.Sprintf(`(async () => {
	  const reg = await navigator.serviceWorker.getRegistration();
	  return reg && reg.waiting && reg.waiting.scriptURL.endsWith("sw.js?v=%s");
	})()`, b), 90*time.Second)

	t.Logf("%v: the new build waits", time.Since(start).Round(time.Millisecond))
	// The page switches to the waiting build and reloads itself. The switch waits for the
	// old worker to go idle; on a machine as loaded as this one that can take longer than
	// the loader waits, and the old build starts once more, whole: start again then.
	for try := 1; ; try++ {
		tb.reloadPage()
		tb.until("a start", `window.quintet && window.quintetBuild`, 90*time.Second)
		if tabEval[string](tb, `window.quintetBuild`) == b {
			break
		}
		if try == 3 {
			t.Fatalf("three starts after the new build was downloaded still run the old one")
		}
		t.Logf("start %d ran the old build whole (the switch took longer than the loader waits)", try)
	}
	t.Logf("%v: the new build runs", time.Since(start).Round(time.Millisecond))
	tb.waitBoard("new build")
	if !tabEval[bool](tb, `document.head.innerHTML.includes("next build")`) {
		t.Error("the new build runs under the old index.html")
	}
	stale := tabEval[[]string](tb, fmt.Sprintf(`performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.includes("?v=") && !n.includes("?v=%s"))`, b))
	if len(stale) > 0 {
		t.Errorf("the new build's page loaded files of another build: %q", stale)
	}
	tb.until("only the new build's cache is left", fmt.Sprintf(`caches.keys().then((k) => k.length === 1 && k[0] === "quintet-%s")`, b), 30*time.Second)
	for _, r := range srv.requests()[deployed:] {
		if strings.Contains(r.path, "?v="+a.Build) {
			t.Errorf("after the deploy the server was asked for the old build's %s", r.path)
		}
		if r.status >= 400 {
			t.Errorf("request failed: %s: %d", r.path, r.status)
		}
	}
	tb.checkConsole()
}

// TestShipHostEncodings loads the site from hosts that treat the compressed wasm
// differently: one that serves main.wasm.gz as it is (the page unpacks it with
// DecompressionStream), and one that adds Content-Encoding to .br and .gz files, so that
// the browser hands the page plain wasm, which must not be decoded again.
func TestShipHostEncodings(t *testing.T) {
	// It counts bytes and states, not time: it runs beside the others.
	t.Parallel()
	dir := copySite(t, staticDir(t))
	gzipOnly := !readBuild(t, dir).Decoder // built without npm: no main.wasm.br
	browser := startBrowser(t)
	for _, c := range []struct {
		name   string
		query  string
		encode bool
		gzip   bool
		plain  bool
	}{
		{"gzip-in-page", shipPlay + "&wasm=gz", false, true, false},
		{"host-content-encoding", shipPlay, true, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := startServerAt(t, dir, "/", c.encode)
			tb := openBlank(t, browser)
			tb.navigate(srv.url + c.query)
			timing := tb.waitBoard(c.name)
			t.Logf("%s: %v", c.name, timing)
			load := tabEval[struct {
				Gzip, Plain bool
				Got, Total  int64
			}](tb, `window.quintetLoad`)
			if want := c.gzip || gzipOnly; load.Gzip != want || load.Plain != c.plain {
				t.Errorf("the loader took gzip=%v plain=%v, want gzip=%v plain=%v", load.Gzip, load.Plain, want, c.plain)
			}
			if load.Got != load.Total {
				t.Errorf("progress ended at %d of %d bytes", load.Got, load.Total)
			}
			_, failed := srv.report(t, c.name)
			for _, f := range failed {
				t.Errorf("request failed: %s", f)
			}
			tb.checkConsole()
			tb.cancel()
		})
	}
}

// TestShipLoader watches the loading screen on a phone while main.wasm arrives slowly:
// the bar, its value and its text follow the bytes received, then the app replaces it.
func TestShipLoader(t *testing.T) {
	dir := copySite(t, staticDir(t))
	build := readBuild(t, dir)
	srv := startServerAt(t, dir, "/", false)
	srv.slow = true
	browser := startBrowser(t)
	tb := openBlank(t, browser)
	if err := chromedp.Do(tb.ctx, phone.emulate()); err != nil {
		t.Fatal(err)
	}
	tb.vp = phone
	tb.navigate(srv.url + shipPlay)

	type loaderState struct {
		Got, Total int64
		Plain      bool
		Width      string // the bar's style.width
		Now        string // aria-valuenow
		Text       string
		BarPx      float64
	}
	const read = `(() => {
	  const b = document.getElementById("loading-bar");
	  const l = window.quintetLoad;
	  if (!b) return { got: l.total, total: l.total }; // the app has replaced the loader since the last look
	  return { got: l.got, total: l.total, plain: l.plain, width: b.style.width, now: b.parentNode.getAttribute("aria-valuenow"),
	    text: document.getElementById("loading-detail").textContent, barPx: b.parentNode.getBoundingClientRect().width };
	})()`
	var seen []loaderState
	for deadline := time.Now().Add(ceiling(90 * time.Second)); len(seen) < 3; {
		// Some of it, or all: the last bytes may arrive between two looks (a busy machine).
		tb.until("part of the wasm has arrived", `window.quintetLoad && quintetLoad.got > 0`, 90*time.Second)
		st := tabEval[loaderState](tb, read)
		if st.Got == st.Total {
			break
		}
		if len(seen) == 0 || st.Got > seen[len(seen)-1].Got {
			seen = append(seen, st)
		}
		if len(seen) == 1 {
			buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			shipShot(t, buf)
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(400 * time.Millisecond)
	}
	if len(seen) < 2 {
		t.Fatalf("the loader showed progress %d times while main.wasm arrived at 800 KB/s, want at least 2: %+v", len(seen), seen)
	}
	for _, st := range seen {
		t.Logf("loader: %d of %d bytes, bar %s, aria-valuenow %s, %q", st.Got, st.Total, st.Width, st.Now, st.Text)
		if st.Plain || st.Total != build.Wasm["main"].Br {
			t.Errorf("progress counts %d bytes (plain %v), want main.wasm.br's %d", st.Total, st.Plain, build.Wasm["main"].Br)
		}
		f := float64(st.Got) / float64(st.Total)
		var w float64
		if _, err := fmt.Sscanf(st.Width, "%f%%", &w); err != nil || w < 100*f-0.2 || w > 100*f+0.2 {
			t.Errorf("bar width %q for %.1f%% received", st.Width, 100*f)
		}
		if want := fmt.Sprint(int(100*f + 0.5)); st.Now != want {
			t.Errorf("aria-valuenow %s, want %s", st.Now, want)
		}
		if want := fmt.Sprintf("%.1f of %.1f MB", float64(st.Got)/1e6, float64(st.Total)/1e6); st.Text != want {
			t.Errorf("loader text %q, want %q", st.Text, want)
		}
		if st.BarPx < 100 {
			t.Errorf("the bar is %.0f px wide on a phone", st.BarPx)
		}
	}
	tb.until("the app replaces the loader", `!document.getElementById("loading") && window.quintet && window.quintet.board.square > 0`, 90*time.Second)
	if l := tabEval[loaderState](tb, `(() => ({ got: quintetLoad.got, total: quintetLoad.total }))()`); l.Got != l.Total {
		t.Errorf("the loader ended at %d of %d bytes", l.Got, l.Total)
	}
	tb.checkConsole()
}
