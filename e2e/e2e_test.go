//go:build !js

// Package e2e tests the built site (static/) in headless Chromium: the page loads, the
// board is drawn with the right colours and pieces at desktop and phone sizes, and the
// console stays free of errors. Run it through ./build.sh test, which builds static/
// first. It is never skipped: without Chromium it fails. It builds natively only: chromedp
// starts a browser process, which GOOS=js cannot.
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
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/internal/webserve"
)

// The colours the app draws (scenes/theme.go).
var (
	colLight     = color.RGBA{0xf0, 0xd9, 0xb5, 0xff}
	colDark      = color.RGBA{0xb5, 0x88, 0x63, 0xff}
	colWhiteFill = color.RGBA{0xfb, 0xfa, 0xf6, 0xff}
	colBlackFill = color.RGBA{0x2e, 0x2c, 0x2a, 0xff}
	colTitle     = color.RGBA{0xee, 0xec, 0xe8, 0xff}
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

// server serves dir on a random port of 127.0.0.1 and records every response that was not
// a success (a missing favicon, a wrong path in index.html).
type server struct {
	url    string
	mu     sync.Mutex
	failed []string
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func startServer(t *testing.T, dir string) *server {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{url: "http://" + ln.Addr().String() + "/"}
	h := webserve.Handler(dir)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: 200}
		h.ServeHTTP(rec, r)
		if rec.status >= 400 {
			s.mu.Lock()
			s.failed = append(s.failed, fmt.Sprintf("%s %s: %d", r.Method, r.URL.Path, rec.status))
			s.mu.Unlock()
		}
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return s
}

func (s *server) failures() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.failed...)
}

// startBrowser starts one headless Chromium with a fresh profile for the whole test. Tabs
// are opened from the returned context.
func startBrowser(t *testing.T) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	return ctx
}

// pageState is window.quintet, which the app sets when it has laid out a screen.
type pageState struct {
	Variant string `json:"variant"`
	Title   string `json:"title"`
	Error   string `json:"error"`
	Board   struct {
		X      float64 `json:"x"`
		Y      float64 `json:"y"`
		Square float64 `json:"square"`
		Files  int     `json:"files"`
		Ranks  int     `json:"ranks"`
	} `json:"board"`
}

type viewport struct {
	name          string
	width, height int64
	scale         float64
	mobile        bool
}

var (
	desktop = viewport{"desktop", 1280, 800, 1, false}
	phone   = viewport{"phone", 390, 844, 3, true} // portrait, touch, 3× pixels
	tablet  = viewport{"tablet", 820, 1180, 2, true}
)

// page is one loaded page: its state, a screenshot and what the console said.
type page struct {
	state   pageState
	shot    image.Image
	ratio   float64 // screenshot pixels per CSS pixel
	console []chromedp.ConsoleMessage
	title   string
	loading bool // the loading text is still there
}

// open loads the site at path in a new tab of browser at viewport vp, waits until the
// app reports its layout and has drawn it (the pixel at want[0] has colour want[1]...),
// and screenshots it into e2e/out/name.png.
func open(t *testing.T, browser context.Context, baseURL, path string, vp viewport, name string, drawn func(*page) bool) *page {
	t.Helper()
	tab, cancel := chromedp.NewContext(browser)
	defer cancel()
	tab, cancelTimeout := context.WithTimeout(tab, 90*time.Second)
	defer cancelTimeout()

	var (
		mu       sync.Mutex
		messages []chromedp.ConsoleMessage
		done     = make(chan struct{})
	)
	console := chromedp.Console(tab)
	go func() {
		defer close(done)
		for m, err := range console {
			if err != nil {
				return
			}
			mu.Lock()
			messages = append(messages, m)
			mu.Unlock()
		}
	}()

	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(vp.scale)}
	if vp.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch,
			chromedp.EmulateOrientation(emulation.ScreenOrientationTypePortraitPrimary, 0))
	}
	start := time.Now()
	if err := chromedp.Do(tab,
		chromedp.EmulateViewport(vp.width, vp.height, opts...),
		chromedp.Navigate(baseURL+path),
	); err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	state, err := chromedp.Run(tab, chromedp.Poll[pageState](
		`window.quintet && (window.quintet.error || window.quintet.board.square > 0) && window.quintet`,
		chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		mu.Lock()
		t.Logf("console so far: %q", messages)
		mu.Unlock()
		t.Fatalf("%s: the app never reported its layout (window.quintet): %v", path, err)
	}
	t.Logf("/%s at %s: laid out after %v", path, vp.name, time.Since(start).Round(time.Millisecond))

	p := &page{state: state}
	for {
		buf, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		img, err := png.Decode(bytes.NewReader(buf))
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		p.shot = img
		p.ratio = float64(img.Bounds().Dx()) / float64(vp.width)
		if drawn(p) || time.Since(start) > 60*time.Second {
			saveShot(t, name, buf)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("/%s at %s: drawn after %v", path, vp.name, time.Since(start).Round(time.Millisecond))

	if p.title, err = chromedp.Run(tab, chromedp.Title()); err != nil {
		t.Fatal(err)
	}
	if p.loading, err = chromedp.Run(tab, chromedp.Evaluate[bool](`document.getElementById("loading") !== null`)); err != nil {
		t.Fatal(err)
	}
	// Let late messages (a failed request after the first frame) arrive, then close the tab.
	time.Sleep(300 * time.Millisecond)
	cancelTimeout()
	cancel()
	<-done
	mu.Lock()
	p.console = messages
	mu.Unlock()
	return p
}

func saveShot(t *testing.T, name string, png []byte) {
	t.Helper()
	if err := os.MkdirAll("out", 0o755); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join("out", name+".png")
	if err := os.WriteFile(f, png, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(f)
	t.Logf("screenshot: %s", abs)
}

// at is the screenshot's colour at a point given in CSS pixels.
func (p *page) at(x, y float64) color.RGBA {
	c := color.RGBAModel.Convert(p.shot.At(int(x*p.ratio), int(y*p.ratio))).(color.RGBA)
	return c
}

// squarePoint is a point in square (f, r) at fractions (fx, fy) of its width and height
// from its top-left corner, in CSS pixels.
func (p *page) squarePoint(f, r int, fx, fy float64) (x, y float64) {
	b := p.state.Board
	return b.X + (float64(f)+fx)*b.Square, b.Y + (float64(b.Ranks-1-r)+fy)*b.Square
}

// corner is the colour near the top-left corner of square (f, r), where no piece reaches.
func (p *page) corner(f, r int) color.RGBA { return p.at(p.squarePoint(f, r, 0.06, 0.06)) }

// centre is the colour in the middle of square (f, r).
func (p *page) centre(f, r int) color.RGBA { return p.at(p.squarePoint(f, r, 0.5, 0.5)) }

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

// boardDrawn reports whether the screenshot shows the squares (a1 dark, h1 light).
func boardDrawn(p *page) bool {
	if p.state.Board.Square == 0 {
		return false
	}
	return near(p.corner(0, 0), colDark) && near(p.corner(p.state.Board.Files-1, 0), colLight)
}

// checkBoard checks a drawn start position of an 8×8 game with chess's pieces.
func checkBoard(t *testing.T, p *page, vp viewport, variant, title string) {
	t.Helper()
	s := p.state
	if s.Error != "" {
		t.Fatalf("the app shows an error: %s", s.Error)
	}
	if s.Variant != variant || s.Title != title {
		t.Errorf("window.quintet shows %q (%q), want %q (%q)", s.Variant, s.Title, variant, title)
	}
	if !strings.Contains(p.title, title) {
		t.Errorf("page title %q does not name the game %q", p.title, title)
	}
	if p.loading {
		t.Error("the loading text is still on the page after the first frame")
	}
	b := s.Board
	if b.Files != 8 || b.Ranks != 8 {
		t.Fatalf("board %d×%d, want 8×8", b.Files, b.Ranks)
	}
	right, bottom := b.X+float64(b.Files)*b.Square, b.Y+float64(b.Ranks)*b.Square
	if b.X < 0 || b.Y < 0 || right > float64(vp.width) || bottom > float64(vp.height) {
		t.Errorf("board (%.0f,%.0f)-(%.0f,%.0f) is not inside the %d×%d viewport", b.X, b.Y, right, bottom, vp.width, vp.height)
	}
	if min(vp.width, vp.height) < 500 && float64(b.Files)*b.Square < 0.8*float64(vp.width) {
		t.Errorf("board %.0f px wide in a %d px wide phone viewport: too small", float64(b.Files)*b.Square, vp.width)
	}

	// Every square: light and dark alternate, a1 dark.
	bad := 0
	for r := 0; r < b.Ranks; r++ {
		for f := 0; f < b.Files; f++ {
			want := colDark
			if (f+r)%2 == 1 {
				want = colLight
			}
			if got := p.corner(f, r); !near(got, want) {
				if bad++; bad <= 5 {
					t.Errorf("square %c%d is %s, want %s", 'a'+f, r+1, hex(got), hex(want))
				}
			}
		}
	}

	// Pieces: the pawns' collars are in the middle of their squares; the middle ranks are
	// empty; the kings and queens differ from the squares they stand on.
	for f := 0; f < b.Files; f++ {
		if got := p.centre(f, 1); !near(got, colWhiteFill) {
			t.Errorf("centre of %c2 is %s, want a white pawn (%s)", 'a'+f, hex(got), hex(colWhiteFill))
		}
		if got := p.centre(f, 6); !near(got, colBlackFill) {
			t.Errorf("centre of %c7 is %s, want a black pawn (%s)", 'a'+f, hex(got), hex(colBlackFill))
		}
		for r := 2; r <= 5; r++ {
			if got, sq := p.centre(f, r), p.corner(f, r); got != sq {
				t.Errorf("centre of empty %c%d is %s, its corner %s", 'a'+f, r+1, hex(got), hex(sq))
			}
		}
	}
	for _, sq := range []struct {
		f, r int
		fill color.RGBA
	}{{4, 0, colWhiteFill}, {3, 0, colWhiteFill}, {4, 7, colBlackFill}, {3, 7, colBlackFill}} {
		n := 0
		for i := 1; i < 10; i++ {
			if near(p.at(p.squarePoint(sq.f, sq.r, 0.5, float64(i)/10)), sq.fill) {
				n++
			}
		}
		if n < 3 {
			t.Errorf("square %c%d: %d of 9 points on its middle line have the piece colour %s, want a piece", 'a'+sq.f, sq.r+1, n, hex(sq.fill))
		}
	}

	// The title line above the board has text in the title colour.
	n := 0
	for y := 0.0; y < b.Y; y++ {
		for x := 0.0; x < float64(vp.width); x++ {
			if near(p.at(x, y), colTitle) {
				n++
			}
		}
	}
	if n < 20 {
		t.Errorf("%d title-coloured pixels above the board: no title drawn", n)
	}
}

// checkConsole fails on console errors, uncaught exceptions and failed requests.
func checkConsole(t *testing.T, p *page, srv *server) {
	t.Helper()
	for _, m := range p.console {
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

func TestSite(t *testing.T) {
	dir := staticDir(t)
	srv := startServer(t, dir)
	browser := startBrowser(t)

	for _, c := range []struct {
		name, path     string
		vp             viewport
		variant, title string
	}{
		{"chess-desktop", "", desktop, "chess", "Chess"},
		{"chess-phone", "", phone, "chess", "Chess"},
		{"forced-desktop", "?variant=forced", desktop, "forced", "Forced-capture chess"},
		{"forced-phone-fragment", "#forced", phone, "forced", "Forced-capture chess"},
		{"forced-tablet", "?variant=forced", tablet, "forced", "Forced-capture chess"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := open(t, browser, srv.url, c.path, c.vp, c.name, boardDrawn)
			checkBoard(t, p, c.vp, c.variant, c.title)
			checkConsole(t, p, srv)
		})
	}

	t.Run("unknown-variant", func(t *testing.T) {
		p := open(t, browser, srv.url, "?variant=nosuch", desktop, "unknown-variant", func(p *page) bool { return true })
		if !strings.Contains(p.state.Error, "nosuch") {
			t.Errorf("window.quintet.error = %q, want it to name the unknown variant", p.state.Error)
		}
		checkConsole(t, p, srv)
	})
}
