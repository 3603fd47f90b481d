package p2p

import (
	"slices"

	"github.com/quintet-chess/quintet/game"
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
		if m.cfg.Variant != "" && !sameGame(m.cfg, h) {
			return fault(FaultHandshake, "the host proposes %s %v, we expected %s %v", h.Variant, h.Options, m.cfg.Variant, m.cfg.Options)
		}
		if _, err := m.lookup(h.Variant, h.Options, h.Start); err != nil {
			return &Fault{Kind: FaultHandshake, Msg: msg.Type, Seq: msg.Seq, Detail: "we cannot play the proposed game", Err: err}
		}
		m.cfg.Game, m.cfg.Variant, m.cfg.Options, m.cfg.Start = h.Game, h.Variant, h.Options, h.Start
		m.peerHello = h
		m.sendHello()
		return nil
	}
	if h.Game != m.cfg.Game || !sameGame(m.cfg, h) {
		return fault(FaultHandshake, "the guest answers for another game (%s %v)", h.Variant, h.Options)
	}
	m.peerHello = h
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

func sameGame(c Config, h *Hello) bool {
	return c.Variant == h.Variant && c.Start == h.Start && slices.Equal(c.Options, h.Options)
}
