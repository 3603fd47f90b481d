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
