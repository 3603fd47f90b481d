package game

import "fmt"

// Crown's secrets as commit-reveal cells (Sealer): the opponent's view applies a move
// sealed (crownSeal) and learns its value only from Reveal inputs.
//
//   - Choose: one cell (SecretCrown, NoSquare) = N (0 King, 1 Dame).
//   - PlaceStone: one cell (SecretMine, To) = N (1 mined); a Reveal names the stone by
//     its square.
//   - HideCrown: one cell per square of the board, (SecretSquare, s) = 1 on the hidden
//     square and 0 elsewhere, so a Reveal asking "is it on s?" opens that cell only; the
//     Reveal at the end (Square = NoSquare, value = the square) opens all that are left.
//   - SplitMonarch: one cell (SecretHalf, NoSquare) = N (0 orthogonal, 1 diagonal).
//
// Every other kind is public. A revealed value is the cell's value.

// Cells implements Sealer.
func (r *crownRules) Cells(m Move) []SecretValue {
	switch m.Kind {
	case Choose:
		return []SecretValue{{SecretCell{SecretCrown, NoSquare}, uint64(m.N)}}
	case PlaceStone:
		return []SecretValue{{SecretCell{SecretMine, m.To}, uint64(m.N)}}
	case HideCrown:
		var cells []SecretValue
		for s := Square(0); s < NoSquare; s++ {
			if r.pos.V.OnBoard(s) {
				cells = append(cells, SecretValue{SecretCell{SecretSquare, s}, b2u64(s == m.To)})
			}
		}
		return cells
	case SplitMonarch:
		return []SecretValue{{SecretCell{SecretHalf, NoSquare}, uint64(m.N)}}
	}
	return nil
}

func b2u64(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Unseal implements Sealer.
func (r *crownRules) Unseal(pub Move, cells map[SecretCell]uint64) (Move, error) {
	m := pub
	one := func(k SecretCell) (uint8, error) {
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
	case Choose:
		m.N, err = one(SecretCell{SecretCrown, NoSquare})
	case PlaceStone:
		m.N, err = one(SecretCell{SecretMine, pub.To})
	case SplitMonarch:
		m.N, err = one(SecretCell{SecretHalf, NoSquare})
	case HideCrown:
		m.To, err = r.hiddenSquare(cells)
	}
	return m, err
}

// hiddenSquare reads a one-hot set of hidden-square cells.
func (r *crownRules) hiddenSquare(cells map[SecretCell]uint64) (Square, error) {
	at := NoSquare
	for s := Square(0); s < NoSquare; s++ {
		if !r.pos.V.OnBoard(s) {
			continue
		}
		b, ok := cells[SecretCell{SecretSquare, s}]
		switch {
		case !ok:
			return at, fmt.Errorf("hidden square cell %v was never opened", s)
		case b > 1:
			return at, fmt.Errorf("hidden square cell %v holds %d, not 0 or 1", s, b)
		case b == 1 && at != NoSquare:
			return at, fmt.Errorf("the crown was hidden on two squares, %v and %v", at, s)
		case b == 1:
			at = s
		}
	}
	if at == NoSquare {
		return at, fmt.Errorf("the crown was hidden on no square")
	}
	return at, nil
}

// RevealCell implements Sealer: a stone's and a hidden square's cells are named by
// their square; the hidden square's reveal at the end (Square = NoSquare) opens every
// cell of it left.
func (r *crownRules) RevealCell(s Step) (SecretCell, bool) {
	switch s.Secret {
	case SecretMine, SecretSquare:
		c := SecretCell{s.Secret, s.Square}
		return c, s.Secret == SecretSquare && s.Square == NoSquare
	}
	return SecretCell{s.Secret, NoSquare}, false
}

// RevealValue implements Sealer: the hidden square is the one whose cell holds 1.
func (r *crownRules) RevealValue(s Step, cells map[SecretCell]uint64) (uint64, error) {
	if s.Secret != SecretSquare {
		return 0, fmt.Errorf("secret %v is one cell", SecretCell{s.Secret, s.Square})
	}
	sq, err := r.hiddenSquare(cells)
	return uint64(sq), err
}
