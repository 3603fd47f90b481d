//go:build js

package main

import (
	"syscall/js"

	"github.com/quintet-chess/quintet/internal/aiclient"
	"github.com/quintet-chess/quintet/internal/pageurl"
	"github.com/quintet-chess/quintet/scenes"
)

// pageOptions are read from the page's address (?variant=forced&side=black&play=1, or the
// same after #).
func pageOptions() pageurl.Page {
	loc := js.Global().Get("location")
	return pageurl.Read(loc.Get("search").String(), loc.Get("hash").String())
}

// serveAIWorker runs the AI's loop, and never returns, when this wasm was started in a Web
// Worker (static/aiworker.js): the site ships one wasm, the app and its AI, so a visit
// downloads and compiles it once. There is no window there: the app never starts.
func serveAIWorker() bool {
	if !aiclient.InWorker() {
		return false
	}
	aiclient.ServeWorker()
	return true
}

func newHost() scenes.Host { return scenes.NewPageHost() }

// browserLanguages are the person's languages as the browser tells them, preferred first.
func browserLanguages() []string {
	nav := js.Global().Get("navigator")
	var out []string
	if ls := nav.Get("languages"); ls.Type() == js.TypeObject {
		for i := 0; i < ls.Length() && i < 32; i++ {
			out = append(out, ls.Index(i).String())
		}
	}
	if l := nav.Get("language"); l.Type() == js.TypeString {
		out = append(out, l.String())
	}
	return out
}

// reducedMotion tells whether the device asks for less motion (the CSS media feature
// prefers-reduced-motion, which follows the operating system's setting).
func reducedMotion() bool {
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	return js.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Truthy()
}

// mark sets a performance mark (the browser tests read where a start spends its time).
func mark(name string) { js.Global().Get("performance").Call("mark", name) }

// attachHost connects the app to the page: the first status removes the loading text;
// every status sets the page title and window.quintet (read by the browser tests) and
// fires the window's "quintetstatus" event (which the tests wait for instead of polling);
// window.quintetTiming() tells the updates run, the frames drawn, the time Update and
// Draw took and whether the app sleeps.
func attachHost(g *counted) {
	app := g.App
	js.Global().Set("quintetTiming", js.FuncOf(func(js.Value, []js.Value) any {
		u, d := app.Timing()
		return map[string]any{"update": u.Seconds(), "draw": d.Seconds(), "frames": app.Frames(), "updates": g.updates, "asleep": app.Asleep()}
	}))
	parse := js.Global().Get("JSON")
	event := js.Global().Get("Event")
	app.OnStatus(func(s scenes.Status, j string) {
		doc := js.Global().Get("document")
		if el := doc.Call("getElementById", "loading"); el.Truthy() {
			el.Call("remove")
		}
		doc.Set("title", s.Title+" · Quintet")
		doc.Get("documentElement").Set("lang", s.Lang)
		js.Global().Set("quintet", parse.Call("parse", j))
		js.Global().Call("dispatchEvent", event.New("quintetstatus"))
	})
}

// reloaded reports whether the page was reloaded (or reached again by back/forward)
// rather than opened: then a link's play=1 takes up the game it started.
func reloaded() bool {
	perf := js.Global().Get("performance")
	if !perf.Truthy() || !perf.Get("getEntriesByType").Truthy() {
		return false
	}
	es := perf.Call("getEntriesByType", "navigation")
	if es.Length() == 0 {
		return false
	}
	t := es.Index(0).Get("type").String()
	return t == "reload" || t == "back_forward"
}
