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
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.UCI() == t || normalizeSAN(p.sanBody(m)) == t {
			return m, nil
		}
	}
	return NullMove, fmt.Errorf("%q is not a legal move here", s)
}

// trimMarks strips surrounding spaces and the check and annotation marks that follow a
// move ("Nf3+!?" → "Nf3").
func trimMarks(s string) string { return strings.TrimRight(strings.TrimSpace(s), "+#!?") }

// normalizeSAN strips what SAN writers vary in: check and annotation marks, "=", zeros
// written for castling letters.
func normalizeSAN(s string) string {
	s = trimMarks(s)
	if strings.HasPrefix(s, "0-0-0") {
		s = "O-O-O" + s[5:]
	} else if strings.HasPrefix(s, "0-0") {
		s = "O-O" + s[3:]
	}
	s = strings.ReplaceAll(s, "=", "")
	return s
}
