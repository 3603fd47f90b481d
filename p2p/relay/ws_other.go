//go:build !js

package relay

import (
	"context"
	"io"

	"github.com/coder/websocket"
)

// Natively the WebSocket is coder/websocket's. (In the browser it is the page's own
// WebSocket, ws_js.go: the library's js build links net/http and crypto/tls, 600 KB gzip.)

type wsConn struct{ c *websocket.Conn }

func dialWS(ctx context.Context, url, proto string) (*wsConn, error) {
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{proto}})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(-1) // Read keeps wsKeep bytes of a message and skips the rest unread
	return &wsConn{c}, nil
}

func (w *wsConn) Read(ctx context.Context) ([]byte, int, error) {
	_, r, err := w.c.Reader(ctx)
	if err != nil {
		return nil, 0, err
	}
	b, err := io.ReadAll(io.LimitReader(r, wsKeep))
	if err != nil {
		return nil, 0, err
	}
	n, err := io.Copy(io.Discard, r)
	return b, int(n), err
}

func (w *wsConn) Write(ctx context.Context, b []byte) error {
	return w.c.Write(ctx, websocket.MessageBinary, b)
}

func (w *wsConn) Close() { w.c.Close(websocket.StatusNormalClosure, "") }

func (w *wsConn) CloseNow() { w.c.CloseNow() }
