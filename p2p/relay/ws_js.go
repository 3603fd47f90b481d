//go:build js

package relay

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/quintet-chess/quintet/internal/wake"
)

// In the browser the WebSocket is the page's own, through syscall/js: a few KB, where a
// Go WebSocket library's js build links net/http and crypto/tls.

type wsConn struct {
	ws     js.Value
	in     chan wsMsg
	closed chan struct{}
	once   sync.Once
	funcs  []js.Func
	err    error
}

func dialWS(ctx context.Context, url, proto string) (w *wsConn, err error) {
	defer func() {
		if r := recover(); r != nil { // a malformed address throws
			err = fmt.Errorf("websocket: %v", r)
		}
	}()
	w = &wsConn{in: make(chan wsMsg, 64), closed: make(chan struct{})}
	w.ws = js.Global().Get("WebSocket").New(url, []any{proto})
	w.ws.Set("binaryType", "arraybuffer")
	open := make(chan struct{})
	var oonce sync.Once
	w.on("open", func(js.Value) { oonce.Do(func() { close(open) }) })
	w.on("close", func(js.Value) { w.shut(errors.New("websocket closed")) })
	w.on("error", func(js.Value) { w.shut(errors.New("websocket failed")) })
	w.on("message", func(ev js.Value) {
		d := ev.Get("data")
		if d.Type() == js.TypeString {
			return // MQTT is binary
		}
		u := js.Global().Get("Uint8Array").New(d)
		n := u.Get("length").Int()
		keep := min(n, wsKeep)
		b := make([]byte, keep)
		js.CopyBytesToGo(b, u.Call("subarray", 0, keep))
		select {
		case w.in <- wsMsg{b, n - keep}:
		default:
			w.shut(errors.New("websocket: the broker floods"))
		}
	})
	select {
	case <-open:
		return w, nil
	case <-w.closed:
		w.release()
		return nil, fmt.Errorf("could not connect to %s", url)
	case <-ctx.Done():
		w.CloseNow()
		return nil, ctx.Err()
	}
}

func (w *wsConn) on(name string, f func(js.Value)) {
	fn := wake.FuncOf(func(_ js.Value, a []js.Value) any {
		var ev js.Value
		if len(a) > 0 {
			ev = a[0]
		}
		f(ev)
		return nil
	})
	w.funcs = append(w.funcs, fn)
	w.ws.Call("addEventListener", name, fn)
}

func (w *wsConn) shut(err error) {
	w.once.Do(func() {
		w.err = err
		close(w.closed)
	})
}

func (w *wsConn) release() {
	for i, f := range w.funcs {
		w.ws.Call("removeEventListener", []string{"open", "close", "error", "message"}[i], f)
		f.Release()
	}
	w.funcs = nil
}

func (w *wsConn) Read(ctx context.Context) ([]byte, int, error) {
	select {
	case m := <-w.in:
		return m.b, m.dropped, nil
	case <-w.closed:
		return nil, 0, w.err
	case <-ctx.Done():
		return nil, 0, ctx.Err()
	}
}

func (w *wsConn) Write(ctx context.Context, b []byte) error {
	select {
	case <-w.closed:
		return w.err
	default:
	}
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	w.ws.Call("send", u)
	return nil
}

func (w *wsConn) Close() { w.CloseNow() }

func (w *wsConn) CloseNow() {
	w.shut(errors.New("websocket closed"))
	w.ws.Call("close")
}
