package p2p

import (
	"errors"
	"fmt"
	"slices"

	"github.com/quintet-chess/quintet/game"
)

// A game's secrets travel as the game cuts them (game.Sealer): a move that fixes one goes
// out sealed, with one commitment per cell, and each Reveal step opens the cells the rules
// name. A game whose rules are no Sealer has no secret moves. The protocol knows no game.
//
// Commitments: each cell a move fixes is committed with its own nonce in the Move that
// makes it (commit, and keepPeer on the other side); a Reveal step opens the cells the
// rules name (stepReveal, onReveal); the Final at the end opens every cell still closed
// (unopened, onFinalOpens), and the referee check replays the game with all of them.

// secretCells is the secrets sub-protocol of one game: every cell either side committed.
type secretCells struct {
	mine []*myCell
	peer map[CellKey]*peerCell
}

type myCell struct {
	o        Opening
	ply      uint32
	openedAt int // log length when a Reveal step opened it (-1: still secret)
}

type peerCell struct {
	d        Digest
	ply      uint32
	value    uint64
	openedAt int // as myCell; Final openings use the final log length
}

// any reports whether either side committed a secret in this game.
func (sc *secretCells) any() bool { return len(sc.peer) > 0 || len(sc.mine) > 0 }

// fresh checks that none of the cells a move of ours fixes is committed and unopened,
// and returns their keys (the log entry's).
func (sc *secretCells) fresh(cells []Opening) ([]CellKey, error) {
	var keys []CellKey
	for _, o := range cells {
		if sc.myCellFor(o.Key) != nil {
			return nil, fmt.Errorf("secret %v is already committed", o.Key)
		}
		keys = append(keys, o.Key)
	}
	return keys, nil
}

// commit is the sending half of a move that fixes secrets: each cell gets its nonce and
// is kept; the commitments go out with the move.
func (sc *secretCells) commit(id GameID, ply uint32, me game.Color, cells []Opening) []Cell {
	var sent []Cell
	for _, o := range cells {
		o.Nonce = NewNonce()
		sc.mine = append(sc.mine, &myCell{o: o, ply: ply, openedAt: -1})
		sent = append(sent, Cell{Key: o.Key, Digest: Commit(tagSecret, id, ply, uint8(me), cellValue(o), o.Nonce)})
	}
	return sent
}

// checkPeer is the receiving half's check of a move's commitments: exactly the cells the
// rules fix (cells), none committed and still closed. It returns their keys.
func (sc *secretCells) checkPeer(msg *Msg, cells []Opening, fault faultFunc) ([]CellKey, *Fault) {
	var keys []CellKey
	for _, c := range cells {
		keys = append(keys, c.Key)
	}
	var got []CellKey
	for _, c := range msg.Cells {
		got = append(got, c.Key)
		if p := sc.peer[c.Key]; p != nil && p.openedAt < 0 {
			return nil, fault(FaultIllegal, "secret %v is committed twice", c.Key)
		}
	}
	if !slices.Equal(keys, got) {
		return nil, fault(FaultIllegal, "the move commits %d secrets where the rules fix %d", len(got), len(keys))
	}
	return keys, nil
}

// keepPeer keeps the commitments of the opponent's move at ply, once it is applied.
func (sc *secretCells) keepPeer(cells []Cell, ply uint32) {
	for _, c := range cells {
		sc.peer[c.Key] = &peerCell{d: c.Digest, ply: ply, openedAt: -1}
	}
}

// forget drops the commitments made at or after log length keep (a takeback) and closes
// again the cells opened after it.
func (sc *secretCells) forget(keep int) {
	var mine []*myCell
	for _, c := range sc.mine {
		if int(c.ply) < keep {
			if c.openedAt > keep {
				c.openedAt = -1
			}
			mine = append(mine, c)
		}
	}
	sc.mine = mine
	for k, c := range sc.peer {
		switch {
		case int(c.ply) >= keep:
			delete(sc.peer, k)
		case c.openedAt > keep:
			c.openedAt = -1
		}
	}
}

// myCellFor is my unopened cell with key k.
func (sc *secretCells) myCellFor(k CellKey) *myCell {
	for _, c := range sc.mine {
		if c.o.Key == k && c.openedAt < 0 {
			return c
		}
	}
	return nil
}

// peerOpenKeys lists the opponent's unopened cells of a kind, in square order.
func (sc *secretCells) peerOpenKeys(kind game.SecretKind) []CellKey {
	var ks []CellKey
	for s := game.Square(0); s <= game.NoSquare; s++ {
		k := CellKey{Kind: kind, Square: s}
		if c := sc.peer[k]; c != nil && c.openedAt < 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// peerValues is the opponent's opened cells of a kind.
func (sc *secretCells) peerValues(kind game.SecretKind) map[CellKey]uint64 {
	vals := map[CellKey]uint64{}
	for k, c := range sc.peer {
		if k.Kind == kind && c.openedAt >= 0 {
			vals[k] = c.value
		}
	}
	return vals
}

// stepReveal is the sending half of a Reveal step the rules ask of this side: open the
// cells it names, after checking they hold what our rules hold, and apply the reveal.
func (m *Match) stepReveal(st game.Step) *Fault {
	gs := m.gs
	sc := &gs.cells
	key, all := revealCell(gs.r, st)
	var cells []*myCell
	if all {
		for _, c := range sc.mine {
			if c.o.Key.Kind == key.Kind && c.openedAt < 0 {
				cells = append(cells, c)
			}
		}
	} else if c := sc.myCellFor(key); c != nil {
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
		for _, c := range sc.mine {
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
	return nil
}

// onReveal is the receiving half: the opponent opens the cells the rules ask for; each
// must match its commitment and together make a value the rules accept.
func (m *Match) onReveal(msg *Msg, st game.Step, fault faultFunc) *Fault {
	gs := m.gs
	sc := &gs.cells
	peer := m.me.Other()
	if st.Kind != game.StepReveal || st.Owner != peer {
		return fault(FaultIllegal, "a reveal the rules did not ask for")
	}
	key, all := revealCell(gs.r, st)
	want := []CellKey{key}
	if all {
		want = sc.peerOpenKeys(key.Kind)
	}
	if len(msg.Opens) != len(want) || len(want) == 0 {
		return fault(FaultIllegal, "the rules ask for secret %v, not what was sent", key)
	}
	for i, o := range msg.Opens {
		c := sc.peer[o.Key]
		if o.Key != want[i] || c == nil || c.openedAt >= 0 {
			return fault(FaultIllegal, "the rules ask for secret %v, which was never committed", want[i])
		}
		if Commit(tagSecret, gs.id, c.ply, uint8(peer), cellValue(o), o.Nonce) != c.d {
			return fault(FaultCommit, "the revealed %v (%d) does not match its commitment", o.Key, o.Value)
		}
	}
	value := msg.Opens[0].Value
	if all {
		vals := sc.peerValues(key.Kind)
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
		c := sc.peer[o.Key]
		c.value, c.openedAt = o.Value, len(gs.pub)
	}
	m.ev.push(Event{Kind: EvApplied, Input: in, Record: rec})
	return nil
}

// unopened is every cell of ours still closed: the Final opens them.
func (sc *secretCells) unopened() []Opening {
	var os []Opening
	for _, c := range sc.mine {
		if c.openedAt < 0 {
			os = append(os, c.o)
		}
	}
	return os
}

// onFinalOpens checks the openings of the opponent's Final at log length n: each matches
// its commitment (and an earlier opening), and afterwards no cell of theirs is closed.
func (sc *secretCells) onFinalOpens(msg *Msg, id GameID, peer game.Color, n int, fault faultFunc) *Fault {
	for _, o := range msg.Opens {
		c := sc.peer[o.Key]
		if c == nil {
			return fault(FaultIllegal, "it opens secret %v it never committed", o.Key)
		}
		if Commit(tagSecret, id, c.ply, uint8(peer), cellValue(o), o.Nonce) != c.d {
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
	for k, c := range sc.peer {
		if c.openedAt < 0 {
			return fault(FaultIllegal, "at the end of the game secret %v was not revealed", k)
		}
	}
	return nil
}

// sealMove splits move m into the public move the opponent's view applies and the
// secret cells it fixes.
func sealMove(r game.Rules, m game.Move) (game.Move, []Opening) {
	s, ok := r.(game.Sealer)
	if !ok {
		return m, nil
	}
	var cells []Opening
	for _, c := range s.Cells(m) {
		cells = append(cells, Opening{Key: c.Cell, Value: c.Value})
	}
	return s.Seal(m), cells
}

// unsealMove puts the opened cells back into the public move pub.
func unsealMove(r game.Rules, pub game.Move, cells map[CellKey]uint64) (game.Move, error) {
	s, ok := r.(game.Sealer)
	if !ok {
		return pub, nil
	}
	return s.Unseal(pub, cells)
}

// revealCell names the cell Reveal step st opens; all: every cell of its kind not yet
// opened, their joint value being revealValue's.
func revealCell(r game.Rules, st game.Step) (CellKey, bool) {
	s, ok := r.(game.Sealer)
	if !ok {
		return CellKey{Kind: st.Secret, Square: game.NoSquare}, false
	}
	return s.RevealCell(st)
}

// revealValue is the value a Reveal opening all the cells of a kind answers.
func revealValue(r game.Rules, st game.Step, cells map[CellKey]uint64) (uint64, error) {
	s, ok := r.(game.Sealer)
	if !ok {
		return 0, errNoSealer
	}
	return s.RevealValue(st, cells)
}

var errNoSealer = errors.New("the game has no secret cells")

// cellValue is the committed bytes of a cell: kind, square, value.
func cellValue(o Opening) []byte {
	return append([]byte{byte(o.Key.Kind), byte(o.Key.Square)}, u64(o.Value)...)
}

// moveBytes is the committed bytes of a sealed move.
func moveBytes(m game.Move) []byte {
	var w writer
	w.move(m)
	return w.b
}

// revealCellKey is revealCell's cell alone, for messages.
func revealCellKey(r game.Rules, st game.Step) CellKey {
	k, _ := revealCell(r, st)
	return k
}
