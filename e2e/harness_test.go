//go:build !js

package e2e

// The harness's clock and its failures: one Chromium for the whole run, ceilings that
// grow with the machine's load, waits for the app's own events and updates instead of
// sleeps, and what a failed wait leaves in e2e/out/ (a screenshot and the page's status).

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// TestMain closes the browsers and the sites' servers after the last test.
func TestMain(m *testing.M) {
	code := m.Run()
	shared.stop()
	measuring.stop()
	servers.closeAll()
	os.Exit(code)
}

// apart makes t run beside the other tests (go test -parallel; ./build.sh test runs four
// at a time) and gives it a site of its own: a new origin, so a storage, caches and a
// service worker no other test touches. A round that shares nothing with its neighbours
// is a test of its own this way; only the tests that measure time run alone.
func apart(t *testing.T) *server {
	t.Helper()
	t.Parallel()
	return startServer(t, staticDir(t))
}

// servers are every site served in the run. They are closed only when the run ends: a
// closed server's port could be given to a later test's, which would then find the
// storage an earlier test left on that origin.
var servers serverList

type serverList struct {
	mu   sync.Mutex
	list []*http.Server
}

func (l *serverList) add(s *http.Server) {
	l.mu.Lock()
	l.list = append(l.list, s)
	l.mu.Unlock()
}

func (l *serverList) closeAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.list {
		s.Close()
	}
}

// shared is the Chromium of the run's tests. Starting one costs a second or two (more on
// a busy machine); every test function used to start its own. Tests stay apart because
// each serves the site on a port of its own: storage, service workers and caches belong
// to an origin, and every test's origin is new. A test that needs another device's
// profile opens its tab with chromedp.WithNewBrowserContext.
//
// Its V8 runs WebAssembly with its baseline compiler only (Liftoff): a page's Go program
// gets its hot functions recompiled by the optimising compiler (TurboFan) in the
// background, 2-3 CPU-seconds a page on two cores, which a page that lives half a minute
// never earns back. The app behaves the same (only its speed differs): over TestSite the
// browser's CPU fell from 172 to 130 seconds and the run from 96 to 75 s. The tests that
// measure the page's own speed use measuring, a Chromium as the person's browser is.
var (
	shared    = sharedBrowser{jsFlags: "--liftoff-only"}
	measuring sharedBrowser
)

type sharedBrowser struct {
	jsFlags string // V8's flags, if any
	once    sync.Once
	dir     string // its profile's folder, in each of its processes' command lines
	ctx     context.Context
	err     error
	cancel  []func()

	mu   sync.Mutex
	tabs []target.ID // blank tabs a test may take (takeTab) and gives back (giveBack)
}

// Tabs of the browser's own profile are kept between tests, blank, rather than closed and
// opened again: a new tab cost the browser, its renderer and the GPU process 0.6-0.7
// CPU-seconds (a process started, a window's compositor made), a tab navigated to a new
// origin 0.16-0.18, and the suite opens about ninety. The tab keeps its renderer process,
// whose V8 has the app's wasm compiled from an earlier page (the same bytes): a play
// link's load then cost the renderer 0.6-0.8 CPU-seconds (2.2-2.9 in a new tab), and main
// ran 25 ms after instantiation instead of 156. The tests that measure the start use the other
// browser, a fresh profile each time (startMeasuringBrowser). A test still gets what a
// new tab gave it: its own origin (its own site's server: storage, caches and service
// workers are the origin's), and a DevTools session of its own, whose emulation, scripts
// and listeners go with it when it detaches. The back-forward cache is off (the flags),
// so that no page of an earlier test stays alive behind the blank one.

// takeTab returns a blank tab of the pool, if there is one.
func (b *sharedBrowser) takeTab() (target.ID, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.tabs) == 0 {
		return "", false
	}
	id := b.tabs[len(b.tabs)-1]
	b.tabs = b.tabs[:len(b.tabs)-1]
	return id, true
}

// giveBack makes the tab of ctx blank (its page and workers end), detaches from it
// (cancel) and puts it in the pool; a tab that does not go blank within a ceiling (its
// test's deadline past, its page hung) is closed instead. ctx must be the context the
// tab was first used with: chromedp reads the tab's messages until that one ends.
func (b *sharedBrowser) giveBack(ctx context.Context, cancel func()) {
	c := chromedp.FromContext(ctx)
	if c == nil || c.Target == nil {
		cancel()
		return
	}
	id := c.Target.TargetID
	blank, cancelBlank := context.WithTimeout(ctx, ceiling(10*time.Second))
	// Page.navigate answers once the blank document has replaced the page.
	r, err := chromedp.Call(blank, cdppage.Navigate, cdppage.NavigateParams{URL: "about:blank"})
	cancelBlank()
	cancel()
	if err != nil || r.ErrorText != "" {
		closing, cancelClosing := context.WithTimeout(b.ctx, ceiling(10*time.Second))
		chromedp.CallBrowser(closing, target.CloseTarget, target.CloseTargetParams{TargetID: id})
		cancelClosing()
		return
	}
	b.mu.Lock()
	b.tabs = append(b.tabs, id)
	b.mu.Unlock()
}

func (b *sharedBrowser) stop() {
	for i := len(b.cancel) - 1; i >= 0; i-- {
		b.cancel[i]()
	}
}

// startBrowser returns the shared headless Chromium (started by the first test that asks),
// from which tabs are opened.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	return shared.start(t)
}

// startMeasuringBrowser returns the Chromium with V8's default flags, for the tests
// that measure how fast the page starts and draws.
func startMeasuringBrowser(t *testing.T) context.Context {
	t.Helper()
	return measuring.start(t)
}

// start starts the browser the first time it is asked for. WebRTC candidates are plain
// addresses (no mDNS names), so that two pages and a native peer on one machine reach
// each other.
func (b *sharedBrowser) start(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath(t)
	b.once.Do(func() {
		dir, err := os.MkdirTemp("", "quintet-e2e-chromium-")
		if err != nil {
			b.err = err
			return
		}
		b.dir = dir
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.UserDataDir(dir),
			chromedp.Flag("no-sandbox", true),
			// disable-gpu is not passed (chromedp's defaults do not either): with it,
			// WebGL still runs in SwiftShader but every frame is read back for a
			// software compositor. Without it the compositor uses SwiftShader too:
			// the run's GPU process used 7% less CPU and the browser suite took 14%
			// less time (907 s against 1052 s, one run each on two idle cores).
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("use-angle", "swiftshader"),
			chromedp.Flag("enable-unsafe-swiftshader", true),
			chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
			// WebUIOmniboxPopup, WebUIOmniboxAimPopup: Chromium makes every new window
			// (each browser context a test opens for a profile of its own) the popups of
			// its address bar, WebUI pages in a renderer of their own, about a CPU-second
			// within the next two: a page loaded at once shared the two cores with them,
			// which a person's first visit, in a browser already open, does not.
			chromedp.Flag("disable-features", "WebRtcHideLocalIpsWithMdns,BackForwardCache,WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
		)
		if b.jsFlags != "" {
			opts = append(opts, chromedp.Flag("js-flags", b.jsFlags))
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		b.cancel = append(b.cancel, func() { os.RemoveAll(dir) }, cancelAlloc, cancel)
		start := time.Now()
		b.err = chromedp.Do(ctx)
		b.ctx = ctx
		fmt.Fprintf(os.Stderr, "e2e: Chromium (V8 flags %q) started in %v; wait ceilings ×%.1f (%s)\n",
			b.jsFlags, time.Since(start).Round(time.Millisecond), slowness(), slownessWhy())
	})
	if b.err != nil {
		t.Fatalf("start Chromium: %v", b.err)
	}
	return b.ctx
}

// slowness is the factor every ceiling of the tests is multiplied by. The ceilings are
// written for two idle cores; $QUINTET_E2E_SLOW sets the factor (e.g. 3 on a slow
// machine), else it follows the machine's load when the wait starts: one more for each
// core's worth of runnable processes beyond the cores (two `yes > /dev/null` beside the
// suite on two cores: about 2). A ceiling only bounds how long a wait may take before it
// fails; no wait ever lasts longer than its event takes.
func slowness() float64 {
	if v, err := strconv.ParseFloat(os.Getenv("QUINTET_E2E_SLOW"), 64); err == nil && v >= 1 {
		return v
	}
	return min(8, max(1, loadAverage()/float64(runtime.NumCPU())))
}

func slownessWhy() string {
	if os.Getenv("QUINTET_E2E_SLOW") != "" {
		return "$QUINTET_E2E_SLOW"
	}
	return fmt.Sprintf("load average %.1f on %d cores", loadAverage(), runtime.NumCPU())
}

// loadAverage is the one-minute load average (0 where /proc/loadavg is missing).
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, _, _ := strings.Cut(string(b), " ")
	v, _ := strconv.ParseFloat(f, 64)
	return v
}

// ceiling is d, written for two idle cores, scaled to the machine now.
func ceiling(d time.Duration) time.Duration { return time.Duration(float64(d) * slowness()) }

// updatesJS waits in the page until the app has run n more updates (Update calls, which
// read the input) and ms milliseconds have passed, or, with asleep, until the app sleeps
// (nothing changed in its last few updates: the screen is up to date). A page that is
// not the app (no quintetTiming) only waits the time. It gives up after limit ms and says
// so.
const updatesJS = `((n, ms, limit, asleep) => new Promise((resolve) => {
  const timing = () => (window.quintetTiming ? window.quintetTiming() : { updates: -1 });
  const t0 = performance.now(), u0 = timing().updates;
  const check = () => {
    const now = timing(), dt = performance.now() - t0;
    if ((u0 < 0 || now.updates >= u0 + n || (asleep && now.asleep)) && dt >= ms) resolve(true);
    else if (dt > limit) resolve(false);
    else setTimeout(check, 16); // each look is a call into the app's Go: once a frame is enough
  };
  check();
}))`

// updates waits until the app has run n updates and at least d has passed: a press held
// for one update at least is seen, however slowly the machine draws. A tab that runs no
// update (one in the background gets no frames) is logged after a ceiling, not failed:
// the wait for what the press should do tells.
func (tb *tab) updates(n int, d time.Duration) {
	tb.t.Helper()
	tb.waitUpdates(n, d, false)
}

// drawn waits until the app has drawn what it shows now: two more updates, or none if
// it sleeps. A sleeping app runs an update each 250 ms only, so two cost half a second
// (a screenshot waited that long on a page with nothing left to draw).
func (tb *tab) drawn() {
	tb.t.Helper()
	tb.waitUpdates(2, 0, true)
}

func (tb *tab) waitUpdates(n int, d time.Duration, asleep bool) {
	tb.t.Helper()
	limit := ceiling(10 * time.Second)
	ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](fmt.Sprintf("%s(%d, %d, %d, %t)", updatesJS, n, d.Milliseconds(), limit.Milliseconds(), asleep), chromedp.EvalAwaitPromise))
	if err != nil {
		tb.fail("wait for %d updates of the app: %v", n, err)
	}
	if !ok {
		tb.t.Logf("the app ran fewer than %d updates in %v (a tab in the background?)", n, limit)
	}
}

// statusJS resolves with window.quintet at the app's next status (its "quintetstatus"
// event), or after 250 ms: a wait checks its condition on every change, with a slow
// poll behind in case a change falls between two looks.
const statusJS = `new Promise((resolve) => {
  const done = () => { removeEventListener("quintetstatus", done); clearTimeout(timer); resolve(window.quintet || {}); };
  const timer = setTimeout(done, 250);
  addEventListener("quintetstatus", done);
})`

// pageStatusJS is what a failed wait records of the page: its address, the app's status
// and timing, the loader's text, the performance marks and the service worker's state.
const pageStatusJS = `(async () => {
  const out = { url: location.href, title: document.title, quintet: window.quintet, build: window.quintetBuild,
    load: window.quintetLoad, loading: (document.getElementById("loading") || {}).innerText,
    dialog: (() => { const d = document.getElementById("dlg"); return d ? { hidden: d.hidden, mode: d.dataset.mode } : null; })(),
    marks: performance.getEntriesByType("mark").map((m) => [m.name, Math.round(m.startTime)]), now: Math.round(performance.now()) };
  try { out.timing = window.quintetTiming && window.quintetTiming(); } catch (e) { out.timing = String(e); }
  try {
    const sw = navigator.serviceWorker, r = sw && (await sw.getRegistration());
    const w = (x) => x && [x.scriptURL, x.state];
    out.serviceWorker = sw && { controller: w(sw.controller), active: r && w(r.active), waiting: r && w(r.waiting), installing: r && w(r.installing) };
  } catch (e) { out.serviceWorker = String(e); }
  return JSON.stringify(out, null, 1);
})()`

// saveFailure leaves in e2e/out/ what the page showed when a wait failed: FAIL-<test>.png
// and FAIL-<test>.txt (why, the page's status, the console). base is the tab's context
// without its deadline, which may be what ran out.
func saveFailure(t *testing.T, base context.Context, why string, console []chromedp.ConsoleMessage) {
	t.Helper()
	if err := os.MkdirAll("out", 0o755); err != nil {
		t.Logf("save the failure: %v", err)
		return
	}
	name := filepath.Join("out", "FAIL-"+strings.NewReplacer("/", "-", " ", "_").Replace(t.Name()))
	ctx, cancel := context.WithTimeout(base, ceiling(20*time.Second))
	defer cancel()
	var b strings.Builder
	fmt.Fprintf(&b, "%s\nat %s, wait ceilings ×%.1f (%s)\n\n", why, time.Now().Format(time.RFC3339), slowness(), slownessWhy())
	if st, err := chromedp.Run(ctx, chromedp.Evaluate[string](pageStatusJS, chromedp.EvalAwaitPromise)); err == nil {
		b.WriteString(st)
	} else {
		fmt.Fprintf(&b, "the page's status: %v", err)
	}
	b.WriteString("\n\nconsole:\n")
	for _, m := range console {
		fmt.Fprintf(&b, "%s %s:%d: %s\n", m.Type, m.URL, m.Line+1, m.Text)
	}
	if err := os.WriteFile(name+".txt", []byte(b.String()), 0o644); err != nil {
		t.Logf("save the failure: %v", err)
	}
	if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		os.WriteFile(name+".png", png, 0o644)
	} else {
		t.Logf("screenshot of the failure: %v", err)
	}
	abs, _ := filepath.Abs(name)
	t.Logf("the failed wait's screenshot and page status: %s.png, %s.txt", abs, abs)
}

// fail records the page (saveFailure) and fails the test.
func (tb *tab) fail(format string, args ...any) {
	tb.t.Helper()
	why := fmt.Sprintf(format, args...)
	tb.mu.Lock()
	console := append([]chromedp.ConsoleMessage(nil), tb.console...)
	tb.mu.Unlock()
	saveFailure(tb.t, tb.base, why, console)
	tb.t.Fatal(why)
}

// until waits until a JavaScript condition (awaited, if a promise) holds in the page,
// looking at every status of the app and at least every 250 ms.
func (tb *tab) until(what, cond string, limit time.Duration) {
	tb.t.Helper()
	limit = ceiling(limit)
	deadline := time.Now().Add(limit)
	js := `(async () => { for (let i = 0; ; i++) { if (await (` + cond + `)) return true; if (i) return false; await ` + statusJS + `; } })()`
	for {
		ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			tb.fail("%s: not within %v (last error: %v)", what, limit, err)
		}
		if err != nil {
			time.Sleep(50 * time.Millisecond) // a page between two documents (a reload)
		}
	}
}

// jsonString is v as JSON, for messages.
func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestSlowness: $QUINTET_E2E_SLOW sets the ceilings' factor; without it (or with a
// value below 1) the factor follows the load, never below 1 nor above 8.
func TestSlowness(t *testing.T) {
	t.Setenv("QUINTET_E2E_SLOW", "3")
	if got := ceiling(10 * time.Second); got != 30*time.Second {
		t.Errorf("QUINTET_E2E_SLOW=3: ceiling(10 s) = %v, want 30 s", got)
	}
	for _, v := range []string{"", "0.5", "fast"} {
		t.Setenv("QUINTET_E2E_SLOW", v)
		f := slowness()
		want := min(8, max(1, loadAverage()/float64(runtime.NumCPU())))
		if f < 1 || f > 8 || f < want-0.5 || f > want+0.5 { // the load may move between two reads

			t.Errorf("QUINTET_E2E_SLOW=%q: factor %.2f, want %.2f (from the load)", v, f, want)
		}
	}
}

// cpuMark is the machine's CPU time so far, and the part of it this test binary and its
// Chromiums (every process with a profile's folder in its command line) used.
type cpuMark struct {
	at          time.Time
	total, ours float64 // seconds of CPU
}

// ticks is the kernel's clock tick for /proc (USER_HZ, 100 on Linux).
const ticks = 100.0

func markCPU() cpuMark {
	m := cpuMark{at: time.Now()}
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		for i, f := range strings.Fields(line) {
			// user nice system idle iowait irq softirq steal: busy is all but idle and iowait
			if v, err := strconv.ParseFloat(f, 64); err == nil && i >= 1 && i <= 8 && i != 4 && i != 5 {
				m.total += v / ticks
			}
		}
	}
	self := strconv.Itoa(os.Getpid())
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid := d.Name()
		if pid[0] < '0' || pid[0] > '9' {
			continue
		}
		if pid != self {
			cmd, err := os.ReadFile("/proc/" + pid + "/cmdline")
			if err != nil || !shared.runs(string(cmd)) && !measuring.runs(string(cmd)) {
				continue
			}
		}
		b, err := os.ReadFile("/proc/" + pid + "/stat")
		if err != nil {
			continue
		}
		// utime and stime are fields 14 and 15; the command (field 2) may hold spaces.
		if _, rest, ok := strings.Cut(string(b), ") "); ok {
			if f := strings.Fields(rest); len(f) > 12 {
				u, _ := strconv.ParseFloat(f[11], 64)
				s, _ := strconv.ParseFloat(f[12], 64)
				m.ours += (u + s) / ticks
			}
		}
	}
	return m
}

// runs reports whether a process with this command line belongs to the browser.
func (b *sharedBrowser) runs(cmdline string) bool {
	return b.dir != "" && strings.Contains(cmdline, b.dir)
}

// others is how many cores' worth of CPU processes other than ours used since m (the
// machine's other load: another run, a build, CPU burners); 0 where /proc is missing.
func (m cpuMark) others() float64 {
	n := markCPU()
	secs := n.at.Sub(m.at).Seconds()
	if secs <= 0 || m.total == 0 {
		return 0
	}
	return max(0, (n.total-m.total)-(n.ours-m.ours)) / secs
}
