package game

import "fmt"

// SimulRules is the state machine of simultaneous chess. A turn is one Move step for both
// players; each sealed choice is an Input of its own, and the turn resolves when the second
// arrives. The board is the position at the start of the turn until then.
//
// The Position's Side is White except while White's choice is sealed and Black's is awaited
// (so the game front numbers the moves as "1. e4 d5"); Halfmove counts turns without a
// capture or a pawn move, Fullmove counts turns. En passant does not exist.
type SimulRules struct {
	pos    Position
	rest   [2]Bitboard        // c's pieces that moved last turn: they may not move now
	pool   [2][NumTypes]uint8 // c's pieces the opponent captured, for c's promotions
	passes uint8              // consecutive turns in which both players passed
	sealed [2]bool            // c's choice for this turn is in
	choice [2]Move            // c's sealed choice; in a view, the opponent's is unknown
	viewer int8               // -1: the referee, who knows both choices; a player's view; 2: neither
	out    Outcome
}

// NewSimulRules reads a simultaneous chess position (see simultaneous_text.go for the
// format; "" is the start position).
func NewSimulRules(v *Variant, text string) (*SimulRules, error) {
	r := &SimulRules{viewer: -1}
	if err := r.load(v, text); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *SimulRules) Variant() *Variant   { return r.pos.V }
func (r *SimulRules) Position() *Position { return &r.pos }
func (r *SimulRules) Outcome() Outcome    { return r.out }

// Clone is an independent copy (one allocation: the position is held by value).
func (r *SimulRules) Clone() Rules {
	c := *r
	c.pos.hist = nil
	return &c
}

// View is what player p may see: the opponent's pending choice is dropped (only the fact
// that it is in remains, so Next asks p alone). A view of the other player's view knows
// neither choice.
func (r *SimulRules) View(p Color) Rules {
	c := *r
	c.pos.hist = nil
	c.viewer = int8(p)
	if r.viewer >= 0 && Color(r.viewer) != p {
		c.viewer = 2
	}
	for o := White; o <= Black; o++ {
		if !c.knows(o) {
			c.choice[o] = NullMove
		}
	}
	return &c
}

// knows reports whether this copy of the state knows c's sealed choice.
func (r *SimulRules) knows(c Color) bool { return r.viewer < 0 || Color(r.viewer) == c }

// Next asks both players at the start of a turn, then the one whose choice is missing.
func (r *SimulRules) Next() Step {
	if r.out.Over() {
		return Step{Kind: StepOver}
	}
	var players uint8
	for c := White; c <= Black; c++ {
		if !r.sealed[c] {
			players |= 1 << c
		}
	}
	return Step{Kind: StepMove, Players: players}
}

// Moves appends p's legal choices for this turn (a pass included) if p is asked.
func (r *SimulRules) Moves(p Color, buf []Move) []Move {
	if !r.Next().Asks(p) {
		return buf
	}
	return r.LegalMoves(p, buf)
}

// Hash covers the board, castling rights, resting pieces, pools, the pass count and the
// sealed choices this copy knows (a view's hash does not depend on the opponent's choice).
func (r *SimulRules) Hash() uint64 {
	h := r.pos.hash
	for c := White; c <= Black; c++ {
		for b := r.rest[c]; b != 0; {
			h ^= simKeys.rest[b.Pop()]
		}
		for t := Knight; t <= Queen; t++ {
			h ^= simKeys.pool[c][t] * uint64(r.pool[c][t])
		}
		if r.sealed[c] {
			h ^= simKeys.sealed[c]
			if r.knows(c) {
				h ^= mix64(simKeys.choice[c] ^ moveBits(r.choice[c]))
			}
		}
	}
	return h ^ simKeys.passes*uint64(r.passes)
}

// simKeys are the Zobrist keys of the state outside the board, derived from the shared
// extra keys so that every build agrees.
var simKeys struct {
	rest   [64]uint64
	pool   [2][NumTypes]uint64
	sealed [2]uint64
	choice [2]uint64
	passes uint64
}

func init() {
	for s := range simKeys.rest {
		simKeys.rest[s] = mix64(ExtraKey(0) + uint64(s))
	}
	for c := range simKeys.pool {
		for t := range simKeys.pool[c] {
			simKeys.pool[c][t] = mix64(ExtraKey(1) + uint64(c*16+t))
		}
		simKeys.sealed[c] = mix64(ExtraKey(2) + uint64(c))
		simKeys.choice[c] = mix64(ExtraKey(3) + uint64(c))
	}
	simKeys.passes = mix64(ExtraKey(4))
}

// setSide sets the position's side (bookkeeping for the game front), keeping the hash.
func (r *SimulRules) setSide(c Color) {
	if r.pos.Side != c {
		r.pos.Side = c
		r.pos.hash ^= zSide
	}
}

// Apply takes one player's sealed choice, resolving the turn when both are in, or a
// resignation or an agreed draw. A refused input changes nothing.
func (r *SimulRules) Apply(in Input) (Record, error) {
	if r.out.Over() {
		return Record{}, fmt.Errorf("the game is over (%s)", r.out.Reason)
	}
	switch in.Kind {
	case InputMove:
		return r.applyMove(in.Player, in.Move)
	case InputResign:
		if in.Player > Black {
			return Record{}, fmt.Errorf("no such player %d", in.Player)
		}
		r.endTurn()
		r.out = Outcome{WinFor(in.Player.Other()), in.Player.String() + " resigned"}
		return Record{Text: r.out.Reason}, nil
	case InputAgree:
		r.endTurn()
		r.out = Outcome{Drawn, "agreement"}
		return Record{Text: "draw agreed"}, nil
	case InputFlag:
		o, err := flagInput(r, in)
		if err != nil {
			return Record{}, err
		}
		r.endTurn()
		r.out = o
		return Record{Text: o.Reason}, nil
	case InputClaim:
		return Record{}, fmt.Errorf("no draw to claim: simultaneous chess draws automatically")
	}
	return Record{}, fmt.Errorf("simultaneous chess has no random draws or secrets")
}

// endTurn voids sealed choices when the game ends outside a resolution.
func (r *SimulRules) endTurn() {
	r.sealed = [2]bool{}
	r.choice = [2]Move{}
	r.setSide(White)
}

// applyMove seals c's choice, or resolves the turn if the other choice is in. The records
// are written so that the log reads "1. e4 d5 {what happened}" whichever choice came
// first: White's first choice is recorded as its notation and Black's, resolving the turn,
// as its own; Black's first choice is recorded without text (the PGN writer skips it; its
// notation would reveal it) and White's, resolving the turn, as both, White's first. That
// is also the order in which the PGN importer gives the moves back.
func (r *SimulRules) applyMove(c Color, m Move) (Record, error) {
	if c > Black {
		return Record{}, fmt.Errorf("no such player %d", c)
	}
	if r.sealed[c] {
		return Record{}, fmt.Errorf("%v has already chosen this turn", c)
	}
	o := c.Other()
	if r.sealed[o] && !r.knows(o) {
		return Record{}, fmt.Errorf("%v's sealed move is not known to %v's view", o, c)
	}
	var buf [MaxMoves]Move
	legal := r.LegalMoves(c, buf[:0])
	if !hasMove(legal, m) {
		return Record{}, fmt.Errorf("illegal move %v for %v", m, c)
	}
	if !r.sealed[o] {
		r.sealed[c], r.choice[c] = true, m
		rec := Record{Events: []Event{{Kind: EventInfo, Text: colorName(c) + " has chosen a move"}}}
		if c == White {
			rec.Text = r.san(c, m, legal)
			r.setSide(Black)
		}
		return rec, nil
	}
	mv := r.choice
	mv[c] = m
	text := r.san(c, m, legal)
	if c == White {
		var other [MaxMoves]Move
		text += " " + r.san(Black, mv[Black], r.LegalMoves(Black, other[:0]))
	}
	var t simTurn
	r.resolve(mv, &t)
	rec := Record{Text: text}
	var comment string
	rec.Events, comment = r.turnNotes(&t)
	if comment != "" {
		rec.Text += " {" + comment + "}"
	}
	return rec, nil
}

func hasMove(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// PlayJoint resolves a turn of White's choice w and Black's choice b without checking them
// or writing notation: the search's fast path. Both must be legal (LegalMoves).
func (r *SimulRules) PlayJoint(w, b Move) {
	var t simTurn
	r.resolve([2]Move{w, b}, &t)
}

// Perft counts the joint moves (every White choice × every Black choice, passes included)
// to depth turns, counting leaves in bulk at the last turn; a finished game has no
// children. It agrees with PerftRules, much faster.
func (r *SimulRules) Perft(depth int) int64 {
	if depth <= 0 {
		return 1
	}
	if r.out.Over() {
		return 0
	}
	if depth == 1 {
		return int64(r.moveCount(White)) * int64(r.moveCount(Black))
	}
	var wb, bb [MaxMoves]Move
	ws := r.LegalMoves(White, wb[:0])
	bs := r.LegalMoves(Black, bb[:0])
	var n int64
	for _, w := range ws {
		for _, b := range bs {
			c := *r
			var t simTurn
			c.resolve([2]Move{w, b}, &t)
			n += c.Perft(depth - 1)
		}
	}
	return n
}

// judge decides the outcome after a turn.
func (r *SimulRules) judge() Outcome {
	p := &r.pos
	wk, bk := p.Pieces(White, King) != 0, p.Pieces(Black, King) != 0
	switch {
	case !wk && !bk:
		return Outcome{Drawn, "both kings captured"}
	case !wk:
		return Outcome{BlackWins, "king captured"}
	case !bk:
		return Outcome{WhiteWins, "king captured"}
	case r.passes >= 2:
		return Outcome{Drawn, "both players passed twice"}
	case p.V.AutoMoveRule > 0 && p.Halfmove >= p.V.AutoMoveRule:
		return Outcome{Drawn, fmt.Sprintf("%d turns without capture or pawn move", p.V.AutoMoveRule)}
	}
	return Outcome{}
}
