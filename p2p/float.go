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
