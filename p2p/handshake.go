package p2p

import (
	"slices"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// The handshake agrees the game and draws the colours with a commit-reveal coin flip:
//
//	host → guest  Hello{game, options, versions, commit(a), chain head}
//	guest → host  Hello{the same game, versions, b, chain head}
//	host → guest  Coin{a, nonce}
//
// The host is bound to a before it sees b; the guest picks b without seeing a. The host
// plays White when the low bits of a and b agree. Both chain heads are fixed before any
// draw, so neither side can choose its contributions after seeing the other's.
//
// The host learns the colours when b arrives, before it opens a: it could abort and pair
// again for another flip. So the first flip in a room stands: each side keeps a memo
// (Flip, passed back as Config.Flip on the next pairing) and the host proposes the same
// game id and commitment again, the guest sends the same b, and a guest that remembers
// a flip refuses a host that brings another.
//
// Each hello also carries a random token; both tokens went only through the first
// session's encrypted link, and the key made of them (sessionKey) is what a resumed link
// must prove it knows (see onResume).

// flipMemo is what a side remembers of the first flip in a room.
type flipMemo struct {
	Game     GameID
	HostCoin Digest // the host's commitment
	Coin     Digest // host: its value a; guest: its value b
	Nonce    Nonce  // host: the commitment's nonce
}

// Flip is the memo of this side's colour flip once the handshake has fixed it (nil
// before): give it back as Config.Flip to pair again in the same room.
func (m *Match) Flip() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.flip == nil {
		return nil
	}
	return m.flip.appendJSON(nil)
}

// remembered is the memo given in the config, if it reads.
func (m *Match) remembered() *flipMemo {
	if len(m.cfg.Flip) == 0 || len(m.cfg.Flip) > 1024 {
		return nil
	}
	var f flipMemo
	r := tinyjson.NewReader(string(m.cfg.Flip))
	f.read(r)
	if r.Finish() != nil {
		return nil
	}
	return &f
}

// drawCoin picks this side's coin, or takes the one of the first flip in this room.
func (m *Match) drawCoin() {
	if f := m.remembered(); f != nil && (!m.cfg.Host || f.Game == m.cfg.Game) {
		m.coin, m.coinNonce, m.flip = f.Coin, f.Nonce, f
		return
	}
	m.coinNonce = NewNonce()
	m.coin = Digest(NewNonce())
	if m.cfg.Host {
		m.flip = &flipMemo{Game: m.cfg.Game, HostCoin: Commit(tagCoin, m.cfg.Game, 0, 0, m.coin[:], m.coinNonce),
			Coin: m.coin, Nonce: m.coinNonce}
	}
}

// sessionKey is the match's identity: both hello tokens, the host's first.
func sessionKey(host bool, mine, peer Digest) Digest {
	a, b := mine, peer
	if !host {
		a, b = b, a
	}
	return Commit(tagSession, GameID{}, 0, 0, append(a[:], b[:]...), Nonce{})
}

func (m *Match) onHello(msg *Msg, fault faultFunc) *Fault {
	h := msg.Hello
	if m.peerHello != nil {
		return fault(FaultHandshake, "a second hello")
	}
	if h.Host == m.cfg.Host {
		who := "guest"
		if h.Host {
			who = "host"
		}
		return fault(FaultHandshake, "both sides think they are the %s", who)
	}
	if h.MinVersion > Version || h.MaxVersion < Version {
		return fault(FaultVersion, "they speak protocol versions %d to %d, we speak %d", h.MinVersion, h.MaxVersion, Version)
	}
	m.version = Version
	if !m.cfg.Host {
		if m.cfg.Game != (GameID{}) && m.cfg.Game != h.Game {
			return fault(FaultHandshake, "the host offers another game than the link named")
		}
		if h.Start != m.cfg.Start {
			return fault(FaultHandshake, "the host proposes another start position than the link names (%q)", h.Start)
		}
		if m.cfg.Variant != "" && !sameGame(m.cfg, h) {
			return fault(FaultHandshake, "the host proposes %s %v, the link names %s %v", h.Variant, h.Options, m.cfg.Variant, m.cfg.Options)
		}
		if m.cfg.Variant != "" && !sameClock(m.cfg, h) {
			return fault(FaultHandshake, "the host proposes the time control %s, the link names %s", clockText(h.Base, h.Inc), clockText(m.cfg.Clock.Base, m.cfg.Clock.Inc))
		}
		if _, err := m.lookup(h.Variant, h.Options, h.Start); err != nil {
			return &Fault{Kind: FaultHandshake, Msg: msg.Type, Seq: msg.Seq, Detail: "we cannot play the proposed game", Err: err}
		}
		if f := m.remembered(); f != nil && (f.Game != h.Game || f.HostCoin != h.Coin) {
			return fault(FaultHandshake, "the host drew the colours again in this room: the first flip stands")
		}
		m.cfg.Game, m.cfg.Variant, m.cfg.Options, m.cfg.Start = h.Game, h.Variant, h.Options, h.Start
		m.cfg.Clock = clock.Control{Base: h.Base, Inc: h.Inc}
		m.peerHello, m.peerToken = h, h.Token
		m.sendHello()
		m.session = sessionKey(false, m.token, m.peerToken)
		if m.flip == nil {
			m.flip = &flipMemo{Game: h.Game, HostCoin: h.Coin, Coin: m.coin}
		}
		return nil
	}
	if h.Game != m.cfg.Game || !sameGame(m.cfg, h) {
		return fault(FaultHandshake, "the guest answers for another game (%s %v)", h.Variant, h.Options)
	}
	if !sameClock(m.cfg, h) {
		return fault(FaultHandshake, "the guest answers for the time control %s, we proposed %s", clockText(h.Base, h.Inc), clockText(m.cfg.Clock.Base, m.cfg.Clock.Inc))
	}
	m.peerHello, m.peerToken = h, h.Token
	m.session = sessionKey(true, m.token, m.peerToken)
	m.send(&Msg{Type: MsgCoin, Digest: m.coin, Nonce: m.coinNonce})
	if err := m.startGame(m.cfg.Game, colourOf(true, m.coin, h.Coin), h.Chain); err != nil {
		return &Fault{Kind: FaultHandshake, Detail: "cannot start the game", Err: err}
	}
	return nil
}

func (m *Match) onCoin(msg *Msg, fault faultFunc) *Fault {
	h := m.peerHello
	if h == nil {
		return fault(FaultHandshake, "the coin came before the hello")
	}
	if Commit(tagCoin, h.Game, 0, 0, msg.Digest[:], msg.Nonce) != h.Coin {
		return fault(FaultCommit, "the host's coin does not match its commitment")
	}
	if err := m.startGame(h.Game, colourOf(false, msg.Digest, m.coin), h.Chain); err != nil {
		return &Fault{Kind: FaultHandshake, Detail: "cannot start the game", Err: err}
	}
	return nil
}

// colourOf is the host's or the guest's colour from the host's coin a and the guest's b.
func colourOf(host bool, a, b Digest) game.Color {
	hostWhite := (a[31]^b[31])&1 == 0
	if hostWhite == host {
		return game.White
	}
	return game.Black
}

func sameClock(c Config, h *Hello) bool {
	return c.Clock.Base == h.Base && c.Clock.Inc == h.Inc
}

// clockText names a time control as the setup screen does ("no clock" when untimed).
func clockText(base, inc time.Duration) string {
	if base <= 0 {
		return "no clock"
	}
	return clock.Control{Base: base, Inc: inc}.String()
}

func sameGame(c Config, h *Hello) bool {
	return c.Variant == h.Variant && c.Start == h.Start && slices.Equal(c.Options, h.Options)
}
