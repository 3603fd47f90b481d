package game

// Position is a board with everything chess needs to continue: pieces, side to move,
// castling rights, en-passant square, clocks and an incremental Zobrist hash. It is
// changed in place by Make and restored by Unmake, which allocate nothing once the
// history has grown to the game's length.
//
// The board holds the top piece of each square. Games with towers (pillar chess) keep the
// pieces beneath in Under, which the plain games leave nil and never touch, so stacks cost
// them nothing.
type Position struct {
	V        *Variant
	board    [64]Piece
	byColor  [2]Bitboard
	byType   [NumTypes]Bitboard
	Side     Color
	Castle   uint8  // bit i: Variant.Castlings[i] is still allowed
	EP       Square // en-passant target square, NoSquare if none
	Halfmove int    // plies since the last capture or pawn move
	Fullmove int    // starts at 1, grows after Black's move
	hash     uint64
	Under    *[64]Tower // pieces beneath the top piece; nil for games without towers
	hist     []undo
}

// Tower is the pieces beneath a square's top piece, bottom first.
type Tower struct {
	N uint8
	P [31]Piece
}

type undo struct {
	move     Move
	captured Piece
	castle   uint8
	ep       Square
	halfmove int32
	hash     uint64
}

// NewPosition is an empty board of variant v with White to move.
func NewPosition(v *Variant) *Position {
	p := &Position{V: v, EP: NoSquare, Fullmove: 1}
	p.hist = make([]undo, 0, 64)
	return p
}

// Clone is an independent copy (the history is copied too, for repetition counts).
func (p *Position) Clone() *Position {
	q := *p
	q.hist = append(make([]undo, 0, cap(p.hist)), p.hist...)
	if p.Under != nil {
		u := *p.Under
		q.Under = &u
	}
	return &q
}

// At is the (top) piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// Occupied is the set of occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ByColor is the set of squares whose top piece is c's.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// Pieces is the set of squares holding c's pieces of type t on top.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

// ByType is the set of squares holding type t on top, either colour.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t] }

// Hash is the Zobrist key of the position.
func (p *Position) Hash() uint64 { return p.hash }

// Ply is the number of moves made since the position was set up.
func (p *Position) Ply() int { return len(p.hist) }

// Put places piece pc on the empty square s, updating the hash.
func (p *Position) Put(pc Piece, s Square) {
	p.board[s] = pc
	p.byColor[pc.Color()] |= Bit(s)
	p.byType[pc.Type()] |= Bit(s)
	p.hash ^= zPiece[pc][s]
}

// Remove empties square s and returns what stood there.
func (p *Position) Remove(s Square) Piece {
	pc := p.board[s]
	if pc != NoPiece {
		p.board[s] = NoPiece
		p.byColor[pc.Color()] &^= Bit(s)
		p.byType[pc.Type()] &^= Bit(s)
		p.hash ^= zPiece[pc][s]
	}
	return pc
}

func (p *Position) move(from, to Square) {
	pc := p.board[from]
	p.board[from], p.board[to] = NoPiece, pc
	b := Bit(from) | Bit(to)
	p.byColor[pc.Color()] ^= b
	p.byType[pc.Type()] ^= b
	p.hash ^= zPiece[pc][from] ^ zPiece[pc][to]
}

// KingSquare is c's king square, NoSquare if c has no king.
func (p *Position) KingSquare(c Color) Square {
	k := p.Pieces(c, King)
	if k == 0 {
		return NoSquare
	}
	return k.First()
}

// Attacks is the set attacked by a piece pc standing on s with occupancy occ.
func (p *Position) Attacks(pc Piece, s Square, occ Bitboard) Bitboard {
	v, t := p.V, pc.Type()
	if v.Pieces[t].Pawn {
		return pawnAtt[pc.Color()][s] & v.mask
	}
	a := v.leap[t][s]
	if v.rookLike[t] {
		a |= RookAttacks(s, occ)
	}
	if v.bishopLike[t] {
		a |= BishopAttacks(s, occ)
	}
	return a & v.mask
}

// AttackersTo is the set of pieces (both colours) attacking s with occupancy occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	v := p.V
	a := (pawnAtt[Black][s]&p.byColor[White] | pawnAtt[White][s]&p.byColor[Black]) & p.byType[Pawn]
	for _, t := range v.leapTypes {
		a |= v.leap[t][s] & p.byType[t]
	}
	if len(v.rookTypes) > 0 {
		r := RookAttacks(s, occ)
		for _, t := range v.rookTypes {
			a |= r & p.byType[t]
		}
	}
	if len(v.bishopTypes) > 0 {
		b := BishopAttacks(s, occ)
		for _, t := range v.bishopTypes {
			a |= b & p.byType[t]
		}
	}
	return a & occ
}

// Attacked reports whether colour by attacks s.
func (p *Position) Attacked(s Square, by Color) bool {
	return p.AttackersTo(s, p.Occupied())&p.byColor[by] != 0
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool {
	k := p.KingSquare(p.Side)
	return k != NoSquare && p.Attacked(k, p.Side.Other())
}

// epKey is the hash of the en-passant square: counted only when a pawn can take there,
// so that positions that differ only by an unusable square repeat (as FIDE counts them).
func (p *Position) epKey() uint64 {
	if !p.EPCapturable() {
		return 0
	}
	return zEP[p.EP.File()]
}

// EPCapturable reports whether a pawn of the side to move can take en passant: one
// attacks the square and, under check rules, the capture leaves its king unattacked.
// Position text names the square only then, as lichess, chessops and Stockfish write it.
func (p *Position) EPCapturable() bool {
	if p.EP == NoSquare || !p.V.EnPassant {
		return false
	}
	pawns := pawnAtt[p.Side.Other()][p.EP] & p.Pieces(p.Side, Pawn)
	if pawns == 0 {
		return false
	}
	ksq := p.KingSquare(p.Side)
	if !p.V.Check || p.Under != nil || ksq == NoSquare {
		// No check, or pillar chess's towers (whose own generator decides): a pawn that
		// attacks the square can take.
		return true
	}
	for b := pawns; b != 0; b &= b - 1 {
		var buf [1]Move
		if len(p.addEnPassant(buf[:0], b.First(), ksq)) > 0 {
			return true
		}
	}
	return false
}

// computeHash is the hash from scratch; Make keeps it incrementally.
func (p *Position) computeHash() uint64 {
	var h uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zPiece[pc][s]
		}
		if p.Under != nil {
			h ^= p.Under[s].hash(s)
		}
	}
	if p.Side == Black {
		h ^= zSide
	}
	return h ^ zCastle[p.Castle] ^ p.epKey()
}

// hash of the pieces beneath a top piece: position in the tower matters.
func (t *Tower) hash(s Square) uint64 {
	var h uint64
	for i := 0; i < int(t.N); i++ {
		h ^= zPiece[t.P[i]][s] * uint64(2*i+3)
	}
	return h
}

// Make plays a move given by the chess core's generator (Normal, Double, EnPassant,
// Castle, promotion). It does not check legality.
func (p *Position) Make(m Move) {
	u := undo{move: m, castle: p.Castle, ep: p.EP, halfmove: int32(p.Halfmove), hash: p.hash}
	p.hash ^= p.epKey() ^ zCastle[p.Castle]
	us := p.Side
	p.EP = NoSquare
	p.Halfmove++
	switch m.Kind {
	case Castle:
		// Lift both first: in Chess960-like set-ups the targets may hold the other piece.
		k, r := p.Remove(m.From), p.Remove(m.Via)
		p.Put(k, m.To)
		p.Put(r, m.Via2)
	case EnPassant:
		cap := m.To - 8
		if us == Black {
			cap = m.To + 8
		}
		u.captured = p.Remove(cap)
		p.move(m.From, m.To)
		p.Halfmove = 0
	default:
		if c := p.board[m.To]; c != NoPiece {
			u.captured = p.Remove(m.To)
			p.Halfmove = 0
		}
		if p.board[m.From].Type() == Pawn {
			p.Halfmove = 0
			if m.Kind == Double {
				p.EP = (m.From + m.To) / 2
			}
		}
		if m.Promo != NoType {
			p.Remove(m.From)
			p.Put(MakePiece(us, m.Promo), m.To)
		} else {
			p.move(m.From, m.To)
		}
	}
	p.Castle &^= p.V.castleMask[m.From] | p.V.castleMask[m.To]
	if us == Black {
		p.Fullmove++
	}
	p.Side = us.Other()
	p.hash ^= zSide ^ zCastle[p.Castle] ^ p.epKey()
	p.hist = append(p.hist, u)
}

// Unmake takes back the last move made with Make.
func (p *Position) Unmake() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	m := u.move
	p.Side = p.Side.Other()
	us := p.Side
	if us == Black {
		p.Fullmove--
	}
	switch m.Kind {
	case Castle:
		k, r := p.Remove(m.To), p.Remove(m.Via2)
		p.Put(k, m.From)
		p.Put(r, m.Via)
	case EnPassant:
		p.move(m.To, m.From)
		cap := m.To - 8
		if us == Black {
			cap = m.To + 8
		}
		p.Put(u.captured, cap)
	default:
		if m.Promo != NoType {
			p.Remove(m.To)
			p.Put(MakePiece(us, Pawn), m.From)
		} else {
			p.move(m.To, m.From)
		}
		if u.captured != NoPiece {
			p.Put(u.captured, m.To)
		}
	}
	p.Castle, p.EP, p.Halfmove, p.hash = u.castle, u.ep, int(u.halfmove), u.hash
}

// MakeNull passes the turn (for search and for games with passes).
func (p *Position) MakeNull() {
	u := undo{move: Move{Kind: Pass}, castle: p.Castle, ep: p.EP, halfmove: int32(p.Halfmove), hash: p.hash}
	p.hash ^= p.epKey()
	p.EP = NoSquare
	p.Halfmove++
	if p.Side == Black {
		p.Fullmove++
	}
	p.Side = p.Side.Other()
	p.hash ^= zSide
	p.hist = append(p.hist, u)
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.Side = p.Side.Other()
	if p.Side == Black {
		p.Fullmove--
	}
	p.EP, p.Halfmove, p.hash = u.ep, int(u.halfmove), u.hash
}

// Repetitions counts earlier occurrences of the current position (same hash, same side
// to move) within the reversible part of the history.
func (p *Position) Repetitions() int {
	n := 0
	h := p.hash
	back := min(p.Halfmove, len(p.hist))
	for i := 2; i <= back; i += 2 {
		if p.hist[len(p.hist)-i].hash == h {
			n++
		}
	}
	return n
}

// LastMove is the last move made, NullMove if none.
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NullMove
	}
	return p.hist[len(p.hist)-1].move
}

// LastCaptured is what the last move captured, NoPiece if nothing.
func (p *Position) LastCaptured() Piece {
	if len(p.hist) == 0 {
		return NoPiece
	}
	return p.hist[len(p.hist)-1].captured
}
