package game

import (
	"fmt"
	"strings"
)

// SAN writes a legal move in Standard Algebraic Notation: "Nbd7", "exd6", "e8=Q", "O-O".
// Check and mate marks are added only in games with check.
func (p *Position) SAN(m Move) string {
	s := p.sanBody(m)
	if !p.V.Check {
		return s
	}
	p.Make(m)
	if p.InCheck() {
		var buf [MaxMoves]Move
		if len(p.LegalMoves(buf[:0])) == 0 {
			s += "#"
		} else {
			s += "+"
		}
	}
	p.Unmake()
	return s
}

// sanBody is SAN without the check mark.
func (p *Position) sanBody(m Move) string {
	v := p.V
	if m.Kind == Castle {
		return castleSAN(m)
	}
	pc := p.board[m.From]
	capture := p.board[m.To] != NoPiece || m.Kind == EnPassant
	var sb strings.Builder
	if pc.Type() == Pawn {
		if capture {
			sb.WriteByte(byte('a' + m.From.File()))
		}
	} else {
		sb.WriteByte(v.Pieces[pc.Type()].Letter)
		var buf [MaxMoves]Move
		p.writeDisambiguation(&sb, m, p.LegalMoves(buf[:0]))
	}
	if capture {
		sb.WriteByte('x')
	}
	sb.WriteString(m.To.String())
	if m.Promo != NoType {
		sb.WriteByte('=')
		sb.WriteByte(v.Pieces[m.Promo].Letter)
	}
	return sb.String()
}

// castleSAN is O-O when the rook comes from the king's right, else O-O-O.
func castleSAN(m Move) string {
	if m.Via.File() > m.From.File() {
		return "O-O"
	}
	return "O-O-O"
}

// writeDisambiguation writes what SAN puts after a piece's letter when another identical
// piece has a move in legal to the same square: m's file, else its rank, else its square.
// Castlings do not count (the king's move there is written O-O), nor passes.
func (p *Position) writeDisambiguation(sb *strings.Builder, m Move, legal []Move) {
	pc := p.board[m.From]
	sameFile, sameRank, others := false, false, false
	for _, o := range legal {
		if o.To != m.To || o.From == m.From || o.Kind != Normal || p.board[o.From] != pc {
			continue
		}
		others = true
		sameFile = sameFile || o.From.File() == m.From.File()
		sameRank = sameRank || o.From.Rank() == m.From.Rank()
	}
	if !others {
		return
	}
	switch {
	case !sameFile:
		sb.WriteByte(byte('a' + m.From.File()))
	case !sameRank:
		sb.WriteByte(byte('1' + m.From.Rank()))
	default:
		sb.WriteString(m.From.String())
	}
}

// ParseMove reads a legal move written in SAN (check marks, annotation marks, "0-0" and a
// missing "=" tolerated) or in UCI coordinates.
func (p *Position) ParseMove(s string) (Move, error) {
	if len(s) > 16 {
		return NullMove, fmt.Errorf("move %.16q…: too long", s)
	}
	t := normalizeSAN(s)
	if t == "" {
		return NullMove, fmt.Errorf("empty move")
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	for _, m := range moves {
		if normalizeSAN(m.UCI()) == t || normalizeSAN(p.sanBody(m)) == t {
			return m, nil
		}
	}
	if uci, piece, ok := longAlgebraic(t); ok {
		for _, m := range moves {
			if normalizeSAN(m.UCI()) == uci && (piece == 0 || p.V.Pieces[p.board[m.From].Type()].Letter == piece) {
				return m, nil
			}
		}
	}
	return NullMove, fmt.Errorf("%q is not a legal move here", s)
}

// longAlgebraic reads a normalized move in long algebraic notation, as pgn-extract
// writes it ("Qb8b5", "Qb8-b5", "b7-b8Q", "Nf3xe5"): the coordinates (promotion letter
// upper case, as normalizeSAN leaves it) and the piece letter, 0 when none is given.
func longAlgebraic(t string) (uci string, piece byte, ok bool) {
	if len(t) > 0 && t[0] >= 'A' && t[0] <= 'Z' {
		piece, t = t[0], t[1:]
	}
	sq := func(s string) bool { return len(s) >= 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' }
	if !sq(t) {
		return "", 0, false
	}
	from, rest := t[:2], t[2:]
	if len(rest) > 0 && (rest[0] == '-' || rest[0] == 'x') {
		rest = rest[1:]
	}
	if !sq(rest) || len(rest) > 3 {
		return "", 0, false
	}
	return from + rest, piece, true
}

// trimMarks strips surrounding spaces and the check and annotation marks that follow a
// move ("Nf3+!?" → "Nf3").
func trimMarks(s string) string { return strings.TrimRight(strings.TrimSpace(s), "+#!?") }

// normalizeSAN strips what SAN writers vary in: check and annotation marks, "=", zeros
// written for castling letters, the case of a promotion letter ("b8=q", and "b7b8Q" as
// pgn-extract writes coordinates).
func normalizeSAN(s string) string {
	s = trimMarks(s)
	if strings.HasPrefix(s, "0-0-0") {
		s = "O-O-O" + s[5:]
	} else if strings.HasPrefix(s, "0-0") {
		s = "O-O" + s[3:]
	}
	s = strings.ReplaceAll(s, "=", "")
	if n := len(s); n >= 3 && s[n-2] >= '1' && s[n-2] <= '8' && strings.IndexByte("qrbn", s[n-1]) >= 0 {
		s = s[:n-1] + strings.ToUpper(s[n-1:])
	}
	return s
}
