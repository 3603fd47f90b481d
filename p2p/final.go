package p2p

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
)

// The end of a game: once the rules say it is over, each side sends a Final (its log
// length and full hash, every secret of its own still closed opened), and the game
// counts as over only when the other's Final names the same log and every secret checks
// out; in a game with secrets each side then replays it with all of them known (the
// referee check). A Final sent on a log that changed after (a crossing move) is sent
// again on the new one.

// audit is the end-of-game sub-protocol of one game.
type audit struct {
	len  int    // log length my last Final was sent at (-1: none)
	seq  uint64 // its sequence number
	peer *Msg   // the opponent's Final that matched my log
	done bool   // both Finals agree and every secret checked out
}

// reset forgets the Finals of a log that changed (a takeback, a crossing move); the
// last Final's sequence number stays, for Settle.
func (a *audit) reset() { a.len, a.peer, a.done = -1, nil, false }

// sendFinal is the sending half: our Final for the log as it is, once per length, then
// the finish if the opponent's is in.
func (m *Match) sendFinal(send bool) *Fault {
	gs := m.gs
	n := len(gs.pub)
	if send && gs.audit.len != n {
		f := &Msg{Type: MsgFinal, Index: uint32(n), Digest: gs.hashes[n], Opens: gs.cells.unopened()}
		gs.audit.len = n
		m.send(f)
		gs.audit.seq = f.Seq
	}
	return m.tryFinish()
}

// onFinal checks the opponent's end-of-game message: the same log, and every one of its
// secrets opened and matching its commitment.
func (m *Match) onFinal(msg *Msg, fault faultFunc) *Fault {
	gs := m.gs
	n := len(gs.pub)
	if gs.audit.done {
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
	if f := gs.cells.onFinalOpens(msg, gs.id, m.me.Other(), n, fault); f != nil {
		return f
	}
	gs.audit.peer = msg
	return m.tryFinish()
}

// tryFinish completes the end of a game once both Finals are in for the same log.
func (m *Match) tryFinish() *Fault {
	gs := m.gs
	if gs.audit.done || gs.audit.peer == nil || gs.audit.len != len(gs.pub) {
		return nil
	}
	if gs.hidden || gs.cells.any() {
		if err := gs.refereeCheck(m.me); err != nil {
			return &Fault{Kind: FaultIllegal, Msg: MsgFinal, Detail: "their secrets do not fit the game", Err: err}
		}
	}
	gs.audit.done = true
	m.send(&Msg{Type: MsgAck}) // tells the opponent its Final arrived (see Settle)
	m.ev.push(Event{Kind: EvOver, Outcome: gs.r.Outcome()})
	return nil
}

// refereeCheck replays the whole game with every secret in place, on a copy that knows
// all of them: every sealed move must have been legal, every reveal truthful, and the
// outcome the one this side saw. It runs at the end, once all secrets are open.
func (gs *gameState) refereeCheck(me game.Color) error {
	ref, err := game.Load(gs.v, gs.start)
	if err != nil {
		return err
	}
	peerVals := map[uint32]map[CellKey]uint64{}
	for k, c := range gs.cells.peer {
		if peerVals[c.ply] == nil {
			peerVals[c.ply] = map[CellKey]uint64{}
		}
		peerVals[c.ply][k] = c.value
	}
	for i, e := range gs.pub {
		in := e.full
		if e.in.Player != me && len(e.cells) > 0 && e.in.Kind == game.InputMove {
			in.Move, err = unsealMove(ref, e.in.Move, peerVals[uint32(i)])
			if err != nil {
				return fmt.Errorf("ply %d: %w", i+1, err)
			}
		}
		if in.Kind == game.InputReveal {
			st := ref.Next()
			s, ok := ref.(game.Secrets)
			if !ok || st.Kind != game.StepReveal {
				return fmt.Errorf("ply %d: a reveal the rules did not ask for", i+1)
			}
			want, known := s.Secret(st)
			if !known || want != in.Secret {
				return fmt.Errorf("ply %d: %v revealed %d for their %v, but their committed secrets say %d",
					i+1, in.Player, in.Secret, revealCellKey(ref, st), want)
			}
		}
		if _, err := ref.Apply(in); err != nil {
			return fmt.Errorf("ply %d (%v): %w", i+1, in.Player, err)
		}
	}
	if got, want := ref.Outcome(), gs.r.Outcome(); got != want {
		return fmt.Errorf("with every secret known the game ends %v (%s), not %v (%s)",
			got.Result, got.Reason, want.Result, want.Reason)
	}
	return nil
}
