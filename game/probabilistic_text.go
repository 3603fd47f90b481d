package game

import (
	"fmt"
	"strings"
)

// Text is the position text: the FEN, followed, while a turn is in progress, by tokens
// saying what is pending:
//
//	try=e4d5          a declared capture attempt waits for its draw (nothing moved yet)
//	try=e4d5,c3d5     a declared two-attempt defence waits for its first draw
//	then=c3d5         a defence's first attempt is resolved; the second waits for its draw
//	offer             the mover may strike the classically mated king, or decline
//	strike=f7e8       the strike from f7 on the king on e8 waits for its draw
//	ep=e3             with offer or strike: the en-passant square the opponent gets when
//	                  the turn ends (the turn's move was a double step)
//
// With try= the FEN is the position the turn started from. With then=, offer and strike=
// the turn has begun: the FEN's side is still the mover's, its en-passant field is "-"
// and its halfmove clock already counts the turn (the move number grows when it ends).
// A finished game is a plain FEN in which the side that made the last move is to move.
func (r *probRules) Text() string {
	s := r.pos.FEN()
	if r.out.Over() || r.phase == probMove {
		return s
	}
	switch {
	case r.phase == probOffer:
		s += " offer"
	case r.ctx == ctxMove:
		s += " try=" + r.cur.UCI()
	case r.ctx == ctxFirst:
		s += " try=" + r.cur.UCI() + "," + r.next.UCI()
	case r.ctx == ctxSecond:
		s += " then=" + r.cur.UCI()
	case r.ctx == ctxStrike:
		s += " strike=" + r.cur.UCI()
	}
	if r.epNext != NoSquare {
		s += " ep=" + r.epNext.String()
	}
	return s
}

// load reads position text ("" for the start position) into r.
func (r *probRules) load(v *Variant, text string) error {
	if len(text) > MaxTextLen {
		return fmt.Errorf("position: %d bytes, more than %d", len(text), MaxTextLen)
	}
	f := strings.Fields(text)
	n := 0
	for n < len(f) && !strings.Contains(f[n], "=") && f[n] != "offer" {
		n++
	}
	fen := strings.Join(f[:n], " ")
	if text == "" {
		fen = v.Start
	}
	p, err := ParseFEN(v, fen)
	if err != nil {
		return err
	}
	r.pos = p
	kings := 0
	for c := White; c <= Black; c++ {
		k := p.Pieces(c, King).Count()
		if k > 1 {
			return fmt.Errorf("position: %v has %d kings, want one", c, k)
		}
		kings += k
	}
	if kings == 0 {
		return fmt.Errorf("position: no kings")
	}
	tok := map[string]string{}
	for _, t := range f[n:] {
		k, val, eq := strings.Cut(t, "=")
		switch {
		case k == "offer" && !eq, (k == "try" || k == "then" || k == "strike" || k == "ep") && eq:
		default:
			return fmt.Errorf("position: unknown token %q (want try=, then=, offer, strike=, ep=)", t)
		}
		if _, dup := tok[k]; dup {
			return fmt.Errorf("position: token %s given twice", k)
		}
		tok[k] = val
	}
	if len(tok) == 0 {
		r.out = r.judge()
		return nil
	}
	if kings < 2 {
		return fmt.Errorf("position: a king is gone, so the game is over and nothing can be pending")
	}
	_, ep := tok["ep"]
	_, offer := tok["offer"]
	_, strike := tok["strike"]
	if len(tok)-b2i(ep) != 1 {
		return fmt.Errorf("position: want one of try=, then=, offer, strike=, not %d", len(tok)-b2i(ep))
	}
	if ep && !offer && !strike {
		return fmt.Errorf("position: ep= goes only with offer or strike=")
	}
	if s, ok := tok["try"]; ok {
		if o := r.judge(); o.Over() {
			return fmt.Errorf("position: the game is over here (%s), nothing can be declared", o.Reason)
		}
		return r.loadTry(s)
	}
	// The turn has begun.
	if p.EP != NoSquare {
		return fmt.Errorf("position: en-passant field must be - while a turn is in progress (the next square goes in ep=)")
	}
	p.hist = append(p.hist, undo{move: NullMove}) // the turn's entry: keeps repetition counts in step
	if ep {
		if err := r.loadEP(tok["ep"]); err != nil {
			return err
		}
	}
	if s, ok := tok["then"]; ok {
		from, to, promo, err := r.parseUCI(s)
		if err != nil {
			return fmt.Errorf("position: then=%s: %w", s, err)
		}
		m := attemptMove(p, from, to, promo)
		if !r.reachable(m) {
			return fmt.Errorf("position: then=%s: not a capture %v can attempt here", s, p.Side)
		}
		r.phase, r.ctx, r.cur = probDraw, ctxSecond, m
		return nil
	}
	if !r.classicalMate(p.Side.Other(), r.epNext) || r.strikers() == 0 {
		return fmt.Errorf("position: a strike needs the %v king mated and attacked by a %v piece other than the king", p.Side.Other(), p.Side)
	}
	if offer {
		r.phase = probOffer
		return nil
	}
	s := tok["strike"]
	from, to, promo, err := r.parseUCI(s)
	if err != nil || promo != NoType {
		return fmt.Errorf("position: strike=%s: want the striker's and the king's squares", s)
	}
	m := Move{From: from, To: to, Kind: Strike}
	if to != p.KingSquare(p.Side.Other()) || !r.strikers().Has(from) {
		return fmt.Errorf("position: strike=%s: no %v piece on %v strikes the king there", s, p.Side, from)
	}
	r.phase, r.ctx, r.cur = probDraw, ctxStrike, m
	return nil
}

// loadTry reads try=: a declared attempt or defence, before anything moved.
func (r *probRules) loadTry(s string) error {
	var buf [MaxMoves]Move
	for _, m := range r.Moves(r.pos.Side, buf[:0]) {
		u := m.UCI()
		if m.Kind == Defence {
			_, b := defenceParts(r.pos, m)
			u += "," + b.UCI()
		} else if !r.isAttempt(m) {
			continue
		}
		if u == s {
			r.applyMove(m)
			return nil
		}
	}
	return fmt.Errorf("position: try=%s: not a capture attempt or defence %v can declare here", s, r.pos.Side)
}

// loadEP reads ep=: the square the mover's pawn just passed with a double step.
func (r *probRules) loadEP(s string) error {
	p := r.pos
	sq, err := ParseSquare(s)
	if err != nil || !p.V.OnBoard(sq) || sq.Rank() != p.V.epRank(p.Side.Other()) {
		return fmt.Errorf("position: ep=%s: not a square a %v pawn just passed", s, p.Side)
	}
	front, back := sq+8, sq-8
	if p.Side == Black {
		front, back = back, front
	}
	if p.board[sq] != NoPiece || p.board[front] != MakePiece(p.Side, Pawn) || p.board[back] != NoPiece {
		return fmt.Errorf("position: ep=%s: not a square a %v pawn just passed", s, p.Side)
	}
	r.epNext = sq
	return nil
}
