// Package relay pairs two players through public rendezvous relays (MQTT brokers over
// WebSocket), with no server of ours: the room's key travels only in the link's fragment,
// which browsers never send to a server. The relays see an opaque topic and encrypted,
// authenticated payloads; they learn nothing and cannot inject or replay a pairing.
package relay

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/p2p"
)

// DefaultRelays are public MQTT brokers with a WebSocket listener; signaling goes through
// all that answer, so one being down changes nothing.
var DefaultRelays = []string{
	"wss://broker.hivemq.com:8884/mqtt",
	"wss://broker.emqx.io:8084/mqtt",
	"wss://test.mosquitto.org:8081",
}

// DefaultICE are public STUN servers (finding one's public address across NATs).
var DefaultICE = []string{"stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"}

// Room is where two players meet: a random key shared through the link. The room's
// topic and the sealing key both derive from it.
type Room struct {
	Key [16]byte
}

// NewRoom makes a room with a fresh random key.
func NewRoom() Room {
	var r Room
	rand.Read(r.Key[:])
	return r
}

// ID names the room in the link and in localStorage.
func (r Room) ID() string { return base64.RawURLEncoding.EncodeToString(r.Key[:]) }

// derive is a key for one purpose: SHA-256 over a purpose tag and the room key. The
// room key is 16 uniformly random bytes, so HKDF's extract step adds nothing, and plain
// SHA-256 spares the page crypto/hkdf's dependencies (HMAC and SHA-3 with FIPS plumbing).
func (r Room) derive(info string, n int) []byte {
	h := sha256.New()
	h.Write([]byte(info))
	h.Write([]byte{0})
	h.Write(r.Key[:])
	return h.Sum(nil)[:n]
}

// Topic is the MQTT topic the two players share: a hash of the key, so a relay cannot
// tell rooms apart from the outside, nor find the key.
func (r Room) Topic() string {
	return "quintet/v1/" + hex.EncodeToString(r.derive("quintet room topic v1", 16))
}

// Kinds of signaling payloads; each travels in one direction only, so a payload cannot
// be reflected back to its sender as the other side's.
const (
	KindKnock  = 1 // guest → host: here I am, nonce
	KindOffer  = 2 // host → guest: an offer for that nonce, in session S
	KindAnswer = 3 // guest → host: the answer to session S
)

// Payload is one signaling message before sealing.
type Payload struct {
	Kind    byte
	Session [8]byte // the host's pairing attempt (one peer connection)
	Nonce   [8]byte // the guest's pairing attempt
	Code    string  // the offer or answer code (p2p.Signal)
}

// MaxEnvelope bounds a sealed payload; anything longer is dropped unread.
const MaxEnvelope = 12 + 1 + 1 + 16 + 2 + p2p.MaxSignalCode + 16

const envVersion = 1

// Seal encrypts and authenticates p with the room's key (AES-256-GCM, the topic as
// associated data).
func (r Room) Seal(p Payload) ([]byte, error) {
	if len(p.Code) > p2p.MaxSignalCode {
		return nil, fmt.Errorf("signal: code too long")
	}
	plain := []byte{envVersion, p.Kind}
	plain = append(plain, p.Session[:]...)
	plain = append(plain, p.Nonce[:]...)
	plain = append(plain, byte(len(p.Code)>>8), byte(len(p.Code)))
	plain = append(plain, p.Code...)
	aead := r.aead()
	out := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plain)+aead.Overhead())
	rand.Read(out)
	return aead.Seal(out, out, plain, []byte(r.Topic())), nil
}

func (r Room) aead() cipher.AEAD {
	b, _ := aes.NewCipher(r.derive("quintet room seal v1", 32))
	a, _ := cipher.NewGCM(b)
	return a
}

// Open checks and decrypts a sealed payload. Anything not sealed with this room's key
// for this topic, cut, padded or oversized is an error.
func (r Room) Open(b []byte) (Payload, error) {
	var p Payload
	if len(b) > MaxEnvelope {
		return p, fmt.Errorf("signal: %d bytes, over %d", len(b), MaxEnvelope)
	}
	aead := r.aead()
	if len(b) < aead.NonceSize()+aead.Overhead() {
		return p, errors.New("signal: too short")
	}
	plain, err := aead.Open(nil, b[:aead.NonceSize()], b[aead.NonceSize():], []byte(r.Topic()))
	if err != nil {
		return p, errors.New("signal: not sealed with this room's key")
	}
	if len(plain) < 20 || plain[0] != envVersion {
		return p, errors.New("signal: unknown version")
	}
	p.Kind = plain[1]
	copy(p.Session[:], plain[2:10])
	copy(p.Nonce[:], plain[10:18])
	n := int(plain[18])<<8 | int(plain[19])
	if len(plain) != 20+n {
		return p, errors.New("signal: code length does not match")
	}
	p.Code = string(plain[20:])
	if p.Kind < KindKnock || p.Kind > KindAnswer {
		return p, fmt.Errorf("signal: unknown kind %d", p.Kind)
	}
	return p, nil
}

// Link is what a join link carries in its fragment: the room, the game (the guest plays
// only that one), the relays when they are not the defaults, and, for pairing with no
// relay, the host's offer code.
type Link struct {
	Room    Room
	Variant string        // the game's name ("" in links of older versions: any game, its own start)
	Options []string      // its options, "key=value"
	Clock   clock.Control // the time control (zero: no clock), both sides must agree
	Relays  []string
	Offer   string
}

// MaxFragment bounds a link's fragment.
const MaxFragment = 8 << 10

// Fragment writes the link's fragment (without '#').
func (l Link) Fragment() string {
	q := "friend=" + l.Room.ID()
	if l.Variant != "" {
		q += "&game=" + url.QueryEscape(l.Variant)
	}
	for _, o := range l.Options {
		q += "&gopt=" + url.QueryEscape(o)
	}
	if l.Clock.On() {
		q += "&tc=" + url.QueryEscape(l.Clock.String())
	}
	for _, r := range l.Relays {
		q += "&relay=" + url.QueryEscape(r)
	}
	if l.Offer != "" {
		q += "&offer=" + l.Offer
	}
	return q
}

// ParseFragment reads a join link's fragment ('#' optional). ok is false when it is not
// a join link at all (another page option); err tells what is wrong with one that is.
func ParseFragment(frag string) (l Link, ok bool, err error) {
	frag = strings.TrimPrefix(frag, "#")
	if !strings.Contains(frag, "friend=") {
		return l, false, nil
	}
	if len(frag) > MaxFragment {
		return l, true, fmt.Errorf("link: %d characters, over %d", len(frag), MaxFragment)
	}
	q, err := url.ParseQuery(frag)
	if err != nil {
		return l, true, fmt.Errorf("link: %v", err)
	}
	key, err := base64.RawURLEncoding.DecodeString(q.Get("friend"))
	if err != nil || len(key) != len(l.Room.Key) {
		return l, true, errors.New("link: the room key is damaged (was the link cut?)")
	}
	copy(l.Room.Key[:], key)
	if v := q.Get("game"); v != "" {
		opts := q["gopt"]
		if len(opts) > 16 {
			return l, true, errors.New("link: too many game options")
		}
		if _, err := game.Lookup(v, opts...); err != nil {
			return l, true, fmt.Errorf("link: %v", err)
		}
		l.Variant, l.Options = v, opts
	}
	if tc := q.Get("tc"); tc != "" {
		c, err := clock.Parse(tc)
		if err != nil {
			return l, true, fmt.Errorf("link: %v", err)
		}
		l.Clock = c
	}
	for _, r := range q["relay"] {
		u, err := url.Parse(r)
		if err != nil || (u.Scheme != "wss" && u.Scheme != "ws") || u.Host == "" || len(r) > 256 {
			return l, true, fmt.Errorf("link: %q is not a WebSocket relay address", r)
		}
		if len(l.Relays) < 8 {
			l.Relays = append(l.Relays, r)
		}
	}
	if o := q.Get("offer"); o != "" {
		s, err := p2p.DecodeSignal(o)
		if err != nil {
			return l, true, fmt.Errorf("link: %v", err)
		}
		if s.Answer {
			return l, true, errors.New("link: it carries an answer, not an offer")
		}
		l.Offer = o
	}
	return l, true, nil
}
