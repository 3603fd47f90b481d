package scenes

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/saved"
	"github.com/quintet-chess/quintet/internal/wake"
	"github.com/quintet-chess/quintet/p2p"
	"github.com/quintet-chess/quintet/p2p/relay"
)

// The link to a friend, without drawing: the relays and ICE servers, the room's record in
// localStorage, and the pairing (through the relays, or the offer in the link and the
// answer as a code). The Friend screen (friend.go) shows it; the play screen of a game
// with a friend (friend_play.go) pairs again through it when the connection drops.

// netSettings are the relays and ICE servers (relay.Settings), kept in localStorage
// ("friend.settings") and editable in the page; a link carries the host's relays when
// they are not the defaults, so both sides meet on the same ones.
type netSettings struct{ relay.Settings }

func defaultSettings() netSettings {
	return netSettings{relay.Settings{Relays: relay.DefaultRelays, ICE: relay.DefaultICE}}
}

func loadSettings(h Host) netSettings {
	s := defaultSettings()
	if t := h.Get("friend.settings"); t != "" {
		if p, err := relay.ParseSettings(t); err == nil && len(p.Relays) > 0 {
			s.Settings = p
		}
	}
	// The page's address may override both (a test's local relay, no STUN offline).
	if rs, ice, ok := pageNetOverride(); ok {
		if len(rs) > 0 {
			s.Relays = rs
		}
		if ice != nil {
			s.ICE = ice
		}
	}
	return s
}

func (s netSettings) rtc() p2p.RTCConfig {
	return p2p.RTCConfig{ICEServers: s.ICE, Username: s.User, Credential: s.Pass}
}

// friendRecord is what localStorage keeps of a room ("friend/<room id>"): enough to take
// the match up again after the page reloads.
type friendRecord = saved.Friend

// recClock is the time control a room's record names (checked when it was loaded).
func recClock(r friendRecord) clock.Control {
	c, _ := clock.Parse(r.Clock)
	return c
}

// maxRecord bounds a stored record read back (localStorage is user-editable input).
const maxRecord = 1 << 20

func loadRecord(h Host, room relay.Room) (friendRecord, bool) {
	var r friendRecord
	t := h.Get("friend/" + room.ID())
	if t == "" || len(t) > maxRecord {
		return r, false
	}
	r, err := saved.DecodeFriend(t)
	if err != nil {
		return friendRecord{}, false
	}
	if _, err := game.Lookup(r.Variant, r.Options...); err != nil {
		return r, false
	}
	if _, err := clock.Parse(r.Clock); err != nil {
		return r, false
	}
	return r, true
}

// friendLink is the link to the friend: the room, the relays, and a pairing in progress.
type friendLink struct {
	host     bool
	room     relay.Room
	set      netSettings
	hostPage Host

	mu     sync.Mutex
	rec    friendRecord
	rel    *relay.Relays
	cancel context.CancelFunc
	result chan pairResult
	since  time.Time // when the current pairing began
	// The no-relay way: the host's offer in the link and the guest's answer as a code.
	fbHost  *p2p.Host
	fbGuest *p2p.Guest
	fbCode  string // the guest's answer code
}

type offerResult struct {
	url string
	err error
}

type pairResult struct {
	conn p2p.Conn
	err  error
	took time.Duration
}

// save stores the record (and a new snapshot) in localStorage. p2p calls it with its
// match locked, from whichever goroutine changed the match.
func (f *friendLink) save(snap []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if snap != nil {
		f.rec.Snap = snap
	}
	f.hostPage.Set("friend/"+f.room.ID(), saved.EncodeFriend(f.rec))
}

func (f *friendLink) end(why string) {
	f.mu.Lock()
	f.rec.Ended = why
	f.mu.Unlock()
	f.save(nil)
}

// pair starts pairing through the relays (again); the result comes from poll.
func (f *friendLink) pair() {
	f.stop()
	ctx, cancel := context.WithCancel(context.Background())
	f.mu.Lock()
	if f.rel == nil {
		f.rel = relay.Open(f.room, f.set.Relays)
	}
	rel := f.rel
	f.cancel, f.result, f.since = cancel, make(chan pairResult, 1), time.Now()
	ch, host, cfg, t0 := f.result, f.host, f.set.rtc(), f.since
	f.mu.Unlock()
	go func() {
		var c p2p.Conn
		var err error
		if host {
			c, err = relay.PairHost(ctx, rel, cfg)
		} else {
			c, err = relay.PairGuest(ctx, rel, cfg)
		}
		ch <- pairResult{c, err, time.Since(t0)}
		wake.Up()
	}()
}

// stop abandons a pairing in progress.
func (f *friendLink) stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.cancel != nil {
		f.cancel()
		f.cancel = nil
	}
	if f.fbHost != nil {
		f.fbHost = nil // closed by whoever got its connection, or left to the page's end
	}
}

// poll returns the pairing's result once there is one.
func (f *friendLink) poll() (pairResult, bool) {
	f.mu.Lock()
	ch := f.result
	f.mu.Unlock()
	if ch == nil {
		return pairResult{}, false
	}
	select {
	case r := <-ch:
		f.mu.Lock()
		if f.result == ch {
			f.result = nil
		}
		f.mu.Unlock()
		return r, true
	default:
		return pairResult{}, false
	}
}

// relayStatus is "2 of 3 relays connected".
func (f *friendLink) relayStatus() (int, int) {
	f.mu.Lock()
	rel := f.rel
	f.mu.Unlock()
	if rel == nil {
		return 0, len(f.set.Relays)
	}
	c, _, _ := rel.Status()
	return c, len(f.set.Relays)
}

// close ends the relays (a match no longer needs them).
func (f *friendLink) close() {
	f.stop()
	f.mu.Lock()
	if f.rel != nil {
		f.rel.Close()
		f.rel = nil
	}
	f.mu.Unlock()
}

// linkURL is the link for the friend.
func (f *friendLink) linkURL(offer string) string {
	f.mu.Lock()
	l := relay.Link{Room: f.room, Offer: offer, Variant: f.rec.Variant, Options: f.rec.Options, Clock: recClock(f.rec)}
	f.mu.Unlock()
	if strings.Join(f.set.Relays, " ") != strings.Join(relay.DefaultRelays, " ") {
		l.Relays = f.set.Relays
	}
	return pageBase() + "#" + l.Fragment()
}

// answerOffer is the guest's side without relays: answer the offer in the link.
func (f *friendLink) answerOffer(offer string) {
	g, err := p2p.NewGuest(f.set.rtc(), offer)
	ch := make(chan pairResult, 1)
	f.mu.Lock()
	f.result, f.since = ch, time.Now()
	if err == nil {
		f.fbGuest, f.fbCode = g, g.Answer()
	}
	f.mu.Unlock()
	if err != nil {
		ch <- pairResult{err: err}
		return
	}
	c, err := g.Connect(context.Background())
	ch <- pairResult{conn: c, err: err}
	wake.Up()
}

// offerLink is the host's side without relays: a link with the offer in it.
func (f *friendLink) offerLink() (string, error) {
	h, err := p2p.NewHost(f.set.rtc())
	if err != nil {
		return "", err
	}
	f.close() // no relay: stop trying them
	f.mu.Lock()
	f.fbHost = h
	f.mu.Unlock()
	return f.linkURL(h.Offer()), nil
}

// takeAnswer connects the host to the friend's pasted answer code.
func (f *friendLink) takeAnswer(code string) error {
	f.mu.Lock()
	h := f.fbHost
	f.mu.Unlock()
	if h == nil {
		return errors.New(lang.T("make a link with the offer first"))
	}
	code = strings.TrimSpace(code)
	if i := strings.LastIndex(code, "answer="); i >= 0 {
		code = code[i+len("answer="):]
	}
	if _, err := p2p.DecodeSignal(code); err != nil {
		return err
	}
	ch := make(chan pairResult, 1)
	f.mu.Lock()
	f.result, f.since = ch, time.Now()
	f.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := h.Connect(ctx, code)
		ch <- pairResult{conn: c, err: err}
		wake.Up()
	}()
	return nil
}
