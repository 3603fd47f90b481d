package game

// Move generation and attacks for pillar chess. A stack moves as its top piece (under
// combinatorics also as any piece inside the moving part); it lands on top of whatever
// stands on the target square — an enemy stack is captured, an own one climbed — except
// on the own king. Legality is tested by making the move: splits uncover pieces, so pin
// tables would not see everything.

// pillarReach is where a piece of type t, moving for colour c from s, may go: slides stop
// at the first occupied square, which they may take or climb. A pawn steps forward onto
// an empty square (twice from its start rank when top is set: a pawn on top of the stack,
// not one inside it) and goes diagonally forward only onto occupied squares.
func (p *Position) pillarReach(t PieceType, c Color, s Square, occ Bitboard, top bool) Bitboard {
	v := p.V
	if t != Pawn {
		return p.Attacks(MakePiece(c, t), s, occ)
	}
	d := pawnAtt[c][s] & occ
	step := 8
	if c == Black {
		step = -8
	}
	one := int(s) + step
	if one < 0 || one >= 64 || !v.mask.Has(Square(one)) || occ.Has(Square(one)) {
		return d
	}
	d |= Bit(Square(one))
	if top && s.Rank() == v.doubleRank[c] {
		two := one + step
		if two >= 0 && two < 64 && v.mask.Has(Square(two)) && !occ.Has(Square(two)) {
			d |= Bit(Square(two))
		}
	}
	return d
}

// pillarAttacked reports whether colour by attacks s: its top pieces, and under
// combinatorics every piece of its stacks (a pawn inside attacks toward by's last rank).
func (p *Position) pillarAttacked(s Square, by Color, c *pillarCfg) bool {
	occ := p.Occupied()
	if p.AttackersTo(s, occ)&p.byColor[by] != 0 {
		return true
	}
	if !c.combi {
		return false
	}
	for bb := p.byColor[by]; bb != 0; {
		from := bb.Pop()
		t := &p.Under[from]
		for i := 0; i < int(t.N); i++ {
			pt := t.P[i].Type()
			var a Bitboard
			if pt == Pawn {
				a = pawnAtt[by][from]
			} else {
				a = p.Attacks(MakePiece(by, pt), from, occ)
			}
			if a.Has(s) {
				return true
			}
		}
	}
	return false
}

// pillarInCheck reports whether the side to move's king is attacked.
func (p *Position) pillarInCheck(c *pillarCfg) bool {
	k := p.KingSquare(p.Side)
	return k != NoSquare && p.pillarAttacked(k, p.Side.Other(), c)
}

// queenAttacked reports gardez: a queen of colour us, anywhere in a stack us controls,
// stands on a square the opponent attacks.
func (p *Position) queenAttacked(us Color, c *pillarCfg) bool {
	q := MakePiece(us, Queen)
	for bb := p.byColor[us]; bb != 0; {
		s := bb.Pop()
		has := p.board[s] == q
		t := &p.Under[s]
		for i := 0; i < int(t.N) && !has; i++ {
			has = t.P[i] == q
		}
		if has && p.pillarAttacked(s, us.Other(), c) {
			return true
		}
	}
	return false
}

// pillarPseudo appends the moves of the side to move without regard to its king's
// safety. Promo2 of each move is the type it counts as for the die.
func (p *Position) pillarPseudo(c *pillarCfg, buf []Move) []Move {
	us := p.Side
	occ := p.Occupied()
	var noLand Bitboard // nothing lands on the own king
	if k := p.KingSquare(us); k != NoSquare {
		noLand = Bit(k)
	}
	for bb := p.byColor[us]; bb != 0; {
		s := bb.Pop()
		top := p.board[s].Type()
		h := p.height(s)
		if !c.combi || h == 1 {
			d := p.pillarReach(top, us, s, occ, true) &^ noLand
			for k := 1; k <= h; k++ {
				buf = p.addPillarMoves(buf, c, s, d, k, top, top)
			}
		} else {
			// The top k pieces move as any type among them; a target reached by several
			// types is one action, counted as the lowest type for the die.
			var types uint16
			var reach [NumTypes]Bitboard
			var known uint16
			for k := 1; k <= h; k++ {
				types |= 1 << p.stackPiece(s, k-1).Type()
				var done Bitboard
				for t := Pawn; t <= King; t++ {
					if types>>t&1 == 0 {
						continue
					}
					if known>>t&1 == 0 {
						reach[t] = p.pillarReach(t, us, s, occ, top == Pawn) &^ noLand
						known |= 1 << t
					}
					buf = p.addPillarMoves(buf, c, s, reach[t]&^done, k, top, t)
					done |= reach[t]
				}
			}
		}
		if top == Pawn && p.EP != NoSquare && pawnAtt[us][s].Has(p.EP) {
			for k := 1; k <= h; k++ {
				buf = append(buf, Move{From: s, To: p.EP, Kind: EnPassant, N: uint8(k), Promo2: Pawn})
			}
		}
	}
	return p.pillarCastles(c, buf, occ)
}

// addPillarMoves adds the moves of the top k pieces of s (topped by type top, moving as
// type as) to each square of d, with the promotions a pawn-topped part earns.
func (p *Position) addPillarMoves(buf []Move, c *pillarCfg, s Square, d Bitboard, k int, top, as PieceType) []Move {
	v := p.V
	for d != 0 {
		to := d.Pop()
		m := Move{From: s, To: to, N: uint8(k), Promo2: as}
		if top == Pawn && to.Rank() == v.promoRank[p.Side] && (!c.alone || k == 1) {
			for _, pr := range v.Promotions {
				m.Promo = pr
				buf = append(buf, m)
			}
			continue
		}
		if as == Pawn && top == Pawn && (to == s+16 || to+16 == s) {
			m.Kind = Double
		}
		buf = append(buf, m)
	}
	return buf
}

// pillarCastles adds the castlings: a rook move (it counts as a rook for the die) with
// king and rook each alone at home, the squares between and the targets empty, and the
// king not in check, not crossing and not landing on an attacked square.
func (p *Position) pillarCastles(c *pillarCfg, buf []Move, occ Bitboard) []Move {
	if p.Castle == 0 {
		return buf
	}
	us := p.Side
	for i, cd := range p.V.Castlings {
		if p.Castle>>i&1 == 0 || cd.Color != us {
			continue
		}
		if p.board[cd.From] != MakePiece(us, King) || p.Under[cd.From].N != 0 ||
			p.board[cd.RookFrom] != MakePiece(us, Rook) || p.Under[cd.RookFrom].N != 0 {
			continue
		}
		span := (between[cd.From][cd.RookFrom] | Bit(cd.To) | Bit(cd.RookTo)) &^ (Bit(cd.From) | Bit(cd.RookFrom))
		if span&occ != 0 {
			continue
		}
		safe := true
		for path := between[cd.From][cd.To] | Bit(cd.From) | Bit(cd.To); path != 0 && safe; {
			safe = !p.pillarAttacked(path.Pop(), us.Other(), c)
		}
		if safe {
			buf = append(buf, Move{From: cd.From, To: cd.To, Kind: Castle, Via: cd.RookFrom, Via2: cd.RookTo, N: 1, Promo2: Rook})
		}
	}
	return buf
}

// pillarLegal appends the legal moves of the side to move: those after which its own king
// is not attacked. Without combinatorics and out of check most moves are known safe
// without being made (see safeWithoutTest); the rest are made and tested.
func (p *Position) pillarLegal(c *pillarCfg, buf []Move) []Move {
	n0 := len(buf)
	buf = p.pillarPseudo(c, buf)
	us := p.Side
	ksq := p.KingSquare(us)
	quick := !c.combi && ksq != NoSquare && !p.pillarAttacked(ksq, us.Other(), c)
	var pinned Bitboard
	if quick {
		pinned = p.pinLines(ksq)
	}
	j := n0
	var u pillarUndo
	for i := n0; i < len(buf); i++ {
		m := buf[i]
		ok := quick && p.safeWithoutTest(m, ksq, pinned)
		if !ok {
			p.makePillar(m, c, &u)
			k := p.KingSquare(us)
			ok = k == NoSquare || !p.pillarAttacked(k, us.Other(), c)
			p.undoPillar(m, &u)
		}
		if ok {
			buf[j] = m
			j++
		}
	}
	return buf[:j]
}

// pinLines is the set of squares that alone stand between the king on ksq and an enemy
// slider aiming at it: emptying one of them may uncover the king.
func (p *Position) pinLines(ksq Square) Bitboard {
	v, them := p.V, p.Side.Other()
	occ := p.Occupied()
	var snipers Bitboard
	r, b := RookAttacks(ksq, 0), BishopAttacks(ksq, 0)
	for _, t := range v.rookTypes {
		snipers |= r & p.Pieces(them, t)
	}
	for _, t := range v.bishopTypes {
		snipers |= b & p.Pieces(them, t)
	}
	var pinned Bitboard
	for snipers != 0 {
		if bb := between[ksq][snipers.Pop()] & occ; bb&(bb-1) == 0 {
			pinned |= bb
		}
	}
	return pinned
}

// safeWithoutTest reports a move that cannot leave the king attacked, for a king not in
// check and stacks whose inner pieces do not attack (no combinatorics): not a king move,
// castling or en passant, and what it leaves behind adds no attacker — either an own
// piece uncovered on the square, or an empty square that shields no line to the king.
// Whatever lands on the target square only captures or blocks.
func (p *Position) safeWithoutTest(m Move, ksq Square, pinned Bitboard) bool {
	if m.From == ksq || (m.Kind != Normal && m.Kind != Double) {
		return false
	}
	if int(m.N) < p.height(m.From) {
		return p.stackPiece(m.From, int(m.N)).Color() == p.Side
	}
	return !pinned.Has(m.From)
}
