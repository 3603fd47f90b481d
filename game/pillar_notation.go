package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Pillar move notation, long algebraic because towers make short forms ambiguous:
//
//	Ra1-a4     the rook (alone, or the top piece of a tower) moves to an empty square
//	R3a1xa4    the top 3 pieces, topped by a rook, capture the stack on a4
//	Nb1^d2     the knight climbs onto an own piece or tower on d2
//	e2-e4      a pawn alone; P2e4xd5 is a pawn-topped part of 2
//	e5xd6ep    en passant: the stack that passed goes under the capturer
//	e7-e8=Q    promotion (P2d7xc8=Q: the whole resulting stack is replaced by the queen)
//	O-O O-O-O  castling;  pass  a turn the die allowed no move in
//
// The count after the letter is the number of pieces taken from the top (omitted when
// it is 1); "+" marks check and "#" mate. ParseMove also reads coordinates: "a1a4" moves
// the whole stack, "a1a4/2" its top 2 pieces, "e7e8q" promotes, "e5d6ep" takes en passant.

// moveBody is the notation of a legal move in the current position without check marks.
func (r *pillarRules) moveBody(m Move) string {
	p := r.pos
	switch m.Kind {
	case Pass:
		return "pass"
	case Castle:
		return castleSAN(m)
	}
	top := p.board[m.From].Type()
	var sb strings.Builder
	if top != Pawn || m.N > 1 {
		sb.WriteByte(p.V.Pieces[top].Letter)
	}
	if m.N > 1 {
		sb.WriteString(strconv.Itoa(int(m.N)))
	}
	sb.WriteString(m.From.String())
	switch target := p.board[m.To]; {
	case m.Kind == EnPassant:
		sb.WriteByte('x')
	case target == NoPiece:
		sb.WriteByte('-')
	case target.Color() == p.Side:
		sb.WriteByte('^')
	default:
		sb.WriteByte('x')
	}
	sb.WriteString(m.To.String())
	if m.Promo != NoType {
		sb.WriteByte('=')
		sb.WriteByte(p.V.Pieces[m.Promo].Letter)
	}
	if m.Kind == EnPassant {
		sb.WriteString("ep")
	}
	return sb.String()
}

// coords is the coordinate form of a move; whole is whether to omit the count of a move
// that takes the whole stack.
func (r *pillarRules) coords(m Move, whole bool) string {
	if m.From >= NoSquare || m.To >= NoSquare || m.Promo >= NumTypes {
		return "(no such move)"
	}
	switch m.Kind {
	case Pass:
		return "0000"
	case Castle:
		return m.From.String() + m.To.String()
	}
	s := m.From.String() + m.To.String()
	if m.Promo != NoType {
		s += string(pieceLetters[m.Promo] + 'a' - 'A')
	}
	if !whole || int(m.N) != r.pos.height(m.From) {
		s += "/" + strconv.Itoa(int(m.N))
	}
	if m.Kind == EnPassant {
		s += "ep"
	}
	return s
}

// MoveText writes an action of the current Move step for people, with "+" for check and
// "#" for mate; an action that is not legal now is written in coordinates.
func (r *pillarRules) MoveText(m Move) string {
	legal := false
	for _, l := range r.moves {
		legal = legal || l == m
	}
	if !legal || r.turn == turnRoll || r.turn == turnOver {
		return r.coords(m, false)
	}
	s := r.moveBody(m)
	if m.Kind == Pass {
		return s
	}
	q := r.Clone().(*pillarRules)
	if _, err := q.Apply(Input{Kind: InputMove, Player: r.pos.Side, Move: m}); err == nil {
		if q.out.Reason == "checkmate" {
			s += "#"
		} else if q.pos.pillarInCheck(q.cfg) {
			s += "+"
		}
	}
	return s
}

// normalizePillar is normalizeSAN that also reads "e.p." as "ep".
func normalizePillar(s string) string {
	return normalizeSAN(strings.ReplaceAll(s, "e.p.", "ep"))
}

// loosePillar forgets what a person may get wrong without making a move unclear: the kind
// of arrival ("-", "x" or "^") and the letter P of a lone pawn.
func loosePillar(s string) string {
	s = strings.NewReplacer("x", "-", "^", "-", ":", "-").Replace(s)
	if len(s) > 1 && s[0] == 'P' && s[1] >= 'a' && s[1] <= 'h' {
		s = s[1:]
	}
	return s
}

// ParseMove reads an action of the current Move step in the notation above or in
// coordinates. A form that fits several actions is refused.
func (r *pillarRules) ParseMove(c Color, s string) (Move, error) {
	if len(s) > 32 {
		return NullMove, fmt.Errorf("move %.32q…: too long", s)
	}
	if !r.Next().Asks(c) {
		switch r.turn {
		case turnRoll:
			return NullMove, errors.New("roll the die first")
		case turnOver:
			return NullMove, errors.New("the game is over")
		}
		return NullMove, fmt.Errorf("it is %v's turn", r.pos.Side)
	}
	t := normalizePillar(s)
	if t == "" {
		return NullMove, errors.New("empty move")
	}
	if t == "--" || t == "0000" {
		t = "pass"
	}
	for _, m := range r.moves {
		if normalizePillar(r.moveBody(m)) == t || normalizePillar(r.coords(m, false)) == t {
			return m, nil
		}
	}
	// Looser forms: the count omitted for a whole stack, en passant unmarked, the kind of
	// arrival mistaken.
	var found []Move
	lt := loosePillar(t)
	for _, m := range r.moves {
		c := normalizePillar(r.coords(m, true))
		if c == t || strings.TrimSuffix(c, "ep") == t || loosePillar(normalizePillar(r.moveBody(m))) == lt {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return NullMove, fmt.Errorf("%q is not a legal move here", s)
	}
	return NullMove, fmt.Errorf("%q is ambiguous: %s or %s", s, r.moveBody(found[0]), r.moveBody(found[1]))
}
