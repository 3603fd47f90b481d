package game

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxTextLen bounds every position text and move text the package reads: longer input is
// refused before it is looked at.
const MaxTextLen = 1024

// ParseFEN reads a position of variant v in Forsyth–Edwards Notation:
// "board side castling en-passant halfmove fullmove"; the last two fields may be omitted.
// Errors name the field and what is wrong with it.
func ParseFEN(v *Variant, fen string) (*Position, error) {
	if len(fen) > MaxTextLen {
		return nil, fmt.Errorf("fen: %d bytes, more than %d", len(fen), MaxTextLen)
	}
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return nil, fmt.Errorf("fen: %d fields, want 4 to 6 (board side castling en-passant [halfmove fullmove])", len(f))
	}
	p := NewPosition(v)
	if err := p.parseBoard(f[0]); err != nil {
		return nil, err
	}
	side, ok := parseSide(f[1])
	if !ok {
		return nil, fmt.Errorf("fen: side to move %q, want w or b", f[1])
	}
	p.Side = side
	if err := p.parseCastling(f[2]); err != nil {
		return nil, err
	}
	if f[3] != "-" {
		s, err := ParseSquare(f[3])
		if err != nil || !v.OnBoard(s) {
			return nil, fmt.Errorf("fen: en-passant square %q is not a square of the board", f[3])
		}
		if err := p.checkEP(s); err != nil {
			return nil, fmt.Errorf("fen: %w", err)
		}
		p.EP = s
	}
	p.Halfmove, p.Fullmove = 0, 1
	if len(f) > 4 {
		n, ok := parseClock(f[4], 0)
		if !ok {
			return nil, fmt.Errorf("fen: halfmove clock %q, want a number 0–10000", f[4])
		}
		p.Halfmove = n
	}
	if len(f) > 5 {
		n, ok := parseClock(f[5], 1)
		if !ok {
			return nil, fmt.Errorf("fen: move number %q, want a number 1–10000", f[5])
		}
		p.Fullmove = n
	}
	if v.Check {
		for c := White; c <= Black; c++ {
			if p.Pieces(c, King).Count() != 1 {
				return nil, fmt.Errorf("fen: %v has %d kings, want 1", c, p.Pieces(c, King).Count())
			}
		}
		if p.Attacked(p.KingSquare(p.Side.Other()), p.Side) {
			return nil, fmt.Errorf("fen: the side not to move is in check")
		}
	}
	p.hash = p.computeHash()
	return p, nil
}

// maxClock is the largest halfmove clock or move number a position text holds.
const maxClock = 10000

// parseClock reads a halfmove clock or a move number, from lo to maxClock.
func parseClock(s string, lo int) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= maxClock
}

// checkEP refuses en-passant square s unless the side not to move can just have made a
// double step over it: s on the right rank and empty, the pawn on the square in front
// of it, the square it came from empty. The square is accepted whether or not a pawn
// can take there (lichess and Stockfish write it only then; older tools always).
func (p *Position) checkEP(s Square) error {
	v := p.V
	if !v.EnPassant || !v.DoubleStep {
		return fmt.Errorf("en-passant square %v: %s has no en passant", s, v.Name)
	}
	if s.Rank() != v.epRank(p.Side) {
		return fmt.Errorf("en-passant square %v is not on rank %d, the one a %v pawn passes", s, v.epRank(p.Side)+1, p.Side.Other())
	}
	dir := 1 // the passing pawn's direction of travel, in ranks
	if p.Side == White {
		dir = -1
	}
	front, from := Sq(s.File(), s.Rank()+dir), Sq(s.File(), s.Rank()-dir)
	if p.board[front] != MakePiece(p.Side.Other(), Pawn) {
		return fmt.Errorf("en-passant square %v: no %v pawn on %v that could have passed it", s, p.Side.Other(), front)
	}
	if p.board[s] != NoPiece || p.board[from] != NoPiece {
		return fmt.Errorf("en-passant square %v: %v and %v must be empty after a double step", s, s, from)
	}
	return nil
}

// epRank is the rank of the en-passant square when side is to move: the square an enemy
// pawn just passed.
func (v *Variant) epRank(side Color) int {
	if side == Black {
		return 2
	}
	return v.Ranks - 3
}

// parseSide reads the side-to-move field of a position text: "w" or "b".
func parseSide(s string) (Color, bool) {
	switch s {
	case "w":
		return White, true
	case "b":
		return Black, true
	}
	return White, false
}

// parseBoard reads the piece placement field.
func (p *Position) parseBoard(b string) error {
	v := p.V
	rows := strings.Split(b, "/")
	if len(rows) != v.Ranks {
		return fmt.Errorf("fen: board has %d ranks, want %d", len(rows), v.Ranks)
	}
	for i, row := range rows {
		r := v.Ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '9' {
				f += int(ch - '0')
				continue
			}
			t, c := v.TypeOf(ch)
			if t == NoType {
				return fmt.Errorf("fen: rank %d: unknown piece %q", r+1, ch)
			}
			if f >= v.Files {
				return fmt.Errorf("fen: rank %d has more than %d files", r+1, v.Files)
			}
			if t == Pawn && r == v.promoRank[c] {
				return fmt.Errorf("fen: %v pawn on its last rank at %v", c, Sq(f, r))
			}
			if t == Pawn && r == v.promoRank[c.Other()] {
				return fmt.Errorf("fen: %v pawn on its own first rank at %v", c, Sq(f, r))
			}
			p.Put(MakePiece(c, t), Sq(f, r))
			f++
		}
		if f != v.Files {
			return fmt.Errorf("fen: rank %d has %d files, want %d", r+1, f, v.Files)
		}
	}
	return nil
}

func (p *Position) parseCastling(s string) error {
	p.Castle = 0
	if s == "-" {
		return nil
	}
	if len(s) > 8 {
		return fmt.Errorf("fen: castling field %q too long", s)
	}
	for j := 0; j < len(s); j++ {
		found := false
		for i, c := range p.V.Castlings {
			if c.Letter == s[j] {
				if p.board[c.From] != MakePiece(c.Color, c.Monarch) || p.board[c.RookFrom] != MakePiece(c.Color, Rook) {
					return fmt.Errorf("fen: castling right %q without its pieces at home", s[j])
				}
				p.Castle |= 1 << i
				found = true
			}
		}
		if !found {
			return fmt.Errorf("fen: castling field: unknown right %q", s[j])
		}
	}
	return nil
}

// FEN writes the position. The en-passant square is written only when a pawn can take
// there (EPCapturable), as lichess, chessops, Stockfish and Fairy-Stockfish write it.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.WriteString(p.BoardText())
	sb.WriteString([]string{" w ", " b "}[p.Side])
	sb.WriteString(p.CastlingText())
	sb.WriteByte(' ')
	sb.WriteString(p.EPText())
	fmt.Fprintf(&sb, " %d %d", p.Halfmove, p.Fullmove)
	return sb.String()
}

// EPText is the en-passant field of FEN: the square when a pawn can take there, else "-".
func (p *Position) EPText() string {
	if !p.EPCapturable() {
		return "-"
	}
	return p.EP.String()
}

// BoardText is the piece placement field of FEN. A square with pieces beneath its top
// piece (pillar chess) is written as its tower in parentheses, bottom first: "(pnR)".
func (p *Position) BoardText() string {
	v := p.V
	var sb strings.Builder
	for r := v.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < v.Files; f++ {
			s := Sq(f, r)
			pc := p.board[s]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			if p.Under == nil || p.Under[s].N == 0 {
				sb.WriteByte(v.Letter(pc))
				continue
			}
			sb.WriteByte('(')
			for _, q := range p.Under[s].P[:p.Under[s].N] {
				sb.WriteByte(v.Letter(q))
			}
			sb.WriteByte(v.Letter(pc))
			sb.WriteByte(')')
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// CastlingText is the castling field of FEN ("-" when none).
func (p *Position) CastlingText() string {
	var b []byte
	for i, c := range p.V.Castlings {
		if p.Castle>>i&1 != 0 {
			b = append(b, c.Letter)
		}
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}
