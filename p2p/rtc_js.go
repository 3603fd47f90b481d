//go:build js

package p2p

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"github.com/quintet-chess/quintet/internal/wake"
)

// The browser's transport: the page's own RTCPeerConnection and RTCDataChannel through
// syscall/js (about 10 KB gzip, against 2 MB for pion's wasm build), behind the same
// Host, Guest and Conn as the native one, so the protocol code is shared.

// RTCConfig configures a peer connection.
type RTCConfig struct {
	// STUN or TURN server URLs ("stun:host:port", "turn:host:port").
	ICEServers []string
	// TURN credentials, used for the turn: and turns: URLs.
	Username, Credential string
	// Loopback has no meaning in a browser (Chrome offers no 127.0.0.1 candidates); it is
	// kept so the same configuration builds everywhere.
	Loopback bool
}

// gatherWait bounds ICE gathering: once a first candidate is known, an unreachable STUN
// server must not hold the code back for its whole timeout.
const gatherWait = time.Second

func (c RTCConfig) peer() (js.Value, error) {
	ctor := js.Global().Get("RTCPeerConnection")
	if !ctor.Truthy() {
		return js.Value{}, errors.New("this browser has no WebRTC (RTCPeerConnection)")
	}
	var servers []any
	for _, u := range c.ICEServers {
		s := map[string]any{"urls": u}
		if c.Username != "" && (len(u) > 5 && (u[:5] == "turn:" || u[:6] == "turns:")) {
			s["username"], s["credential"] = c.Username, c.Credential
		}
		servers = append(servers, s)
	}
	var pc js.Value
	err := catch(func() { pc = ctor.New(map[string]any{"iceServers": servers}) })
	return pc, err
}

// catch turns a JavaScript exception thrown inside f into an error.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

// await waits for a JavaScript promise.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := wake.FuncOf(func(_ js.Value, a []js.Value) any {
		var v js.Value
		if len(a) > 0 {
			v = a[0]
		}
		ch <- result{v: v}
		return nil
	})
	fail := wake.FuncOf(func(_ js.Value, a []js.Value) any {
		msg := "failed"
		if len(a) > 0 {
			msg = a[0].Call("toString").String()
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	defer then.Release()
	defer fail.Release()
	p.Call("then", then, fail)
	r := <-ch
	return r.v, r.err
}

// Host is the inviting side: it makes the offer code and waits for the answer code.
type Host struct {
	pc    js.Value
	conn  *rtcConn
	offer string
}

// NewHost opens a peer connection with one reliable, ordered data channel and gathers
// its candidates, so the offer code is complete.
func NewHost(cfg RTCConfig) (*Host, error) {
	pc, err := cfg.peer()
	if err != nil {
		return nil, err
	}
	h := &Host{pc: pc, conn: newRTCConn(pc)}
	var dc js.Value
	if err := catch(func() { dc = pc.Call("createDataChannel", "quintet", map[string]any{"ordered": true}) }); err != nil {
		h.Close()
		return nil, err
	}
	h.conn.attach(dc)
	if h.offer, err = localCode(pc, false); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

// Offer is the code to give the guest (in a link or as text).
func (h *Host) Offer() string { return h.offer }

// Connect takes the guest's answer code and waits until the data channel is open.
func (h *Host) Connect(ctx context.Context, answer string) (Conn, error) {
	s, err := DecodeSignal(answer)
	if err != nil {
		return nil, err
	}
	if !s.Answer {
		return nil, fmt.Errorf("this code is an offer, not an answer")
	}
	desc := map[string]any{"type": "answer", "sdp": s.SDP()}
	if _, err := await(h.pc.Call("setRemoteDescription", desc)); err != nil {
		return nil, fmt.Errorf("the answer was refused: %v", err)
	}
	return h.conn.wait(ctx)
}

// Close abandons the connection.
func (h *Host) Close() error { h.conn.shut(); h.pc.Call("close"); h.conn.release(); return nil }

// Guest is the joining side.
type Guest struct {
	pc     js.Value
	conn   *rtcConn
	answer string
}

// NewGuest reads the host's offer code and makes the answer code.
func NewGuest(cfg RTCConfig, offer string) (*Guest, error) {
	s, err := DecodeSignal(offer)
	if err != nil {
		return nil, err
	}
	if s.Answer {
		return nil, fmt.Errorf("this code is an answer, not an offer")
	}
	pc, err := cfg.peer()
	if err != nil {
		return nil, err
	}
	g := &Guest{pc: pc, conn: newRTCConn(pc)}
	g.conn.on(pc, "datachannel", func(ev js.Value) { g.conn.attach(ev.Get("channel")) })
	if _, err := await(pc.Call("setRemoteDescription", map[string]any{"type": "offer", "sdp": s.SDP()})); err != nil {
		g.Close()
		return nil, fmt.Errorf("the offer was refused: %v", err)
	}
	if g.answer, err = localCode(pc, true); err != nil {
		g.Close()
		return nil, err
	}
	return g, nil
}

// Answer is the code to send back to the host.
func (g *Guest) Answer() string { return g.answer }

// Connect waits until the host has taken the answer and the data channel is open.
func (g *Guest) Connect(ctx context.Context) (Conn, error) { return g.conn.wait(ctx) }

// Close abandons the connection.
func (g *Guest) Close() error { g.conn.shut(); g.pc.Call("close"); g.conn.release(); return nil }

// localCode sets the local description and returns it as a code once gathering is done
// (or gatherWait after the first candidate).
func localCode(pc js.Value, answer bool) (string, error) {
	method := "createOffer"
	if answer {
		method = "createAnswer"
	}
	d, err := await(pc.Call(method))
	if err != nil {
		return "", err
	}
	done := make(chan struct{}, 1)
	first := make(chan struct{}, 1)
	onCand := wake.FuncOf(func(_ js.Value, a []js.Value) any {
		if len(a) > 0 && a[0].Get("candidate").IsNull() {
			select {
			case done <- struct{}{}:
			default:
			}
		} else {
			select {
			case first <- struct{}{}:
			default:
			}
		}
		return nil
	})
	onState := wake.FuncOf(func(js.Value, []js.Value) any {
		if pc.Get("iceGatheringState").String() == "complete" {
			select {
			case done <- struct{}{}:
			default:
			}
		}
		return nil
	})
	pc.Call("addEventListener", "icecandidate", onCand)
	pc.Call("addEventListener", "icegatheringstatechange", onState)
	defer func() {
		pc.Call("removeEventListener", "icecandidate", onCand)
		pc.Call("removeEventListener", "icegatheringstatechange", onState)
		onCand.Release()
		onState.Release()
	}()
	if _, err := await(pc.Call("setLocalDescription", d)); err != nil {
		return "", err
	}
	if pc.Get("iceGatheringState").String() != "complete" {
		select {
		case <-done:
		case <-first:
			select {
			case <-done:
			case <-time.After(gatherWait):
			}
		case <-time.After(4 * gatherWait):
		}
	}
	s, err := ParseSDP(pc.Get("localDescription").Get("sdp").String(), answer)
	if err != nil {
		return "", err
	}
	return s.Code()
}

// rtcConn is a Conn over a browser data channel.
type rtcConn struct {
	mu    sync.Mutex
	dc    js.Value
	funcs []js.Func
	in    chan []byte
	link
	pc js.Value
}

func newRTCConn(pc js.Value) *rtcConn {
	c := &rtcConn{pc: pc, in: make(chan []byte, 256), link: newLink()}
	c.on(pc, "connectionstatechange", func(js.Value) {
		switch pc.Get("connectionState").String() {
		case "failed", "closed", "disconnected":
			c.shut()
		}
	})
	return c
}

// on listens to event name of target for as long as the connection lives.
func (c *rtcConn) on(target js.Value, name string, f func(js.Value)) {
	fn := wake.FuncOf(func(_ js.Value, a []js.Value) any {
		var ev js.Value
		if len(a) > 0 {
			ev = a[0]
		}
		f(ev)
		return nil
	})
	c.mu.Lock()
	c.funcs = append(c.funcs, fn)
	c.mu.Unlock()
	target.Call("addEventListener", name, fn)
}

func (c *rtcConn) release() {
	c.mu.Lock()
	fs := c.funcs
	c.funcs = nil
	c.mu.Unlock()
	// Late events may still arrive on a closed connection: release only after they had
	// their chance to run (a released function panics when called).
	time.AfterFunc(time.Minute, func() {
		for _, f := range fs {
			f.Release()
		}
	})
}

func (c *rtcConn) attach(dc js.Value) {
	c.mu.Lock()
	c.dc = dc
	c.mu.Unlock()
	dc.Set("binaryType", "arraybuffer")
	c.on(dc, "open", func(js.Value) { c.opened() })
	c.on(dc, "close", func(js.Value) { c.shut() })
	c.on(dc, "message", func(ev js.Value) {
		data := ev.Get("data")
		if data.Type() == js.TypeString { // the protocol is binary: a string is garbage, passed on as bytes
			c.deliver([]byte(data.String()))
			return
		}
		u := js.Global().Get("Uint8Array").New(data)
		b := make([]byte, u.Get("length").Int())
		js.CopyBytesToGo(b, u)
		c.deliver(b)
	})
	if dc.Get("readyState").String() == "open" {
		c.opened()
	}
}

// deliver queues a message without blocking the page's event loop; a peer that floods
// faster than the match reads loses the link rather than the page.
func (c *rtcConn) deliver(b []byte) {
	select {
	case c.in <- b:
	case <-c.closed:
	default:
		c.shut()
	}
}

func (c *rtcConn) wait(ctx context.Context) (Conn, error) {
	if err := c.waitOpen(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *rtcConn) Send(b []byte) error {
	select {
	case <-c.closed:
		return ErrClosed
	default:
	}
	c.mu.Lock()
	dc := c.dc
	c.mu.Unlock()
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	if err := catch(func() { dc.Call("send", u) }); err != nil {
		c.shut()
		return ErrClosed
	}
	return nil
}

func (c *rtcConn) Recv() ([]byte, error) {
	select {
	case b := <-c.in:
		return b, nil
	case <-c.closed:
		// Messages that arrived before the close are still the peer's.
		select {
		case b := <-c.in:
			return b, nil
		default:
		}
		return nil, ErrClosed
	}
}

// Close lets what was sent leave first (a closing peer connection drops its buffers),
// then ends the connection.
func (c *rtcConn) Close() error {
	c.mu.Lock()
	dc := c.dc
	c.mu.Unlock()
	if !dc.IsUndefined() && !dc.IsNull() {
		for deadline := time.Now().Add(time.Second); dc.Get("bufferedAmount").Int() > 0 && time.Now().Before(deadline); {
			select {
			case <-c.closed:
				deadline = time.Time{}
			case <-time.After(5 * time.Millisecond):
			}
		}
	}
	c.shut()
	c.pc.Call("close")
	c.release()
	return nil
}
