//go:build js

package main

import (
	"syscall/js"

	"github.com/quintet-chess/quintet/internal/pageurl"
	"github.com/quintet-chess/quintet/scenes"
)

// variantName is the game named in the page's address (?variant=forced or #forced).
func variantName() string {
	loc := js.Global().Get("location")
	return pageurl.Variant(loc.Get("search").String(), loc.Get("hash").String())
}

// attachHost connects the app to the page: the first status removes the loading text,
// every status sets the page title and window.quintet (read by the browser tests).
func attachHost(app *scenes.App) {
	app.OnStatus(func(s scenes.Status) {
		doc := js.Global().Get("document")
		if el := doc.Call("getElementById", "loading"); el.Truthy() {
			el.Call("remove")
		}
		doc.Set("title", s.Title+" · Quintet")
		js.Global().Set("quintet", js.ValueOf(map[string]any{
			"variant": s.Variant,
			"title":   s.Title,
			"error":   s.Error,
			"board": map[string]any{
				"x": s.BoardX, "y": s.BoardY, "square": s.Square,
				"files": s.Files, "ranks": s.Ranks,
			},
		}))
	})
}
