package p2p

import (
	"errors"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// handle reads and applies one frame from the peer. A fault leaves the game untouched.
func (m *Match) handle(b []byte) *Fault {
	msg, err := Decode(b)
	if m.resume {
		// Whoever is on a resumed link has proved nothing yet: what it sends cannot stop
		// the match (see onResumeFrame).
		return m.onResumeFrame(msg, err)
	}
	if err != nil {
		var de *DecodeError
		if errors.As(err, &de) && de.Version {
			return &Fault{Kind: FaultVersion, Detail: "the message is of another protocol version", Err: err}
		}
		return &Fault{Kind: FaultGarbled, Detail: "the message could not be read", Err: err}
	}
	fault := func(k FaultKind, format string, a ...any) *Fault {
		return &Fault{Kind: k, Msg: msg.Type, Seq: msg.Seq, Detail: fmt.Sprintf(format, a...)}
	}
	switch {
	case msg.Seq <= m.inSeq:
		return fault(FaultSequence, "message %d was received before: a replay", msg.Seq)
	case msg.Seq > m.inSeq+1:
		return fault(FaultSequence, "message %d came where %d was due: one was lost or reordered", msg.Seq, m.inSeq+1)
	case msg.Ack > m.outSeq:
		return fault(FaultSequence, "it confirms our message %d, but we sent only %d", msg.Ack, m.outSeq)
	}
	m.inSeq = msg.Seq
	if msg.Ack > m.peerAck {
		m.peerAck = msg.Ack
		i := 0
		for i < len(m.outbox) && m.outbox[i].seq <= msg.Ack {
			i++
		}
		m.outbox = m.outbox[i:]
	}
	if m.gs == nil {
		switch {
		case msg.Type == MsgHello:
			return m.onHello(msg, fault)
		case msg.Type == MsgCoin && !m.cfg.Host:
			return m.onCoin(msg, fault)
		case msg.Type == MsgChat:
			m.onChat(msg)
			return nil
		}
		return fault(FaultHandshake, "sent before the game was agreed")
	}
	gs := m.gs
	fl := gs.float
	if fl != nil && msg.Ack >= fl.seq {
		gs.float, fl = nil, nil // the opponent has seen our ending: its place is fixed
	}
	crossing := fl != nil && crosses(msg)
	var putBack func()
	if crossing && fl.applied {
		kept, turnAt := gs.audit, gs.turnAt
		if err := gs.rewind(len(gs.pub) - 1); err != nil {
			return fault(FaultDesync, "cannot put the crossing message first: %v", err)
		}
		fl.applied = false
		// A crossing message that turns out bad must leave the log as it was: our
		// ending back in its place, the game still over.
		putBack = func() {
			if _, err := gs.apply(fl.in, fl.in, nil); err == nil {
				fl.applied = true
				kept.seq = gs.audit.seq
				gs.audit, gs.turnAt = kept, turnAt
			}
		}
	}
	gs.pulled = crossing
	f := m.dispatchPlaying(msg, fault)
	gs.pulled = false
	if f != nil && putBack != nil {
		putBack()
	}
	if f == nil && crossing && gs == m.gs {
		f = m.refloat(msg)
	}
	if gs := m.gs; f == nil && changesLog(msg) && gs.r.Next().Kind == game.StepOver && !gs.audit.done {
		// Whatever it did here, the opponent waits for our Final to say so.
		gs.audit.len = -1
	}
	if f == nil {
		f = m.advance(true) // what waited (on a floating ending, say) may go now
	}
	return f
}

func (m *Match) dispatchPlaying(msg *Msg, fault faultFunc) *Fault {
	switch msg.Type {
	case MsgHello, MsgCoin:
		return fault(FaultHandshake, "the handshake is over")
	case MsgChat:
		m.onChat(msg)
		return nil
	case MsgResume, MsgProof:
		return fault(FaultSequence, "a resume without a reconnection")
	case MsgForfeit:
		return m.onForfeit(msg, fault)
	case MsgChain:
		return m.onChain(msg, fault)
	case MsgAck:
		return nil
	case MsgPing:
		m.onPing(msg)
		return nil
	case MsgPong:
		m.onPong(msg)
		return nil
	case MsgFlag:
		return m.onFlag(msg, fault)
	case MsgResign:
		return m.onEnding(msg, game.InputResign, fault)
	case MsgClaim:
		return m.onEnding(msg, game.InputClaim, fault)
	case MsgOffer:
		return m.onOffer(msg, fault)
	case MsgAnswer:
		switch {
		case msg.What == OfferDraw && msg.Yes:
			return m.onDrawAccepted(msg, fault)
		case msg.What != OfferTakeback || !msg.Yes:
			return m.onAnswer(msg, fault) // declined, or a rematch accepted
		}
		// A takeback accepted names our current state.
	case MsgFinal:
		return m.onFinal(msg, fault)
	}
	return m.stateBound(msg, fault)
}

type faultFunc func(k FaultKind, format string, a ...any) *Fault

// stateBound handles a message that must apply to our current state.
func (m *Match) stateBound(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	if msg.Hash == gs.hash() {
		return m.dispatch(msg, fault, true)
	}
	if _, old := gs.seen(msg.Hash); old {
		return fault(FaultHash, "it applies to an earlier position of this game")
	}
	return fault(FaultHash, "it names a game state we never had")
}

// dispatch handles a state-bound message at the current state. send is false while a
// crossing is being sorted out: then nothing new goes out, only what completes with what
// was already sent is applied.
func (m *Match) dispatch(msg *Msg, fault faultFunc, send bool) *Fault {
	gs := m.gs
	st := gs.r.Next()
	ply := uint32(len(gs.pub))
	var f *Fault
	switch msg.Type {
	case MsgMove:
		f = m.onMove(msg, st, ply, fault)
	case MsgSeal:
		f = m.onSeal(msg, st, ply, fault)
	case MsgOpen:
		f = m.onOpen(msg, ply, fault)
	case MsgDraw:
		f = m.onDraw(msg, st, fault)
	case MsgReveal:
		f = m.onReveal(msg, st, fault)
	case MsgAnswer: // a takeback accepted
		f = m.onTakebackAccepted(msg, fault)
	default:
		return fault(FaultIllegal, "unexpected here")
	}
	if f != nil {
		return f
	}
	return m.advance(send)
}

// chatRate and chatBurst bound the opponent's chat lines that become events: a flood is
// read (its sequence numbers count) and dropped.
const (
	chatRate  = 1.0 // lines per second
	chatBurst = 8
)

func (m *Match) onChat(msg *Msg) {
	if m.chat.take(m.clock(), chatRate, chatBurst) {
		m.ev.push(Event{Kind: EvChat, Text: msg.Text})
	}
}

// bucket is a token bucket.
type bucket struct {
	tokens  float64
	at      time.Time
	dropped int
}

func (b *bucket) take(now time.Time, rate, burst float64) bool {
	if b.at.IsZero() {
		b.tokens = burst
	} else if dt := now.Sub(b.at).Seconds(); dt > 0 {
		b.tokens = min(burst, b.tokens+dt*rate)
	}
	b.at = now
	if b.tokens < 1 {
		b.dropped++
		return false
	}
	b.tokens--
	return true
}

func playersText(st game.Step) string {
	switch {
	case st.Kind == game.StepReveal:
		return st.Owner.String()
	case st.Kind != game.StepMove:
		return "both"
	case st.Players == 3:
		return "both at once"
	}
	return st.OnlyPlayer().String()
}

// onResumeFrame reads a frame on a resumed link before the other side has proved it is
// the peer of the first session: its challenge, then its proof. Anything else, or a
// proof that fails, is someone else with the link: it is turned away (EvIntruder) and
// the match waits for its peer, unchanged.
func (m *Match) onResumeFrame(msg *Msg, err error) *Fault {
	switch {
	case err != nil || msg.Seq != 0:
	case msg.Type == MsgResume && m.peerChallenge == nil:
		n := msg.Nonce
		m.peerChallenge = &n
		p := &Msg{Type: MsgProof, Ack: m.inSeq, Mac: resumeProof(m.session, m.role, m.challenge, n),
			RecvSeq: m.inSeq, Yes: m.pendingChanges(m.peerAck)}
		if gs := m.gs; gs != nil {
			p.Index, p.Digest, p.Hash = uint32(len(gs.pub)), gs.hashes[len(gs.pub)], gs.hash()
		}
		b, err := Encode(p)
		if err == nil {
			m.conn.Send(b)
		}
		return nil
	case msg.Type == MsgProof && m.peerChallenge != nil && m.proofHolds(msg.Mac):
		fault := func(k FaultKind, format string, a ...any) *Fault {
			return &Fault{Kind: k, Msg: msg.Type, Detail: fmt.Sprintf(format, a...)}
		}
		return m.onResume(msg, fault)
	}
	m.ev.push(Event{Kind: EvIntruder})
	m.conn.Close()
	m.connGen++ // its receive loop ends quietly; the match waits for a Resume
	return nil
}

// proofHolds checks the other side's proof. The session key exists once a side has
// both tokens, which the two sides reach at different moments of the handshake: a side
// still without it has nothing of the match to protect (no game has started on it), and
// a guest whose game has not started accepts a host that may not have its token yet.
func (m *Match) proofHolds(mac Digest) bool {
	want := func(k Digest) bool { return mac == resumeProof(k, 1-m.role, *m.peerChallenge, m.challenge) }
	return m.session == (Digest{}) || want(m.session) || (!m.cfg.Host && m.gs == nil && want(Digest{}))
}

// resumeProof proves knowledge of the session key on one resumed link: keyed by it, bound
// to the prover's role and to both sides' fresh challenges, the prover's first.
func resumeProof(session Digest, role uint8, mine, theirs Nonce) Digest {
	return Commit(tagProof, GameID{}, 0, role, append(mine[:], theirs[:]...), Nonce(session))
}

func (m *Match) onResume(msg *Msg, fault faultFunc) *Fault {
	if msg.RecvSeq > m.outSeq {
		return fault(FaultSequence, "it says it received our message %d, but we sent only %d", msg.RecvSeq, m.outSeq)
	}
	if msg.RecvSeq > m.peerAck {
		m.peerAck = msg.RecvSeq
	}
	i := 0
	for i < len(m.outbox) && m.outbox[i].seq <= msg.RecvSeq {
		i++
	}
	m.outbox = m.outbox[i:]
	if gs := m.gs; gs != nil && !msg.Yes && gs.float == nil {
		// Nothing of theirs is in flight: their log is a part of ours (what we sent may
		// not have reached them), and all of it when nothing of ours is in flight either.
		n := int(msg.Index)
		if n > len(gs.pub) || gs.hashes[n] != msg.Digest || (n != len(gs.pub) && !m.pendingChanges(msg.RecvSeq)) {
			return fault(FaultDesync, "after reconnecting their log has %d plies and ours %d, and they differ", n, len(gs.pub))
		}
	}
	m.resume, m.live.offSince = false, time.Time{}
	for _, f := range m.outbox {
		m.conn.Send(f.frame)
	}
	m.ev.push(Event{Kind: EvResumed})
	if m.gs != nil {
		m.gs.turnAt = -1 // a restored side's player must hear whose turn it is
	}
	return m.advance(true)
}

// advance does what the rules need next that this side can do by itself: send its draw
// contribution, reveal its secret, open its sealed move, apply what is complete, send its
// Final at the end. It stops where the opponent or the player must act. Each step is its
// sub-protocol's sending half (draw.go, secrets.go, seal.go, final.go).
func (m *Match) advance(send bool) *Fault {
	gs := m.gs
	if gs == nil || m.stopped != nil {
		return nil
	}
	// While our game-ending action floats, nothing that depends on the position goes
	// out: the opponent may have applied the ending already. A Final may.
	sendFinal := send && !gs.pulled
	send = send && gs.float == nil
	for {
		n := len(gs.pub)
		st := gs.r.Next()
		switch st.Kind {
		case game.StepOver:
			return m.sendFinal(sendFinal)
		case game.StepDraw:
			applied, f := m.stepDraw(st, send)
			if f != nil || !applied {
				return f
			}
		case game.StepReveal:
			if st.Owner != m.me || !send {
				return nil
			}
			if f := m.stepReveal(st); f != nil {
				return f
			}
		case game.StepMove:
			if st.Players == 3 {
				applied, f := m.stepSeal(send)
				if f != nil {
					return f
				}
				if applied {
					continue
				}
			}
			if st.Asks(m.me) && gs.seal.mine == nil && gs.turnAt != n && send {
				gs.turnAt = n
				m.ev.push(Event{Kind: EvTurn})
			}
			return nil
		default:
			return nil
		}
	}
}
