package wake

import "syscall/js"

// FuncOf is js.FuncOf for the page's callbacks (a worker's message, a socket's, a
// dialog's button): each call wakes the app once fn has run.
func FuncOf(fn func(this js.Value, args []js.Value) any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		defer Up()
		return fn(this, args)
	})
}
