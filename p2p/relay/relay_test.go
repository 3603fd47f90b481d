//go:build !js

package relay

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/testrelay"
	"github.com/quintet-chess/quintet/p2p"
)

func TestSealOpen(t *testing.T) {
	room, other := NewRoom(), NewRoom()
	p := Payload{Kind: KindOffer, Session: [8]byte{1, 2}, Nonce: [8]byte{3}, Code: "abc"}
	b, err := room.Seal(p)
	if err != nil {
		t.Fatal(err)
	}
	got, err := room.Open(b)
	if err != nil || got != p {
		t.Fatalf("open: %+v, %v", got, err)
	}
	if _, err := other.Open(b); err == nil {
		t.Fatal("another room's key opened the payload")
	}
	for i := range b {
		c := bytes.Clone(b)
		c[i] ^= 0x40
		if _, err := room.Open(c); err == nil {
			t.Fatalf("a payload changed at byte %d was accepted", i)
		}
	}
	if _, err := room.Open(b[:len(b)-1]); err == nil {
		t.Fatal("a cut payload was accepted")
	}
	if room.Topic() == other.Topic() || !strings.HasPrefix(room.Topic(), "quintet/v1/") || strings.Contains(room.Topic(), room.ID()) {
		t.Fatalf("topics %q %q", room.Topic(), other.Topic())
	}
	t.Logf("sealed payload with a %d-character code: %d bytes", len(p.Code), len(b))
}

func TestFragment(t *testing.T) {
	h, err := p2p.NewHost(p2p.RTCConfig{Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	l := Link{Room: NewRoom(), Variant: "crown", Options: []string{"kind=hidden", "paratrooper=on"},
		Clock:  clock.Control{Base: 3 * time.Minute, Inc: 2 * time.Second},
		Relays: []string{"wss://relay.example:8084/mqtt"}, Offer: h.Offer()}
	f := l.Fragment()
	got, ok, err := ParseFragment("#" + f)
	if !ok || err != nil || got.Room != l.Room || got.Offer != l.Offer || len(got.Relays) != 1 || got.Relays[0] != l.Relays[0] ||
		got.Variant != l.Variant || got.Clock != l.Clock || strings.Join(got.Options, " ") != strings.Join(l.Options, " ") {
		t.Fatalf("round trip of %q: %+v %v %v", f, got, ok, err)
	}
	t.Logf("fragment with a room only: %d characters; with an offer: %d", len(Link{Room: l.Room}.Fragment()), len(f))
	for _, bad := range []string{"friend=", "friend=abc", "friend=" + l.Room.ID() + "&relay=http://x", "friend=" + l.Room.ID() + "&offer=zz", "friend=%zz",
		"friend=" + l.Room.ID() + "&game=nochess", "friend=" + l.Room.ID() + "&game=crown&gopt=kind=nothing",
		"friend=" + l.Room.ID() + "&game=chess&tc=3+", "friend=" + l.Room.ID() + "&game=chess&tc=9999%2B0"} {
		if _, ok, err := ParseFragment(bad); !ok || err == nil {
			t.Errorf("%q: ok %v, err %v", bad, ok, err)
		}
	}
	if _, ok, _ := ParseFragment("#variant=crown"); ok {
		t.Error("a page option read as a join link")
	}
}

func TestReadPacket(t *testing.T) {
	pub := packet(pPublish, 0, append(appendStr(nil, "a/b"), "hello"...))
	two := append(bytes.Clone(pub), packet(pPingresp, 0, nil)...)
	p, n, err := ReadPacket(two)
	if err != nil || n != len(pub) {
		t.Fatalf("%v %d %v", p, n, err)
	}
	topic, payload, err := p.Publish()
	if err != nil || topic != "a/b" || string(payload) != "hello" {
		t.Fatalf("%q %q %v", topic, payload, err)
	}
	if _, n, err := ReadPacket(pub[:len(pub)-1]); n != 0 || err != nil {
		t.Fatal("a partial packet was read")
	}
	if _, _, err := ReadPacket([]byte{0x30, 0xff, 0xff, 0xff, 0x7f}); err == nil {
		t.Fatal("a 256 MB packet was accepted")
	}
	if _, _, err := ReadPacket([]byte{0x30, 0xff, 0xff, 0xff, 0xff, 0x01}); err == nil {
		t.Fatal("a five-byte length was accepted")
	}
}

// TestBroker publishes and receives through a real mosquitto.
func TestBroker(t *testing.T) {
	url := testrelay.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	a, err := Dial(ctx, url, "quintet/v1/test")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Dial(ctx, url, "quintet/v1/test")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	big := bytes.Repeat([]byte{7}, 3000)
	if err := a.Publish(ctx, big); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-b.Messages():
		if m.Topic != "quintet/v1/test" || !bytes.Equal(m.Payload, big) {
			t.Fatalf("got %q, %d bytes", m.Topic, len(m.Payload))
		}
	case <-ctx.Done():
		t.Fatal("nothing received")
	}
}

// TestPair pairs a host and a guest through mosquitto and real WebRTC on loopback, while
// a third client on the same topic replays every payload it saw in an earlier pairing and
// publishes garbage: the pairing still succeeds, the replays and forgeries are dropped.
func TestPair(t *testing.T) {
	url := testrelay.Start(t)
	room := NewRoom()
	knockEvery = 200 * time.Millisecond
	cfg := p2p.RTCConfig{Loopback: true}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	spy, err := Dial(ctx, url, room.Topic())
	if err != nil {
		t.Fatal(err)
	}
	defer spy.Close()
	var seen [][]byte
	var smu sync.Mutex
	go func() {
		for m := range spy.Messages() {
			smu.Lock()
			seen = append(seen, m.Payload)
			smu.Unlock()
		}
	}()

	// pair pairs through two fresh Relays; underFire: only once both have dropped a
	// forged payload, so the pairing runs while the replays go on.
	pair := func(underFire bool) (p2p.Conn, p2p.Conn, time.Duration, int) {
		t.Helper()
		hr, gr := Open(room, []string{url}), Open(room, []string{url})
		defer hr.Close()
		defer gr.Close()
		for underFire {
			_, _, a := hr.Status()
			_, _, b := gr.Status()
			if a > 0 && b > 0 {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		start := time.Now()
		var hc p2p.Conn
		var herr error
		done := make(chan struct{})
		go func() { hc, herr = PairHost(ctx, hr, cfg); close(done) }()
		gc, gerr := PairGuest(ctx, gr, cfg)
		<-done
		if herr != nil || gerr != nil {
			t.Fatalf("pairing: host %v, guest %v", herr, gerr)
		}
		_, _, bad := hr.Status()
		_, _, gbad := gr.Status()
		return hc, gc, time.Since(start), bad + gbad
	}
	hc, gc, d, _ := pair(false)
	t.Logf("first pairing through mosquitto: %v", d)
	exchange(t, hc, gc)
	hc.Close()
	gc.Close()

	// Replay everything from the first pairing, again and again, plus garbage.
	smu.Lock()
	old := append([][]byte(nil), seen...)
	smu.Unlock()
	if len(old) < 3 {
		t.Fatalf("the spy saw %d payloads", len(old))
	}
	stop := make(chan struct{})
	go func() {
		for {
			for _, b := range old {
				select {
				case <-stop:
					return
				case <-time.After(2 * time.Millisecond):
				}
				spy.Publish(ctx, b)
				spy.Publish(ctx, []byte("not sealed"))
			}
		}
	}()
	hc, gc, d, bad := pair(true)
	close(stop)
	t.Logf("second pairing under replay: %v, %d forged payloads dropped", d, bad)
	if bad == 0 {
		t.Fatal("no forged payload was seen, so the test proved nothing")
	}
	exchange(t, hc, gc)
	hc.Close()
	gc.Close()
}

func exchange(t *testing.T, a, b p2p.Conn) {
	t.Helper()
	if err := a.Send([]byte("ping")); err != nil {
		t.Fatal(err)
	}
	m, err := b.Recv()
	if err != nil || string(m) != "ping" {
		t.Fatalf("%q %v", m, err)
	}
	if err := b.Send([]byte("pong")); err != nil {
		t.Fatal(err)
	}
	if m, err = a.Recv(); err != nil || string(m) != "pong" {
		t.Fatalf("%q %v", m, err)
	}
}

func FuzzOpen(f *testing.F) {
	room := Room{Key: [16]byte{1}}
	b, _ := room.Seal(Payload{Kind: KindKnock, Code: "x"})
	f.Add(b)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := room.Open(b)
		if err == nil {
			// A payload that opened is one we sealed: seal it again and it opens the same.
			c, err := room.Seal(p)
			if err != nil {
				t.Fatal(err)
			}
			if q, err := room.Open(c); err != nil || q != p {
				t.Fatal("round trip")
			}
		}
	})
}

func FuzzParseFragment(f *testing.F) {
	f.Add("friend=AAAAAAAAAAAAAAAAAAAAAA")
	f.Add("friend=AAAAAAAAAAAAAAAAAAAAAA&relay=wss%3A%2F%2Fa.b%2Fmqtt&offer=zz")
	f.Add("#variant=crown")
	f.Fuzz(func(t *testing.T, s string) {
		l, ok, err := ParseFragment(s)
		if ok && err == nil {
			if _, ok2, err2 := ParseFragment(l.Fragment()); !ok2 || err2 != nil {
				t.Fatalf("%q read, its own fragment %q not: %v", s, l.Fragment(), err2)
			}
		}
	})
}

func FuzzReadPacket(f *testing.F) {
	f.Add(packet(pPublish, 0, append(appendStr(nil, "a/b"), "hello"...)))
	f.Add(packet(pPublish, 2, append(appendStr(nil, "a/b"), 0, 1, 'x')))
	f.Add([]byte{0x30, 0xff, 0xff, 0xff, 0x7f})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, n, err := ReadPacket(b)
		if err != nil || n == 0 {
			return
		}
		if n > len(b) || len(p.Body) > MaxPacket {
			t.Fatal("read past the input or over the limit")
		}
		p.Publish()
	})
}

func TestSettings(t *testing.T) {
	s, err := ParseSettings("# mine\nwss://relay.example:8084/mqtt\n\nstun:stun.example:3478\nturn:turn.example:3478 me secret\n")
	if err != nil || len(s.Relays) != 1 || len(s.ICE) != 2 || s.User != "me" || s.Pass != "secret" {
		t.Fatalf("%+v %v", s, err)
	}
	if back, err := ParseSettings(s.Text()); err != nil || back.Text() != s.Text() {
		t.Fatalf("round trip: %q %v", back.Text(), err)
	}
	for _, bad := range []string{"http://x", "wss://", "turn:x me", "stun:x a b", strings.Repeat("a", MaxSettings+1)} {
		if _, err := ParseSettings(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func FuzzSettings(f *testing.F) {
	f.Add("wss://a.b/mqtt\nstun:x:1\nturn:y:2 u p\n")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSettings(s)
		if err != nil {
			return
		}
		q, err := ParseSettings(p.Text())
		if err != nil || q.Text() != p.Text() {
			t.Fatalf("%q read, its own text %q not: %v", s, p.Text(), err)
		}
	})
}

// TestJammedRoom: an outsider on the broker who sees the room's topic (not its key)
// leaves a retained 9 KB message there, and keeps posting oversized and malformed
// packets. Pairing in that room still works (the packets are skipped, the connections
// stay), and the retained message is gone once a player has joined.
func TestJammedRoom(t *testing.T) {
	url := testrelay.Start(t)
	room := NewRoom()
	knockEvery = 200 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	jam, err := Dial(ctx, url, room.Topic())
	if err != nil {
		t.Fatal(err)
	}
	defer jam.Close()
	big := bytes.Repeat([]byte{0x55}, 9<<10)
	topic := appendStr(nil, room.Topic())
	if err := jam.write(ctx, packet(pPublish, 1, append(bytes.Clone(topic), big...))); err != nil { // retained
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var stopOnce sync.Once
	stopJam := func() { stopOnce.Do(func() { close(stop) }) }
	defer stopJam()
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			jam.write(ctx, packet(pPublish, 0, append(bytes.Clone(topic), big...)))
			jam.write(ctx, packet(pPublish, 0, []byte{0xff})) // a topic cut short
		}
	}()
	cfg := p2p.RTCConfig{Loopback: true}
	for round := range 2 { // pairing, and pairing again in the same room
		hr, gr := Open(room, []string{url}), Open(room, []string{url})
		var hc p2p.Conn
		var herr error
		done := make(chan struct{})
		go func() { hc, herr = PairHost(ctx, hr, cfg); close(done) }()
		gc, gerr := PairGuest(ctx, gr, cfg)
		<-done
		if herr != nil || gerr != nil {
			t.Fatalf("round %d: host %v, guest %v", round, herr, gerr)
		}
		exchange(t, hc, gc)
		skipped, retained := int64(0), int64(0)
		for _, r := range []*Relays{hr, gr} {
			r.mu.Lock()
			for _, c := range r.conns {
				skipped += c.Skipped.Load()
				retained += c.Retained.Load()
			}
			r.mu.Unlock()
		}
		if skipped == 0 || (round == 0 && retained == 0) {
			t.Fatalf("round %d: %d packets skipped, %d retained", round, skipped, retained)
		}
		t.Logf("round %d: paired under the jam; %d packets skipped, %d of them retained", round, skipped, retained)
		hc.Close()
		gc.Close()
		hr.Close()
		gr.Close()
	}
	// Nothing retained is left: a new subscriber hears its own message first.
	stopJam()
	c, err := Dial(ctx, url, room.Topic())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Publish(ctx, []byte("mine")); err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case m := <-c.Messages():
			if string(m.Payload) != "mine" {
				continue // the jammer's last non-retained packets may still be on the way
			}
		case <-ctx.Done():
			t.Fatal("own message never came back")
		}
		break
	}
	if n := c.Retained.Load(); n != 0 {
		// A retained packet comes right after the subscription, before anything else.
		t.Fatalf("%d retained packets: the retained message is still there", n)
	}
	t.Logf("a new subscriber after the joins: %d retained packets", c.Retained.Load())
}
