// Package scenes holds the screens of the app, drawn with Ebitengine. Each scene keeps its
// state in Update and only draws in Draw; App runs the current scene as an ebiten.Game.
package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Scene is one screen of the app.
type Scene interface {
	// Update advances the scene by one tick; env is the current screen.
	Update(env Env) error
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

// Status describes what a scene shows, for the host page (title bar, loading text) and
// the browser tests. It is comparable, so a host is only told about changes.
type Status struct {
	Variant string // registry name of the game shown
	Title   string // the title line
	Error   string // why nothing can be shown, if so
	// Board is the board's rectangle in CSS pixels, 0 before the first layout.
	BoardX, BoardY, Square float64
	Files, Ranks           int
}

// App is the ebiten.Game: it hosts the current scene and tells the host about it.
type App struct {
	scene  Scene
	env    Env
	last   Status
	report func(Status)
}

// NewApp starts the app on a scene.
func NewApp(first Scene) *App { return &App{scene: first} }

// OnStatus sets a function called from Update whenever the scene's status changes. The
// browser uses it to drop the loading text and to set the page title.
func (a *App) OnStatus(f func(Status)) { a.report = f }

// Update implements ebiten.Game.
func (a *App) Update() error {
	if a.env.Width == 0 {
		return nil // no layout yet
	}
	if err := a.scene.Update(a.env); err != nil {
		return err
	}
	if a.report != nil {
		if s := a.scene.Status(); s != a.last {
			a.last = s
			a.report(s)
		}
	}
	return nil
}

// Draw implements ebiten.Game.
func (a *App) Draw(screen *ebiten.Image) {
	screen.Fill(colBackground)
	a.scene.Draw(screen)
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
	a.env = Env{Width: sw, Height: sh, Scale: s}
	return sw, sh
}
