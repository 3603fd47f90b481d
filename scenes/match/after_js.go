//go:build js

package match

import (
	"syscall/js"
	"time"
)

// after calls f after d unless stop is closed first. In the browser the page's own timer
// does it, as a Web Worker's message would: a Go timer pending in the wasm runtime costs
// the page frames while it waits.
func after(d time.Duration, stop <-chan struct{}, f func()) {
	var fn js.Func
	fn = js.FuncOf(func(js.Value, []js.Value) any {
		fn.Release()
		select {
		case <-stop:
		default:
			go f() // f may block on nothing (a buffered channel), but not in a JS callback
		}
		return nil
	})
	js.Global().Call("setTimeout", fn, d.Milliseconds())
}
