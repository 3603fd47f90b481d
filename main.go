// Command quintet-web is the app: chess variants in the browser (GOOS=js GOARCH=wasm), or
// in a native window for development. It reads the page's address and opens the setup
// screen, or the game itself when the address says play=1.
package main

import (
	"log"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/scenes"
	"github.com/quintet-chess/quintet/scenes/match"
)

func main() {
	page := pageOptions()
	opp := match.NewAI() // the search runs in a Web Worker (internal/aiclient)
	opp.BudgetMS = page.BudgetMS
	setup := scenes.NewSetup(page, opp)
	var first scenes.Scene = setup
	if page.Start {
		if p, err := scenes.NewPlay(setup.Config(), opp, setup); err == nil {
			first = p
		}
	}
	host := newHost()
	if f := scenes.FriendFromPage(setup, host); f != nil {
		first = f // a join link, or a game with a friend taken up again
	}
	app := scenes.NewApp(first, host)
	attachHost(app)

	ebiten.SetScreenClearedEveryFrame(false) // App.Draw redraws only when something changed
	ebiten.SetWindowTitle("Quintet")
	ebiten.SetWindowSize(720, 820)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(app); err != nil {
		log.Fatal(err)
	}
}
