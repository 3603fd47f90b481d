package relay

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// A minimal MQTT 3.1.1 client over WebSocket: connect, subscribe to one topic, publish
// and receive at QoS 0, keep alive. That is all signaling needs from a public broker,
// and it keeps the page's download small (a full client library is many times this).
// The broker is not trusted: every packet it sends is size-limited and read strictly.

// MaxPacket bounds an MQTT packet from the broker; signaling payloads are far smaller.
const MaxPacket = 8 << 10

// Packet types (the high nibble of the first byte).
const (
	pConnect   = 1
	pConnack   = 2
	pPublish   = 3
	pSubscribe = 8
	pSuback    = 9
	pPingreq   = 12
	pPingresp  = 13
	pDisconn   = 14
)

// keepAlive is the interval the broker expects to hear from us within (1.5× its value).
const keepAlive = 30 * time.Second

// Packet is one MQTT control packet as read: its type, flags and body.
type Packet struct {
	Type, Flags byte
	Body        []byte
}

// appendLen writes MQTT's variable-length "remaining length".
func appendLen(b []byte, n int) []byte {
	for {
		d := byte(n % 128)
		n /= 128
		if n > 0 {
			d |= 128
		}
		b = append(b, d)
		if n == 0 {
			return b
		}
	}
}

func appendStr(b []byte, s string) []byte {
	return append(append(b, byte(len(s)>>8), byte(len(s))), s...)
}

func packet(typ, flags byte, body []byte) []byte {
	return append(appendLen([]byte{typ<<4 | flags}, len(body)), body...)
}

// ReadPacket reads one packet from the front of b, returning it and the bytes used; n is
// 0 when b holds only part of a packet. A packet over MaxPacket or a malformed length is
// an error.
func ReadPacket(b []byte) (p Packet, n int, err error) {
	if len(b) < 2 {
		return p, 0, nil
	}
	size, mul, i := 0, 1, 1
	for {
		if i >= len(b) {
			return p, 0, nil
		}
		if i > 4 {
			return p, 0, errors.New("mqtt: remaining length over four bytes")
		}
		d := b[i]
		size += int(d&127) * mul
		mul *= 128
		i++
		if d&128 == 0 {
			break
		}
	}
	if size > MaxPacket {
		return p, 0, &OversizeError{Header: i, Size: size}
	}
	if len(b) < i+size {
		return p, 0, nil
	}
	return Packet{Type: b[0] >> 4, Flags: b[0] & 15, Body: b[i : i+size]}, i + size, nil
}

// wsKeep is how much of one WebSocket message is kept; the rest is skipped unread (and
// must belong to an oversized packet being skipped).
const wsKeep = 2 * MaxPacket

// wsMsg is a WebSocket message as kept: its first bytes and how many more were dropped.
type wsMsg struct {
	b       []byte
	dropped int
}

// OversizeError is a packet over MaxPacket: the stream is still in step (its length is
// known), so a reader may skip Size bytes after the Header and go on.
type OversizeError struct{ Header, Size int }

func (e *OversizeError) Error() string {
	return fmt.Sprintf("mqtt: a packet of %d bytes, over %d", e.Size, MaxPacket)
}

// Retained reports whether a PUBLISH is a retained message (one the broker stored and
// hands every new subscriber), which no signaling of ours ever is.
func (p Packet) Retained() bool { return p.Type == pPublish && p.Flags&1 == 1 }

// Publish reads a PUBLISH packet's topic and payload.
func (p Packet) Publish() (topic string, payload []byte, err error) {
	if p.Type != pPublish {
		return "", nil, errors.New("mqtt: not a publish")
	}
	b := p.Body
	if len(b) < 2 {
		return "", nil, errors.New("mqtt: publish without a topic")
	}
	n := int(b[0])<<8 | int(b[1])
	if len(b) < 2+n {
		return "", nil, errors.New("mqtt: publish topic cut short")
	}
	topic, b = string(b[2:2+n]), b[2+n:]
	if qos := p.Flags >> 1 & 3; qos > 0 { // we subscribe at QoS 0, but a broker may still send more
		if qos == 3 || len(b) < 2 {
			return "", nil, errors.New("mqtt: bad publish QoS")
		}
		b = b[2:]
	}
	return topic, b, nil
}

// Client is one connection to a broker.
type Client struct {
	URL   string
	ws    *wsConn
	wmu   sync.Mutex
	in    chan Message
	done  chan struct{}
	once  sync.Once
	err   error
	buf   []byte
	skip  int // bytes of an oversized packet still to skip
	drop  int // bytes the WebSocket layer dropped after c.buf
	topic string
	// Skipped counts packets from the broker passed over unread: oversized, malformed,
	// retained (anyone on a public broker may post them on our topic).
	Skipped atomic.Int64
	// Retained counts the retained messages among them.
	Retained atomic.Int64
}

// Message is a payload published on a topic.
type Message struct {
	Topic   string
	Payload []byte
}

// Dial connects to the broker at url (ws:// or wss://) and subscribes to topic.
func Dial(ctx context.Context, url, topic string) (*Client, error) {
	ws, err := dialWS(ctx, url, "mqtt")
	if err != nil {
		return nil, err
	}
	c := &Client{URL: url, ws: ws, in: make(chan Message, 32), done: make(chan struct{}), topic: topic}
	var id [8]byte
	rand.Read(id[:])
	body := appendStr(nil, "MQTT")
	body = append(body, 4, 2, byte(keepAlive/time.Second>>8), byte(keepAlive/time.Second)) // level 4, clean session
	body = appendStr(body, "quintet-"+hex.EncodeToString(id[:]))
	if err := c.write(ctx, packet(pConnect, 0, body)); err != nil {
		ws.CloseNow()
		return nil, err
	}
	p, err := c.read(ctx)
	if err == nil && (p.Type != pConnack || len(p.Body) != 2 || p.Body[1] != 0) {
		err = fmt.Errorf("mqtt: the broker refused the connection (%d %x)", p.Type, p.Body)
	}
	if err == nil {
		sub := appendStr([]byte{0, 1}, topic)
		err = c.write(ctx, packet(pSubscribe, 2, append(sub, 0)))
	}
	if err == nil {
		p, err = c.read(ctx)
		if err == nil && (p.Type != pSuback || len(p.Body) != 3 || p.Body[2] > 2) {
			err = fmt.Errorf("mqtt: the broker refused the subscription")
		}
	}
	if err == nil {
		// An empty retained message clears whatever someone left retained on the topic,
		// so the next subscriber is not handed it either.
		err = c.write(ctx, packet(pPublish, 1, appendStr(nil, topic)))
	}
	if err != nil {
		ws.CloseNow()
		return nil, err
	}
	go c.readLoop()
	go c.pingLoop()
	return c, nil
}

func (c *Client) write(ctx context.Context, b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.Write(ctx, b)
}

// read returns the next packet; MQTT packets may be split across WebSocket messages or
// share one.
func (c *Client) read(ctx context.Context) (Packet, error) {
	for {
		if c.skip > 0 {
			k := min(c.skip, len(c.buf))
			c.skip -= k
			c.buf = c.buf[k:]
		}
		if len(c.buf) == 0 && c.drop > 0 {
			// The bytes the WebSocket layer dropped come after what it kept.
			k := min(c.skip, c.drop)
			c.skip, c.drop = c.skip-k, c.drop-k
			if c.drop > 0 {
				return Packet{}, errors.New("mqtt: a message too long for the packet it holds")
			}
		}
		p, n, err := ReadPacket(c.buf)
		var big *OversizeError
		if errors.As(err, &big) {
			c.Skipped.Add(1)
			if (Packet{Type: c.buf[0] >> 4, Flags: c.buf[0] & 15}).Retained() {
				c.Retained.Add(1)
			}
			c.skip, c.buf = big.Size, c.buf[big.Header:]
			continue
		}
		if err != nil {
			return p, err
		}
		if n > 0 {
			c.buf = c.buf[n:]
			return p, nil
		}
		if c.drop > 0 {
			return p, errors.New("mqtt: a packet cut by an oversized message")
		}
		b, dropped, err := c.ws.Read(ctx)
		if err != nil {
			return p, err
		}
		c.drop = dropped
		if c.skip > 0 {
			k := min(c.skip, len(b))
			c.skip -= k
			b = b[k:]
		}
		if len(c.buf)+len(b) > 2*MaxPacket {
			return p, errors.New("mqtt: the broker sends more than it should")
		}
		c.buf = append(append([]byte(nil), c.buf...), b...)
	}
}

func (c *Client) readLoop() {
	defer c.shut(nil)
	for {
		p, err := c.read(context.Background())
		if err != nil {
			c.shut(err)
			return
		}
		if p.Type != pPublish {
			continue // PINGRESP, or anything else a broker may send
		}
		topic, payload, err := p.Publish()
		if p.Retained() {
			c.Retained.Add(1)
		}
		if err != nil || p.Retained() || len(payload) == 0 {
			c.Skipped.Add(1) // not ours: skip it, the connection stays
			continue
		}
		select {
		case c.in <- Message{Topic: topic, Payload: append([]byte(nil), payload...)}:
		case <-c.done:
			return
		default: // a flood: drop, signaling repeats itself
		}
	}
}

func (c *Client) pingLoop() {
	t := time.NewTicker(keepAlive / 2)
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := c.write(ctx, packet(pPingreq, 0, nil))
			cancel()
			if err != nil {
				c.shut(err)
				return
			}
		}
	}
}

func (c *Client) shut(err error) {
	c.once.Do(func() {
		c.err = err
		close(c.done)
		c.ws.CloseNow()
	})
}

// Messages delivers what is published on the subscribed topic (our own messages too).
func (c *Client) Messages() <-chan Message { return c.in }

// Done is closed when the connection has ended.
func (c *Client) Done() <-chan struct{} { return c.done }

// Publish sends payload on the topic at QoS 0.
func (c *Client) Publish(ctx context.Context, payload []byte) error {
	select {
	case <-c.done:
		return errors.New("mqtt: connection closed")
	default:
	}
	return c.write(ctx, packet(pPublish, 0, append(appendStr(nil, c.topic), payload...)))
}

// Close says goodbye to the broker and closes the connection.
func (c *Client) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	c.write(ctx, packet(pDisconn, 0, nil))
	cancel()
	c.ws.Close()
	c.shut(nil)
	return nil
}
