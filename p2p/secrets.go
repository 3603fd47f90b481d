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

// KindSecrecy is the convention of the engine's secret-carrying move kinds (Crown):
//
//   - Choose: N (which monarch is crowned) is secret; the opponent sees {Kind: Choose}.
//     One cell (SecretCrown, NoSquare) = N.
//   - PlaceStone: the square is public, N (the mined bit) secret. Cell (SecretMine, To) = N;
//     a Reveal step names the stone by its square.
//   - HideCrown: the square is secret; the opponent sees {Kind: HideCrown}. One cell per
//     square of the board, (SecretSquare, s) = 1 on the hidden square and 0 elsewhere, so a
//     Reveal step asking about square s opens only whether the crown is there.
//   - SplitMonarch: the squares are public, N (which half is crowned) secret. One cell
//     (SecretHalf, NoSquare) = N.
//
// Every other kind is public. A revealed value is the cell's value (InputReveal.Secret).
type KindSecrecy struct{}

func (KindSecrecy) Seal(v *game.Variant, m game.Move) (game.Move, []Opening) {
	switch m.Kind {
	case game.Choose:
		return game.Move{Kind: game.Choose}, []Opening{{Key: CellKey{game.SecretCrown, game.NoSquare}, Value: uint64(m.N)}}
	case game.PlaceStone:
		pub := m
		pub.N = 0
		return pub, []Opening{{Key: CellKey{game.SecretMine, m.To}, Value: uint64(m.N)}}
	case game.HideCrown:
		var cells []Opening
		for s := game.Square(0); s < game.NoSquare; s++ {
			if v.OnBoard(s) {
				val := uint64(0)
				if s == m.To {
					val = 1
				}
				cells = append(cells, Opening{Key: CellKey{game.SecretSquare, s}, Value: val})
			}
		}
		return game.Move{Kind: game.HideCrown}, cells
	case game.SplitMonarch:
		pub := m
		pub.N = 0
		return pub, []Opening{{Key: CellKey{game.SecretHalf, game.NoSquare}, Value: uint64(m.N)}}
	}
	return m, nil
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
		m.To = game.NoSquare
		for s := game.Square(0); s < game.NoSquare; s++ {
			if !v.OnBoard(s) {
				continue
			}
			b, e := one(CellKey{game.SecretSquare, s})
			switch {
			case e != nil:
				return m, e
			case b > 1:
				return m, fmt.Errorf("hidden square cell %v holds %d, not 0 or 1", s, b)
			case b == 1 && m.To != game.NoSquare:
				return m, fmt.Errorf("the crown was hidden on two squares, %v and %v", m.To, s)
			case b == 1:
				m.To = s
			}
		}
		if m.To == game.NoSquare {
			return m, fmt.Errorf("the crown was hidden on no square")
		}
	}
	return m, err
}

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
