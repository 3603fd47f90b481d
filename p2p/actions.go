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
	if gs.offers.mine[OfferTakeback] || gs.float != nil {
		return ErrPending
	}
	ply := uint32(len(gs.pub))
	if st.Players != 1<<m.me {
		return m.playSealed(mv, ply)
	}
	pub, cells := sealMove(gs.r, mv)
	full := game.Input{Kind: game.InputMove, Player: m.me, Move: mv}
	keys, err := gs.cells.fresh(cells)
	if err != nil {
		return err
	}
	rec, err := gs.apply(full, game.Input{Kind: game.InputMove, Player: m.me, Move: pub}, keys)
	if err != nil {
		return err
	}
	sent := gs.cells.commit(gs.id, ply, m.me, cells)
	m.weActed()
	m.sendAt(&Msg{Type: MsgMove, Ply: ply, Move: pub, Cells: sent, Took: m.decided()}, len(gs.hashes)-2)
	m.clockAfter(m.me)
	m.ping()
	m.ev.push(Event{Kind: EvApplied, Input: full, Record: rec, Mine: true})
	return m.after()
}

// onMove receives the opponent's move at its turn: its public form, with a commitment
// for each secret cell it fixes (secrets.go), and its clock (timing.go).
func (m *Match) onMove(msg *Msg, st game.Step, ply uint32, fault faultFunc) *Fault {
	gs := m.gs
	peer := m.me.Other()
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
	keys, f := gs.cells.checkPeer(msg, cells, fault)
	if f != nil {
		return f
	}
	in := game.Input{Kind: game.InputMove, Player: peer, Move: msg.Move}
	rec, err := gs.apply(in, in, keys)
	if err != nil {
		return &Fault{Kind: FaultIllegal, Msg: msg.Type, Seq: msg.Seq, Detail: "an illegal move", Err: err}
	}
	m.peerDecided(msg.Took)
	m.clockAfter(peer)
	gs.cells.keepPeer(msg.Cells, ply)
	m.peerActed(msg)
	m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec})
	return nil
}

// sendAt sends a message naming the state at log length n (before an input just applied).
func (m *Match) sendAt(msg *Msg, n int) {
	msg.Hash = pubOf(m.gs.hashes[n])
	m.send(msg)
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
