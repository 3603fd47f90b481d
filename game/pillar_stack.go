package game

// Stacks for pillar chess: the board holds the top piece, Position.Under the pieces
// beneath, bottom first. These helpers keep the bitboards and the Zobrist key (which
// counts each piece beneath by its height, see Tower.hash) up to date.

// maxStack is the tallest stack a square can hold: the top piece and a full Tower.
const maxStack = len(Tower{}.P) + 1

// towerKey is the hash term of piece pc at height i beneath the top of square s.
func towerKey(pc Piece, s Square, i int) uint64 { return zPiece[pc][s] * uint64(2*i+3) }

// height is the number of pieces on s.
func (p *Position) height(s Square) int {
	if p.board[s] == NoPiece {
		return 0
	}
	return int(p.Under[s].N) + 1
}

// stackPiece is the i-th piece of s counted from the top (0 is the top piece).
func (p *Position) stackPiece(s Square, i int) Piece {
	if i == 0 {
		return p.board[s]
	}
	t := &p.Under[s]
	return t.P[int(t.N)-i]
}

// bottom is the lowest piece of s (NoPiece on an empty square).
func (p *Position) bottom(s Square) Piece {
	if t := &p.Under[s]; t.N > 0 {
		return t.P[0]
	}
	return p.board[s]
}

// Stack appends the pieces of s to buf, bottom first (the top piece last).
func (p *Position) Stack(s Square, buf []Piece) []Piece {
	if p.board[s] == NoPiece {
		return buf
	}
	if p.Under != nil {
		t := &p.Under[s]
		buf = append(buf, t.P[:t.N]...)
	}
	return append(buf, p.board[s])
}

// lift takes the top k pieces off s (1 ≤ k ≤ height) into part, bottom first.
func (p *Position) lift(s Square, k int, part *[maxStack]Piece) {
	t := &p.Under[s]
	n := int(t.N)
	part[k-1] = p.Remove(s)
	for i := n - k + 1; i < n; i++ {
		pc := t.P[i]
		part[i-(n-k+1)] = pc
		p.hash ^= towerKey(pc, s, i)
		t.P[i] = NoPiece
	}
	if n-k+1 > 0 { // a piece is uncovered: it becomes the top
		i := n - k
		pc := t.P[i]
		p.hash ^= towerKey(pc, s, i)
		t.P[i] = NoPiece
		t.N = uint8(i)
		p.Put(pc, s)
	} else {
		t.N = 0
	}
}

// drop puts part (bottom first) on top of whatever stands on s.
func (p *Position) drop(s Square, part []Piece) {
	t := &p.Under[s]
	if old := p.Remove(s); old != NoPiece {
		p.hash ^= towerKey(old, s, int(t.N))
		t.P[t.N] = old
		t.N++
	}
	last := len(part) - 1
	for _, pc := range part[:last] {
		p.hash ^= towerKey(pc, s, int(t.N))
		t.P[t.N] = pc
		t.N++
	}
	p.Put(part[last], s)
}

// clear empties s: the whole stack leaves the game.
func (p *Position) clear(s Square) {
	t := &p.Under[s]
	p.Remove(s)
	p.hash ^= t.hash(s)
	*t = Tower{}
}

// sqSave is a square's whole stack, kept for taking a move back.
type sqSave struct {
	top Piece
	tw  Tower
}

func (p *Position) save(s Square) sqSave { return sqSave{p.board[s], p.Under[s]} }

// restore puts a saved stack back; the caller restores the hash.
func (p *Position) restore(s Square, v sqSave) {
	p.Remove(s)
	p.Under[s] = v.tw
	if v.top != NoPiece {
		p.Put(v.top, s)
	}
}

// pillarUndo is what taking back one pillar move needs.
type pillarUndo struct {
	from, to, aux sqSave
	castle        uint8
	ep            Square
	hash          uint64
}

// epArrival is the square of the stack an en-passant capture to ep takes, for mover c.
func epArrival(ep Square, c Color) Square {
	if c == White {
		return ep - 8
	}
	return ep + 8
}

// makePillar plays a pillar move without checking it; undoPillar takes it back.
func (p *Position) makePillar(m Move, c *pillarCfg, u *pillarUndo) {
	u.castle, u.ep, u.hash = p.Castle, p.EP, p.hash
	p.hash ^= p.epKey() ^ zCastle[p.Castle]
	us := p.Side
	p.EP = NoSquare
	switch m.Kind {
	case Pass:
	case Castle:
		k, r := p.Remove(m.From), p.Remove(m.Via)
		p.Put(k, m.To)
		p.Put(r, m.Via2)
		p.Castle &^= c.kingHome[m.From]
	default:
		u.from, u.to = p.save(m.From), p.save(m.To)
		h := p.height(m.From)
		k := int(m.N)
		var part [maxStack]Piece
		if m.Kind == EnPassant {
			arr := epArrival(m.To, us)
			u.aux = p.save(arr)
			var arrived [maxStack]Piece
			n := p.height(arr)
			p.lift(arr, n, &arrived)
			p.lift(m.From, k, &part)
			p.drop(m.To, arrived[:n])
			p.drop(m.To, part[:k])
		} else {
			p.lift(m.From, k, &part)
			if m.Promo != NoType {
				p.clear(m.To)
				p.Put(MakePiece(us, m.Promo), m.To)
				p.Castle &^= c.rookHome[m.To]
			} else {
				p.drop(m.To, part[:k])
			}
			if m.Kind == Double {
				p.EP = (m.From + m.To) / 2
			}
		}
		p.Castle &^= c.kingHome[m.From]
		if k == h {
			p.Castle &^= c.rookHome[m.From]
		}
	}
	if us == Black {
		p.Fullmove++
	}
	p.Side = us.Other()
	p.hash ^= zSide ^ zCastle[p.Castle] ^ p.epKey()
}

// undoPillar takes back makePillar(m) given its undo record.
func (p *Position) undoPillar(m Move, u *pillarUndo) {
	p.Side = p.Side.Other()
	if p.Side == Black {
		p.Fullmove--
	}
	switch m.Kind {
	case Pass:
	case Castle:
		k, r := p.Remove(m.To), p.Remove(m.Via2)
		p.Put(k, m.From)
		p.Put(r, m.Via)
	case EnPassant:
		p.restore(m.From, u.from)
		p.restore(m.To, u.to)
		p.restore(epArrival(m.To, p.Side), u.aux)
	default:
		p.restore(m.From, u.from)
		p.restore(m.To, u.to)
	}
	p.Castle, p.EP, p.hash = u.castle, u.ep, u.hash
}
