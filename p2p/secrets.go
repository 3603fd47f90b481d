package p2p

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
)

// Secrecy says which part of a game's moves is secret. Seal splits a move into the public
// move the opponent's view applies and the secret cells it fixes (value per cell, each
// committed separately so that a Reveal step can open one cell and no other). Unseal puts
// the opened cells back into the public move (for the referee's replay at the end). Key
// names the cell a Reveal step opens.
type Secrecy interface {
	Seal(v *game.Variant, m game.Move) (pub game.Move, cells []Opening)
	Unseal(v *game.Variant, pub game.Move, cells map[CellKey]uint64) (game.Move, error)
	Key(s game.Step) CellKey
}

// KindSecrecy is the engine's convention for its secret-carrying move kinds (Crown, see
// game/crown.go): the opponent's view applies a move "sealed", with N = SealedN (Choose,
// PlaceStone, SplitMonarch) or To = NoSquare (HideCrown), and learns the value only from
// Reveal inputs.
//
//   - Choose: one cell (SecretCrown, NoSquare) = N (0 King, 1 Dame).
//   - PlaceStone: one cell (SecretMine, To) = N (1 mined); a Reveal names the stone by its square.
//   - HideCrown: one cell per square of the board, (SecretSquare, s) = 1 on the hidden
//     square and 0 elsewhere, so a Reveal asking "is it on s?" opens that cell only; the
//     Reveal at the end (Square = NoSquare, value = the square) opens all that are left.
//   - SplitMonarch: one cell (SecretHalf, NoSquare) = N (0 orthogonal, 1 diagonal).
//
// Every other kind is public. A revealed value is the cell's value (InputReveal.Secret).
type KindSecrecy struct{}

// SealedN is the engine's "fixed, but not told" value of a sealed move's N.
const SealedN = 2

func (KindSecrecy) Seal(v *game.Variant, m game.Move) (game.Move, []Opening) {
	pub := m
	switch m.Kind {
	case game.Choose:
		pub.N = SealedN
		return pub, []Opening{{Key: CellKey{game.SecretCrown, game.NoSquare}, Value: uint64(m.N)}}
	case game.PlaceStone:
		pub.N = SealedN
		return pub, []Opening{{Key: CellKey{game.SecretMine, m.To}, Value: uint64(m.N)}}
	case game.HideCrown:
		pub.To = game.NoSquare
		var cells []Opening
		for s := game.Square(0); s < game.NoSquare; s++ {
			if v.OnBoard(s) {
				cells = append(cells, Opening{Key: CellKey{game.SecretSquare, s}, Value: b2u(s == m.To)})
			}
		}
		return pub, cells
	case game.SplitMonarch:
		pub.N = SealedN
		return pub, []Opening{{Key: CellKey{game.SecretHalf, game.NoSquare}, Value: uint64(m.N)}}
	}
	return m, nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (KindSecrecy) Unseal(v *game.Variant, pub game.Move, cells map[CellKey]uint64) (game.Move, error) {
	m := pub
	one := func(k CellKey) (uint8, error) {
		val, ok := cells[k]
		if !ok {
			return 0, fmt.Errorf("secret %v was never opened", k)
		}
		if val > 255 {
			return 0, fmt.Errorf("secret %v = %d is out of range", k, val)
		}
		return uint8(val), nil
	}
	var err error
	switch pub.Kind {
	case game.Choose:
		m.N, err = one(CellKey{game.SecretCrown, game.NoSquare})
	case game.PlaceStone:
		m.N, err = one(CellKey{game.SecretMine, pub.To})
	case game.SplitMonarch:
		m.N, err = one(CellKey{game.SecretHalf, game.NoSquare})
	case game.HideCrown:
		m.To, err = hiddenSquare(v, cells)
	}
	return m, err
}

// hiddenSquare reads a one-hot set of hidden-square cells.
func hiddenSquare(v *game.Variant, cells map[CellKey]uint64) (game.Square, error) {
	at := game.NoSquare
	for s := game.Square(0); s < game.NoSquare; s++ {
		if !v.OnBoard(s) {
			continue
		}
		b, ok := cells[CellKey{game.SecretSquare, s}]
		switch {
		case !ok:
			return at, fmt.Errorf("hidden square cell %v was never opened", s)
		case b > 1:
			return at, fmt.Errorf("hidden square cell %v holds %d, not 0 or 1", s, b)
		case b == 1 && at != game.NoSquare:
			return at, fmt.Errorf("the crown was hidden on two squares, %v and %v", at, s)
		case b == 1:
			at = s
		}
	}
	if at == game.NoSquare {
		return at, fmt.Errorf("the crown was hidden on no square")
	}
	return at, nil
}

// Key names the cell a Reveal step opens; for the hidden square's reveal at the end
// (Square = NoSquare) it is the kind alone, and every cell of it left is opened.
func (KindSecrecy) Key(s game.Step) CellKey {
	switch s.Secret {
	case game.SecretMine, game.SecretSquare:
		return CellKey{s.Secret, s.Square}
	}
	return CellKey{s.Secret, game.NoSquare}
}

func (k CellKey) String() string {
	names := [...]string{"none", "crown", "mine", "square", "half"}
	n := fmt.Sprintf("kind %d", k.Kind)
	if int(k.Kind) < len(names) {
		n = names[k.Kind]
	}
	if k.Square != game.NoSquare {
		n += " " + k.Square.String()
	}
	return n
}

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
