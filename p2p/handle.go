package p2p

import (
	"errors"
	"fmt"
	"slices"
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
		finalLen, peerFinal, done, turnAt := gs.finalLen, gs.peerFinal, gs.done, gs.turnAt
		if err := gs.rewind(len(gs.pub) - 1); err != nil {
			return fault(FaultDesync, "cannot put the crossing message first: %v", err)
		}
		fl.applied = false
		// A crossing message that turns out bad must leave the log as it was: our
		// ending back in its place, the game still over.
		putBack = func() {
			if _, err := gs.apply(fl.in, fl.in, nil); err == nil {
				fl.applied = true
				gs.finalLen, gs.peerFinal, gs.done, gs.turnAt = finalLen, peerFinal, done, turnAt
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
	if gs := m.gs; f == nil && changesLog(msg) && gs.r.Next().Kind == game.StepOver && !gs.done {
		// Whatever it did here, the opponent waits for our Final to say so.
		gs.finalLen = -1
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
		gs := m.gs
		if gs.peerNext != nil || msg.Index != gs.peerBase+uint32(chainLen)+1 {
			return fault(FaultIllegal, "a draw chain for draws from %d, its chain serves draws %d to %d", msg.Index, gs.peerBase+1, gs.peerBase+uint32(chainLen))
		}
		d := msg.Digest
		gs.peerNext = &d
		return nil
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
		if msg.What == OfferDraw && msg.Yes {
			if !m.gs.myOffer[OfferDraw] {
				return fault(FaultIllegal, "it accepts a draw we never offered")
			}
			m.gs.myOffer[OfferDraw] = false
			return m.onEnding(msg, game.InputAgree, fault)
		}
		if msg.What != OfferTakeback || !msg.Yes {
			return m.onAnswer(msg, fault)
		}
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
	peer := m.me.Other()
	ply := uint32(len(gs.pub))
	switch msg.Type {
	case MsgMove:
		if st.Kind != game.StepMove || st.Players != 1<<peer {
			return fault(FaultIllegal, "a move out of turn (the game needs a %v from %s)", st.Kind, playersText(st))
		}
		if msg.Ply != ply {
			return fault(FaultHash, "a move for ply %d, the game is at ply %d", msg.Ply+1, ply+1)
		}
		pub, cells := sealMove(gs.r, msg.Move)
		if pub != msg.Move {
			return fault(FaultIllegal, "the move %v shows what it should keep secret", msg.Move)
		}
		var keys []CellKey
		for _, c := range cells {
			keys = append(keys, c.Key)
		}
		var got []CellKey
		for _, c := range msg.Cells {
			got = append(got, c.Key)
			if p := gs.peer[c.Key]; p != nil && p.openedAt < 0 {
				return fault(FaultIllegal, "secret %v is committed twice", c.Key)
			}
		}
		if !slices.Equal(keys, got) {
			return fault(FaultIllegal, "the move commits %d secrets where the rules fix %d", len(got), len(keys))
		}
		in := game.Input{Kind: game.InputMove, Player: peer, Move: msg.Move}
		rec, err := gs.apply(in, in, keys)
		if err != nil {
			return &Fault{Kind: FaultIllegal, Msg: msg.Type, Seq: msg.Seq, Detail: "an illegal move", Err: err}
		}
		m.peerDecided(msg.Took)
		m.clockAfter(peer)
		for _, c := range msg.Cells {
			gs.peer[c.Key] = &peerCell{d: c.Digest, ply: ply, openedAt: -1}
		}
		m.peerActed(msg)
		m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec})
	case MsgSeal:
		if st.Kind != game.StepMove || st.Players != 3 {
			return fault(FaultIllegal, "a sealed move when the game needs a %v from %s", st.Kind, playersText(st))
		}
		if gs.peerSeal != nil || msg.Ply != ply {
			return fault(FaultIllegal, "a second seal, or one for another ply")
		}
		m.peerDecided(msg.Took)
		gs.peerSeal = &peerSeal{d: msg.Digest, ply: ply}
		m.peerActed(msg)
	case MsgOpen:
		if gs.peerSeal == nil || gs.peerSeal.move != nil || msg.Ply != ply {
			return fault(FaultIllegal, "it opens a move it did not seal")
		}
		if gs.seal == nil {
			return fault(FaultIllegal, "it opened its move before ours was sealed")
		}
		if Commit(tagMove, gs.id, ply, uint8(peer), moveBytes(msg.Move), msg.Nonce) != gs.peerSeal.d {
			return fault(FaultCommit, "the opened move %v does not match its seal", msg.Move)
		}
		// Both moves are known: check the pair on a copy so a bad one changes nothing.
		r := gs.r.Clone()
		for _, in := range pair(m.me, gs.seal.m, msg.Move) {
			if _, err := r.Apply(in); err != nil {
				k := FaultIllegal
				if in.Player == m.me {
					k = FaultDesync
				}
				return &Fault{Kind: k, Msg: msg.Type, Seq: msg.Seq, Detail: fmt.Sprintf("the sealed move of %v is illegal", in.Player), Err: err}
			}
		}
		mv := msg.Move
		gs.peerSeal.move = &mv
	case MsgDraw:
		if st.Kind != game.StepDraw {
			return fault(FaultIllegal, "a draw contribution when the game needs a %v", st.Kind)
		}
		if msg.Index != gs.drawNext || gs.peerDraw != nil {
			return fault(FaultIllegal, "contribution to draw %d, draw %d is due", msg.Index, gs.drawNext)
		}
		prev, base := gs.peerLast, gs.peerBase
		if int(msg.Index-base) > chainLen {
			if gs.peerNext == nil {
				return fault(FaultIllegal, "draw %d is past the end of its chain", msg.Index)
			}
			prev, base = *gs.peerNext, base+uint32(chainLen) // its next chain begins
		}
		if !chainFollows(gs.id, 1-m.role, prev, msg.Digest) {
			return fault(FaultCommit, "contribution to draw %d does not follow its committed chain", msg.Index)
		}
		if base != gs.peerBase {
			gs.peerNext = nil
		}
		d := msg.Digest
		gs.peerLast, gs.peerBase, gs.peerDraw = prev, base, &d
	case MsgReveal:
		if st.Kind != game.StepReveal || st.Owner != peer {
			return fault(FaultIllegal, "a reveal the rules did not ask for")
		}
		key, all := revealCell(gs.r, st)
		want := []CellKey{key}
		if all {
			want = gs.peerOpenKeys(key.Kind)
		}
		if len(msg.Opens) != len(want) || len(want) == 0 {
			return fault(FaultIllegal, "the rules ask for secret %v, not what was sent", key)
		}
		for i, o := range msg.Opens {
			c := gs.peer[o.Key]
			if o.Key != want[i] || c == nil || c.openedAt >= 0 {
				return fault(FaultIllegal, "the rules ask for secret %v, which was never committed", want[i])
			}
			if Commit(tagSecret, gs.id, c.ply, uint8(peer), cellValue(o), o.Nonce) != c.d {
				return fault(FaultCommit, "the revealed %v (%d) does not match its commitment", o.Key, o.Value)
			}
		}
		value := msg.Opens[0].Value
		if all {
			vals := gs.peerValues(key.Kind)
			for _, o := range msg.Opens {
				vals[o.Key] = o.Value
			}
			v, err := revealValue(gs.r, st, vals)
			if err != nil {
				return &Fault{Kind: FaultIllegal, Msg: msg.Type, Seq: msg.Seq, Detail: "the opened cells do not make one secret", Err: err}
			}
			value = v
		}
		in := game.Input{Kind: game.InputReveal, Player: peer, Secret: value}
		rec, err := gs.apply(in, in, nil)
		if err != nil {
			return &Fault{Kind: FaultIllegal, Msg: msg.Type, Seq: msg.Seq, Detail: "the rules refuse the revealed value", Err: err}
		}
		for _, o := range msg.Opens {
			c := gs.peer[o.Key]
			c.value, c.openedAt = o.Value, len(gs.pub)
		}
		m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec})
	case MsgAnswer: // a takeback accepted
		if !gs.myOffer[OfferTakeback] {
			return fault(FaultIllegal, "it accepts a takeback we never asked for")
		}
		if err := m.takeback(int(gs.myTakeN)); err != nil {
			return fault(FaultDesync, "the takeback failed here: %v", err)
		}
		m.ev.push(Event{Kind: EvAnswer, What: OfferTakeback, Yes: true})
	default:
		return fault(FaultIllegal, "unexpected here")
	}
	return m.advance(send)
}

// peerActed voids our takeback request if the opponent played on after seeing it instead
// of answering, and lets our draw offer lapse, as in chess: a move made after seeing it
// declines it. An action that crossed the request or the offer leaves it standing.
func (m *Match) peerActed(msg *Msg) {
	if m.gs.myOffer[OfferTakeback] && msg.Ack >= m.gs.myTakeSeq {
		m.gs.myOffer[OfferTakeback] = false
		m.ev.push(Event{Kind: EvAnswer, What: OfferTakeback, Yes: false})
	}
	if m.gs.myOffer[OfferDraw] && msg.Ack >= m.gs.myDrawSeq {
		m.gs.myOffer[OfferDraw] = false
		m.ev.push(Event{Kind: EvLapsed, What: OfferDraw, Mine: true})
	}
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

// pair is a simultaneous turn's two inputs in the order the log holds them: White first.
func pair(me game.Color, mine, theirs game.Move) [2]game.Input {
	a := game.Input{Kind: game.InputMove, Player: me, Move: mine}
	b := game.Input{Kind: game.InputMove, Player: me.Other(), Move: theirs}
	if me == game.Black {
		a, b = b, a
	}
	return [2]game.Input{a, b}
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

// onEnding applies the opponent's resignation, claim or draw acceptance at the end of our
// log: it may name an earlier state (it crossed our moves), and the opponent moves it
// after them on its side too (see float.go). If it no longer applies here it is void
// there as well, and we say we have seen it so the opponent can go on.
func (m *Match) onEnding(msg *Msg, kind game.InputKind, fault faultFunc) *Fault {
	gs := m.gs
	idx, ok := gs.seen(msg.Hash)
	if !ok {
		return fault(FaultHash, "it names a game state we never had")
	}
	in := game.Input{Kind: kind, Player: m.me.Other()}
	rec, err := gs.apply(in, in, nil)
	if err != nil {
		if idx == len(gs.pub) && !gs.r.Outcome().Over() && gs.float == nil {
			return &Fault{Kind: FaultIllegal, Msg: msg.Type, Seq: msg.Seq, Detail: "the rules refuse it", Err: err}
		}
		m.send(&Msg{Type: MsgAck})
		return nil
	}
	m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec})
	// Say at once that we have it: its sender holds back until then, and the rules may
	// want nothing from us that would say so (reveals at the end start with White's).
	m.send(&Msg{Type: MsgAck})
	return m.advance(true)
}

func (m *Match) onOffer(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	// An offer may name a position since taken back: it was sent before the takeback.
	if !gs.ever[msg.Hash] {
		return fault(FaultHash, "it names a game state we never had")
	}
	if gs.peerOffer[msg.What] {
		return nil // it stands already: said once is enough
	}
	switch msg.What {
	case OfferDraw:
		if gs.r.Outcome().Over() {
			return nil
		}
	case OfferTakeback:
		if msg.Ply < 1 || int(msg.Ply) > len(gs.pub) {
			return fault(FaultIllegal, "a takeback of %d plies in a game of %d", msg.Ply, len(gs.pub))
		}
		gs.peerTakeN, gs.peerTakeH = msg.Ply, msg.Hash
	case OfferRematch:
		if !gs.r.Outcome().Over() {
			return fault(FaultIllegal, "a rematch offered while the game goes on")
		}
		gs.peerRematch = msg.Digest
		if gs.myOffer[OfferRematch] { // both asked: that is agreement
			if err := m.startRematch(msg.Digest); err != nil {
				return fault(FaultDesync, "%v", err)
			}
			return nil
		}
	}
	gs.peerOffer[msg.What] = true
	m.ev.push(Event{Kind: EvOffer, What: msg.What, N: int(msg.Ply)})
	return nil
}

// onAnswer handles a declined offer or an accepted rematch.
func (m *Match) onAnswer(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	if !gs.myOffer[msg.What] {
		if msg.Yes {
			return fault(FaultIllegal, "it accepts an offer we never made")
		}
		return nil // a decline that crossed our withdrawal
	}
	gs.myOffer[msg.What] = false
	m.ev.push(Event{Kind: EvAnswer, What: msg.What, Yes: msg.Yes})
	if msg.What == OfferRematch && msg.Yes {
		if err := m.startRematch(msg.Digest); err != nil {
			return fault(FaultDesync, "%v", err)
		}
	}
	return nil
}

// onFinal checks the opponent's end-of-game message: the same log, and every one of its
// secrets opened and matching its commitment.
func (m *Match) onFinal(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	n := len(gs.pub)
	if gs.done {
		// A Final sent again (it crossed ours): we have it, which its sender waits to hear.
		m.send(&Msg{Type: MsgAck})
		return nil
	}
	if gs.r.Next().Kind != game.StepOver || int(msg.Index) != n || msg.Digest != gs.hashes[n] {
		if m.pendingChanges(msg.Ack) {
			return nil // our moves had not reached them: they will send it again
		}
		return fault(FaultDesync, "their game ended after %d plies with another log than ours (%d plies)", msg.Index, n)
	}
	peer := m.me.Other()
	for _, o := range msg.Opens {
		c := gs.peer[o.Key]
		if c == nil {
			return fault(FaultIllegal, "it opens secret %v it never committed", o.Key)
		}
		if Commit(tagSecret, gs.id, c.ply, uint8(peer), cellValue(o), o.Nonce) != c.d {
			return fault(FaultCommit, "the opened %v (%d) does not match its commitment", o.Key, o.Value)
		}
		if c.openedAt >= 0 && c.value != o.Value {
			return fault(FaultCommit, "secret %v opened as %d and before as %d", o.Key, o.Value, c.value)
		}
		c.value = o.Value
		if c.openedAt < 0 {
			c.openedAt = n
		}
	}
	for k, c := range gs.peer {
		if c.openedAt < 0 {
			return fault(FaultIllegal, "at the end of the game secret %v was not revealed", k)
		}
	}
	gs.peerFinal = msg
	return m.tryFinish()
}

// tryFinish completes the end of a game once both Finals are in for the same log.
func (m *Match) tryFinish() *Fault {
	gs := m.gs
	if gs.done || gs.peerFinal == nil || gs.finalLen != len(gs.pub) {
		return nil
	}
	if gs.hidden || len(gs.peer) > 0 || len(gs.mine) > 0 {
		if err := gs.refereeCheck(m.me); err != nil {
			return &Fault{Kind: FaultIllegal, Msg: MsgFinal, Detail: "their secrets do not fit the game", Err: err}
		}
	}
	gs.done = true
	m.send(&Msg{Type: MsgAck}) // tells the opponent its Final arrived (see Settle)
	m.ev.push(Event{Kind: EvOver, Outcome: gs.r.Outcome()})
	return nil
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
	m.resume, m.offSince = false, time.Time{}
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
// Final at the end. It stops where the opponent or the player must act.
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
		if st.Kind == game.StepOver {
			if sendFinal && gs.finalLen != n {
				f := &Msg{Type: MsgFinal, Index: uint32(n), Digest: gs.hashes[n]}
				for _, c := range gs.mine {
					if c.openedAt < 0 {
						f.Opens = append(f.Opens, c.o)
					}
				}
				gs.finalLen = n
				m.send(f)
				gs.finalSeq = f.Seq
			}
			return m.tryFinish()
		}
		switch st.Kind {
		case game.StepDraw:
			if !gs.drawSent && send {
				if f := m.renewChain(); f != nil {
					return f
				}
				m.send(&Msg{Type: MsgDraw, Index: gs.drawNext, Digest: gs.myLink(gs.drawNext)})
				gs.drawSent = true
			}
			if !gs.drawSent || gs.peerDraw == nil {
				return nil
			}
			if st.Range < 1 || st.Range > 64 {
				return &Fault{Kind: FaultDesync, Detail: fmt.Sprintf("the rules ask a draw of range %d", st.Range)}
			}
			k := gs.drawNext
			links := [2]Digest{gs.myLink(k), *gs.peerDraw}
			roles := [2]uint8{m.role, 1 - m.role}
			if m.me == game.Black {
				links[0], links[1] = links[1], links[0]
				roles[0], roles[1] = roles[1], roles[0]
			}
			a := drawValue(gs.id, roles[0], k, links[0], st.Range)
			b := drawValue(gs.id, roles[1], k, links[1], st.Range)
			in := game.Input{Kind: game.InputDraw, Values: [2]uint8{a, b}}
			if st.Draw == game.DrawDie {
				in.Values = [2]uint8{uint8((int(a) + int(b)) % st.Range), 0}
			}
			rec, err := gs.apply(in, in, nil)
			if err != nil {
				return &Fault{Kind: FaultDesync, Detail: "the rules refuse the draw", Err: err}
			}
			gs.peerLast, gs.drawNext, gs.drawSent, gs.peerDraw = *gs.peerDraw, k+1, false, nil
			m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec})
		case game.StepReveal:
			if st.Owner != m.me || !send {
				return nil
			}
			key, all := revealCell(gs.r, st)
			var cells []*myCell
			if all {
				for _, c := range gs.mine {
					if c.o.Key.Kind == key.Kind && c.openedAt < 0 {
						cells = append(cells, c)
					}
				}
			} else if c := gs.myCellFor(key); c != nil {
				cells = append(cells, c)
			}
			s, ok := gs.r.(game.Secrets)
			if len(cells) == 0 || !ok {
				return &Fault{Kind: FaultDesync, Detail: fmt.Sprintf("the rules ask for our secret %v, which was never committed", key)}
			}
			v, known := s.Secret(st)
			committed := cells[0].o.Value
			if all {
				vals := map[CellKey]uint64{}
				for _, c := range gs.mine {
					if c.o.Key.Kind == key.Kind {
						vals[c.o.Key] = c.o.Value
					}
				}
				var err error
				if committed, err = revealValue(gs.r, st, vals); err != nil {
					return &Fault{Kind: FaultDesync, Detail: fmt.Sprintf("our committed cells of secret %v make no value", key), Err: err}
				}
			}
			if !known || v != committed {
				return &Fault{Kind: FaultDesync, Detail: fmt.Sprintf("our rules hold %d for secret %v, committed as %d", v, key, committed)}
			}
			r := &Msg{Type: MsgReveal}
			for _, c := range cells {
				r.Opens = append(r.Opens, c.o)
			}
			m.send(r)
			in := game.Input{Kind: game.InputReveal, Player: m.me, Secret: v}
			rec, err := gs.apply(in, in, nil)
			if err != nil {
				return &Fault{Kind: FaultDesync, Detail: "the rules refuse our own secret", Err: err}
			}
			for _, c := range cells {
				c.openedAt = len(gs.pub)
			}
			m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec, Mine: true})
		case game.StepMove:
			if st.Players == 3 {
				if gs.seal != nil && gs.peerSeal != nil && !gs.seal.opened && send {
					m.send(&Msg{Type: MsgOpen, Ply: gs.seal.ply, Move: gs.seal.m, Nonce: gs.seal.nonce})
					gs.seal.opened = true
				}
				if gs.seal != nil && gs.seal.opened && gs.peerSeal != nil && gs.peerSeal.move != nil {
					for _, in := range pair(m.me, gs.seal.m, *gs.peerSeal.move) {
						rec, err := gs.apply(in, in, nil)
						if err != nil {
							return &Fault{Kind: FaultDesync, Detail: "the rules refuse a checked sealed move", Err: err}
						}
						m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec, Mine: in.Player == m.me})
					}
					gs.seal, gs.peerSeal = nil, nil
					continue
				}
			}
			if st.Asks(m.me) && gs.seal == nil && gs.turnAt != n && send {
				gs.turnAt = n
				m.ev.push(Event{Kind: EvTurn})
			}
			return nil
		default:
			return nil
		}
	}
}

// myLink is this side's contribution to draw k (from the chain serving it).
func (gs *gameState) myLink(k uint32) Digest { return gs.chain.Link(int(k - gs.chainBase)) }

// renewChain moves to the next draw chain when the current one is used up, and sends the
// next one's head while a few draws are left: a long game never runs out. The new head
// is fixed before any of the draws it serves, so it biases none of them.
func (m *Match) renewChain() *Fault {
	gs := m.gs
	n := gs.chain.Len()
	if int(gs.drawNext-gs.chainBase) > n {
		if gs.nextChain == nil {
			return &Fault{Kind: FaultDesync, Detail: "this game used up its draw chain"}
		}
		gs.chain, gs.nextChain, gs.chainBase = gs.nextChain, nil, gs.chainBase+uint32(n)
	}
	if left := n - int(gs.drawNext-gs.chainBase); gs.nextChain == nil && left < max(1, min(16, n/2)) {
		gs.nextChain = NewChain(gs.id, m.role, n)
		m.send(&Msg{Type: MsgChain, Index: gs.chainBase + uint32(n) + 1, Digest: gs.nextChain.Head()})
	}
	return nil
}
