package game

// Crown's move generation. Board moves come from the chess core (genPseudo: no check,
// castling through the Variant's eight CastleDefs, promotions to Ferz, R, B, N, King and
// Dame); this file adds the crown choice, paratrooper drops and moves, stones, hiding and
// splitting.

// crownMaxMoves sizes the fixed buffers: stones double the empty squares (two mine bits).
const crownMaxMoves = 512

// Moves appends the legal actions of player c. A state that does not hold c's secrets
// lists each secret-fixing action once, sealed.
func (r *crownRules) Moves(c Color, buf []Move) []Move {
	if r.out.Over() || r.pend.n > 0 || c != r.pos.Side {
		return buf
	}
	return r.gen(buf, !r.holds[c])
}

// hasMove reports whether the side to move has any action (the same for every view).
func (r *crownRules) hasMove() bool {
	var buf [crownMaxMoves]Move
	return len(r.gen(buf[:0], true)) > 0
}

func (r *crownRules) gen(buf []Move, sealed bool) []Move {
	p := &r.pos
	us := p.Side
	s := &r.side[us]
	if !s.chosen {
		if sealed {
			if s.mon[0] != NoSquare || s.mon[1] != NoSquare {
				buf = append(buf, crownChoose(crownSealed))
			}
			return buf
		}
		for i := uint8(0); i < 2; i++ {
			if s.mon[i] != NoSquare {
				buf = append(buf, crownChoose(i))
			}
		}
		return buf
	}
	if r.combing(us) {
		return append(buf, Move{Kind: Pass, From: NoSquare, To: NoSquare})
	}
	buf = p.genPseudo(buf, genAll)
	empty := ^p.Occupied() & p.V.mask
	if r.para {
		if s.para > 0 {
			for e := empty; e != 0; {
				buf = append(buf, Move{Kind: Drop, From: NoSquare, To: e.Pop(), Promo: Para})
			}
		}
		for a := p.Pieces(us, Para); a != 0; {
			buf = r.genPara(buf, a.Pop())
		}
	}
	if !s.lost {
		return buf
	}
	switch r.kind {
	case crownStones:
		buf = r.genStones(buf, empty, sealed)
	case crownHidden:
		if s.hid || s.remaining() == NoSquare {
			break
		}
		if sealed {
			if empty != 0 {
				buf = append(buf, Move{Kind: HideCrown, From: NoSquare, To: NoSquare})
			}
			break
		}
		for e := empty; e != 0; {
			buf = append(buf, Move{Kind: HideCrown, From: NoSquare, To: e.Pop()})
		}
	case crownSplit:
		m := s.remaining()
		if s.split || m == NoSquare {
			break
		}
		for e := kingAtt[m] & empty; e != 0; {
			to := e.Pop()
			for _, t := range [2]PieceType{HalfOrth, HalfDiag} {
				if sealed {
					buf = append(buf, Move{Kind: SplitMonarch, From: m, To: to, Promo: t, N: crownSealed})
					continue
				}
				buf = append(buf, Move{Kind: SplitMonarch, From: m, To: to, Promo: t, N: 0},
					Move{Kind: SplitMonarch, From: m, To: to, Promo: t, N: 1})
			}
		}
	}
	return buf
}

func crownChoose(n uint8) Move { return Move{Kind: Choose, From: NoSquare, To: NoSquare, N: n} }

// genStones adds stone placements. Exactly one of the three stones is mined, so a known
// mined stone forbids another and two known unmined ones force the third.
func (r *crownRules) genStones(buf []Move, empty Bitboard, sealed bool) []Move {
	s := &r.side[r.pos.Side]
	slot := -1
	mined, unmined := 0, 0
	for i, x := range s.stones {
		switch {
		case x.state == stoneReserve:
			if slot < 0 {
				slot = i
			}
		case x.known && x.mined:
			mined++
		case x.known:
			unmined++
		}
	}
	if slot < 0 {
		return buf
	}
	for e := empty; e != 0; {
		to := e.Pop()
		if sealed {
			buf = append(buf, Move{Kind: PlaceStone, From: NoSquare, To: to, N: crownSealed})
			continue
		}
		if unmined < 2 {
			buf = append(buf, Move{Kind: PlaceStone, From: NoSquare, To: to, N: 0})
		}
		if mined == 0 {
			buf = append(buf, Move{Kind: PlaceStone, From: NoSquare, To: to, N: 1})
		}
	}
	return buf
}

// genPara adds the paratrooper's moves from sq, one per effect (RULES §3 Decision): Via is
// the square captured on the first step (NoSquare when the first step entered an empty
// square or jumped a piece, which have the same effect), To the final square or NoSquare
// for a return to the reserve.
func (r *crownRules) genPara(buf []Move, from Square) []Move {
	p := &r.pos
	us := p.Side
	own, enemy := p.byColor[us], p.byColor[us.Other()]
	var finals Bitboard
	reserve := false
	for _, d1 := range kingSteps {
		v, ok := stepSq(from, d1)
		if !ok {
			reserve = true
			continue
		}
		for _, d2 := range kingSteps {
			t, ok := stepSq(v, d2)
			if !ok {
				reserve = true
				continue
			}
			if t != from && !own.Has(t) {
				finals |= Bit(t)
			}
		}
	}
	for f := finals; f != 0; {
		buf = append(buf, Move{Kind: ParaMove, From: from, Via: NoSquare, To: f.Pop()})
	}
	if reserve {
		buf = append(buf, Move{Kind: ParaMove, From: from, Via: NoSquare, To: NoSquare})
	}
	for _, d1 := range kingSteps {
		v, ok := stepSq(from, d1)
		if !ok || !enemy.Has(v) {
			continue
		}
		var fin Bitboard
		res := false
		for _, d2 := range kingSteps {
			t, ok := stepSq(v, d2)
			switch {
			case !ok:
				res = true
			case t == from || !own.Has(t):
				fin |= Bit(t)
			}
		}
		for f := fin; f != 0; {
			buf = append(buf, Move{Kind: ParaMove, From: from, Via: v, To: f.Pop()})
		}
		if res {
			buf = append(buf, Move{Kind: ParaMove, From: from, Via: v, To: NoSquare})
		}
	}
	return buf
}

// stepSq is the square one step d from s, false off the board.
func stepSq(s Square, d [2]int) (Square, bool) {
	f, r := s.File()+d[0], s.Rank()+d[1]
	if !onBoard(f, r) {
		return NoSquare, false
	}
	return Sq(f, r), true
}

// Seal implements Sealer.
func (r *crownRules) Seal(m Move) Move { return crownSeal(m) }

// crownSeal is the move with its secret value withheld.
func crownSeal(m Move) Move {
	switch m.Kind {
	case Choose, PlaceStone, SplitMonarch:
		m.N = crownSealed
	case HideCrown:
		m.To = NoSquare
	}
	return m
}

// crownHasSecret reports whether the move fixes a secret.
func crownHasSecret(m Move) bool {
	switch m.Kind {
	case Choose, PlaceStone, SplitMonarch, HideCrown:
		return true
	}
	return false
}

// match finds the legal action m stands for. A state that holds c's secrets takes m as it
// is or sealed; one that does not keeps only m's public part.
func (r *crownRules) match(c Color, m Move) (Move, bool) {
	var buf [crownMaxMoves]Move
	moves := r.Moves(c, buf[:0])
	sm := crownSeal(m)
	for _, l := range moves {
		if l == m {
			return l, true
		}
	}
	if r.holds[c] && sm != m {
		return NullMove, false // a secret value this side may not choose
	}
	for _, l := range moves {
		if crownSeal(l) == sm {
			return sm, true
		}
	}
	return NullMove, false
}
