//go:build js

// Command aiworker is the AI's Web Worker: a small wasm that links the rules and the AI
// but not Ebitengine. static/aiworker.js loads it inside a Worker and hands it the
// page's messages; it answers each request with progress messages and a result (JSON
// strings, see internal/aiclient). Searches run one after another on the worker's own
// thread, so the page keeps drawing whatever the AI does.
package main

import (
	"syscall/js"

	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/aiclient"
)

func main() {
	eng := ai.NewEngine(32)
	post := func(r aiclient.Reply) { js.Global().Call("postMessage", aiclient.Encode(r)) }
	requests := make(chan string, 16)
	js.Global().Set("quintetAIRequest", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 1 && args[0].Type() == js.TypeString {
			select {
			case requests <- args[0].String():
			default:
				post(aiclient.Reply{Kind: aiclient.KindError, Error: "too many requests queued"})
			}
		}
		return nil
	}))
	post(aiclient.Reply{Kind: aiclient.KindReady})
	for data := range requests {
		serve(eng, data, post)
	}
}
