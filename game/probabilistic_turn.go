package game

// The board changes of a probabilistic turn. A turn is one history entry of the Position
// however many attempts it holds, and the side to move changes only when it ends.

// begin opens a turn at its first change of the board: one history entry with the
// position before it, the en-passant square taken out, the halfmove clock counting on.
func (r *probRules) begin(m Move) {
	p := r.pos
	p.hist = append(p.hist, undo{move: m, castle: p.Castle, ep: p.EP, halfmove: int32(p.Halfmove), hash: p.hash})
	p.hash ^= p.epKey()
	p.EP = NoSquare
	p.Halfmove++
}

// relocate carries out a chess move inside the turn (the side to move stays).
func (r *probRules) relocate(m Move) {
	p := r.pos
	us := p.Side
	switch m.Kind {
	case Castle:
		k, rk := p.Remove(m.From), p.Remove(m.Via)
		p.Put(k, m.To)
		p.Put(rk, m.Via2)
	case EnPassant:
		p.Remove(r.victim(m))
		p.move(m.From, m.To)
		p.Halfmove = 0
	default:
		if p.board[m.To] != NoPiece {
			p.Remove(m.To)
			p.Halfmove = 0
		}
		if p.board[m.From].Type() == Pawn {
			p.Halfmove = 0
			if m.Kind == Double {
				r.epNext = (m.From + m.To) / 2
			}
		}
		if m.Promo != NoType {
			p.Remove(m.From)
			p.Put(MakePiece(us, m.Promo), m.To)
		} else {
			p.move(m.From, m.To)
		}
	}
	r.setCastle(p.Castle &^ (p.V.castleMask[m.From] | p.V.castleMask[m.To]))
}

// kill removes the piece on s (an attacker that died): an irreversible change, and the
// end of the castling rights its square carries.
func (r *probRules) kill(s Square) {
	p := r.pos
	p.Remove(s)
	p.Halfmove = 0
	r.setCastle(p.Castle &^ p.V.castleMask[s])
}

func (r *probRules) setCastle(c uint8) {
	p := r.pos
	p.hash ^= zCastle[p.Castle] ^ zCastle[c]
	p.Castle = c
}

// end passes the turn to the opponent and judges the position they face.
func (r *probRules) end() {
	p := r.pos
	p.EP, r.epNext = r.epNext, NoSquare
	if p.Side == Black {
		p.Fullmove++
	}
	p.Side = p.Side.Other()
	p.hash ^= zSide ^ p.epKey()
	r.phase, r.ctx, r.cur, r.next = probMove, ctxMove, NullMove, NullMove
	r.out = r.judge()
}

// finish ends the game; nothing stays pending, so the final text is a plain FEN.
func (r *probRules) finish(o Outcome) {
	r.out = o
	r.phase, r.ctx, r.cur, r.next, r.epNext = probMove, ctxMove, NullMove, NullMove, NoSquare
}
