package game

// Moves lists the actions of player c: at the turn's start every chess move without
// check rules (captures are attempts) plus, when c's king is attacked, the two-attempt
// defences; at a strike offer the strikes and Decline.
func (r *probRules) Moves(c Color, buf []Move) []Move {
	if r.out.Over() || r.phase == probDraw || c != r.pos.Side {
		return buf
	}
	if r.phase == probOffer {
		p := r.pos
		ks := p.KingSquare(c.Other())
		for s := r.strikers(); s != 0; {
			buf = append(buf, Move{From: s.Pop(), To: ks, Kind: Strike})
		}
		return append(buf, Move{From: NoSquare, To: NoSquare, Kind: Decline})
	}
	n := len(buf)
	buf = r.pos.LegalMoves(buf)
	return r.appendDefences(buf, buf[n:])
}

// strikers are the mover's pieces but the king that attack the enemy king.
func (r *probRules) strikers() Bitboard {
	p := r.pos
	ks := p.KingSquare(p.Side.Other())
	if ks == NoSquare {
		return 0
	}
	return p.AttackersTo(ks, p.Occupied()) & p.byColor[p.Side] &^ p.byType[King]
}

// appendDefences adds the two-attempt defences (rule 7) built from singles, the side's
// chess moves: ordered pairs of captures of pieces attacking the king, by two different
// pieces. A one-attempt defence is an ordinary capture, already among singles.
func (r *probRules) appendDefences(buf, singles []Move) []Move {
	p := r.pos
	ks := p.KingSquare(p.Side)
	if ks == NoSquare {
		return buf
	}
	att := p.AttackersTo(ks, p.Occupied()) & p.byColor[p.Side.Other()]
	if att == 0 {
		return buf
	}
	on := func(m Move) bool { return r.isAttempt(m) && att.Has(r.victim(m)) }
	for _, a := range singles {
		if !on(a) {
			continue
		}
		for _, b := range singles {
			if b.From != a.From && on(b) {
				buf = append(buf, Move{From: a.From, To: a.To, Kind: Defence, Promo: a.Promo,
					Via: b.From, Via2: b.To, Promo2: b.Promo})
			}
		}
	}
	return buf
}

// defenceParts splits a Defence into its two attempts as chess moves.
func defenceParts(p *Position, m Move) (Move, Move) {
	return attemptMove(p, m.From, m.To, m.Promo), attemptMove(p, m.Via, m.Via2, m.Promo2)
}

// attemptMove is the capture from → to as a chess move: a pawn's diagonal step onto an
// empty square can only be en passant.
func attemptMove(p *Position, from, to Square, promo PieceType) Move {
	k := Normal
	if p.board[from].Type() == Pawn && from.File() != to.File() && p.board[to] == NoPiece {
		k = EnPassant
	}
	return Move{From: from, To: to, Kind: k, Promo: promo}
}

// legal reports whether m is among the actions of the side to move.
func (r *probRules) legal(m Move) bool {
	var buf [MaxMoves]Move
	for _, l := range r.Moves(r.pos.Side, buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}
