package game

import (
	"fmt"
	"strings"
)

// Position text of simultaneous chess: a FEN followed by three fields, and a fourth in
// the referee's text while one sealed choice waits for the other:
//
//	<board> w <castling> - <turns without capture or pawn move> <turn> <resting> <pools> <passes> [<sealed>]
//
//   - the FEN's side is always w (both move) and its en-passant field always -; its two
//     counters count turns;
//   - resting: the squares of the pieces that moved last turn and may not move this turn,
//     comma-separated ("e4,d5"; "-" for none), at most two per colour (a castled king and
//     rook);
//   - pools: the pieces each player may promote to, i.e. own pieces the opponent captured,
//     White's in upper case then Black's in lower case ("QNr"; "-" for none);
//   - passes: how many turns in a row both players passed (0–2);
//   - sealed: "w:e2e4" or "b:0000", the player whose choice is in and that choice in
//     coordinates (0000 is a pass). A player's View never writes it.
//
// A plain FEN (4–6 fields) reads as a position with nothing resting, empty pools and no
// passes. The start position, and the referee's text after 1. Nf3 Nc6 with White's next
// choice sealed:
//
//	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - 0
//	r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 f3,c6 - 0 w:e2e4

// Text is the position text (see above).
func (r *SimulRules) Text() string {
	var sb strings.Builder
	sb.WriteString(r.pos.BoardText())
	fmt.Fprintf(&sb, " w %s - %d %d ", r.pos.CastlingText(), r.pos.Halfmove, r.pos.Fullmove)
	rest := r.rest[White] | r.rest[Black]
	if rest == 0 {
		sb.WriteByte('-')
	}
	for first := true; rest != 0; first = false {
		if !first {
			sb.WriteByte(',')
		}
		sb.WriteString(rest.Pop().String())
	}
	sb.WriteByte(' ')
	sb.WriteString(r.poolText())
	fmt.Fprintf(&sb, " %d", r.passes)
	if r.viewer < 0 {
		for c := White; c <= Black; c++ {
			if r.sealed[c] {
				fmt.Fprintf(&sb, " %c:%s", "wb"[c], r.choice[c].UCI())
			}
		}
	}
	return sb.String()
}

// poolText writes both pools, strongest pieces first ("-" when both are empty).
func (r *SimulRules) poolText() string {
	var b []byte
	for c := White; c <= Black; c++ {
		for _, t := range r.pos.V.Promotions {
			for i := 0; i < int(r.pool[c][t]); i++ {
				b = append(b, r.pos.V.Letter(MakePiece(c, t)))
			}
		}
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}

// load reads position text into r (a fresh referee state).
func (r *SimulRules) load(v *Variant, text string) error {
	if text == "" {
		text = v.Start
	}
	if len(text) > MaxTextLen {
		return fmt.Errorf("simultaneous: position text of %d bytes, more than %d", len(text), MaxTextLen)
	}
	f := strings.Fields(text)
	var extra []string
	switch len(f) {
	case 4, 5, 6:
	case 9, 10:
		f, extra = f[:6], f[6:]
	default:
		return fmt.Errorf("simultaneous: %d fields, want a FEN (4–6 fields) or FEN resting pools passes [sealed] (9 or 10)", len(f))
	}
	p, err := ParseFEN(v, strings.Join(f, " "))
	if err != nil {
		return fmt.Errorf("simultaneous: %w", err)
	}
	if p.Side != White {
		return fmt.Errorf("simultaneous: fen: side field %q, want w (both players move at once)", f[1])
	}
	if p.EP != NoSquare {
		return fmt.Errorf("simultaneous: fen: en-passant square %v: there is no en passant", p.EP)
	}
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n > 1 {
			return fmt.Errorf("simultaneous: fen: %v has %d kings, want at most 1", c, n)
		}
	}
	r.pos = *p
	r.pos.hist = nil
	if extra != nil {
		if err := r.parseRest(extra[0]); err != nil {
			return err
		}
		if err := r.parsePools(extra[1]); err != nil {
			return err
		}
		switch extra[2] {
		case "0", "1", "2":
			r.passes = extra[2][0] - '0'
		default:
			return fmt.Errorf("simultaneous: passes field %q, want 0, 1 or 2", extra[2])
		}
	}
	r.out = r.judge()
	if len(extra) == 4 {
		return r.parseSealed(extra[3])
	}
	return nil
}

func (r *SimulRules) parseRest(s string) error {
	if s == "-" {
		return nil
	}
	parts := strings.Split(s, ",")
	if len(parts) > 4 {
		return fmt.Errorf("simultaneous: resting field %q: more than four squares", s)
	}
	for _, name := range parts {
		sq, err := ParseSquare(name)
		if err != nil {
			return fmt.Errorf("simultaneous: resting field: %v", err)
		}
		pc := r.pos.board[sq]
		if pc == NoPiece {
			return fmt.Errorf("simultaneous: resting field: no piece on %v", sq)
		}
		if r.rest[pc.Color()].Has(sq) {
			return fmt.Errorf("simultaneous: resting field: %v twice", sq)
		}
		r.rest[pc.Color()] |= Bit(sq)
	}
	for c := White; c <= Black; c++ {
		b := r.rest[c]
		if b.Count() == 2 && (b&r.pos.byType[King] == 0 || b&r.pos.byType[Rook] == 0) {
			return fmt.Errorf("simultaneous: resting field: two %v pieces rest, but not a castled king and rook", c)
		}
		if b.Count() > 2 {
			return fmt.Errorf("simultaneous: resting field: %d %v pieces rest, want at most 2", b.Count(), c)
		}
	}
	return nil
}

// parsePools reads the pools. A colour's pieces on the board and in its pool number at most
// 64: no turn adds to that sum (a capture moves a piece from the board to the pool, a
// promotion from the pool to the board for a pawn), so the counts stay small forever.
func (r *SimulRules) parsePools(s string) error {
	if s == "-" {
		return nil
	}
	n := [2]int{r.pos.byColor[White].Count(), r.pos.byColor[Black].Count()}
	for i := 0; i < len(s); i++ {
		t, c := r.pos.V.TypeOf(s[i])
		if t < Knight || t > Queen {
			return fmt.Errorf("simultaneous: pools field: %q at %d is not a knight, bishop, rook or queen", s[i], i+1)
		}
		if n[c]++; n[c] > 64 {
			return fmt.Errorf("simultaneous: pools field: %v has more than 64 pieces on the board and in its pool", c)
		}
		r.pool[c][t]++
	}
	return nil
}

func (r *SimulRules) parseSealed(s string) error {
	if len(s) < 3 || (s[0] != 'w' && s[0] != 'b') || s[1] != ':' {
		return fmt.Errorf("simultaneous: sealed field %q, want w:<move> or b:<move>", s)
	}
	c := White
	if s[0] == 'b' {
		c = Black
	}
	m, err := r.ParseMove(c, s[2:])
	if err != nil {
		return fmt.Errorf("simultaneous: sealed field: %w", err)
	}
	if _, err := r.applyMove(c, m); err != nil {
		return fmt.Errorf("simultaneous: sealed field: %w", err)
	}
	return nil
}
