//go:build !js

// Package e2e tests the built site (static/) in headless Chromium: the page loads without
// console errors, the board and pieces are drawn where the engine says, and each game is
// played through the page with real mouse and touch input against the AI, to a finish,
// with its PGN read back by the engine. Run it through ./build.sh test, which builds
// static/ first. It is never skipped: without Chromium it fails. It builds natively only:
// chromedp starts a browser process, which GOOS=js cannot.
package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/internal/status"
	"github.com/quintet-chess/quintet/internal/webserve"
)

const defaultChromium = "/usr/lib/chromium/chromium"

// chromiumPath is the browser binary: $QUINTET_CHROMIUM or Debian's. The real binary, not
// the /usr/bin/chromium wrapper script.
func chromiumPath(t *testing.T) string {
	p := os.Getenv("QUINTET_CHROMIUM")
	if p == "" {
		p = defaultChromium
	}
	if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
		t.Fatalf("Chromium not found at %s: the browser test needs it and is never skipped.\n"+
			"Install it (apt-get install -y chromium) or set QUINTET_CHROMIUM to the browser binary.", p)
	}
	return p
}

// staticDir is the built site; it must hold a fresh build.
func staticDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "static"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "wasm_exec.js", "main.wasm", "favicon.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("%v: build the site first (./build.sh build, or run ./build.sh test)", err)
		}
	}
	return dir
}

// server serves a site's folder on a random port of 127.0.0.1, at "/" (startServer) or
// under a path prefix as GitHub Pages serves a project (startServerAt), and records every
// request: its status (a missing favicon, a wrong path in index.html show as failures)
// and the bytes it sent. It can send the wasm slowly, add Content-Encoding as some hosts
// do, swap the folder (a new deploy) and be shut down (the network taken away).
type server struct {
	url    string // with the prefix and a trailing slash
	prefix string
	encode bool // serve *.br and *.gz with Content-Encoding, as some hosts do
	slow   bool // send the wasm at about 800 KB/s, so that its progress can be seen
	srv    *http.Server

	mu   sync.Mutex
	dir  string
	reqs []request
}

type request struct {
	method string
	path   string // with the query
	status int
	bytes  int64 // status line, headers and body
}

type countingWriter struct {
	http.ResponseWriter
	status int
	n      int64
	pause  time.Duration // after each 32 KB of the body
}

func (w *countingWriter) WriteHeader(code int) {
	w.status = code
	n := len("HTTP/1.1 200 OK\r\n\r\n")
	for k, vs := range w.Header() {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	w.n += int64(n)
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.pause == 0 {
		n, err := w.ResponseWriter.Write(b)
		w.n += int64(n)
		return n, err
	}
	done := 0
	for len(b) > 0 {
		chunk := b[:min(len(b), 32<<10)]
		n, err := w.ResponseWriter.Write(chunk)
		w.n += int64(n)
		done += n
		if err != nil {
			return done, err
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		time.Sleep(w.pause)
		b = b[len(chunk):]
	}
	return done, nil
}

// startServer serves dir at the root of a new origin.
func startServer(t *testing.T, dir string) *server {
	t.Helper()
	return startServerAt(t, dir, "/", false)
}

// startServerAt serves dir under prefix (which starts and ends with "/"); encode: with
// Content-Encoding on the compressed files.
func startServerAt(t *testing.T, dir, prefix string, encode bool) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{url: "http://" + ln.Addr().String() + prefix, prefix: prefix, encode: encode, dir: dir}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve)}
	go s.srv.Serve(ln)
	servers.add(s.srv)
	return s
}

func (s *server) serve(w http.ResponseWriter, r *http.Request) {
	cw := &countingWriter{ResponseWriter: w}
	defer func() {
		s.mu.Lock()
		s.reqs = append(s.reqs, request{r.Method, r.URL.RequestURI(), cw.status, cw.n})
		s.mu.Unlock()
	}()
	if !strings.HasPrefix(r.URL.Path, s.prefix) {
		http.NotFound(cw, r) // the site must not reach above its folder
		return
	}
	s.mu.Lock()
	dir := s.dir
	s.mu.Unlock()
	p := strings.TrimPrefix(r.URL.Path, s.prefix)
	if s.slow && strings.Contains(p, ".wasm.") {
		cw.pause = 40 * time.Millisecond
	}
	if s.encode {
		if strings.HasSuffix(p, ".wasm.gz") || strings.HasSuffix(p, ".wasm.br") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		switch {
		case strings.HasSuffix(p, ".gz"):
			w.Header().Set("Content-Encoding", "gzip")
		case strings.HasSuffix(p, ".br"):
			w.Header().Set("Content-Encoding", "br")
		}
	}
	http.StripPrefix(strings.TrimSuffix(s.prefix, "/"), webserve.Handler(dir)).ServeHTTP(cw, r)
}

// takeNetwork shuts the server down: every later request fails to connect.
func (s *server) takeNetwork() { s.srv.Close() }

func (s *server) setDir(dir string) {
	s.mu.Lock()
	s.dir = dir
	s.mu.Unlock()
}

func (s *server) requests() []request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]request(nil), s.reqs...)
}

// failures are the requests answered with an error status.
func (s *server) failures() []string {
	var failed []string
	for _, r := range s.requests() {
		if r.status >= 400 {
			failed = append(failed, fmt.Sprintf("%s %s: %d", r.method, r.path, r.status))
		}
	}
	return failed
}

// report logs the requests and returns the bytes sent and the failed requests.
func (s *server) report(t *testing.T, what string) (total int64, failed []string) {
	t.Helper()
	reqs := s.requests()
	byPath := map[string]int64{}
	for _, r := range reqs {
		total += r.bytes
		byPath[r.path] += r.bytes
		if r.status >= 400 {
			failed = append(failed, fmt.Sprintf("%s: %d", r.path, r.status))
		}
	}
	paths := make([]string, 0, len(byPath))
	for p := range byPath {
		paths = append(paths, p)
	}
	sort.Slice(paths, func(i, j int) bool { return byPath[paths[i]] > byPath[paths[j]] })
	var b strings.Builder
	for _, p := range paths {
		fmt.Fprintf(&b, "\n  %9d  %s", byPath[p], p)
	}
	t.Logf("%s: %d requests, %d bytes:%s", what, len(reqs), total, b.String())
	return total, failed
}

// state is window.quintet, which the app sets whenever what it shows changes: the app's
// own type (internal/status), read with encoding/json.
type state = status.Status

// viewport is the device a tab emulates: its size, pixels, touch, and whether it asks
// for reduced motion (prefers-reduced-motion, an operating system's accessibility
// setting, under which the app does not animate until the person chooses to).
type viewport struct {
	name          string
	width, height int64
	scale         float64
	mobile        bool
	still         bool // asks for reduced motion
}

var (
	desktop = viewport{"desktop", 1280, 800, 1, false, false}
	phone   = viewport{"phone", 360, 640, 2, true, false} // the phone: portrait, touch, 2× pixels
	phone3  = viewport{"phone3x", 390, 844, 3, true, false}
	tablet  = viewport{"tablet", 820, 1180, 2, true, false}
)

// reducingMotion is vp on a device set to reduce motion.
func (vp viewport) reducingMotion() viewport {
	vp.still = true
	return vp
}

// tab is one open page: of the app, opened by open (at a viewport, once the app reports
// a screen), or blank, opened by openBlank for the shipping tests (which load it with
// navigate).
type tab struct {
	t      *testing.T
	ctx    context.Context // the tab's, with its deadline
	base   context.Context // the tab's, without (to record a failure once the deadline is past)
	vp     viewport
	cancel func()
	consoleLog
	shot  image.Image
	ratio float64
}

// consoleLog is what a tab's console said; done closes when the tab has gone.
type consoleLog struct {
	mu      sync.Mutex
	console []chromedp.ConsoleMessage
	done    chan struct{}
}

// collect reads ctx's console into l until the tab goes.
func (l *consoleLog) collect(ctx context.Context) {
	l.done = make(chan struct{})
	console := chromedp.Console(ctx)
	go func() {
		defer close(l.done)
		for m, err := range console {
			if err != nil {
				return
			}
			l.mu.Lock()
			l.console = append(l.console, m)
			l.mu.Unlock()
		}
	}()
}

// open loads the site at path in a new tab at viewport vp and waits until the app has
// reported a screen.
func open(t *testing.T, browser context.Context, baseURL, path string, vp viewport) *tab {
	t.Helper()
	return openWith(t, browser, baseURL, path, vp)
}

// openWith is open with options for the tab's context (WithNewBrowserContext: a profile
// of its own, as another device would have).
func openWith(t *testing.T, browser context.Context, baseURL, path string, vp viewport, copts ...chromedp.ContextOption) *tab {
	t.Helper()
	tb := newTab(t, browser, vp, 3*time.Minute, copts...)
	tb.load(baseURL, path)
	return tb
}

// openScripted is open with a script that runs in every document of the tab before the
// page's own (a recorder, a hook on the page's objects).
func openScripted(t *testing.T, browser context.Context, baseURL, path string, vp viewport, script string) *tab {
	t.Helper()
	tb := newTab(t, browser, vp, 3*time.Minute)
	tb.addScript(script)
	tb.load(baseURL, path)
	return tb
}

// addScript has every document the tab loads from now on run script before its own.
func (tb *tab) addScript(script string) {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		tb.t.Fatalf("add a script to the tab: %v", err)
	}
}

// load navigates the tab to the site at path at its viewport and waits until the app has
// reported a screen.
func (tb *tab) load(baseURL, path string) {
	tb.t.Helper()
	start := time.Now()
	if err := chromedp.Do(tb.ctx, tb.vp.emulate(), chromedp.Navigate(baseURL+path)); err != nil {
		tb.fail("load %s: %v", path, err)
	}
	tb.wait("the app reports a screen", func(s state) bool { return s.Scene != "" })
	tb.t.Logf("/%s at %s: first screen after %v", path, tb.vp.name, time.Since(start).Round(time.Millisecond))
}

// resize gives the tab viewport vp without loading the page again, as a window resized
// or a phone turned does.
func (tb *tab) resize(vp viewport) {
	tb.t.Helper()
	tb.vp = vp
	if err := chromedp.Do(tb.ctx, vp.emulate()); err != nil {
		tb.fail("resize to %s: %v", vp.name, err)
	}
}

// emulate sets the tab's viewport to vp: its size and pixel ratio, and a phone's touch
// and portrait orientation.
func (vp viewport) emulate() chromedp.Action[chromedp.Void] {
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(vp.scale)}
	if vp.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch,
			chromedp.EmulateOrientation(emulation.ScreenOrientationTypePortraitPrimary, 0))
	}
	motion := "no-preference"
	if vp.still {
		motion = "reduce"
	}
	media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: motion}}}
	return chromedp.Steps(chromedp.EmulateViewport(vp.width, vp.height, opts...),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, media)
			return err
		}))
}

// openBlank opens a tab at the desktop viewport that has loaded nothing yet (navigate
// loads a page), for the shipping tests: the service worker is left alone by DevTools,
// and every document marks when the app first sets window.quintet (markLayout). copts:
// chromedp.WithNewBrowserContext for a profile of its own, a cold cache.
func openBlank(t *testing.T, browser context.Context, copts ...chromedp.ContextOption) *tab {
	t.Helper()
	tb := newTab(t, browser, desktop, 4*time.Minute, copts...)
	if err := chromedp.Do(tb.ctx, desktop.emulate()); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	// chromedp attaches to the targets related to the page, the service worker included.
	// A service worker with DevTools attached never goes idle, so a waiting one would
	// never take over (skipWaiting waits for the active one to be idle): leave it alone.
	if _, err := chromedp.Call(tb.ctx, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: true, Flatten: new(true),
		Filter: target.Filter{{Type: "service_worker", Exclude: true}, {}}}); err != nil {
		t.Fatalf("auto-attach: %v", err)
	}
	tb.addScript(markLayout)
	return tb
}

// newTab opens a tab whose context ends after limit (on two idle cores, scaled to the
// machine), collecting its console; the test's end closes it. A tab of the shared
// browser's own profile (no copts) is taken from its pool of blank tabs when one is free,
// and given back blank (sharedBrowser.takeTab, giveBack).
func newTab(t *testing.T, browser context.Context, vp viewport, limit time.Duration, copts ...chromedp.ContextOption) *tab {
	t.Helper()
	pooled := len(copts) == 0 && browser == shared.ctx
	if pooled {
		copts = []chromedp.ContextOption{chromedp.WithDetachOnCancel()}
		if id, ok := shared.takeTab(); ok {
			copts = append(copts, chromedp.WithTargetID(id))
		}
	}
	base, cancel := chromedp.NewContext(browser, copts...)
	ctx, cancelTimeout := context.WithTimeout(base, ceiling(limit))
	tb := &tab{t: t, ctx: ctx, base: base, vp: vp}
	tb.cancel = func() { cancelTimeout(); cancel() }
	if pooled {
		end, once := tb.cancel, new(sync.Once)
		tb.cancel = func() { once.Do(func() { shared.giveBack(ctx, end) }) }
	}
	t.Cleanup(tb.cancel) // a failed test's tab must not go on drawing in the shared browser
	tb.collect(ctx)
	// Tests run side by side, each tab in a window of its own, and only one window has
	// the focus: every page is made to act as the focused one, so that keys reach it.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	return tb
}

// tabEval evaluates a JavaScript expression (awaiting a promise) in the tab.
func tabEval[T any](tb *tab, js string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// close closes the tab and returns what the console said.
func (tb *tab) close() []chromedp.ConsoleMessage {
	time.Sleep(200 * time.Millisecond) // late messages
	tb.cancel()
	<-tb.done
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.console
}

// state reads window.quintet.
func (tb *tab) state() state {
	tb.t.Helper()
	s, err := chromedp.Run(tb.ctx, chromedp.Evaluate[state](`window.quintet || {}`))
	if err != nil {
		tb.t.Fatalf("read window.quintet: %v", err)
	}
	return s
}

// wait waits until cond holds for the app's status (window.quintet), looking at every
// status the app reports (its "quintetstatus" event) and at least every 250 ms. Its
// ceiling, a minute on two idle cores, grows with the machine's load; a failed wait
// leaves a screenshot and the page's status in e2e/out/.
func (tb *tab) wait(what string, cond func(state) bool) state {
	tb.t.Helper()
	limit := ceiling(60 * time.Second)
	deadline := time.Now().Add(limit)
	s, err := chromedp.Run(tb.ctx, chromedp.Evaluate[state](`window.quintet || {}`))
	for {
		if err == nil && cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			tb.mu.Lock()
			tb.t.Logf("console: %q", tb.console)
			tb.mu.Unlock()
			tb.fail("waited %v for %s; state %s (err %v)", limit, what, jsonString(s), err)
		}
		if err != nil {
			time.Sleep(50 * time.Millisecond) // a page between two documents (a reload)
		}
		s, err = chromedp.Run(tb.ctx, chromedp.Evaluate[state](statusJS, chromedp.EvalAwaitPromise))
	}
}

func (tb *tab) eval(js string) {
	tb.t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[any](js)); err != nil {
		tb.t.Fatalf("%s: %v", js, err)
	}
}

// The app reads input once per update: a press and a release must lie in different
// updates, so every step of a gesture waits for the app to have run updates (updates),
// and for hold at least, as a person's fingers would.
const hold = 70 * time.Millisecond

func (tb *tab) mouse(typ input.DispatchMouseEventType, x, y float64, buttons int64) {
	tb.t.Helper()
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1}
	if typ == input.DispatchMouseEventTypeMouseMoved {
		p.ClickCount = 0
		if buttons == 0 {
			p.Button = input.MouseButtonNone
		}
	}
	if _, err := chromedp.Call(tb.ctx, input.DispatchMouseEvent, p); err != nil {
		tb.t.Fatalf("mouse %s: %v", typ, err)
	}
}

// click is a real mouse click at (x, y) CSS pixels.
func (tb *tab) click(x, y float64) {
	tb.mouse(input.DispatchMouseEventTypeMouseMoved, x, y, 0)
	tb.updates(1, hold/2)
	tb.mouse(input.DispatchMouseEventTypeMousePressed, x, y, 1)
	tb.updates(2, hold)
	tb.mouse(input.DispatchMouseEventTypeMouseReleased, x, y, 0)
	tb.updates(2, hold)
}

// drag presses at one point, moves in steps to another and releases there.
func (tb *tab) drag(x0, y0, x1, y1 float64) {
	tb.mouse(input.DispatchMouseEventTypeMouseMoved, x0, y0, 0)
	tb.updates(1, hold/2)
	tb.mouse(input.DispatchMouseEventTypeMousePressed, x0, y0, 1)
	tb.updates(2, hold)
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		tb.mouse(input.DispatchMouseEventTypeMouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, 1)
		tb.updates(1, hold/2)
	}
	tb.mouse(input.DispatchMouseEventTypeMouseReleased, x1, y1, 0)
	tb.updates(2, hold)
}

func (tb *tab) touch(typ input.DispatchTouchEventType, x, y float64) {
	tb.t.Helper()
	p := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{}}
	if typ != input.DispatchTouchEventTypeTouchEnd {
		p.TouchPoints = []*input.TouchPoint{{X: x, Y: y}}
	}
	if _, err := chromedp.Call(tb.ctx, input.DispatchTouchEvent, p); err != nil {
		tb.t.Fatalf("touch %s: %v", typ, err)
	}
}

// tap is a finger's tap at (x, y) CSS pixels.
func (tb *tab) tap(x, y float64) {
	tb.touch(input.DispatchTouchEventTypeTouchStart, x, y)
	tb.updates(2, hold)
	tb.touch(input.DispatchTouchEventTypeTouchEnd, x, y)
	tb.updates(2, hold)
}

// swipe drags a finger from one point to another.
func (tb *tab) swipe(x0, y0, x1, y1 float64) {
	tb.touch(input.DispatchTouchEventTypeTouchStart, x0, y0)
	tb.updates(2, hold)
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		tb.touch(input.DispatchTouchEventTypeTouchMove, x0+(x1-x0)*f, y0+(y1-y0)*f)
		tb.updates(1, hold/2)
	}
	tb.touch(input.DispatchTouchEventTypeTouchEnd, x1, y1)
	tb.updates(2, hold)
}

// press presses (clicks or taps, by viewport) at a point.
func (tb *tab) press(x, y float64) {
	if tb.vp.mobile {
		tb.tap(x, y)
	} else {
		tb.click(x, y)
	}
}

// button presses the enabled button with id on the current screen.
func (tb *tab) button(id string) {
	tb.t.Helper()
	s := tb.wait("button "+id, func(s state) bool {
		for _, b := range s.Buttons {
			if b.ID == id && b.Enabled {
				return true
			}
		}
		return false
	})
	if s.Scene == "setup" && !visibleButton(tb, s, id) {
		scrollTo(tb, id) // the setup screen scrolls under its pinned bar
		s = tb.state()
	}
	for _, b := range s.Buttons {
		if b.ID == id {
			tb.press(b.X+b.W/2, b.Y+b.H/2)
			return
		}
	}
}

// key presses and releases a key (a named one like "Enter", or one character), with a
// pause between so that the app sees it held for a frame.
func (tb *tab) key(k string) {
	tb.t.Helper()
	p := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: k, Code: k}
	if len(k) == 1 {
		p.Text, p.Code = k, "Key"+strings.ToUpper(k)
		if k[0] >= '0' && k[0] <= '9' {
			p.Code = "Digit" + k
		}
	} else if k == "Enter" {
		p.WindowsVirtualKeyCode, p.NativeVirtualKeyCode = 13, 13
	}
	if _, err := chromedp.Call(tb.ctx, input.DispatchKeyEvent, p); err != nil {
		tb.t.Fatalf("key %s: %v", k, err)
	}
	tb.updates(2, hold)
	p.Type, p.Text = input.DispatchKeyEventTypeKeyUp, ""
	if _, err := chromedp.Call(tb.ctx, input.DispatchKeyEvent, p); err != nil {
		tb.t.Fatalf("key %s: %v", k, err)
	}
	tb.updates(1, hold/2)
}

// squareXY is the centre of a square in CSS pixels, as the app lays the board out.
func squareXY(s state, f, r int) (x, y float64) {
	b := s.Board
	col, row := f, b.Ranks-1-r
	if b.Flipped {
		col, row = b.Files-1-f, r
	}
	return b.X + (float64(col)+0.5)*b.Square, b.Y + (float64(row)+0.5)*b.Square
}

// screenshot takes a screenshot into e2e/out/name.png and keeps it for pixel checks,
// once the app has run two updates since the call, or sleeps (drawn): the status last
// read was drawn in its update's frame, and that frame is on screen.
func (tb *tab) screenshot(name string) {
	tb.t.Helper()
	tb.drawn()
	// A PNG compressed for speed, not size: the same pixels for less of the browser's CPU.
	shot, err := chromedp.Call(tb.ctx, cdppage.CaptureScreenshot, cdppage.CaptureScreenshotParams{FromSurface: new(true), OptimizeForSpeed: new(true)})
	if err != nil {
		tb.t.Fatalf("screenshot: %v", err)
	}
	buf := shot.Data
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		tb.t.Fatalf("screenshot: %v", err)
	}
	tb.shot = img
	tb.ratio = float64(img.Bounds().Dx()) / float64(tb.vp.width)
	if err := os.MkdirAll("out", 0o755); err != nil {
		tb.t.Fatal(err)
	}
	f := filepath.Join("out", name+".png")
	if err := os.WriteFile(f, buf, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	abs, _ := filepath.Abs(f)
	tb.t.Logf("screenshot: %s", abs)
}

// at is the last screenshot's colour at a point in CSS pixels.
func (tb *tab) at(x, y float64) color.RGBA {
	return color.RGBAModel.Convert(tb.shot.At(int(x*tb.ratio), int(y*tb.ratio))).(color.RGBA)
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) <= 12 && d(a.G, b.G) <= 12 && d(a.B, b.B) <= 12
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// checkConsole fails on console errors, uncaught exceptions and failed requests.
func checkConsole(t *testing.T, msgs []chromedp.ConsoleMessage, srv *server) {
	t.Helper()
	for _, m := range msgs {
		switch m.Type {
		case chromedp.ConsoleError, chromedp.ConsoleException:
			t.Errorf("console %s at %s:%d: %s", m.Type, m.URL, m.Line+1, m.Text)
		case chromedp.ConsoleWarning:
			t.Logf("console warning: %s", m.Text)
		}
	}
	for _, f := range srv.failures() {
		t.Errorf("request failed: %s", f)
	}
}

// context_ is a browser's context (a name for the helpers' signatures).
type context_ = context.Context
