package game

// Resolution of a turn (RULES §5.7). Each choice becomes displacements (a castling is
// two: king and rook). All movers leave their squares first; then each landing square is
// settled: two enemies landing on one square collide and the square's colour decides (a
// light square keeps White's piece); a piece landing on an enemy that stayed captures it;
// one landing where the enemy left captures nothing (a swap when the two traded squares).
// Pieces pass through squares an enemy enters the same turn: paths were judged at the
// start of the turn and are not looked at again.

// simDisp is one piece's displacement.
type simDisp struct {
	from, to Square
	pc       Piece // the piece that arrives: the promoted piece for a promotion
	before   Piece // what stood on to at the start of the turn
}

// simNoteKind is something a person should be told about a resolution.
type simNoteKind uint8

const (
	noteCollision simNoteKind = iota // a: White's piece, b: Black's, on sq
	noteSwap                         // a on sq and b on sq2 traded squares
	noteMissed                       // a landed on sq, which b had left
	noteCapture                      // a captured b (which stood still) on sq
	noteCrossed                      // a passed through sq, which b entered
)

type simNote struct {
	kind    simNoteKind
	sq, sq2 Square
	a, b    Piece
}

// simTurn collects what a resolution did, in fixed space (the search resolves many turns).
type simTurn struct {
	n     int
	notes [12]simNote
}

func (t *simTurn) add(n simNote) {
	if t.n < len(t.notes) {
		t.notes[t.n] = n
		t.n++
	}
}

// resolve plays White's choice mv[White] and Black's mv[Black], both legal at the start of
// the turn, and ends the turn: resting pieces, pools, clocks, the pass count, the outcome.
func (r *SimulRules) resolve(mv [2]Move, t *simTurn) {
	p := &r.pos
	var ds [2][2]simDisp // per colour, up to two displacements
	var nd [2]int
	pawnMoved := false
	for c := White; c <= Black; c++ {
		m := mv[c]
		switch m.Kind {
		case Pass:
		case Castle:
			ds[c][0] = simDisp{from: m.From, to: m.To, pc: p.board[m.From]}
			ds[c][1] = simDisp{from: m.Via, to: m.Via2, pc: p.board[m.Via]}
			nd[c] = 2
		default:
			pc := p.board[m.From]
			if pc.Type() == Pawn {
				pawnMoved = true
			}
			if m.Promo != NoType {
				// The promoted piece comes out of the pool as it stood at the start of the
				// turn; the move was generated only if it was there.
				pc = MakePiece(c, m.Promo)
				r.pool[c][m.Promo]--
			}
			ds[c][0] = simDisp{from: m.From, to: m.To, pc: pc}
			nd[c] = 1
		}
	}
	for c := White; c <= Black; c++ {
		for i := 0; i < nd[c]; i++ {
			ds[c][i].before = p.board[ds[c][i].to]
		}
	}
	for c := White; c <= Black; c++ {
		for i := 0; i < nd[c]; i++ {
			p.Remove(ds[c][i].from)
		}
	}
	captured := false
	var rest [2]Bitboard
	for c := White; c <= Black; c++ {
		for i := 0; i < nd[c]; i++ {
			d := &ds[c][i]
			// A collision is settled once, from White's side.
			if j := landing(&ds, nd, c.Other(), d.to); j >= 0 {
				if c == Black {
					continue
				}
				e := &ds[Black][j]
				win, lose, wc := d.pc, e.pc, White
				if !d.to.Light() {
					win, lose, wc = e.pc, d.pc, Black
				}
				p.Put(win, d.to)
				r.capture(lose)
				captured = true
				rest[wc] |= Bit(d.to)
				t.add(simNote{kind: noteCollision, sq: d.to, a: d.pc, b: e.pc})
				continue
			}
			if x := p.board[d.to]; x != NoPiece {
				// An enemy that stayed (own pieces are never a legal target).
				p.Remove(d.to)
				r.capture(x)
				captured = true
				t.add(simNote{kind: noteCapture, sq: d.to, a: d.pc, b: x})
			} else if d.before != NoPiece && d.before.Color() != c {
				if j := leaving(&ds, nd, c.Other(), d.to); j >= 0 && ds[c.Other()][j].to == d.from {
					if c == White {
						t.add(simNote{kind: noteSwap, sq: d.from, sq2: d.to, a: d.pc, b: d.before})
					}
				} else {
					t.add(simNote{kind: noteMissed, sq: d.to, a: d.pc, b: d.before})
				}
			}
			p.Put(d.pc, d.to)
			rest[c] |= Bit(d.to)
		}
	}
	// Paths crossed: a slider passing a square an enemy entered (only worth telling).
	for c := White; c <= Black; c++ {
		for i := 0; i < nd[c]; i++ {
			d := &ds[c][i]
			for j := 0; j < nd[c.Other()]; j++ {
				e := &ds[c.Other()][j]
				if between[d.from][d.to].Has(e.to) {
					t.add(simNote{kind: noteCrossed, sq: e.to, a: d.pc, b: e.pc})
				}
			}
		}
	}
	old := p.Castle
	for c := White; c <= Black; c++ {
		for i := 0; i < nd[c]; i++ {
			p.Castle &^= p.V.castleMask[ds[c][i].from] | p.V.castleMask[ds[c][i].to]
		}
	}
	p.hash ^= zCastle[old] ^ zCastle[p.Castle]
	// The counters stop at the most position text holds.
	if captured || pawnMoved {
		p.Halfmove = 0
	} else {
		p.Halfmove = min(p.Halfmove+1, maxClock)
	}
	p.Fullmove = min(p.Fullmove+1, maxClock)
	if mv[White].Kind == Pass && mv[Black].Kind == Pass {
		r.passes++
	} else {
		r.passes = 0
	}
	// A piece rests only if it is still on the square it moved to.
	for c := White; c <= Black; c++ {
		r.rest[c] = rest[c] & p.byColor[c]
	}
	r.sealed = [2]bool{}
	r.choice = [2]Move{}
	r.setSide(White)
	r.out = r.judge()
}

// landing is the index of colour c's displacement landing on s, or -1.
func landing(ds *[2][2]simDisp, nd [2]int, c Color, s Square) int {
	for i := 0; i < nd[c]; i++ {
		if ds[c][i].to == s {
			return i
		}
	}
	return -1
}

// leaving is the index of colour c's displacement leaving s, or -1.
func leaving(ds *[2][2]simDisp, nd [2]int, c Color, s Square) int {
	for i := 0; i < nd[c]; i++ {
		if ds[c][i].from == s {
			return i
		}
	}
	return -1
}

// capture puts a captured piece into its owner's pool as what it is now (§5.6): the pool
// holds the pieces a pawn may promote to, so pawns and kings stay out.
func (r *SimulRules) capture(pc Piece) {
	if t := pc.Type(); t >= Knight && t <= Queen && r.pool[pc.Color()][t] < 255 {
		r.pool[pc.Color()][t]++
	}
}
