package game

// This file holds only the hot path: move generation for the chess-like games
// (chess, forced capture, and the parts of the others that move like chess).

// MaxMoves bounds the moves of one position of the chess-like games, for fixed buffers.
const MaxMoves = 256

type genKind uint8

const (
	genCaptures genKind = 1 << iota
	genQuiets
	genAll = genCaptures | genQuiets
)

// LegalMoves appends the legal moves of the side to move to buf: fully legal under check
// rules when the variant has them, and only captures when one must capture.
func (p *Position) LegalMoves(buf []Move) []Move {
	if p.V.Check {
		return p.genLegal(buf)
	}
	if p.V.KingCapture && (p.Pieces(White, King) == 0 || p.Pieces(Black, King) == 0) {
		return buf // the game is over
	}
	if p.V.MustCapture {
		n := len(buf)
		buf = p.genPseudo(buf, genCaptures)
		if len(buf) > n {
			return buf
		}
	}
	return p.genPseudo(buf, genAll)
}

// Captures appends the pseudo-legal captures (promotions included) of the side to move.
func (p *Position) Captures(buf []Move) []Move { return p.genPseudo(buf, genCaptures) }

func (p *Position) addPawnMoves(buf []Move, from, to Square, kind MoveKind) []Move {
	if to.Rank() == p.V.promoRank[p.Side] {
		for _, t := range p.V.Promotions {
			buf = append(buf, Move{From: from, To: to, Kind: Normal, Promo: t})
		}
		return buf
	}
	return append(buf, Move{From: from, To: to, Kind: kind})
}

// genPseudo generates moves without regard to the own king's safety.
func (p *Position) genPseudo(buf []Move, kind genKind) []Move {
	v, us := p.V, p.Side
	them := us.Other()
	occ := p.Occupied()
	own, enemy := p.byColor[us], p.byColor[them]
	var target Bitboard
	if kind&genCaptures != 0 {
		target |= enemy
	}
	if kind&genQuiets != 0 {
		target |= ^occ & v.mask
	}
	buf = p.genPawns(buf, kind, ^Bitboard(0), 0, NoSquare)
	for bb := own &^ p.byType[Pawn]; bb != 0; {
		from := bb.Pop()
		pc := p.board[from]
		if v.Pieces[pc.Type()].NoMoves {
			continue
		}
		for a := p.Attacks(pc, from, occ) & target; a != 0; {
			buf = append(buf, Move{From: from, To: a.Pop()})
		}
	}
	if kind&genQuiets != 0 {
		buf = p.genCastles(buf, occ, false)
	}
	return buf
}

// genPawns adds pawn moves: targets limits destinations (check evasion), pinned pawns move
// only along line pinLine[from] (ksq: the king the pins are about).
func (p *Position) genPawns(buf []Move, kind genKind, target, pinned Bitboard, ksq Square) []Move {
	v, us := p.V, p.Side
	pawns := p.Pieces(us, Pawn)
	if pawns == 0 {
		return buf
	}
	occ := p.Occupied()
	enemy := p.byColor[us.Other()]
	up := Square(8)
	for bb := pawns; bb != 0; {
		from := bb.Pop()
		lim := target
		if pinned.Has(from) {
			lim &= line[ksq][from]
		}
		if kind&genCaptures != 0 {
			for a := pawnAtt[us][from] & enemy & lim & v.mask; a != 0; {
				buf = p.addPawnMoves(buf, from, a.Pop(), Normal)
			}
			if p.EP != NoSquare && pawnAtt[us][from].Has(p.EP) {
				buf = p.addEnPassant(buf, from, ksq)
			}
		}
		var to Square
		if us == White {
			to = from + up
		} else {
			to = from - up
		}
		if !v.mask.Has(to) || occ.Has(to) {
			continue
		}
		if kind&genQuiets == 0 {
			continue
		}
		if lim.Has(to) {
			buf = p.addPawnMoves(buf, from, to, Normal)
		}
		if v.DoubleStep && from.Rank() == v.doubleRank[us] {
			to2 := to + up
			if us == Black {
				to2 = to - up
			}
			if v.mask.Has(to2) && !occ.Has(to2) && lim.Has(to2) {
				buf = append(buf, Move{From: from, To: to2, Kind: Double})
			}
		}
	}
	return buf
}

// addEnPassant adds an en-passant capture; under check rules (ksq set) only if legal:
// the move removes two pieces from one rank, which pin tables do not see.
func (p *Position) addEnPassant(buf []Move, from, ksq Square) []Move {
	if !p.V.EnPassant {
		return buf
	}
	to := p.EP
	cap := to - 8
	if p.Side == Black {
		cap = to + 8
	}
	if ksq != NoSquare {
		// Test the whole effect: this covers pins, checks by the passing pawn and the
		// rank that two leaving pieces uncover.
		occ := p.Occupied()&^Bit(from)&^Bit(cap) | Bit(to)
		att := p.AttackersTo(ksq, occ) & p.byColor[p.Side.Other()] &^ Bit(cap)
		if att != 0 {
			return buf
		}
	}
	return append(buf, Move{From: from, To: to, Kind: EnPassant})
}

// genCastles adds the castlings whose pieces stand unmoved with empty squares between;
// safe demands (chess) that the monarch's start, path and target are not attacked.
func (p *Position) genCastles(buf []Move, occ Bitboard, safe bool) []Move {
	if p.Castle == 0 {
		return buf
	}
	us := p.Side
	for i, c := range p.V.Castlings {
		if p.Castle>>i&1 == 0 || c.Color != us {
			continue
		}
		if p.board[c.From] != MakePiece(us, c.Monarch) || p.board[c.RookFrom] != MakePiece(us, Rook) {
			continue
		}
		span := between[c.From][c.To] | Bit(c.To) | between[c.RookFrom][c.RookTo] | Bit(c.RookTo)
		if span&occ&^Bit(c.From)&^Bit(c.RookFrom) != 0 {
			continue
		}
		if between[c.From][c.RookFrom]&occ&^Bit(c.From)&^Bit(c.RookFrom) != 0 {
			continue
		}
		if safe {
			them := us.Other()
			ok := true
			for path := between[c.From][c.To] | Bit(c.From) | Bit(c.To); path != 0; {
				if p.AttackersTo(path.Pop(), occ)&p.byColor[them] != 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
		}
		buf = append(buf, Move{From: c.From, To: c.To, Kind: Castle, Via: c.RookFrom, Via2: c.RookTo})
	}
	return buf
}

// genLegal generates legal moves under check rules with pin and check masks, so no move
// needs to be made to be tested.
func (p *Position) genLegal(buf []Move) []Move {
	v, us := p.V, p.Side
	them := us.Other()
	ksq := p.KingSquare(us)
	if ksq == NoSquare {
		return p.genPseudo(buf, genAll)
	}
	occ := p.Occupied()
	own, enemy := p.byColor[us], p.byColor[them]
	checkers := p.AttackersTo(ksq, occ) & enemy

	// King moves: the king itself must not shield the squares behind it.
	noKing := occ &^ Bit(ksq)
	for a := v.leap[King][ksq] &^ own; a != 0; {
		to := a.Pop()
		if p.AttackersTo(to, noKing)&enemy == 0 {
			buf = append(buf, Move{From: ksq, To: to})
		}
	}
	if checkers.Count() > 1 {
		return buf
	}

	// Pinned pieces: an enemy slider would see the king if this one piece moved.
	var pinned Bitboard
	var snipers Bitboard
	if len(v.rookTypes) > 0 {
		r := RookAttacks(ksq, 0)
		for _, t := range v.rookTypes {
			snipers |= r & p.byType[t] & enemy
		}
	}
	if len(v.bishopTypes) > 0 {
		b := BishopAttacks(ksq, 0)
		for _, t := range v.bishopTypes {
			snipers |= b & p.byType[t] & enemy
		}
	}
	for snipers != 0 {
		s := snipers.Pop()
		if b := between[ksq][s] & occ; b&(b-1) == 0 && b&own != 0 {
			pinned |= b
		}
	}

	target := ^own & v.mask
	if checkers != 0 {
		c := checkers.First()
		target = between[ksq][c] | checkers
	}
	buf = p.genPawns(buf, genAll, target, pinned, ksq)
	for bb := own &^ p.byType[Pawn] &^ Bit(ksq); bb != 0; {
		from := bb.Pop()
		pc := p.board[from]
		a := p.Attacks(pc, from, occ) & target
		if pinned.Has(from) {
			a &= line[ksq][from]
		}
		for a != 0 {
			buf = append(buf, Move{From: from, To: a.Pop()})
		}
	}
	if checkers == 0 {
		buf = p.genCastles(buf, occ, true)
	}
	return buf
}

// IsLegal reports whether m is among the legal moves of the position.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, l := range p.LegalMoves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}
