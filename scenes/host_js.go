//go:build js

package scenes

import (
	"sync"
	"syscall/js"

	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/wake"
)

// PageHost is the page's HTML dialog (static/index.html holds its elements): a title, a
// text box and buttons over the canvas.
type PageHost struct {
	mu     sync.Mutex
	open   bool
	answer *string
	funcs  []js.Func
}

// NewPageHost wires the page's dialog.
func NewPageHost() *PageHost {
	h := &PageHost{}
	doc := js.Global().Get("document")
	on := func(id string, f func()) {
		fn := wake.FuncOf(func(js.Value, []js.Value) any { f(); return nil })
		h.funcs = append(h.funcs, fn)
		if el := doc.Call("getElementById", id); el.Truthy() {
			el.Call("addEventListener", "click", fn)
		}
	}
	on("dlg-close", h.close)
	on("dlg-ok", func() {
		s := el("dlg-text").Get("value").String()
		h.mu.Lock()
		h.answer = &s
		h.mu.Unlock()
		h.close()
	})
	on("dlg-copy", func() {
		t := el("dlg-text")
		s := t.Get("value").String()
		clip := js.Global().Get("navigator").Get("clipboard")
		if clip.Truthy() {
			p := clip.Call("writeText", s)
			// A refused clipboard (no permission) falls back to selecting the text.
			p.Call("catch", js.FuncOf(func(js.Value, []js.Value) any { t.Call("select"); return nil }))
		} else {
			t.Call("select")
		}
		el("dlg-note").Set("textContent", lang.T("Copied."))
	})
	on("dlg-download", func() {
		s := el("dlg-text").Get("value").String()
		name := el("dlg").Get("dataset").Get("filename").String()
		blob := js.Global().Get("Blob").New([]any{s}, map[string]any{"type": "application/x-chess-pgn"})
		url := js.Global().Get("URL").Call("createObjectURL", blob)
		a := doc.Call("createElement", "a")
		a.Set("href", url)
		a.Set("download", name)
		doc.Get("body").Call("appendChild", a)
		a.Call("click")
		a.Call("remove")
		js.Global().Get("URL").Call("revokeObjectURL", url)
		el("dlg-note").Set("textContent", lang.F("Saved as %s.", name))
	})
	return h
}

func el(id string) js.Value { return js.Global().Get("document").Call("getElementById", id) }

func (h *PageHost) show(title, text string, export bool, filename, ok string) {
	d := el("dlg")
	if !d.Truthy() {
		return
	}
	el("dlg-title").Set("textContent", title)
	// The dialog's buttons are the page's HTML: their words follow the language here.
	for id, label := range map[string]string{"dlg-copy": lang.T("Copy"), "dlg-download": lang.T("Download"),
		"dlg-ok": ok, "dlg-close": lang.T("Close")} {
		el(id).Set("textContent", label)
	}
	js.Global().Get("document").Get("documentElement").Set("lang", lang.Current())
	t := el("dlg-text")
	t.Set("value", text)
	t.Set("readOnly", export)
	el("dlg-note").Set("textContent", "")
	d.Get("dataset").Set("filename", filename)
	d.Get("dataset").Set("mode", map[bool]string{true: "export", false: "ask"}[export])
	d.Set("hidden", false)
	h.mu.Lock()
	h.open = true
	h.mu.Unlock()
	if !export {
		t.Set("placeholder", lang.T("Paste a PGN or a position (FEN) here"))
		t.Call("focus")
	}
}

func (h *PageHost) close() {
	el("dlg").Set("hidden", true)
	h.mu.Lock()
	h.open = false
	h.mu.Unlock()
	if c := js.Global().Get("document").Call("querySelector", "canvas"); c.Truthy() {
		c.Call("focus")
	}
}

// ShowText implements Host.
func (h *PageHost) ShowText(title, text, filename string) { h.show(title, text, true, filename, "") }

// AskText implements Host.
func (h *PageHost) AskText(title, hint, ok string) { h.show(title, hint, false, "", ok) }

// Answer implements Host.
func (h *PageHost) Answer() (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.answer == nil {
		return "", false
	}
	s := *h.answer
	h.answer = nil
	return s, true
}

// Busy implements Host.
func (h *PageHost) Busy() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.open
}

// Get implements Host. Storage the browser refuses (disabled, a sandboxed frame) reads as
// empty: a JavaScript exception would be a Go panic.
func (h *PageHost) Get(key string) (value string) {
	defer func() {
		if recover() != nil {
			value = ""
		}
	}()
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return ""
	}
	v := ls.Call("getItem", "quintet."+key)
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

// Set implements Host: "" removes the key. A refused write (storage full or disabled)
// leaves nothing remembered rather than stopping the app.
func (h *PageHost) Set(key, value string) {
	defer func() { recover() }()
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return
	}
	if value == "" {
		ls.Call("removeItem", "quintet."+key)
		return
	}
	ls.Call("setItem", "quintet."+key, value)
}
