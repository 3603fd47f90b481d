package p2p

import (
	"context"
	"crypto/rand"
	"fmt"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// Config says which match to play. The host proposes the game; the guest may name what it
// expects (from the join link) or leave the fields empty to accept the host's proposal.
type Config struct {
	Host    bool
	Game    GameID   // host: the game id (zero: a fresh random one); guest: the one expected, or zero
	Variant string   // host: the game's name; guest: expected, or "" for any
	Options []string // "key=value" options of the variant
	Start   string   // position text; "" is the variant's start
	// Save, if set, receives a snapshot after every change (see RestoreMatch); it is
	// called with the match locked and must not call back into it.
	Save func(snapshot []byte)
	// Deadline is how long the opponent may take over a step it owes (zero:
	// DefaultDeadline); past it this side may claim the game (see liveness.go).
	Deadline time.Duration
	// Flip, for a pairing again in the same room before a game started, is what Flip
	// returned the first time: the colours drawn then stand (see handshake.go).
	Flip []byte
	// Clock is the time control (zero: untimed). Both sides must name the same: a guest
	// that leaves Variant empty takes the host's.
	Clock clock.Control
}

// Match is one side of a peer-to-peer match: the protocol over a Conn, the game as this
// side may see it, and the events the UI (or a test's player) reacts to. All methods are
// safe to call from any goroutine.
type Match struct {
	mu   sync.Mutex
	cfg  Config
	conn Conn
	ev   *eventQueue

	outSeq  uint64     // last sequence number sent
	inSeq   uint64     // last sequence number received
	peerAck uint64     // last of ours the peer has confirmed
	outbox  []outFrame // sent and not yet confirmed, re-sent after a reconnection
	resume  bool       // a new Conn awaits the peer's Resume
	stopped error      // why the match stopped, once it has
	connGen int        // counts Conns, so an old receive loop knows it is stale

	role         uint8 // 0 host, 1 guest (the "player" of pre-colour commitments)
	version      uint8
	helloSent    bool
	peerHello    *Hello
	coin         Digest // host: its coin value; guest: its value
	coinNonce    Nonce
	pendingChain *Chain // this side's chain for the game about to start
	me           game.Color
	gs           *gameState
	games        int // games started in this match

	// Identity: each side's token went out inside the first session; session is the
	// key both derive from them, which every resumed link must prove.
	token, peerToken Digest
	session          Digest
	challenge        Nonce  // our challenge of the resume in progress
	peerChallenge    *Nonce // the other side's, once it came
	flip             *flipMemo

	now  func() time.Time // the clock; nil is time.Now (tests set it)
	live liveness         // deadlines and claims (liveness.go)
	chat bucket           // the opponent's chat lines let through

	// Clocks of a timed game (timing.go).
	pc    *PeerClocks
	png   pinger
	pongs bucket // the opponent's pings answered
}

type outFrame struct {
	seq     uint64
	frame   []byte
	changes bool // the message changes the game log (or may, once answered)
}

// NewMatch prepares one side of a match; Start runs it on a connection.
func NewMatch(cfg Config) *Match {
	// The Hello carries whole milliseconds; no clock is no increment.
	cfg.Clock.Base = cfg.Clock.Base.Truncate(time.Millisecond)
	cfg.Clock.Inc = cfg.Clock.Inc.Truncate(time.Millisecond)
	if !cfg.Clock.On() {
		cfg.Clock = clock.Control{}
	}
	m := &Match{cfg: cfg, ev: newEventQueue()}
	if !cfg.Host {
		m.role = 1
	}
	return m
}

// Events delivers what happens, in order. The channel closes when the match stops.
func (m *Match) Events() <-chan Event { return m.ev.out }

// Start runs the match over c: the handshake, then the game. It returns at once.
func (m *Match) Start(c Conn) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.conn != nil {
		return fmt.Errorf("match already started")
	}
	if k := m.cfg.Clock; k.Base < 0 || k.Base > maxBase || k.Inc < 0 || k.Inc > maxInc {
		return fmt.Errorf("a time control of %v + %v is out of range", k.Base, k.Inc)
	}
	m.conn = c
	if m.cfg.Host {
		if f := m.remembered(); f != nil && m.cfg.Game == (GameID{}) {
			m.cfg.Game = f.Game // the room's first game: its flip stands
		}
		if m.cfg.Game == (GameID{}) {
			rand.Read(m.cfg.Game[:])
		}
		if _, err := m.lookup(m.cfg.Variant, m.cfg.Options, m.cfg.Start); err != nil {
			return err
		}
		m.sendHello()
	}
	m.connGen++
	go m.recvLoop(c, m.connGen)
	return nil
}

// Resume continues the match over a new connection after the old one dropped. Both sides
// call it; each tells the other what it has received and re-sends what the other missed,
// so no move is lost, and both check that their logs agree.
func (m *Match) Resume(c Conn) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stopped != nil {
		return m.stopped
	}
	if m.conn != nil {
		m.conn.Close()
	}
	m.conn, m.resume = c, true
	m.connGen++
	if m.live.offSince.IsZero() {
		m.live.offSince = m.clock()
	}
	// Nothing of the match goes out before the other side has proved it is the peer of
	// the first session: first a fresh challenge each way, then the proofs (onResume).
	m.challenge, m.peerChallenge = NewNonce(), nil
	b, err := Encode(&Msg{Type: MsgResume, Nonce: m.challenge})
	if err != nil {
		return err
	}
	c.Send(b)
	go m.recvLoop(c, m.connGen)
	return nil
}

// Close stops the match and its connection.
func (m *Match) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stop(ErrStopped)
	return nil
}

// Err is why the match stopped (a *Fault when the opponent misbehaved), or nil.
func (m *Match) Err() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stopped == ErrStopped {
		return nil
	}
	return m.stopped
}

// Game is the game the match plays, as agreed in the handshake: the variant's name, its
// options and the start position text ("" the variant's start).
func (m *Match) Game() (variant string, options []string, start string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cfg.Variant, append([]string(nil), m.cfg.Options...), m.cfg.Start
}

// Color is this side's colour in the current game (valid once started).
func (m *Match) Color() game.Color {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.me
}

// View is a copy of the current game's rules as this side may see them (the opponent's
// secrets sealed until revealed), nil before the start.
func (m *Match) View() game.Rules {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gs == nil {
		return nil
	}
	return m.gs.r.Clone()
}

// Log is the current game's log as this side applied it (its own secrets in place, the
// opponent's sealed), with what each entry did.
func (m *Match) Log() []game.Entry {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gs == nil {
		return nil
	}
	var es []game.Entry
	for _, e := range m.gs.pub {
		es = append(es, game.Entry{Input: e.full, Record: e.rec})
	}
	return es
}

// Hash is the public hash of the current state, the same on both sides when in step.
func (m *Match) Hash() PubHash {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gs == nil {
		return PubHash{}
	}
	return m.gs.hash()
}

// LogHash is the full public log hash and the log length.
func (m *Match) LogHash() (Digest, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gs == nil {
		return Digest{}, 0
	}
	return m.gs.hashes[len(m.gs.pub)], len(m.gs.pub)
}

// Verified reports whether the current game has ended and both sides' logs and secrets
// were checked.
func (m *Match) Verified() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.gs != nil && m.gs.audit.done
}

func (m *Match) lookup(name string, opts []string, start string) (*game.Variant, error) {
	v, err := game.Lookup(name, opts...)
	if err != nil {
		return nil, err
	}
	if _, err := game.Load(v, start); err != nil {
		return nil, err
	}
	return v, nil
}

// send numbers, encodes and sends a message, keeping it until the peer confirms it.
// A failed send is not an error: the message stays in the outbox for Resume.
func (m *Match) send(msg *Msg) {
	if m.stopped != nil {
		return
	}
	m.outSeq++
	msg.Seq, msg.Ack = m.outSeq, m.inSeq
	if m.gs != nil && msg.Hash == (PubHash{}) && msg.Type != MsgHello && msg.Type != MsgCoin {
		msg.Hash = m.gs.hash()
	}
	b, err := Encode(msg)
	if err != nil {
		panic("p2p: encoding our own " + msg.Type.String() + ": " + err.Error()) // a bug here, never peer input
	}
	m.outbox = append(m.outbox, outFrame{m.outSeq, b, changesLog(msg)})
	if debugTrace {
		n := -1
		if m.gs != nil {
			n = len(m.gs.pub)
		}
		println("SEND", m.role, msg.Type.String(), msg.Seq, "ply", n, "hash", fmt.Sprintf("%x", msg.Hash[:3]), "what", msg.What, msg.Yes)
	}
	if !m.resume && m.conn != nil {
		if err := m.conn.Send(b); err != nil {
			// A link that lost a message is no longer reliable: drop it, so that both
			// sides see the drop and Resume re-sends what is missing.
			m.conn.Close()
		}
	}
}

// changesLog reports whether a message adds to the log or starts the game (for the
// Resume check).
func changesLog(msg *Msg) bool {
	switch msg.Type {
	case MsgHello, MsgCoin, MsgMove, MsgOpen, MsgDraw, MsgReveal, MsgResign, MsgClaim:
		return true
	case MsgAnswer:
		return msg.Yes
	}
	return false
}

// pendingChanges reports whether a log-changing message after seq is unconfirmed.
func (m *Match) pendingChanges(after uint64) bool {
	for _, f := range m.outbox {
		if f.seq > after && f.changes {
			return true
		}
	}
	return false
}

// stop ends the match: the game keeps its state, the connection closes, events end.
func (m *Match) stop(err error) {
	if m.stopped != nil {
		return
	}
	m.stopped = err
	if m.live.timer != nil {
		m.live.timer.Stop()
	}
	if err != ErrStopped && err != ErrClaimed && err != ErrForfeited {
		m.ev.push(Event{Kind: EvFault, Err: err})
	}
	m.ev.close()
	if c := m.conn; c != nil {
		if err == ErrClaimed {
			// Let the claim reach the other side before the link goes.
			time.AfterFunc(time.Second, func() { c.Close() })
			return
		}
		c.Close()
	}
}

func (m *Match) recvLoop(c Conn, gen int) {
	for {
		b, err := c.Recv()
		m.mu.Lock()
		if gen != m.connGen || m.stopped != nil {
			m.mu.Unlock()
			return
		}
		if err != nil {
			m.ev.push(Event{Kind: EvDisconnected, Err: err})
			if m.live.offSince.IsZero() {
				m.live.offSince = m.clock()
				if m.gs != nil {
					m.armLimit()
				}
			}
			m.mu.Unlock()
			return
		}
		if debugTrace {
			mm, _ := Decode(b)
			n := -1
			if m.gs != nil {
				n = len(m.gs.pub)
			}
			if mm != nil {
				println("RECV", m.role, mm.Type.String(), mm.Seq, "ply", n, "hash", fmt.Sprintf("%x", mm.Hash[:3]), "what", mm.What, mm.Yes)
			}
		}
		if f := m.handle(b); f != nil {
			m.stop(f)
		}
		m.tick()
		// A chat line or a bare Ack changes nothing worth keeping: after a restore the
		// other side sends it again. So a flood of them writes no snapshots.
		if len(b) < 3 || (MsgType(b[2]) != MsgChat && MsgType(b[2]) != MsgAck && MsgType(b[2]) != MsgPing && MsgType(b[2]) != MsgPong) {
			m.persist()
		}
		m.mu.Unlock()
	}
}

func (m *Match) sendHello() {
	h := &Hello{MinVersion: Version, MaxVersion: Version, Host: m.cfg.Host, Game: m.cfg.Game,
		Variant: m.cfg.Variant, Options: m.cfg.Options, Start: m.cfg.Start}
	m.drawCoin()
	if m.cfg.Host {
		h.Coin = Commit(tagCoin, m.cfg.Game, 0, 0, m.coin[:], m.coinNonce)
	} else {
		h.Coin = m.coin
	}
	h.Chain = m.newChain(m.cfg.Game).Head()
	m.token = Digest(NewNonce())
	h.Token = m.token
	h.Base, h.Inc = m.cfg.Clock.Base, m.cfg.Clock.Inc
	m.helloSent = true
	m.send(&Msg{Type: MsgHello, Hello: h})
}

// newChain makes this side's draw chain for game id; it is kept until the game starts.
var chainLen = ChainLen

func (m *Match) newChain(id GameID) *Chain {
	c := NewChain(id, m.role, chainLen)
	m.pendingChain = c
	return c
}

// startGame begins a game with this side playing colour me.
func (m *Match) startGame(id GameID, me game.Color, peerHead Digest) error {
	v, err := m.lookup(m.cfg.Variant, m.cfg.Options, m.cfg.Start)
	if err != nil {
		return err
	}
	gs, err := newGameState(id, v, m.cfg.Start, me, peerHead, m.pendingChain)
	if err != nil {
		return err
	}
	m.gs, m.me, m.pendingChain = gs, me, nil
	m.games++
	m.newClocks()
	m.ev.push(Event{Kind: EvStart, Color: me, Game: m.games})
	if f := m.advance(true); f != nil {
		return f
	}
	m.ping()
	return nil
}

var debugTrace = false

// Settle waits, after the game is over, until the opponent has received our Final, so
// that closing the connection cannot cut it off. It gives up when ctx ends.
func (m *Match) Settle(ctx context.Context) error {
	for {
		m.mu.Lock()
		gs, stopped := m.gs, m.stopped
		ok := gs != nil && gs.audit.done && gs.audit.seq > 0 && m.peerAck >= gs.audit.seq
		m.mu.Unlock()
		if ok {
			return nil
		}
		if stopped != nil {
			return stopped
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
}
