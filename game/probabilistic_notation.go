package game

import (
	"fmt"
	"strings"
)

// parseUCI reads "e7e8q"-like coordinates.
func (r *probRules) parseUCI(s string) (from, to Square, promo PieceType, err error) {
	if len(s) != 4 && len(s) != 5 {
		return 0, 0, 0, fmt.Errorf("want coordinates like e4d5")
	}
	from, err1 := ParseSquare(s[:2])
	to, err2 := ParseSquare(s[2:4])
	if err1 != nil || err2 != nil || !r.pos.V.OnBoard(from) || !r.pos.V.OnBoard(to) {
		return 0, 0, 0, fmt.Errorf("bad squares")
	}
	if len(s) == 5 {
		if s[4] < 'a' || s[4] > 'z' {
			return 0, 0, 0, fmt.Errorf("bad promotion letter %q", s[4])
		}
		if promo, _ = r.pos.V.TypeOf(s[4]); promo == NoType {
			return 0, 0, 0, fmt.Errorf("bad promotion letter %q", s[4])
		}
	}
	return from, to, promo, nil
}

// MoveText writes an action for people: SAN for chess moves ("Nxe5" is an attempt),
// "Nxe5,Bxe5" for a defence (first attempt, then second), "strike:Qxe8" for the strike
// on a mated king and "no-strike" for declining it.
func (r *probRules) MoveText(m Move) string {
	if !r.legal(m) {
		return fmt.Sprintf("?%v%v", m.From, m.To)
	}
	return r.moveText(m)
}

// moveText is MoveText of an action known to be legal.
func (r *probRules) moveText(m Move) string {
	switch m.Kind {
	case Decline:
		return "no-strike"
	case Strike:
		return "strike:" + r.attemptText(m)
	case Defence:
		a, b := defenceParts(r.pos, m)
		return r.attemptText(a) + "," + r.attemptText(b)
	}
	return r.pos.sanBody(m)
}

// attemptText is an attempt's capture in SAN (a strike as the capture of the king).
func (r *probRules) attemptText(m Move) string {
	if m.Kind == Strike {
		m = Move{From: m.From, To: m.To}
	}
	return r.pos.sanBody(m)
}

// ParseMove reads an action in MoveText's notation or in coordinates ("e4d5",
// "e4d5,c3d5" for a defence, "f7e8" for a strike); "decline" declines a strike too.
func (r *probRules) ParseMove(c Color, s string) (Move, error) {
	if len(s) > 40 {
		return NullMove, fmt.Errorf("move %.40q…: too long", s)
	}
	p := r.pos
	switch {
	case r.out.Over():
		return NullMove, fmt.Errorf("the game is over (%s)", r.out.Reason)
	case r.phase == probDraw:
		return NullMove, fmt.Errorf("the game waits for the draw of %s, not a move", r.attemptText(r.cur))
	case c != p.Side:
		return NullMove, fmt.Errorf("it is %v's turn", p.Side)
	}
	t := strings.TrimSpace(s)
	if r.phase == probOffer {
		switch strings.ToLower(t) {
		case "no-strike", "decline":
			return Move{From: NoSquare, To: NoSquare, Kind: Decline}, nil
		}
		t = normalizeSAN(strings.TrimPrefix(t, "strike:"))
		for _, m := range r.Moves(c, nil) {
			if m.Kind == Strike && (t == normalizeSAN(m.UCI()) || t == normalizeSAN(r.attemptText(m))) {
				return m, nil
			}
		}
		return NullMove, fmt.Errorf("%q is not a strike here: strike with a piece attacking the king (strike:Qxe8) or decline (no-strike)", s)
	}
	if a, b, two := strings.Cut(t, ","); two {
		m1, err := p.ParseMove(a)
		if err != nil {
			return NullMove, fmt.Errorf("defence %q: first attempt: %w", s, err)
		}
		m2, err := p.ParseMove(b)
		if err != nil {
			return NullMove, fmt.Errorf("defence %q: second attempt: %w", s, err)
		}
		d := Move{From: m1.From, To: m1.To, Kind: Defence, Promo: m1.Promo, Via: m2.From, Via2: m2.To, Promo2: m2.Promo}
		if !r.legal(d) {
			return NullMove, fmt.Errorf("%q is not a defence here: two different pieces must each capture a piece attacking the king", s)
		}
		return d, nil
	}
	return p.ParseMove(t)
}
