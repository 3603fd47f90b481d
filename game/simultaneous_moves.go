package game

// Move generation of simultaneous chess. Every choice is judged on the position at the
// start of the turn (RULES §5.3); nothing here looks at the opponent's choice.

// pawnStep[c][s] is the square one step straight forward of a c pawn on s.
var pawnStep [2][64]Bitboard

func init() {
	for s := Square(0); s < 64; s++ {
		if s.Rank() < 7 {
			pawnStep[White][s] = Bit(s + 8)
		}
		if s.Rank() > 0 {
			pawnStep[Black][s] = Bit(s - 8)
		}
	}
}

// pawnReach is where a c pawn on s moves and attacks (the two sets are one here, §5.5):
// one step straight or diagonally forward, and two straight from its start rank when the
// square crossed is empty. The last rank is included: a pawn attacks it even when it may
// not enter it.
func (r *SimulRules) pawnReach(c Color, s Square, occ Bitboard) Bitboard {
	v := r.pos.V
	one := pawnStep[c][s]
	a := one | pawnAtt[c][s]
	if s.Rank() == v.doubleRank[c] && one&occ == 0 {
		a |= pawnStep[c][one.First()]
	}
	return a & v.mask
}

// attacked reports whether a piece of colour by other than its king attacks s on the
// board as it stands (occupancy occ): resting pieces attack; the king's own reach does
// not count (§5.4 Decision).
func (r *SimulRules) attacked(s Square, by Color, occ Bitboard) bool {
	p := &r.pos
	them := p.byColor[by]
	if knightAt[s]&them&p.byType[Knight] != 0 {
		return true
	}
	if RookAttacks(s, occ)&them&(p.byType[Rook]|p.byType[Queen]) != 0 {
		return true
	}
	if BishopAttacks(s, occ)&them&(p.byType[Bishop]|p.byType[Queen]) != 0 {
		return true
	}
	pawns := them & p.byType[Pawn]
	if pawns == 0 {
		return false
	}
	// A by-pawn reaches s from one square behind it (straight or diagonally, seen from by).
	back := by.Other()
	if (pawnStep[back][s]|pawnAtt[back][s])&pawns != 0 {
		return true
	}
	// Or by a double step from its start rank over an empty square.
	if one := pawnStep[back][s]; one != 0 && one&occ == 0 {
		if two := pawnStep[back][one.First()]; two&pawns != 0 && two.First().Rank() == p.V.doubleRank[by] {
			return true
		}
	}
	return false
}

// LegalMoves appends colour c's legal choices at the start of this turn, a pass last,
// whatever has been sealed (the search uses it for both players at once).
func (r *SimulRules) LegalMoves(c Color, buf []Move) []Move {
	if r.out.Over() {
		return buf
	}
	p := &r.pos
	v := p.V
	occ := p.Occupied()
	own := p.byColor[c]
	them := c.Other()
	for bb := own &^ r.rest[c]; bb != 0; {
		from := bb.Pop()
		pc := p.board[from]
		switch pc.Type() {
		case Pawn:
			for a := r.pawnReach(c, from, occ) &^ own; a != 0; {
				to := a.Pop()
				if to.Rank() != v.promoRank[c] {
					buf = append(buf, Move{From: from, To: to})
					continue
				}
				// Promotion only to a piece from the pool (§5.6); none: the pawn waits.
				for _, t := range v.Promotions {
					if r.pool[c][t] > 0 {
						buf = append(buf, Move{From: from, To: to, Promo: t})
					}
				}
			}
		case King:
			for a := kingAtt[from] &^ own & v.mask; a != 0; {
				to := a.Pop()
				if !r.attacked(to, them, occ) {
					buf = append(buf, Move{From: from, To: to})
				}
			}
		default:
			for a := p.Attacks(pc, from, occ) &^ own; a != 0; {
				buf = append(buf, Move{From: from, To: a.Pop()})
			}
		}
	}
	buf = r.castles(c, buf, occ)
	return append(buf, Move{Kind: Pass})
}

// castles appends c's castlings: king and rook unmoved and not resting, the squares
// between them empty, and the king's start, crossed and target squares not attacked.
func (r *SimulRules) castles(c Color, buf []Move, occ Bitboard) []Move {
	p := &r.pos
	if p.Castle == 0 {
		return buf
	}
	for i, cd := range p.V.Castlings {
		if p.Castle>>i&1 == 0 || cd.Color != c {
			continue
		}
		if p.board[cd.From] != MakePiece(c, cd.Monarch) || p.board[cd.RookFrom] != MakePiece(c, Rook) {
			continue
		}
		if r.rest[c]&(Bit(cd.From)|Bit(cd.RookFrom)) != 0 {
			continue
		}
		span := between[cd.From][cd.To] | Bit(cd.To) | between[cd.RookFrom][cd.RookTo] | Bit(cd.RookTo) |
			between[cd.From][cd.RookFrom]
		if span&occ&^Bit(cd.From)&^Bit(cd.RookFrom) != 0 {
			continue
		}
		safe := true
		for path := between[cd.From][cd.To] | Bit(cd.From) | Bit(cd.To); path != 0; {
			if r.attacked(path.Pop(), c.Other(), occ) {
				safe = false
				break
			}
		}
		if safe {
			buf = append(buf, Move{From: cd.From, To: cd.To, Kind: Castle, Via: cd.RookFrom, Via2: cd.RookTo})
		}
	}
	return buf
}

// moveCount is len(LegalMoves(c)) without writing the moves: perft's bulk count.
func (r *SimulRules) moveCount(c Color) int {
	if r.out.Over() {
		return 0
	}
	p := &r.pos
	v := p.V
	occ := p.Occupied()
	own := p.byColor[c]
	them := c.Other()
	promos := 0
	for _, t := range v.Promotions {
		if r.pool[c][t] > 0 {
			promos++
		}
	}
	last := rankMask(v.promoRank[c])
	n := 1 // the pass
	for bb := own &^ r.rest[c]; bb != 0; {
		from := bb.Pop()
		pc := p.board[from]
		switch pc.Type() {
		case Pawn:
			a := r.pawnReach(c, from, occ) &^ own
			n += (a &^ last).Count() + (a&last).Count()*promos
		case King:
			for a := kingAtt[from] &^ own & v.mask; a != 0; {
				if !r.attacked(a.Pop(), them, occ) {
					n++
				}
			}
		default:
			n += (p.Attacks(pc, from, occ) &^ own).Count()
		}
	}
	var buf [8]Move
	return n + len(r.castles(c, buf[:0], occ))
}

// rankMask is the set of squares on rank r.
func rankMask(r int) Bitboard { return Bitboard(0xFF) << (8 * r) }
