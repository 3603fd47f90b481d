package p2p

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
)

// Sealed simultaneous moves: at a step where both choose at once, each side sends a
// commitment to its move (Seal), and opens it (Open) only once the other's commitment has
// arrived; the pair is checked on a copy of the rules and applied White first. A move
// that does not match its seal, or an illegal one, is a fault.

// sealing is the sealed-move sub-protocol of one game: at most one turn in progress.
type sealing struct {
	mine *mySeal   // my sealed move, once chosen
	peer *peerSeal // the opponent's seal, once it came
}

type mySeal struct {
	m      game.Move
	nonce  Nonce
	ply    uint32
	opened bool
}

type peerSeal struct {
	d    Digest
	ply  uint32
	move *game.Move // once opened
}

// owed is what the turn in progress waits for from the peer (peer) or from this side.
func (s *sealing) owed(peer bool) Owed {
	mine, theirs := s.mine != nil, s.peer != nil
	if !peer {
		mine, theirs = theirs, mine
	}
	switch {
	case mine && !theirs:
		return OwedSeal
	case peer && mine && s.mine.opened && s.peer.move == nil:
		return OwedOpen
	}
	return OwedNone
}

// sealed reports whether side mine (this side) or the opponent has sealed its move.
func (s *sealing) sealed(mine bool) bool {
	if mine {
		return s.mine != nil
	}
	return s.peer != nil
}

// playSealed is the sending half's first step: this side's move at a simultaneous step,
// checked, then committed and sent as a Seal.
func (m *Match) playSealed(mv game.Move, ply uint32) error {
	gs := m.gs
	if gs.seal.mine != nil {
		return ErrSealed
	}
	if _, err := gs.r.Clone().Apply(game.Input{Kind: game.InputMove, Player: m.me, Move: mv}); err != nil {
		return err
	}
	gs.seal.mine = &mySeal{m: mv, nonce: NewNonce(), ply: ply}
	m.weActed()
	m.send(&Msg{Type: MsgSeal, Ply: ply, Digest: Commit(tagMove, gs.id, ply, uint8(m.me), moveBytes(mv), gs.seal.mine.nonce),
		Took: m.decided()})
	m.ping()
	return m.after()
}

// stepSeal is the sending half's second step, in advance: open our move once the
// opponent's seal is in, and apply the pair once its move is open too. It reports
// whether the pair was applied.
func (m *Match) stepSeal(send bool) (bool, *Fault) {
	gs := m.gs
	s := &gs.seal
	if s.mine != nil && s.peer != nil && !s.mine.opened && send {
		m.send(&Msg{Type: MsgOpen, Ply: s.mine.ply, Move: s.mine.m, Nonce: s.mine.nonce})
		s.mine.opened = true
	}
	if s.mine == nil || !s.mine.opened || s.peer == nil || s.peer.move == nil {
		return false, nil
	}
	for _, in := range pair(m.me, s.mine.m, *s.peer.move) {
		rec, err := gs.apply(in, in, nil)
		if err != nil {
			return false, &Fault{Kind: FaultDesync, Detail: "the rules refuse a checked sealed move", Err: err}
		}
		m.clockAfter(in.Player) // both clocks stopped at the seals: the times go in with the moves
		m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec, Mine: in.Player == m.me})
	}
	*s = sealing{}
	return true, nil
}

// onSeal receives the opponent's commitment to its move.
func (m *Match) onSeal(msg *Msg, st game.Step, ply uint32, fault faultFunc) *Fault {
	gs := m.gs
	if st.Kind != game.StepMove || st.Players != 3 {
		return fault(FaultIllegal, "a sealed move when the game needs a %v from %s", st.Kind, playersText(st))
	}
	if gs.seal.peer != nil || msg.Ply != ply {
		return fault(FaultIllegal, "a second seal, or one for another ply")
	}
	m.peerDecided(msg.Took)
	gs.seal.peer = &peerSeal{d: msg.Digest, ply: ply}
	m.peerActed(msg)
	return nil
}

// onOpen receives the opening of the opponent's sealed move: it must match the seal,
// and the pair of moves must be legal (checked on a copy, so a bad one changes nothing).
func (m *Match) onOpen(msg *Msg, ply uint32, fault faultFunc) *Fault {
	gs := m.gs
	s := &gs.seal
	if s.peer == nil || s.peer.move != nil || msg.Ply != ply {
		return fault(FaultIllegal, "it opens a move it did not seal")
	}
	if s.mine == nil {
		return fault(FaultIllegal, "it opened its move before ours was sealed")
	}
	if Commit(tagMove, gs.id, ply, uint8(m.me.Other()), moveBytes(msg.Move), msg.Nonce) != s.peer.d {
		return fault(FaultCommit, "the opened move %v does not match its seal", msg.Move)
	}
	r := gs.r.Clone()
	for _, in := range pair(m.me, s.mine.m, msg.Move) {
		if _, err := r.Apply(in); err != nil {
			k := FaultIllegal
			if in.Player == m.me {
				k = FaultDesync
			}
			return &Fault{Kind: k, Msg: msg.Type, Seq: msg.Seq, Detail: fmt.Sprintf("the sealed move of %v is illegal", in.Player), Err: err}
		}
	}
	mv := msg.Move
	s.peer.move = &mv
	return nil
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
