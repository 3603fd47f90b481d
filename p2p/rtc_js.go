//go:build js

package p2p

import (
	"context"
	"errors"
)

// The browser's transport will wrap the page's RTCPeerConnection through syscall/js
// (about 10 KB gzip, against 2 MB for pion's wasm build). Until it lands these stubs keep
// the same API so code using it builds for the browser.

// RTCConfig configures a peer connection.
type RTCConfig struct {
	ICEServers []string
	Loopback   bool
}

var errNoRTC = errors.New("WebRTC is not wired to the browser yet")

// Host is the inviting side.
type Host struct{}

// NewHost is not available in the browser yet.
func NewHost(cfg RTCConfig) (*Host, error) { return nil, errNoRTC }

// Offer is the code for the guest.
func (h *Host) Offer() string { return "" }

// Connect takes the answer code.
func (h *Host) Connect(ctx context.Context, answer string) (Conn, error) { return nil, errNoRTC }

// Close abandons the connection.
func (h *Host) Close() error { return nil }

// Guest is the joining side.
type Guest struct{}

// NewGuest is not available in the browser yet.
func NewGuest(cfg RTCConfig, offer string) (*Guest, error) { return nil, errNoRTC }

// Answer is the code for the host.
func (g *Guest) Answer() string { return "" }

// Connect waits for the data channel.
func (g *Guest) Connect(ctx context.Context) (Conn, error) { return nil, errNoRTC }

// Close abandons the connection.
func (g *Guest) Close() error { return nil }
