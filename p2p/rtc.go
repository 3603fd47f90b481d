//go:build !js

package p2p

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// Native WebRTC over pion (tests, tools). The browser build uses the page's own
// RTCPeerConnection instead (a *_js.go file), behind the same Conn and Signal.

// RTCConfig configures a peer connection.
type RTCConfig struct {
	// STUN (or TURN) server URLs, needed across NATs; none on one machine.
	ICEServers []string
	// TURN credentials, used for the turn: and turns: URLs.
	Username, Credential string
	// Loopback restricts ICE to 127.0.0.1 over UDP without mDNS: two peers in one
	// program or on one machine, and machines whose only interface is lo.
	Loopback bool
}

func (c RTCConfig) api() *webrtc.API {
	var se webrtc.SettingEngine
	if c.Loopback {
		se.SetIncludeLoopbackCandidate(true)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
		se.SetInterfaceFilter(func(name string) bool { return name == "lo" })
		se.SetIPFilter(func(ip net.IP) bool { return ip.IsLoopback() })
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(se))
}

func (c RTCConfig) peer() (*webrtc.PeerConnection, error) {
	var conf webrtc.Configuration
	if len(c.ICEServers) > 0 {
		for _, u := range c.ICEServers {
			s := webrtc.ICEServer{URLs: []string{u}}
			if c.Username != "" && (strings.HasPrefix(u, "turn:") || strings.HasPrefix(u, "turns:")) {
				s.Username, s.Credential = c.Username, c.Credential
			}
			conf.ICEServers = append(conf.ICEServers, s)
		}
	}
	return c.api().NewPeerConnection(conf)
}

// Host is the inviting side: it makes the offer code and waits for the answer code.
type Host struct {
	pc    *webrtc.PeerConnection
	conn  *rtcConn
	offer string
}

// NewHost opens a peer connection with one reliable, ordered data channel and gathers
// every candidate, so the offer code is complete (no trickle: the code is the signaling).
func NewHost(cfg RTCConfig) (*Host, error) {
	pc, err := cfg.peer()
	if err != nil {
		return nil, err
	}
	dc, err := pc.CreateDataChannel("quintet", nil)
	if err != nil {
		pc.Close()
		return nil, err
	}
	h := &Host{pc: pc, conn: newRTCConn(pc)}
	h.conn.attach(dc)
	code, err := localCode(pc, false)
	if err != nil {
		pc.Close()
		return nil, err
	}
	h.offer = code
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
	if err := h.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: s.SDP()}); err != nil {
		return nil, err
	}
	return h.conn.wait(ctx)
}

// Close abandons the connection.
func (h *Host) Close() error { return h.pc.Close() }

// Guest is the joining side.
type Guest struct {
	pc     *webrtc.PeerConnection
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
	pc.OnDataChannel(g.conn.attach)
	if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: s.SDP()}); err != nil {
		pc.Close()
		return nil, err
	}
	if g.answer, err = localCode(pc, true); err != nil {
		pc.Close()
		return nil, err
	}
	return g, nil
}

// Answer is the code to send back to the host.
func (g *Guest) Answer() string { return g.answer }

// Connect waits until the host has taken the answer and the data channel is open.
func (g *Guest) Connect(ctx context.Context) (Conn, error) { return g.conn.wait(ctx) }

// Close abandons the connection.
func (g *Guest) Close() error { return g.pc.Close() }

// localCode sets the local description and returns it as a code once gathering is done.
func localCode(pc *webrtc.PeerConnection, answer bool) (string, error) {
	var d webrtc.SessionDescription
	var err error
	if answer {
		d, err = pc.CreateAnswer(nil)
	} else {
		d, err = pc.CreateOffer(nil)
	}
	if err != nil {
		return "", err
	}
	done := webrtc.GatheringCompletePromise(pc)
	if err := pc.SetLocalDescription(d); err != nil {
		return "", err
	}
	<-done
	s, err := ParseSDP(pc.LocalDescription().SDP, answer)
	if err != nil {
		return "", err
	}
	return s.Code()
}

// rtcConn is a Conn over a pion data channel.
type rtcConn struct {
	pc *webrtc.PeerConnection
	mu sync.Mutex
	dc *webrtc.DataChannel
	in chan []byte
	link
}

func newRTCConn(pc *webrtc.PeerConnection) *rtcConn {
	c := &rtcConn{pc: pc, in: make(chan []byte, 64), link: newLink()}
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateFailed || s == webrtc.PeerConnectionStateClosed || s == webrtc.PeerConnectionStateDisconnected {
			c.shut()
		}
	})
	return c
}

func (c *rtcConn) attach(dc *webrtc.DataChannel) {
	c.mu.Lock()
	c.dc = dc
	c.mu.Unlock()
	dc.OnOpen(func() { c.opened() })
	dc.OnClose(c.shut)
	dc.OnMessage(func(m webrtc.DataChannelMessage) {
		select {
		case c.in <- m.Data:
		case <-c.closed:
		}
	})
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
	if err := dc.Send(b); err != nil {
		return ErrClosed
	}
	return nil
}

func (c *rtcConn) Recv() ([]byte, error) {
	select {
	case b := <-c.in:
		return b, nil
	case <-c.closed:
		return nil, ErrClosed
	}
}

// Close lets what was sent leave first (a closing peer connection drops its buffers),
// then ends the connection.
func (c *rtcConn) Close() error {
	c.mu.Lock()
	dc := c.dc
	c.mu.Unlock()
	if dc != nil {
		for deadline := time.Now().Add(time.Second); dc.BufferedAmount() > 0 && time.Now().Before(deadline); {
			select {
			case <-c.closed: // the other side is gone: nothing will drain
				deadline = time.Time{}
			case <-time.After(2 * time.Millisecond):
			}
		}
	}
	c.shut()
	return c.pc.Close()
}
