package game

import (
	"fmt"
	"strings"
)

// Pillar position text is FEN extended for towers and the die:
//
//	board side castling en-passant die [move-number]
//
//   - board: ranks from the top, as in FEN; a square holding a tower is written as its
//     pieces in parentheses, bottom first: "(pnR)" is a black pawn under a black knight
//     under a white rook, which White controls. A lone piece is its letter.
//   - side: w or b. castling: K Q k q or "-" (6×6 short K d1–f1 with R f1→e1, long
//     K d1–b1 with R a1→c1). A right needs the king alone at home and the home square's
//     bottom piece the own rook (a rook captured at home keeps its right).
//   - en-passant: the square a pawn-topped part just passed with a double step, or "-".
//   - die: the face rolled for this turn (K Q R B N P, X for the 6×6 skip face), or "-"
//     when the die has not been rolled. A face is refused where the turn has no roll.
//   - move-number: the full-move number, 1 if omitted.
//
// Example, after 1. e2-e4 on 8×8 with Black to roll:
// "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 - 1".

// maxPillarPieces bounds the pieces of a position (the 8×8 set), so no stack outgrows a
// Tower.
const maxPillarPieces = 32

// parsePillarText reads a position and the pending die face (noFace for "-").
func parsePillarText(v *Variant, text string) (*Position, int8, error) {
	if len(text) > MaxTextLen {
		return nil, noFace, fmt.Errorf("pillar text: %d bytes, more than %d", len(text), MaxTextLen)
	}
	f := strings.Fields(text)
	if len(f) < 5 || len(f) > 6 {
		return nil, noFace, fmt.Errorf("pillar text: %d fields, want 5 or 6 (board side castling en-passant die [move-number])", len(f))
	}
	p := NewPosition(v)
	p.Under = new([64]Tower)
	if err := p.parsePillarBoard(f[0]); err != nil {
		return nil, noFace, err
	}
	side, ok := parseSide(f[1])
	if !ok {
		return nil, noFace, fmt.Errorf("pillar text: side to move %q, want w or b", f[1])
	}
	p.Side = side
	if err := p.parsePillarCastling(f[2]); err != nil {
		return nil, noFace, err
	}
	if f[3] != "-" {
		s, err := ParseSquare(f[3])
		if err != nil || !v.OnBoard(s) {
			return nil, noFace, fmt.Errorf("pillar text: en-passant square %q is not a square of the board", f[3])
		}
		arr := epArrival(s, p.Side)
		if s.Rank() != v.epRank(p.Side) || p.board[s] != NoPiece || p.board[arr] != MakePiece(p.Side.Other(), Pawn) {
			return nil, noFace, fmt.Errorf("pillar text: en-passant square %v: want an empty square just passed by a %v pawn-topped stack", s, p.Side.Other())
		}
		p.EP = s
	}
	die := int8(noFace)
	if f[4] != "-" {
		i := strings.Index(pillarFaceLetters[b2i(v.Files == 8)], f[4])
		if len(f[4]) != 1 || i < 0 {
			return nil, noFace, fmt.Errorf("pillar text: die face %q, want one of %s or -", f[4], strings.Split(pillarFaceLetters[b2i(v.Files == 8)], ""))
		}
		die = int8(i)
	}
	if len(f) > 5 {
		n, ok := parseClock(f[5], 1)
		if !ok {
			return nil, noFace, fmt.Errorf("pillar text: move number %q, want a number 1–10000", f[5])
		}
		p.Fullmove = n
	}
	p.hash = p.computeHash()
	return p, die, nil
}

// parsePillarBoard reads the board field; towers are in parentheses, bottom first.
func (p *Position) parsePillarBoard(b string) error {
	v := p.V
	rows := strings.Split(b, "/")
	if len(rows) != v.Ranks {
		return fmt.Errorf("pillar text: board has %d ranks, want %d", len(rows), v.Ranks)
	}
	total := 0
	var kings [2]int
	for i, row := range rows {
		r := v.Ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				f += int(ch - '0')
				if f > v.Files {
					return fmt.Errorf("pillar text: rank %d has more than %d files", r+1, v.Files)
				}
				continue
			}
			var stack [maxStack]Piece
			n := 0
			if ch == '(' {
				end := strings.IndexByte(row[j:], ')')
				if end < 0 {
					return fmt.Errorf("pillar text: rank %d: unclosed tower", r+1)
				}
				inner := row[j+1 : j+end]
				if len(inner) == 0 {
					return fmt.Errorf("pillar text: rank %d: empty tower ()", r+1)
				}
				if len(inner) > maxStack {
					return fmt.Errorf("pillar text: rank %d: tower of %d pieces, at most %d", r+1, len(inner), maxStack)
				}
				for k := 0; k < len(inner); k++ {
					t, c := v.TypeOf(inner[k])
					if t == NoType {
						return fmt.Errorf("pillar text: rank %d: unknown piece %q in a tower", r+1, inner[k])
					}
					stack[n] = MakePiece(c, t)
					n++
				}
				j += end
			} else {
				t, c := v.TypeOf(ch)
				if t == NoType {
					return fmt.Errorf("pillar text: rank %d: unknown piece %q", r+1, ch)
				}
				stack[0] = MakePiece(c, t)
				n = 1
			}
			if f >= v.Files {
				return fmt.Errorf("pillar text: rank %d has more than %d files", r+1, v.Files)
			}
			s := Sq(f, r)
			for k := 0; k < n; k++ {
				if stack[k].Type() == King {
					kings[stack[k].Color()]++
					if k != n-1 {
						return fmt.Errorf("pillar text: a king inside the tower on %v (a king is always on top)", s)
					}
				}
			}
			if total += n; total > maxPillarPieces {
				return fmt.Errorf("pillar text: more than %d pieces", maxPillarPieces)
			}
			p.Under[s].N = uint8(n - 1)
			copy(p.Under[s].P[:], stack[:n-1])
			p.Put(stack[n-1], s)
			f++
		}
		if f != v.Files {
			return fmt.Errorf("pillar text: rank %d has %d files, want %d", r+1, f, v.Files)
		}
	}
	for c := White; c <= Black; c++ {
		if kings[c] != 1 {
			return fmt.Errorf("pillar text: %v has %d kings, want 1", c, kings[c])
		}
	}
	return nil
}

func (p *Position) parsePillarCastling(s string) error {
	p.Castle = 0
	if s == "-" {
		return nil
	}
	if len(s) > 4 {
		return fmt.Errorf("pillar text: castling field %q too long", s)
	}
	for j := 0; j < len(s); j++ {
		found := false
		for i, c := range p.V.Castlings {
			if c.Letter != s[j] {
				continue
			}
			if p.Castle>>i&1 != 0 {
				return fmt.Errorf("pillar text: castling right %q twice", s[j])
			}
			k, rook := MakePiece(c.Color, King), MakePiece(c.Color, Rook)
			if p.board[c.From] != k || p.Under[c.From].N != 0 || p.bottom(c.RookFrom) != rook {
				return fmt.Errorf("pillar text: castling right %q needs the king alone on %v and its rook at the bottom of %v", s[j], c.From, c.RookFrom)
			}
			p.Castle |= 1 << i
			found = true
		}
		if !found {
			return fmt.Errorf("pillar text: castling field: unknown right %q", s[j])
		}
	}
	return nil
}

// Text is the position text (see parsePillarText).
func (r *pillarRules) Text() string {
	p := r.pos
	die := "-"
	if r.die != noFace {
		die = pillarFaceLetters[b2i(r.cfg.big)][r.die : r.die+1]
	}
	return fmt.Sprintf("%s %c %s %v %s %d", p.BoardText(), "wb"[p.Side], p.CastlingText(), p.EP, die, p.Fullmove)
}
