// Package scenes holds the screens of the app, drawn with Ebitengine: the game setup, the
// play screen (with its hand-over and choice panels) and the rules help. Each scene changes
// its state in Update and only draws in Draw; App runs the current scene as an ebiten.Game
// and hands it the input of the tick as intents (input.go).
package scenes

import (
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/status"
	"github.com/quintet-chess/quintet/scenes/prefs"
)

// Scene is one screen of the app.
type Scene interface {
	// Update advances the scene by one tick.
	Update(ctx *Ctx) error
	// Draw draws the scene. It changes no state.
	Draw(screen *ebiten.Image)
	// Status is what the page around the game may show or a test may check.
	Status() Status
}

// Env is the screen the scenes draw on.
type Env struct {
	Width, Height float64 // in device pixels
	Scale         float64 // device pixels per CSS pixel
}

// Ctx is what a scene gets each tick: the screen, the input, the page and the sounds.
type Ctx struct {
	Env
	In    *Intents
	Host  Host
	Sound *Sound
	Prefs *prefs.Prefs // the remembered settings and game
	Tick  int
	next  Scene
}

// GoTo switches to scene s after this tick.
func (c *Ctx) GoTo(s Scene) { c.next = s }

// The status types live in internal/status (the browser tests read them too).
type (
	Status       = status.Status
	BoardStatus  = status.Board
	ButtonStatus = status.Button
	GameStatus   = status.Game
	NetStatus    = status.Net
)

// App is the ebiten.Game: it hosts the current scene and tells the host about it.
type App struct {
	scene  Scene
	env    Env
	input  inputReader
	host   Host
	sound  *Sound
	prefs  *prefs.Prefs
	tick   int
	last   string
	buf    []byte // the status's JSON, written again every update
	report func(Status, string)
	frames int
	// dirty is set when the screen must be drawn again; otherwise Draw keeps the last
	// frame (the screen is not cleared every frame), which spares phones and software
	// WebGL a full redraw sixty times a second.
	dirty   bool
	ticking string // what ticks, as last drawn (Ticking)
	// clocks are the clocks as last drawn (clockDrawer); clocksDirty is set when only
	// they changed, and Draw then redraws them alone.
	clocks      string
	clocksDirty bool
	shown       string // the status's JSON without the clocks' faces, as last drawn
	lastDraw    int
	pointing    any // what the pointer's place showed when last drawn (Pointing)
	hover       [2]float64
	stirred     bool // a pointer moved or is held: no sleep, though nothing may be drawn
	live        bool // the scene changes with time alone now (Ticking): no sleep
	// quiet counts the updates in a row that changed nothing; asleep is set after
	// sleepAfter of them (rest).
	quiet   int
	asleep  atomic.Bool // read by the heartbeat's goroutine
	beating bool        // the heartbeat's goroutine runs
	// Time spent in Update and Draw (the browser test reports it).
	updateTime, drawTime time.Duration
}

// Timing is the total time spent in Update and in Draw so far.
func (a *App) Timing() (update, draw time.Duration) { return a.updateTime, a.drawTime }

// NewApp starts the app on a scene, with the page as host (nil: no page).
func NewApp(first Scene, host Host) *App {
	if host == nil {
		host = noHost{}
	}
	return &App{scene: first, host: host, sound: &Sound{}}
}

// SetPrefs gives the app the remembered settings (LoadPrefs); without, it reads them from
// its host on the first tick.
func (a *App) SetPrefs(p *prefs.Prefs) {
	a.prefs = p
	a.sound.prefs = p
}

// OnStatus sets a function called from Update whenever the scene's status changes, with
// the status and its JSON. The browser uses it to drop the loading text, to set the page
// title and window.quintet.
func (a *App) OnStatus(f func(Status, string)) { a.report = f }

// Frames counts the frames drawn.
func (a *App) Frames() int { return a.frames }

// Asleep reports whether the app sleeps (rest): nothing changed in its last sleepAfter
// updates, so the screen shows what the last one would draw.
func (a *App) Asleep() bool { return a.asleep.Load() }

// Update implements ebiten.Game.
func (a *App) Update() error {
	if a.env.Width == 0 {
		return nil // no layout yet
	}
	a.tick++
	if a.prefs == nil {
		a.SetPrefs(LoadPrefs(a.host, nil))
	}
	t0 := time.Now()
	defer func() { a.updateTime += time.Since(t0) }()
	ctx := &Ctx{Env: a.env, In: a.input.read(a.host.Busy()), Host: a.host, Sound: a.sound, Prefs: a.prefs, Tick: a.tick}
	if err := a.scene.Update(ctx); err != nil {
		return err
	}
	in := ctx.In
	pointing, tells := a.scene.(pointingScene)
	if len(in.Chars) > 0 || in.Enter || in.Back || in.Escape || in.Wheel != 0 || pointerDraws(in, tells) {
		a.dirty = true
	}
	// A hover or a held, unmoved press changes the screen only through what the scene
	// shows at the pointer's place; each redraw costs a software-WebGL page a fifth of a
	// second, so a mouse crossing the board no longer draws at every move. A scene with
	// nothing under the pointer (no Pointing) draws nothing for it.
	// Still, any input keeps the app awake (rest): the next input comes soon, and is read
	// at once rather than at the sleep's heartbeat.
	a.stirred = in.Down || in.Hover && [2]float64{in.HoverX, in.HoverY} != a.hover
	a.hover = [2]float64{in.HoverX, in.HoverY}
	if tells {
		if now := pointing.Pointing(); now != a.pointing {
			a.dirty, a.pointing = true, now
		}
	}
	if an, ok := a.scene.(interface{ Animating() bool }); ok && an.Animating() {
		a.dirty = true
	}
	a.live = false
	if t, ok := a.scene.(interface{ Ticking() (string, bool) }); ok {
		var now string
		if now, a.live = t.Ticking(); now != a.ticking {
			a.dirty, a.ticking = true, now // a line that fades, a chat bubble
		}
	}
	if c, ok := a.scene.(clockDrawer); ok {
		if now := c.Clocks(); now != a.clocks {
			a.clocksDirty, a.clocks = true, now
		}
	}
	if ctx.next != nil {
		a.dirty = true
		a.scene = ctx.next
		ctx.In = &Intents{}
		if err := a.scene.Update(ctx); err != nil {
			return err
		}
	}
	defer a.rest()
	if a.report != nil {
		s := a.scene.Status()
		s.Lang = lang.Current()
		a.buf = s.AppendJSON(a.buf[:0])
		if string(a.buf) != a.last {
			a.last = string(a.buf)
			a.report(s, a.last)
			// The clocks' faces are in the status too; a change of theirs alone is
			// clocksDirty's to draw.
			w := s
			if _, ok := a.scene.(clockDrawer); ok {
				w = withoutClocks(s)
			}
			if shown := string(w.AppendJSON(nil)); shown != a.shown {
				a.dirty, a.shown = true, shown
			}
		}
	}
	return nil
}

// pointingScene is a scene that tells what the pointer has changed on it beyond its
// status (Play).
type pointingScene interface{ Pointing() any }

// pointerDraws reports whether the pointer's events alone make the screen be drawn
// again: a drag's always (what is dragged follows it), a press's or a release's only on
// a screen that does not tell what the pointer changed on it (tells: a pointingScene). A
// play screen does: there a click on a button draws one frame, not two, and a tap on
// nothing none, each a fifth of a second of CPU in a software-WebGL page.
func pointerDraws(in *Intents, tells bool) bool {
	if !tells {
		return len(in.Pointer) > 0
	}
	return slices.ContainsFunc(in.Pointer, func(e PointerEvent) bool { return e.Kind == Drag })
}

// sleepAfter is how many updates in a row must change nothing before the app sleeps: a
// sixth of a second. Input wakes a sleeping app at once, so a shorter wait costs no
// latency; each update awake costs a software-WebGL page a few milliseconds (thirty after
// every click were two fifths of its CPU for a button's press).
const sleepAfter = 10

// heartbeat is how often a sleeping app still runs an update, for what changes with no
// callback to wake it (a deadline, a timer's end); the rest wakes it (internal/wake).
const heartbeat = 250 * time.Millisecond

// rest puts the app to sleep after sleepAfter updates that changed nothing, and wakes
// it at the first change. Asleep, Ebitengine runs an update only on input, on wake.Up
// (the AI's reply, a peer's message, a page's callback) or on the heartbeat, and its
// loop asks for no frames meanwhile (cmd/ebitenpatch). Sixty updates a second, drawing
// nothing, kept an idle page at a quarter of a core in a software-WebGL browser (the
// page's, the GPU's and the browser's processes together), and cost phones their
// battery; asleep it costs about a twentieth of a core there.
func (a *App) rest() {
	if a.dirty || a.clocksDirty || a.live || a.stirred {
		a.quiet = 0
		if a.asleep.Swap(false) {
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
			ebiten.SetTPS(ebiten.DefaultTPS)
		}
		return
	}
	if a.quiet++; a.quiet < sleepAfter || a.asleep.Load() {
		return
	}
	a.asleep.Store(true)
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
	ebiten.SetTPS(ebiten.SyncWithFPS) // one update per frame asked for, none owed for the sleep
	if !a.beating {
		a.beating = true
		go func() { // one for the app's life: a timer four times a second, awake or not
			for range time.Tick(heartbeat) {
				if a.asleep.Load() {
					ebiten.ScheduleFrame()
				}
			}
		}()
	}
}

// idleRedraw is how many updates an unchanged screen is kept before it is drawn again
// anyway (in case a change was missed). Each redraw costs a software-WebGL page about a
// fifth of a second of CPU; every half second it kept an idle tab at 40% of a core.
const idleRedraw = 180

// Draw implements ebiten.Game.
func (a *App) Draw(screen *ebiten.Image) {
	full := a.dirty || a.tick-a.lastDraw >= idleRedraw
	if !full && !a.clocksDirty {
		return
	}
	a.frames++
	t0 := time.Now()
	defer func() { a.drawTime += time.Since(t0) }()
	a.clocksDirty = false
	if c, ok := a.scene.(clockDrawer); ok && !full && c.DrawClocks(screen) {
		return
	}
	a.dirty, a.lastDraw = false, a.tick
	screen.Fill(colBackground)
	a.scene.Draw(screen)
}

// clockDrawer is a scene whose clocks can be drawn again alone (Play).
type clockDrawer interface {
	// Clocks is what the clocks show; a change redraws them.
	Clocks() string
	// DrawClocks redraws the clocks over the last frame, or reports false when it
	// cannot (the whole screen is drawn instead).
	DrawClocks(screen *ebiten.Image) bool
}

// withoutClocks is s without its clocks' faces (which clockDrawer draws alone).
func withoutClocks(s Status) Status {
	if s.Game != nil && len(s.Game.Clocks) > 0 {
		g := *s.Game
		g.Clocks, g.ClockRuns, g.ClockLow = nil, 0, 0
		s.Game = &g
	}
	return s
}

// Layout implements ebiten.Game; LayoutF is used instead.
func (a *App) Layout(w, h int) (int, int) {
	sw, sh := a.LayoutF(float64(w), float64(h))
	return int(sw), int(sh)
}

// LayoutF implements ebiten.LayoutFer: the screen has one pixel per device pixel, so the
// board is crisp on high-density phone screens.
func (a *App) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	sw, sh := math.Ceil(w*s), math.Ceil(h*s)
	if sw != a.env.Width || sh != a.env.Height {
		a.dirty = true
	}
	a.env = Env{Width: sw, Height: sh, Scale: s}
	return sw, sh
}
