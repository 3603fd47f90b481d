package game

import (
	"fmt"
	"strings"
)

// MoveText writes a choice for people, in the position at the start of the turn: SAN
// with pawn moves written by their file when they leave it or capture ("ed5", "exe5"),
// "O-O", "g8=Q", and "pass".
func (r *SimulRules) MoveText(m Move) string {
	if m.Kind == Pass {
		return "pass"
	}
	if r.pos.board[m.From] == NoPiece {
		return m.UCI()
	}
	c := r.pos.board[m.From].Color()
	var buf [MaxMoves]Move
	return r.san(c, m, r.LegalMoves(c, buf[:0]))
}

// san writes c's move m; legal is c's list, for disambiguation.
func (r *SimulRules) san(c Color, m Move, legal []Move) string {
	p := &r.pos
	switch m.Kind {
	case Pass:
		return "pass"
	case Castle:
		return castleSAN(m)
	}
	pc := p.board[m.From]
	capture := p.board[m.To] != NoPiece && p.board[m.To].Color() != c
	var sb strings.Builder
	if pc.Type() == Pawn {
		if capture || m.From.File() != m.To.File() {
			sb.WriteByte(byte('a' + m.From.File()))
		}
	} else {
		sb.WriteByte(p.V.Pieces[pc.Type()].Letter)
		p.writeDisambiguation(&sb, m, legal)
	}
	if capture {
		sb.WriteByte('x')
	}
	sb.WriteString(m.To.String())
	if m.Promo != NoType {
		sb.WriteByte('=')
		sb.WriteByte(p.V.Pieces[m.Promo].Letter)
	}
	return sb.String()
}

// ParseMove reads player p's choice for this turn: coordinates ("e2e4", "g7g8q", "e1g1"
// for castling), MoveText's notation, or "pass", "--", "0000" for a pass.
func (r *SimulRules) ParseMove(p Color, s string) (Move, error) {
	if len(s) > 16 {
		return NullMove, fmt.Errorf("move %.16q…: too long", s)
	}
	if p > Black {
		return NullMove, fmt.Errorf("no such player %d", p)
	}
	if !r.Next().Asks(p) {
		return NullMove, fmt.Errorf("%v is not asked to move now", p)
	}
	t := normalizeSAN(s)
	if t == "" {
		return NullMove, fmt.Errorf("empty move")
	}
	if strings.EqualFold(t, "pass") || t == "--" {
		t = "0000"
	}
	var buf [MaxMoves]Move
	legal := r.LegalMoves(p, buf[:0])
	for _, m := range legal {
		if normalizeSAN(m.UCI()) == t || normalizeSAN(r.san(p, m, legal)) == t {
			return m, nil
		}
	}
	return NullMove, fmt.Errorf("%q is not a legal move of %v here", s, p)
}

// turnNotes tells what a resolution did, for the move list: every capture, collision,
// swap, capture that missed and path crossed, and the end of the game. The comment is the
// same without plain captures of pieces other than kings (the move's "x" tells those).
func (r *SimulRules) turnNotes(t *simTurn) (ev []Event, comment string) {
	var parts []string
	say := func(k EventKind, inComment bool, format string, args ...any) {
		text := fmt.Sprintf(format, args...)
		ev = append(ev, Event{Kind: k, Text: text})
		if inComment {
			parts = append(parts, text)
		}
	}
	name := func(pc Piece) string {
		return colorName(pc.Color()) + "'s " + r.pos.V.Pieces[pc.Type()].Name
	}
	for _, n := range t.notes[:t.n] {
		switch n.kind {
		case noteCollision:
			win, lose, shade := n.a, n.b, "light"
			if !n.sq.Light() {
				win, lose, shade = n.b, n.a, "dark"
			}
			say(EventCapture, true, "collision on %v, a %s square: %s wins, %s is captured", n.sq, shade, name(win), name(lose))
		case noteSwap:
			say(EventInfo, true, "swap: %s and %s change places (%v, %v)", name(n.a), name(n.b), n.sq, n.sq2)
		case noteMissed:
			say(EventInfo, true, "%s takes nothing on %v: %s left", name(n.a), n.sq, name(n.b))
		case noteCapture:
			say(EventCapture, n.b.Type() == King, "%s takes %s on %v", name(n.a), name(n.b), n.sq)
		case noteCrossed:
			say(EventInfo, true, "%s passes %v as %s enters it", name(n.a), n.sq, name(n.b))
		}
	}
	if r.out.Over() {
		say(EventInfo, true, "%s: %s", r.out.Reason, resultWords(r.out.Result))
	}
	return ev, strings.Join(parts, "; ")
}

func resultWords(res Result) string {
	switch res {
	case WhiteWins:
		return "White wins"
	case BlackWins:
		return "Black wins"
	}
	return "draw"
}
