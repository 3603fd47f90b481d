// Command quintet-web is the app: chess variants in the browser (GOOS=js GOARCH=wasm), or
// in a native window for development. It reads the page's address and opens the setup
// screen, or the game itself when the address says play=1.
package main

import (
	"log"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/internal/wake"
	"github.com/quintet-chess/quintet/scenes"
	"github.com/quintet-chess/quintet/scenes/match"
)

func main() {
	if serveAIWorker() {
		return
	}
	mark("quintet-main") // the Go runtime and every package's init have run
	page := pageOptions()
	host := newHost()
	// The remembered settings; they set the language.
	prefs := scenes.LoadPrefs(host, browserLanguages())
	prefs.ReduceMotion(reducedMotion())
	opp := match.NewAI() // the search runs in a Web Worker (internal/aiclient)
	opp.BudgetMS = page.BudgetMS
	setup := scenes.NewSetup(page, opp)
	var first scenes.Scene = setup
	if page.Start {
		// A reload of the link (it still says play=1) takes up the game it started, if
		// that game is the one saved; a link opened anew starts a new one.
		var p *scenes.Play
		if reloaded() {
			p = scenes.ResumeLink(prefs, opp, setup)
		}
		if p != nil {
			first = p
		} else if p, err := scenes.NewPlay(setup.Config(), opp, setup); err == nil {
			first = p
		}
	} else if page.Plain() {
		// A plain visit brings back the unfinished game against the AI; a link that
		// names a game shows that game.
		if p := scenes.Resume(prefs, opp, setup); p != nil {
			first = p
		}
	}
	if f := scenes.FriendFromPage(setup, host); f != nil {
		first = f // a join link, or a game with a friend taken up again
	}
	app := scenes.NewApp(first, host)
	app.SetPrefs(prefs)
	g := &counted{App: app}
	attachHost(g)
	mark("quintet-app") // the first scene is built

	ebiten.SetScreenClearedEveryFrame(false) // App.Draw redraws only when something changed
	// What arrives by itself wakes a sleeping app (scenes.App.rest). ScheduleFrame, and
	// the FPS mode it serves, are deprecated since Ebitengine 2.5 but kept.
	wake.Set(ebiten.ScheduleFrame)
	ebiten.SetWindowTitle("Quintet")
	ebiten.SetWindowSize(720, 820)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}

// counted is the app with a count of its updates. The browser tests wait for updates
// rather than for time: a press and its release must fall in different updates for the
// app to see them, however slow the machine. It keeps App's LayoutF (ebiten.LayoutFer).
type counted struct {
	*scenes.App
	updates, draws int
}

func (g *counted) Update() error {
	g.updates++
	if g.updates == 1 {
		mark("quintet-update1") // Ebitengine runs the game: its first update
	}
	return g.App.Update()
}

// Draw marks where the first frame's time goes (the browser test TestStartTiming reads
// the marks): the app's drawing, then Ebitengine's flush of it to WebGL, which follows.
func (g *counted) Draw(screen *ebiten.Image) {
	g.draws++
	if g.draws == 1 {
		mark("quintet-draw1")
		defer mark("quintet-draw1-end")
	}
	g.App.Draw(screen)
}
