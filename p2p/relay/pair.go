package relay

import (
	"context"
	"crypto/rand"
	"errors"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/p2p"
)

// Relays is a set of broker connections on one room's topic: a payload goes out through
// every broker connected, and comes in from any. Brokers that fail are dialled again.
type Relays struct {
	room   Room
	ctx    context.Context
	cancel context.CancelFunc
	in     chan Payload
	mu     sync.Mutex
	conns  map[string]*Client
	errs   map[string]error
	bad    int // payloads dropped for failing Open
}

// retry is the pause before dialling a failed broker again.
var retry = 3 * time.Second

// Open starts connecting to the brokers at urls for room.
func Open(room Room, urls []string) *Relays {
	ctx, cancel := context.WithCancel(context.Background())
	r := &Relays{room: room, ctx: ctx, cancel: cancel, in: make(chan Payload, 32),
		conns: map[string]*Client{}, errs: map[string]error{}}
	for _, u := range urls {
		go r.keep(u)
	}
	return r
}

// keep holds a connection to one broker until the Relays close.
func (r *Relays) keep(url string) {
	for r.ctx.Err() == nil {
		dctx, cancel := context.WithTimeout(r.ctx, 15*time.Second)
		c, err := Dial(dctx, url, r.room.Topic())
		cancel()
		r.mu.Lock()
		r.errs[url] = err
		if err == nil {
			r.conns[url] = c
		}
		r.mu.Unlock()
		if err == nil {
			r.pump(c)
			r.mu.Lock()
			delete(r.conns, url)
			r.errs[url] = c.err
			r.mu.Unlock()
		}
		select {
		case <-r.ctx.Done():
		case <-time.After(retry):
		}
	}
}

func (r *Relays) pump(c *Client) {
	defer c.Close()
	for {
		select {
		case <-r.ctx.Done():
			return
		case <-c.Done():
			return
		case m := <-c.Messages():
			p, err := r.room.Open(m.Payload)
			if err != nil {
				r.mu.Lock()
				r.bad++
				r.mu.Unlock()
				continue
			}
			select {
			case r.in <- p:
			default: // nobody reads fast enough: signaling repeats itself
			}
		}
	}
}

// Status is how many brokers are connected out of how many, and payloads refused.
func (r *Relays) Status() (connected, total, refused int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.conns), len(r.errs), r.bad
}

// Publish seals p and sends it through every connected broker; it reports an error only
// when no broker took it.
func (r *Relays) Publish(ctx context.Context, p Payload) error {
	b, err := r.room.Seal(p)
	if err != nil {
		return err
	}
	r.mu.Lock()
	var cs []*Client
	for _, c := range r.conns {
		cs = append(cs, c)
	}
	r.mu.Unlock()
	sent := 0
	for _, c := range cs {
		if c.Publish(ctx, b) == nil {
			sent++
		}
	}
	if sent == 0 {
		return errors.New("no relay is connected")
	}
	return nil
}

// Close ends every broker connection.
func (r *Relays) Close() { r.cancel() }

// connectWait is how long a pairing attempt waits for the data channel once offer and
// answer have crossed, before it starts again.
var connectWait = 20 * time.Second

// knockEvery is how often the guest repeats itself until the host answers.
var knockEvery = 2 * time.Second

// PairHost waits in the room for the guest and returns the open link. Every knock is
// answered with the current offer; an answer counts only if it names the current
// session, so a replayed one from an older attempt is ignored.
func PairHost(ctx context.Context, rel *Relays, cfg p2p.RTCConfig) (p2p.Conn, error) {
	for {
		h, err := p2p.NewHost(cfg)
		if err != nil {
			return nil, err
		}
		var session [8]byte
		rand.Read(session[:])
		conn, err := hostAttempt(ctx, rel, h, session)
		if err == nil {
			return conn, nil
		}
		h.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
}

func hostAttempt(ctx context.Context, rel *Relays, h *p2p.Host, session [8]byte) (p2p.Conn, error) {
	for {
		var p Payload
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case p = <-rel.in:
		}
		switch {
		case p.Kind == KindKnock:
			rel.Publish(ctx, Payload{Kind: KindOffer, Session: session, Nonce: p.Nonce, Code: h.Offer()})
		case p.Kind == KindAnswer && p.Session == session:
			cctx, cancel := context.WithTimeout(ctx, connectWait)
			conn, err := h.Connect(cctx, p.Code)
			cancel()
			return conn, err
		}
	}
}

// PairGuest knocks in the room until the host offers, answers, and returns the open link.
func PairGuest(ctx context.Context, rel *Relays, cfg p2p.RTCConfig) (p2p.Conn, error) {
	for {
		conn, err := guestAttempt(ctx, rel, cfg)
		if err == nil {
			return conn, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
}

func guestAttempt(ctx context.Context, rel *Relays, cfg p2p.RTCConfig) (p2p.Conn, error) {
	var nonce [8]byte
	rand.Read(nonce[:])
	// Knock at once, again every knockEvery; while no relay has taken the knock (none
	// connected yet), every 50 ms.
	tick := time.NewTimer(0)
	defer tick.Stop()
	var g *p2p.Guest
	var answer Payload
	var deadline <-chan time.Time
	done := make(chan error, 1)
	var conn p2p.Conn
	for {
		select {
		case <-ctx.Done():
			if g != nil {
				g.Close()
			}
			return nil, ctx.Err()
		case <-tick.C:
			p := Payload{Kind: KindKnock, Nonce: nonce}
			if g != nil {
				p = answer // until the host has it: QoS 0 may lose it
			}
			if rel.Publish(ctx, p) != nil {
				tick.Reset(50 * time.Millisecond)
			} else {
				tick.Reset(knockEvery)
			}
		case p := <-rel.in:
			if g != nil || p.Kind != KindOffer || p.Nonce != nonce {
				continue
			}
			var err error
			if g, err = p2p.NewGuest(cfg, p.Code); err != nil {
				g = nil
				continue
			}
			answer = Payload{Kind: KindAnswer, Session: p.Session, Nonce: nonce, Code: g.Answer()}
			rel.Publish(ctx, answer)
			tick.Reset(knockEvery)
			deadline = time.After(connectWait)
			go func(g *p2p.Guest) {
				c, err := g.Connect(ctx)
				conn = c
				done <- err
			}(g)
		case err := <-done:
			if err != nil {
				g.Close()
				return nil, err
			}
			return conn, nil
		case <-deadline:
			g.Close()
			return nil, errors.New("the connection did not open in time")
		}
	}
}
