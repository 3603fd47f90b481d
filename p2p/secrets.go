package p2p

import (
	"errors"

	"github.com/quintet-chess/quintet/game"
)

// A game's secrets travel as the game cuts them (game.Sealer): a move that fixes one goes
// out sealed, with one commitment per cell, and each Reveal step opens the cells the rules
// name. A game whose rules are no Sealer has no secret moves. The protocol knows no game.

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
