package p2p

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
)

// Shared random draws (a die face, a capture outcome): each side's contribution to draw
// k is link k of a hash chain whose head the other side holds from the handshake, so it
// was fixed before the other's was seen and neither side can bias the result. Both
// sides send their link at once (half a round trip); each checks the other's against
// the last link it verified. A chain that runs low is followed by the next one, its head
// sent (Chain) before any of the draws it serves.

// drawing is the shared-draw sub-protocol of one game.
type drawing struct {
	chain     *Chain  // my draw contributions
	chainBase uint32  // draws served by my earlier chains: draw k is chain link k-chainBase
	nextChain *Chain  // my next chain, its head sent, once the current one runs low
	peerLast  Digest  // the peer's last verified chain link (its head before any draw)
	peerBase  uint32  // as chainBase, for the peer's chains (every chain has chainLen links)
	peerNext  *Digest // the head of the peer's next chain, once sent
	next      uint32  // index of the next draw; chain links are never reused
	sent      bool    // my link for next has gone out
	peer      *Digest // the peer's link for next, once it came
}

// owed reports whether the draw in progress waits on the peer (peer) or on this side.
func (d *drawing) owed(peer bool) bool {
	return peer && d.sent && d.peer == nil || !peer && d.peer != nil && !d.sent
}

// myLink is this side's contribution to draw k (from the chain serving it).
func (d *drawing) myLink(k uint32) Digest { return d.chain.Link(int(k - d.chainBase)) }

// stepDraw is the sending half, at a Draw step: send this side's link, and once both
// are in, apply the draw. It reports whether the draw was applied.
func (m *Match) stepDraw(st game.Step, send bool) (bool, *Fault) {
	gs := m.gs
	d := &gs.draw
	if !d.sent && send {
		if f := m.renewChain(); f != nil {
			return false, f
		}
		m.send(&Msg{Type: MsgDraw, Index: d.next, Digest: d.myLink(d.next)})
		d.sent = true
	}
	if !d.sent || d.peer == nil {
		return false, nil
	}
	if st.Range < 1 || st.Range > 64 {
		return false, &Fault{Kind: FaultDesync, Detail: fmt.Sprintf("the rules ask a draw of range %d", st.Range)}
	}
	k := d.next
	links := [2]Digest{d.myLink(k), *d.peer}
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
		return false, &Fault{Kind: FaultDesync, Detail: "the rules refuse the draw", Err: err}
	}
	d.peerLast, d.next, d.sent, d.peer = *d.peer, k+1, false, nil
	m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec})
	return true, nil
}

// renewChain moves to the next draw chain when the current one is used up, and sends the
// next one's head while a few draws are left: a long game never runs out. The new head
// is fixed before any of the draws it serves, so it biases none of them.
func (m *Match) renewChain() *Fault {
	gs := m.gs
	d := &gs.draw
	n := d.chain.Len()
	if int(d.next-d.chainBase) > n {
		if d.nextChain == nil {
			return &Fault{Kind: FaultDesync, Detail: "this game used up its draw chain"}
		}
		d.chain, d.nextChain, d.chainBase = d.nextChain, nil, d.chainBase+uint32(n)
	}
	if left := n - int(d.next-d.chainBase); d.nextChain == nil && left < max(1, min(16, n/2)) {
		d.nextChain = NewChain(gs.id, m.role, n)
		m.send(&Msg{Type: MsgChain, Index: d.chainBase + uint32(n) + 1, Digest: d.nextChain.Head()})
	}
	return nil
}

// onDraw is the receiving half: the opponent's link for the draw due, checked against
// its chain (the draw itself is applied by stepDraw).
func (m *Match) onDraw(msg *Msg, st game.Step, fault faultFunc) *Fault {
	d := &m.gs.draw
	if st.Kind != game.StepDraw {
		return fault(FaultIllegal, "a draw contribution when the game needs a %v", st.Kind)
	}
	if msg.Index != d.next || d.peer != nil {
		return fault(FaultIllegal, "contribution to draw %d, draw %d is due", msg.Index, d.next)
	}
	prev, base := d.peerLast, d.peerBase
	if int(msg.Index-base) > chainLen {
		if d.peerNext == nil {
			return fault(FaultIllegal, "draw %d is past the end of its chain", msg.Index)
		}
		prev, base = *d.peerNext, base+uint32(chainLen) // its next chain begins
	}
	if !chainFollows(m.gs.id, 1-m.role, prev, msg.Digest) {
		return fault(FaultCommit, "contribution to draw %d does not follow its committed chain", msg.Index)
	}
	if base != d.peerBase {
		d.peerNext = nil
	}
	link := msg.Digest
	d.peerLast, d.peerBase, d.peer = prev, base, &link
	return nil
}

// onChain receives the head of the opponent's next chain.
func (m *Match) onChain(msg *Msg, fault faultFunc) *Fault {
	d := &m.gs.draw
	if d.peerNext != nil || msg.Index != d.peerBase+uint32(chainLen)+1 {
		return fault(FaultIllegal, "a draw chain for draws from %d, its chain serves draws %d to %d", msg.Index, d.peerBase+1, d.peerBase+uint32(chainLen))
	}
	head := msg.Digest
	d.peerNext = &head
	return nil
}
