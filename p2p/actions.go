package p2p

import (
	"fmt"
	"unicode/utf8"

	"github.com/quintet-chess/quintet/game"
)

// ready checks that a game is in progress and returns it.
func (m *Match) ready() (*gameState, error) {
	if m.stopped != nil {
		return nil, m.stopped
	}
	if m.gs == nil {
		return nil, ErrNotPlaying
	}
	return m.gs, nil
}

// Play makes this side's move. At a one-player step it is applied at once and sent with
// its secrets committed; at a simultaneous step it is sealed (committed) and opened once
// the opponent's seal has arrived.
func (m *Match) Play(mv game.Move) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	defer m.persist()
	gs, err := m.ready()
	if err != nil {
		return err
	}
	st := gs.r.Next()
	if !st.Asks(m.me) {
		return ErrNotYourTurn
	}
	if gs.myOffer[OfferTakeback] || gs.float != nil {
		return ErrPending
	}
	ply := uint32(len(gs.pub))
	if st.Players != 1<<m.me {
		if gs.seal != nil {
			return ErrSealed
		}
		if _, err := gs.r.Clone().Apply(game.Input{Kind: game.InputMove, Player: m.me, Move: mv}); err != nil {
			return err
		}
		gs.seal = &mySeal{m: mv, nonce: NewNonce(), ply: ply}
		m.weActed()
		m.send(&Msg{Type: MsgSeal, Ply: ply, Digest: Commit(tagMove, gs.id, ply, uint8(m.me), moveBytes(mv), gs.seal.nonce),
			Took: m.decided()})
		m.ping()
		return m.after()
	}
	pub, cells := sealMove(gs.r, mv)
	full := game.Input{Kind: game.InputMove, Player: m.me, Move: mv}
	var keys []CellKey
	var sent []Cell
	for _, o := range cells {
		if gs.myCellFor(o.Key) != nil {
			return fmt.Errorf("secret %v is already committed", o.Key)
		}
		keys = append(keys, o.Key)
	}
	rec, err := gs.apply(full, game.Input{Kind: game.InputMove, Player: m.me, Move: pub}, keys)
	if err != nil {
		return err
	}
	for _, o := range cells {
		o.Nonce = NewNonce()
		gs.mine = append(gs.mine, &myCell{o: o, ply: ply, openedAt: -1})
		sent = append(sent, Cell{Key: o.Key, Digest: Commit(tagSecret, gs.id, ply, uint8(m.me), cellValue(o), o.Nonce)})
	}
	m.weActed()
	m.sendAt(&Msg{Type: MsgMove, Ply: ply, Move: pub, Cells: sent, Took: m.decided()}, len(gs.hashes)-2)
	m.clockAfter(m.me)
	m.ping()
	m.ev.push(Event{Kind: EvApplied, Input: full, Record: rec, Mine: true})
	return m.after()
}

// weActed: our move declines the opponent's standing takeback request and draw offer.
func (m *Match) weActed() {
	gs := m.gs
	gs.peerOffer[OfferTakeback] = false
	if gs.peerOffer[OfferDraw] {
		gs.peerOffer[OfferDraw] = false
		m.ev.push(Event{Kind: EvLapsed, What: OfferDraw})
	}
}

// sendAt sends a message naming the state at log length n (before an input just applied).
func (m *Match) sendAt(msg *Msg, n int) {
	msg.Hash = pubOf(m.gs.hashes[n])
	m.send(msg)
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
	if gs.myOffer[OfferTakeback] || gs.float != nil {
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
	if gs.myOffer[what] {
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
		if over || gs.r.Next().Kind != game.StepMove || gs.seal != nil || gs.float != nil {
			return fmt.Errorf("a takeback can be asked only while choosing a move")
		}
		if n < 1 || n > len(gs.pub) {
			return fmt.Errorf("cannot take back %d plies of %d", n, len(gs.pub))
		}
		gs.myTakeN, msg.Ply = uint32(n), uint32(n)
	case OfferRematch:
		if !gs.done {
			return fmt.Errorf("a rematch can be offered once the game has ended")
		}
		id := deriveID(gs.id)
		gs.rematch = NewChain(id, m.role, chainLen)
		msg.Digest = gs.rematch.Head()
	}
	gs.myOffer[what] = true
	m.send(msg)
	switch what {
	case OfferTakeback:
		gs.myTakeSeq = msg.Seq
	case OfferDraw:
		gs.myDrawSeq = msg.Seq
	}
	if what == OfferRematch && gs.peerOffer[OfferRematch] {
		return m.startRematch(gs.peerRematch)
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
	if what == 0 || what >= offerEnd || !gs.peerOffer[what] {
		return ErrNoOffer
	}
	msg := &Msg{Type: MsgAnswer, What: what, Yes: yes}
	if !yes {
		gs.peerOffer[what] = false
		m.send(msg)
		return nil
	}
	switch what {
	case OfferDraw:
		if gs.myOffer[OfferTakeback] || gs.float != nil {
			return ErrPending // the answer decides which position would be drawn
		}
		in := game.Input{Kind: game.InputAgree, Player: m.me}
		rec, err := gs.apply(in, in, nil)
		if err != nil {
			return err
		}
		gs.peerOffer[what] = false
		m.sendAt(msg, len(gs.hashes)-2)
		gs.float = &floating{in: in, seq: m.outSeq, applied: true}
		m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec, Mine: true})
	case OfferTakeback:
		if gs.myOffer[OfferTakeback] || gs.float != nil {
			// Both asked at once: neither request can be granted, both are declined.
			gs.peerOffer[what] = false
			m.send(&Msg{Type: MsgAnswer, What: what})
			return fmt.Errorf("you asked for a takeback yourself; both requests are declined")
		}
		if gs.hash() != gs.peerTakeH || gs.r.Next().Kind != game.StepMove {
			gs.peerOffer[what] = false
			m.send(&Msg{Type: MsgAnswer, What: what})
			return fmt.Errorf("the position changed since the takeback was asked")
		}
		m.send(msg) // names the state the request named, before the undo
		gs.peerOffer[what] = false
		if err := m.takeback(int(gs.peerTakeN)); err != nil {
			return err
		}
	case OfferRematch:
		if !gs.done {
			return ErrPending // the game's end is still being checked
		}
		gs.peerOffer[what] = false
		id := deriveID(gs.id)
		gs.rematch = NewChain(id, m.role, chainLen)
		msg.Digest = gs.rematch.Head()
		m.send(msg)
		return m.startRematch(gs.peerRematch)
	}
	return m.after()
}

// takeback undoes n plies on this side.
func (m *Match) takeback(n int) error {
	gs := m.gs
	if err := gs.undo(n); err != nil {
		return err
	}
	gs.myOffer[OfferTakeback], gs.peerOffer[OfferTakeback] = false, false
	m.ev.push(Event{Kind: EvTakeback, N: n})
	return nil
}

// startRematch begins the next game: a new id, colours swapped, new draw chains.
func (m *Match) startRematch(peerHead Digest) error {
	gs := m.gs
	m.pendingChain = gs.rematch
	return m.startGame(deriveID(gs.id), m.me.Other(), peerHead)
}

// Chat sends a short line (or an emote such as ":gg:") to the opponent.
func (m *Match) Chat(text string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	defer m.persist()
	if m.stopped != nil {
		return m.stopped
	}
	if len(text) > MaxChat || !utf8.ValidString(text) {
		return fmt.Errorf("a chat line is at most %d bytes of text", MaxChat)
	}
	for _, c := range text {
		if c < 0x20 || c == 0x7f {
			return fmt.Errorf("a chat line may not hold control characters")
		}
	}
	m.send(&Msg{Type: MsgChat, Text: text})
	return nil
}

// after runs what follows a local action; a fault found there stops the match.
func (m *Match) after() error {
	if f := m.advance(true); f != nil {
		m.stop(f)
		return f
	}
	return nil
}
