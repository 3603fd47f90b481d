package p2p

import "github.com/quintet-chess/quintet/game"

// A game-ending action (resign, claim, draw accepted) can cross the opponent's moves in
// flight. Both sides must put it at the same place in the log: after every entry the
// opponent had applied when it received the action. So the ending "floats" at the end of
// our log until a message shows that the opponent has seen it (its Ack reaches the
// ending's sequence number); each message that crossed it is applied before it, and the
// ending is applied again after (or is void if the rules no longer allow it there, as they
// will not on the other side either). While it floats we send nothing that depends on
// the position. If both sides end the game at the same moment, White's action stands.
type floating struct {
	in      game.Input
	seq     uint64
	applied bool
}

// crosses reports whether a message changes the log and so must go before a floating
// ending that it crossed.
func crosses(msg *Msg) bool {
	switch msg.Type {
	case MsgMove, MsgSeal, MsgOpen, MsgDraw, MsgReveal, MsgResign, MsgClaim:
		return true
	case MsgAnswer:
		return msg.Yes && (msg.What == OfferDraw || msg.What == OfferTakeback)
	}
	return false
}

// Resign gives up the current game.
func (m *Match) Resign() error {
	return m.ending(game.InputResign, MsgResign)
}

// Claim claims a draw the rules allow now (50-move rule, repetition).
func (m *Match) Claim() error {
	return m.ending(game.InputClaim, MsgClaim)
}

func (m *Match) ending(kind game.InputKind, t MsgType) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	defer m.persist()
	gs, err := m.ready()
	if err != nil {
		return err
	}
	if gs.offers.mine[OfferTakeback] || gs.float != nil {
		return ErrPending // the answer decides which position this would end
	}
	in := game.Input{Kind: kind, Player: m.me}
	rec, err := gs.apply(in, in, nil)
	if err != nil {
		return err
	}
	m.sendAt(&Msg{Type: t}, len(gs.hashes)-2)
	gs.float = &floating{in: in, seq: m.outSeq, applied: true}
	m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec, Mine: true})
	return m.after()
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

// refloat puts our floating ending back after a crossing message was applied.
func (m *Match) refloat(msg *Msg) *Fault {
	gs := m.gs
	fl := gs.float
	n := len(gs.pub)
	if n > 0 && gs.pub[n-1].ending && gs.pub[n-1].in.Player != m.me {
		// The opponent ended the game at the same moment: White's action stands.
		theirs := gs.pub[n-1].full
		if m.me != game.White {
			m.ev.push(Event{Kind: EvVoid, Input: fl.in, Text: "White ended the game at the same moment"})
			return nil
		}
		if err := gs.rewind(n - 1); err != nil {
			return &Fault{Kind: FaultDesync, Detail: "cannot order two endings", Err: err}
		}
		if _, err := gs.apply(fl.in, fl.in, nil); err != nil {
			// Ours is void here; theirs stands (they will find ours void too).
			if _, err := gs.apply(theirs, theirs, nil); err != nil {
				return &Fault{Kind: FaultDesync, Detail: "cannot apply their ending again", Err: err}
			}
			m.ev.push(Event{Kind: EvVoid, Input: fl.in, Text: err.Error()})
			return nil
		}
		fl.applied = true
		m.ev.push(Event{Kind: EvVoid, Input: theirs, Text: "White ended the game at the same moment"})
		return nil
	}
	if _, err := gs.apply(fl.in, fl.in, nil); err != nil {
		m.ev.push(Event{Kind: EvVoid, Input: fl.in, Text: err.Error()})
		return nil
	}
	fl.applied = true
	return nil
}
