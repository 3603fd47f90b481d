package ai

import "github.com/quintet-chess/quintet/game"

// see is the static exchange evaluation of capture m: the material the mover keeps if
// both sides go on recapturing on the target square with their least valuable piece,
// each free to stop. Used to skip losing captures in chess's quiescence.
func (s *chessSearcher) see(m game.Move) int {
	p := s.pos
	if m.Kind == game.EnPassant {
		return 0
	}
	to := m.To
	var gain [40]int
	gain[0] = s.value[p.At(to).Type()]
	attackerVal := s.value[p.At(m.From).Type()]
	occ := p.Occupied() &^ game.Bit(m.From)
	side := p.Side.Other()
	d := 0
	for d < len(gain)-1 {
		atts := p.AttackersTo(to, occ) & p.ByColor(side)
		if atts == 0 {
			break
		}
		d++
		gain[d] = attackerVal - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break
		}
		sq, t := s.leastValuable(atts)
		occ &^= game.Bit(sq)
		attackerVal = s.value[t]
		side = side.Other()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

func (s *chessSearcher) leastValuable(atts game.Bitboard) (game.Square, game.PieceType) {
	p := s.pos
	best, bt := game.NoSquare, game.NoType
	for b := atts; b != 0; {
		sq := b.Pop()
		t := p.At(sq).Type()
		if bt == game.NoType || s.value[t] < s.value[bt] {
			best, bt = sq, t
		}
	}
	return best, bt
}
