package p2p

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
)

// Offers: a draw by agreement, a takeback of N plies, a rematch with colours swapped.
// An offer stands until answered (Answer), or, for a draw or a takeback, until the side
// it was made to moves after seeing it (peerActed, weActed). A draw accepted ends the
// game like a resignation (it floats, float.go); a takeback accepted undoes the plies on
// both sides at the state the request named; a rematch both sides asked for starts the
// next game with the chains the offer and the answer carry.

// offers is the offers sub-protocol of one game: what each side has offered.
type offers struct {
	mine, peer  [offerEnd]bool // the offers standing, by What
	takeN       uint32         // plies I asked to take back
	takeSeq     uint64         // the message that asked for it
	drawSeq     uint64         // the message that offered our standing draw
	peerTakeN   uint32         // plies the opponent asked to take back
	peerTakeH   PubHash        // the state the opponent's takeback request names
	rematch     *Chain         // my chain for the rematch I offered or accepted
	peerRematch Digest         // the opponent's chain head for the rematch it offered
}

// weActed: our move declines the opponent's standing takeback request and draw offer.
func (m *Match) weActed() {
	gs := m.gs
	gs.offers.peer[OfferTakeback] = false
	if gs.offers.peer[OfferDraw] {
		gs.offers.peer[OfferDraw] = false
		m.ev.push(Event{Kind: EvLapsed, What: OfferDraw})
	}
}

// peerActed voids our takeback request if the opponent played on after seeing it instead
// of answering, and lets our draw offer lapse, as in chess: a move made after seeing it
// declines it. An action that crossed the request or the offer leaves it standing.
func (m *Match) peerActed(msg *Msg) {
	if m.gs.offers.mine[OfferTakeback] && msg.Ack >= m.gs.offers.takeSeq {
		m.gs.offers.mine[OfferTakeback] = false
		m.ev.push(Event{Kind: EvAnswer, What: OfferTakeback, Yes: false})
	}
	if m.gs.offers.mine[OfferDraw] && msg.Ack >= m.gs.offers.drawSeq {
		m.gs.offers.mine[OfferDraw] = false
		m.ev.push(Event{Kind: EvLapsed, What: OfferDraw, Mine: true})
	}
}

// OfferDraw offers a draw by agreement; it stands until answered.
func (m *Match) OfferDraw() error { return m.offer(OfferDraw, 0) }

// OfferTakeback asks to take back the last n plies (log entries). Until the answer comes
// this side may not move.
func (m *Match) OfferTakeback(n int) error { return m.offer(OfferTakeback, n) }

// OfferRematch proposes a new game with colours swapped, once this one has ended.
func (m *Match) OfferRematch() error { return m.offer(OfferRematch, 0) }

func (m *Match) offer(what uint8, n int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	defer m.persist()
	gs, err := m.ready()
	if err != nil {
		return err
	}
	if gs.offers.mine[what] {
		return ErrPending
	}
	over := gs.r.Outcome().Over()
	msg := &Msg{Type: MsgOffer, What: what}
	switch what {
	case OfferDraw:
		if over {
			return fmt.Errorf("the game is over")
		}
	case OfferTakeback:
		if over || gs.r.Next().Kind != game.StepMove || gs.seal.mine != nil || gs.float != nil {
			return fmt.Errorf("a takeback can be asked only while choosing a move")
		}
		if n < 1 || n > len(gs.pub) {
			return fmt.Errorf("cannot take back %d plies of %d", n, len(gs.pub))
		}
		gs.offers.takeN, msg.Ply = uint32(n), uint32(n)
	case OfferRematch:
		if !gs.audit.done {
			return fmt.Errorf("a rematch can be offered once the game has ended")
		}
		id := deriveID(gs.id)
		gs.offers.rematch = NewChain(id, m.role, chainLen)
		msg.Digest = gs.offers.rematch.Head()
	}
	gs.offers.mine[what] = true
	m.send(msg)
	switch what {
	case OfferTakeback:
		gs.offers.takeSeq = msg.Seq
	case OfferDraw:
		gs.offers.drawSeq = msg.Seq
	}
	if what == OfferRematch && gs.offers.peer[OfferRematch] {
		return m.startRematch(gs.offers.peerRematch)
	}
	return nil
}

// Answer accepts or declines the opponent's offer.
func (m *Match) Answer(what uint8, yes bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	defer m.persist()
	gs, err := m.ready()
	if err != nil {
		return err
	}
	if what == 0 || what >= offerEnd || !gs.offers.peer[what] {
		return ErrNoOffer
	}
	msg := &Msg{Type: MsgAnswer, What: what, Yes: yes}
	if !yes {
		gs.offers.peer[what] = false
		m.send(msg)
		return nil
	}
	switch what {
	case OfferDraw:
		if gs.offers.mine[OfferTakeback] || gs.float != nil {
			return ErrPending // the answer decides which position would be drawn
		}
		in := game.Input{Kind: game.InputAgree, Player: m.me}
		rec, err := gs.apply(in, in, nil)
		if err != nil {
			return err
		}
		gs.offers.peer[what] = false
		m.sendAt(msg, len(gs.hashes)-2)
		gs.float = &floating{in: in, seq: m.outSeq, applied: true}
		m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec, Mine: true})
	case OfferTakeback:
		if gs.offers.mine[OfferTakeback] || gs.float != nil {
			// Both asked at once: neither request can be granted, both are declined.
			gs.offers.peer[what] = false
			m.send(&Msg{Type: MsgAnswer, What: what})
			return fmt.Errorf("you asked for a takeback yourself; both requests are declined")
		}
		if gs.hash() != gs.offers.peerTakeH || gs.r.Next().Kind != game.StepMove {
			gs.offers.peer[what] = false
			m.send(&Msg{Type: MsgAnswer, What: what})
			return fmt.Errorf("the position changed since the takeback was asked")
		}
		m.send(msg) // names the state the request named, before the undo
		gs.offers.peer[what] = false
		if err := m.takeback(int(gs.offers.peerTakeN)); err != nil {
			return err
		}
	case OfferRematch:
		if !gs.audit.done {
			return ErrPending // the game's end is still being checked
		}
		gs.offers.peer[what] = false
		id := deriveID(gs.id)
		gs.offers.rematch = NewChain(id, m.role, chainLen)
		msg.Digest = gs.offers.rematch.Head()
		m.send(msg)
		return m.startRematch(gs.offers.peerRematch)
	}
	return m.after()
}

// takeback undoes n plies on this side.
func (m *Match) takeback(n int) error {
	gs := m.gs
	if err := gs.undo(n); err != nil {
		return err
	}
	gs.offers.mine[OfferTakeback], gs.offers.peer[OfferTakeback] = false, false
	m.ev.push(Event{Kind: EvTakeback, N: n})
	return nil
}

// startRematch begins the next game: a new id, colours swapped, new draw chains.
func (m *Match) startRematch(peerHead Digest) error {
	gs := m.gs
	m.pendingChain = gs.offers.rematch
	return m.startGame(deriveID(gs.id), m.me.Other(), peerHead)
}

func (m *Match) onOffer(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	// An offer may name a position since taken back: it was sent before the takeback.
	if !gs.ever[msg.Hash] {
		return fault(FaultHash, "it names a game state we never had")
	}
	if gs.offers.peer[msg.What] {
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
		gs.offers.peerTakeN, gs.offers.peerTakeH = msg.Ply, msg.Hash
	case OfferRematch:
		if !gs.r.Outcome().Over() {
			return fault(FaultIllegal, "a rematch offered while the game goes on")
		}
		gs.offers.peerRematch = msg.Digest
		if gs.offers.mine[OfferRematch] { // both asked: that is agreement
			if err := m.startRematch(msg.Digest); err != nil {
				return fault(FaultDesync, "%v", err)
			}
			return nil
		}
	}
	gs.offers.peer[msg.What] = true
	m.ev.push(Event{Kind: EvOffer, What: msg.What, N: int(msg.Ply)})
	return nil
}

// onAnswer handles a declined offer or an accepted rematch.
func (m *Match) onAnswer(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	if !gs.offers.mine[msg.What] {
		if msg.Yes {
			return fault(FaultIllegal, "it accepts an offer we never made")
		}
		return nil // a decline that crossed our withdrawal
	}
	gs.offers.mine[msg.What] = false
	m.ev.push(Event{Kind: EvAnswer, What: msg.What, Yes: msg.Yes})
	if msg.What == OfferRematch && msg.Yes {
		if err := m.startRematch(msg.Digest); err != nil {
			return fault(FaultDesync, "%v", err)
		}
	}
	return nil
}

// onDrawAccepted receives the acceptance of our draw offer: the game ends by agreement,
// placed as any ending is (onEnding).
func (m *Match) onDrawAccepted(msg *Msg, fault faultFunc) *Fault {
	if !m.gs.offers.mine[OfferDraw] {
		return fault(FaultIllegal, "it accepts a draw we never offered")
	}
	m.gs.offers.mine[OfferDraw] = false
	return m.onEnding(msg, game.InputAgree, fault)
}

// onTakebackAccepted receives the acceptance of our takeback request, at the state the
// request named.
func (m *Match) onTakebackAccepted(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	if !gs.offers.mine[OfferTakeback] {
		return fault(FaultIllegal, "it accepts a takeback we never asked for")
	}
	if err := m.takeback(int(gs.offers.takeN)); err != nil {
		return fault(FaultDesync, "the takeback failed here: %v", err)
	}
	m.ev.push(Event{Kind: EvAnswer, What: OfferTakeback, Yes: true})
	return nil
}
