//go:build js

package aiclient

import (
	"syscall/js"

	"github.com/quintet-chess/quintet/game/ai"
)

// InWorker tells whether this program runs in a Web Worker (static/aiworker.js), not in
// the page: the site's one wasm, main.wasm, is both the app and the AI's worker, so the
// browser downloads and compiles it once.
func InWorker() bool {
	// Not window: aiworker.js gives Ebitengine an inert one.
	return js.Global().Get("WorkerGlobalScope").Truthy()
}

// ServeWorker is the worker's side: it defines quintetAIRequest (aiworker.js hands it
// the page's messages), posts a ready reply, then answers each request with progress
// replies and a result, one search after another on the worker's own thread. It never
// returns.
func ServeWorker() {
	eng := ai.NewEngine(32)
	post := func(r Reply) { js.Global().Call("postMessage", Encode(r)) }
	requests := make(chan string, 16)
	js.Global().Set("quintetAIRequest", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 1 && args[0].Type() == js.TypeString {
			select {
			case requests <- args[0].String():
			default:
				post(Reply{Kind: KindError, Error: "too many requests queued"})
			}
		}
		return nil
	}))
	post(Reply{Kind: KindReady})
	for data := range requests {
		Serve(eng, data, post)
	}
}
