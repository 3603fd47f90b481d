// Command quintet-web is the app: chess variants in the browser (GOOS=js GOARCH=wasm), or
// in a native window for development. It picks the first scene and runs it.
package main

import (
	"log"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/scenes"
)

func main() {
	app := scenes.NewApp(scenes.NewBoard(variantName()))
	attachHost(app)

	ebiten.SetWindowTitle("Quintet")
	ebiten.SetWindowSize(720, 820)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(app); err != nil {
		log.Fatal(err)
	}
}
