package game

import (
	"fmt"
	"strings"
)

// Crown notation. Board moves are SAN with Crown's letters (K king, D dame, F ferz,
// O and X the orthogonal and diagonal halves, A paratrooper, S stone). The other actions:
//
//	move list           PGN token / typed form  meaning
//	crown chosen        crown                   a crown choice (the value stays secret)
//	0-0 (K), 0-0-0 (D)  0-0K, 0-0-0D            castling by the King or the Dame: 0-0 with
//	                                            the rook three files away, 0-0-0 four
//	A@e4                A@e4                    paratrooper dropped on e4
//	S@e4                S@e4                    stone placed on e4 (mine bit secret)
//	crown hidden        hide                    the crown hidden (square secret)
//	Ke4 split (Oe4, Xf5)  Ke4/Xf5               the King on e4 splits, its X half to f5
//	Ae4-e6, Ae4xe6      the same                paratrooper to e6 (capturing there: x)
//	Ae4xe5-e6, Ae4xe5xe6, Ae4xe5-e4, Ah1-off    first step takes e5; "-off": to reserve
//
// Typed input may add the secret value after a colon: "crown:K", "crown:D", "S@e4:1"
// (mined) or "S@e4:0", "hide:e5", "Ke4/Xf5:O" (the O half crowned). Board moves may also be
// typed in coordinates ("e2e4", "e7e8f", "e1g1" castles).

// MoveText writes a legal action for people.
func (r *crownRules) MoveText(m Move) string {
	p := &r.pos
	switch m.Kind {
	case Choose:
		return "crown chosen"
	case Pass:
		return "pass"
	case Castle:
		return fmt.Sprintf("%s (%c)", crownCastleName(m), p.V.Pieces[p.board[m.From].Type()].Letter)
	case HideCrown:
		return "crown hidden"
	case SplitMonarch:
		l := p.V.Pieces[p.board[m.From].Type()].Letter
		other := HalfOrth + HalfDiag - m.Promo
		a, b := fmt.Sprintf("%c%v", p.V.Pieces[other].Letter, m.From), fmt.Sprintf("%c%v", p.V.Pieces[m.Promo].Letter, m.To)
		if m.Promo == HalfOrth {
			a, b = b, a
		}
		return fmt.Sprintf("%c%v split (%s, %s)", l, m.From, a, b)
	}
	return r.moveToken(m)
}

// moveToken writes a legal action as one PGN token.
func (r *crownRules) moveToken(m Move) string {
	p := &r.pos
	v := p.V
	switch m.Kind {
	case Choose:
		return "crown"
	case Pass:
		return "pass"
	case Castle:
		return crownCastleName(m) + string(v.Pieces[p.board[m.From].Type()].Letter)
	case Drop:
		return fmt.Sprintf("%c@%v", v.Pieces[Para].Letter, m.To)
	case PlaceStone:
		return fmt.Sprintf("%c@%v", v.Pieces[Stone].Letter, m.To)
	case HideCrown:
		return "hide"
	case SplitMonarch:
		return fmt.Sprintf("%c%v/%c%v", v.Pieces[p.board[m.From].Type()].Letter, m.From, v.Pieces[m.Promo].Letter, m.To)
	case ParaMove:
		var sb strings.Builder
		sb.WriteByte(v.Pieces[Para].Letter)
		sb.WriteString(m.From.String())
		if m.Via != NoSquare {
			sb.WriteByte('x')
			sb.WriteString(m.Via.String())
		}
		switch {
		case m.To == NoSquare:
			sb.WriteString("-off")
		case m.To != m.From && p.board[m.To] != NoPiece:
			sb.WriteByte('x')
			sb.WriteString(m.To.String())
		default:
			sb.WriteByte('-')
			sb.WriteString(m.To.String())
		}
		return sb.String()
	}
	return p.sanBody(m)
}

// crownCastleName is 0-0 for castling with the nearer rook, 0-0-0 with the farther.
func crownCastleName(m Move) string {
	d := m.Via.File() - m.From.File()
	if d == 4 || d == -4 {
		return "0-0-0"
	}
	return "0-0"
}

// crownUCI writes any Crown action in coordinates, without its secret: "e2e4", "e7e8f",
// "e1g1" (castling), "crown", "hide", "A@e4", "S@e4", "e4f5x" (split, the X half to f5),
// "d4b3" or "d4c5b3" (paratrooper to b3, first taking c5), "h1off" (to the reserve).
func crownUCI(m Move) string {
	sq := func(s Square) string {
		if s >= NoSquare {
			return "off"
		}
		return s.String()
	}
	switch m.Kind {
	case Choose:
		return "crown"
	case Pass:
		return "pass"
	case HideCrown:
		return "hide"
	case Drop, PlaceStone:
		l := "A@"
		if m.Kind == PlaceStone {
			l = "S@"
		}
		return l + sq(m.To)
	case ParaMove:
		if m.Via != NoSquare {
			return sq(m.From) + sq(m.Via) + sq(m.To)
		}
		return sq(m.From) + sq(m.To)
	}
	s := sq(m.From) + sq(m.To)
	if m.Promo != NoType && m.Promo < NumTypes {
		s += string(crownLetters[m.Promo] + 'a' - 'A')
	}
	return s
}

// crownLetters are Crown's piece letters by type.
var crownLetters = [NumTypes]byte{' ', 'P', 'N', 'B', 'R', 'F', 'K', 'D', 'S', 'A', 'O', 'X'}

// crownNorm makes typed move text comparable: no spaces, brackets or '=', zeros for the
// letter O in castling.
func crownNorm(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '(', ')', '=':
		default:
			b = append(b, c)
		}
	}
	t := string(b)
	if strings.HasPrefix(t, "O-O") {
		t = strings.ReplaceAll(t[:min(len(t), 5)], "O", "0") + t[min(len(t), 5):]
	}
	return t
}

// ParseMove reads an action of player p in the notation above or in coordinates.
func (r *crownRules) ParseMove(c Color, s string) (Move, error) {
	if len(s) > 64 {
		return NullMove, fmt.Errorf("move %.16q…: too long", s)
	}
	if c > Black || r.out.Over() || r.pend.n > 0 || c != r.pos.Side {
		return NullMove, fmt.Errorf("it is not %v's turn to move", c)
	}
	t := trimMarks(s)
	pub, sec, hasSec := t, "", false
	if i := strings.LastIndexByte(t, ':'); i >= 0 {
		pub, sec, hasSec = t[:i], strings.TrimSpace(t[i+1:]), true
	}
	want := crownNorm(pub)
	if want == "" {
		return NullMove, fmt.Errorf("empty move")
	}
	var buf [crownMaxMoves]Move
	var found []Move
	for _, l := range r.Moves(c, buf[:0]) {
		if l.Kind <= EnPassant && !strings.Contains(want, l.To.String()) {
			continue // SAN and coordinates of a board move always name its square
		}
		if want == crownNorm(crownUCI(l)) || want == crownNorm(r.moveToken(l)) || want == crownNorm(r.MoveText(l)) {
			found = append(found, l)
		}
	}
	if len(found) == 0 {
		return NullMove, fmt.Errorf("%q is not a legal move here", s)
	}
	for _, l := range found[1:] {
		if crownSeal(l) != crownSeal(found[0]) {
			return NullMove, fmt.Errorf("%q is ambiguous", s)
		}
	}
	if !crownHasSecret(found[0]) {
		if hasSec {
			return NullMove, fmt.Errorf("%q: this move has no secret part", s)
		}
		return found[0], nil
	}
	if !hasSec {
		return crownSeal(found[0]), nil
	}
	if !r.holds[c] {
		return NullMove, fmt.Errorf("%q: this state does not hold %v's secrets", s, c)
	}
	for _, l := range found {
		if crownSecretText(l) == strings.ToUpper(sec) {
			return l, nil
		}
	}
	return NullMove, fmt.Errorf("%q: secret value %q not allowed here", s, sec)
}

// crownSecretText is the typed form of a move's secret value.
func crownSecretText(m Move) string {
	switch m.Kind {
	case Choose:
		return [3]string{"K", "D", "?"}[min(m.N, 2)]
	case PlaceStone:
		return [3]string{"0", "1", "?"}[min(m.N, 2)]
	case HideCrown:
		return strings.ToUpper(m.To.String())
	case SplitMonarch:
		return [3]string{"O", "X", "?"}[min(m.N, 2)]
	}
	return ""
}
