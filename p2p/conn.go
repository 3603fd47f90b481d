package p2p

import (
	"errors"
	"sync"
)

// Conn is a reliable, ordered, message-preserving link to the other player: a WebRTC data
// channel (natively pion, in the browser the page's RTCPeerConnection) or, in tests, an
// in-memory pipe. Send may be called while another goroutine blocks in Recv.
type Conn interface {
	// Send queues one message; it does not wait for the peer.
	Send(msg []byte) error
	// Recv blocks for the next message; ErrClosed once the link is gone.
	Recv() ([]byte, error)
	// Close ends the link; a blocked Recv returns ErrClosed.
	Close() error
}

// ErrClosed is returned by a Conn whose link has closed (by either side or by a failure).
var ErrClosed = errors.New("connection closed")

// Pipe is a connected pair of in-memory Conns, for tests and for a local game in one
// program. Messages are copied, so a sender may reuse its buffer.
func Pipe() (Conn, Conn) {
	a, b := &pipeEnd{}, &pipeEnd{}
	a.cond, b.cond = sync.NewCond(&a.mu), sync.NewCond(&b.mu)
	a.peer, b.peer = b, a
	return a, b
}

type pipeEnd struct {
	mu     sync.Mutex
	cond   *sync.Cond
	queue  [][]byte
	closed bool
	peer   *pipeEnd
}

func (p *pipeEnd) Send(msg []byte) error {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed {
		return ErrClosed
	}
	q := p.peer
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	q.queue = append(q.queue, append([]byte(nil), msg...))
	q.cond.Signal()
	return nil
}

func (p *pipeEnd) Recv() ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.queue) == 0 && !p.closed {
		p.cond.Wait()
	}
	if p.closed {
		return nil, ErrClosed
	}
	m := p.queue[0]
	p.queue = p.queue[1:]
	return m, nil
}

func (p *pipeEnd) Close() error {
	for _, e := range []*pipeEnd{p, p.peer} {
		e.mu.Lock()
		e.closed = true
		e.queue = nil
		e.cond.Broadcast()
		e.mu.Unlock()
	}
	return nil
}
