package game

import "slices"

// Crown (RULES.md §3): chess in which each player secretly crowns the King or the Dame
// (a piece on d1/d8 that steps like a king); capturing the crowned monarch wins. The
// sub-variants give a player who has lost its uncrowned monarch a new way to keep the
// crown's whereabouts secret: stones (one of three mined), a hidden crown square, or a
// monarch split in two halves. The paratrooper option adds a two-step dropping piece.
//
// Secrets live in crownRules as values with a "known" flag: the referee state knows every
// secret, a View only its owner's and the revealed ones. A move that fixes a secret (the
// crown choice, a stone's mine bit, the hidden square, the crowned half) carries the value
// in the Move (N, or To for the hidden square); a state that does not hold the mover's
// secrets ignores the value, and a "sealed" move (value crownSealed, or To = NoSquare for a
// hide) fixes it without telling. Which steps come next depends on public facts only, so
// the referee and both views always agree on Next; where a secret decides the game the
// engine asks a Reveal and the caller answers it (Secrets.Secret on the referee).
//
// The steps of a game:
//   - before move 1, White then Black choose (Move kind Choose, N 0 King / 1 Dame); the
//     move list reads "crown chosen" whatever the value;
//   - moves; a move that needs a secret is followed by Reveal steps (Owner, Secret,
//     Square) in a fixed order: the crown bit of a captured starting monarch (0 King,
//     1 Dame) or half (0 orthogonal, 1 diagonal), the mine bit of a captured stone
//     (1 mined), then for every square the move ended on and every hidden crown not yet
//     proven absent there, the mover's own first: 1 if the crown is there, 0 if not;
//   - when the game ends, Outcome is final at once and Next asks the reveal of every
//     secret still unrevealed (White's, then Black's: crown, stones, hidden square as its
//     number, crowned half), then StepOver, so the log and the PGN hold the whole truth.
//
// Values that cannot be true are refused: a crown on a monarch the side never had, a
// second mined stone or three unmined ones, a hidden square already proven empty, and any
// value that contradicts a secret this state knows. Whether a revealed value matches the
// owner's commitment is the P2P layer's business.
//
// Decisions beyond RULES.md, all documented where they are made:
//   - the crown choice is a Move of kind Choose before move 1, White first, then Black;
//   - resigning, agreeing or claiming waits until an awaited reveal is answered;
//   - "0-0" is castling with the rook three files from the monarch (King with the h-rook,
//     Dame with the a-rook), "0-0-0" with the rook four files away, as the source writes
//     the Dame's castling to b1 "0-0 (Д)";
//   - a monarch that became an ordinary piece by hiding the crown loses its castling
//     rights: only monarchs castle (RULES §3);
//   - the secret bit of a stone placement and of a split is part of the action, so the
//     referee offers both values as two actions;
//   - the 50-move count is reset by captures and pawn moves only, as in chess;
//   - a PGN records the secret-fixing moves sealed ("crown", "S@e4", "hide", "Ke4/Xf5");
//     an imported finished game learns the values from the reveals, so it reproduces
//     the game, while an unfinished one cannot answer its own reveals.

type crownKind uint8

const (
	crownBase crownKind = iota
	crownStones
	crownHidden
	crownSplit
)

var crownKindNames = [...]string{"base", "stones", "hidden", "split"}

// crownSealed is the value of a Move's secret field that says "fixed, but not told".
const crownSealed = 2

// crownStoneCount is each player's reserve of stones in Crown-2.
const crownStoneCount = 3

func init() {
	Register(newCrownVariant(crownBase, false, nil))
}

// crownStart is the start position text: Dames on d1/d8, both crowns still to choose.
const crownStart = "rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKBNR w KDAHkdah - 0 1 crown=-- monarchs=e1d1/e8d8"

func newCrownVariant(kind crownKind, para bool, opts map[string]string) *Variant {
	v := StandardVariant()
	v.Name, v.Title = "crown", "Crown"
	v.Traits.Secrets = true
	if kind != crownBase {
		v.Title = [...]string{"", "Crown: stones", "Crown: hidden crown", "Crown: split monarch"}[kind]
	}
	if para {
		v.Title += " with paratroopers"
	}
	v.Help = "Capture the crowned monarch: each side secretly crowns its King or its Dame (a king-stepping piece)."
	p := &v.Pieces
	p[Queen] = PieceDef{Name: "ferz", Letter: 'F', Rook: true, Bishop: true, Value: 900}
	p[King] = PieceDef{Name: "king", Letter: 'K', Leaps: kingSteps[:], Value: 300}
	p[Dame] = PieceDef{Name: "dame", Letter: 'D', Leaps: kingSteps[:], Value: 300}
	p[Stone] = PieceDef{Name: "stone", Letter: 'S', NoMoves: true, Value: 50}
	p[Para] = PieceDef{Name: "paratrooper", Letter: 'A', NoMoves: true, Value: 450}
	p[HalfOrth] = PieceDef{Name: "orthogonal half", Letter: 'O', Leaps: rookDirs[:], Value: 150}
	p[HalfDiag] = PieceDef{Name: "diagonal half", Letter: 'X', Leaps: bishopDirs[:], Value: 150}
	v.Check, v.KingCapture, v.StalemateWin = false, false, true
	v.Castlings = crownCastlings()
	v.Promotions = []PieceType{Queen, Rook, Bishop, Knight, King, Dame}
	v.Start = crownStart
	v.Start += [...]string{"", " stones=rrr/rrr", " hide=-/- proven=-/-", " split=-/-"}[kind]
	if para {
		v.Start += " para=11"
	}
	v.Options = opts
	v.Load = loadCrown
	v.New = newCrownOptions
	v.OptionHelp = crownOptionHelp
	return v
}

var crownOptionHelp = []OptionHelp{
	{Key: "kind", Title: "Kind of Crown", Default: "base", Values: crownKindNames[:],
		Labels: []string{"Plain", "Stones", "Hidden crown", "Split monarch"},
		Help: "base: plain Crown; stones: Crown-2, three stones (one mined) after losing the uncrowned monarch; " +
			"hidden: Crown-3, the crown may be hidden on a square; split: Crown-4, the monarch may split in two halves"},
	{Key: "paratrooper", Title: "Paratrooper", Default: "off", Values: []string{"off", "on"}, Labels: []string{"Off", "On"},
		Help: "on: each side has a paratrooper in reserve (drops anywhere, moves two king steps)"},
	{Key: OptionClock, Title: "On time", Default: "off", Values: []string{"off", "on"}, Labels: []string{"Off", "On"}, Auto: true,
		Help: "on: the game is played on time (the time control sets it): in Crown-3 a side whose every piece is captured does not lose at once, the other must still find the hidden crown"},
}

// newCrownOptions is Variant.New: it reads kind and paratrooper and refuses anything else.
func newCrownOptions(opts map[string]string) (*Variant, error) {
	if err := checkOptions("crown", crownOptionHelp, opts); err != nil {
		return nil, err
	}
	kind := crownKind(max(0, slices.Index(crownKindNames[:], opts["kind"])))
	para := opts["paratrooper"] == "on"
	rec := map[string]string{"kind": crownKindNames[kind], "paratrooper": "off"}
	if para {
		rec["paratrooper"] = "on"
	}
	if opts[OptionClock] == "on" {
		rec[OptionClock] = "on" // recorded only when on, so untimed games read as before
	}
	return newCrownVariant(kind, para, rec), nil
}

// crownCastlings are the eight castlings: per side the King and the Dame, each with either
// rook. Index order (White 0–3, Black 4–7): King with the h-rook, King with the a-rook,
// Dame with the a-rook, Dame with the h-rook. The letters are not used by the crown text,
// which writes the unmoved pieces instead (see crownCastleText).
func crownCastlings() []CastleDef {
	var cs []CastleDef
	for c := White; c <= Black; c++ {
		r := 7 * int(c)
		sq := func(f int) Square { return Sq(f, r) }
		l := byte(0)
		if c == Black {
			l = 'a' - 'A'
		}
		cs = append(cs,
			CastleDef{c, King, sq(4), sq(6), sq(7), sq(5), 'K' + l},
			CastleDef{c, King, sq(4), sq(2), sq(0), sq(3), 'Q' + l},
			CastleDef{c, Dame, sq(3), sq(1), sq(0), sq(2), 'D' + l},
			CastleDef{c, Dame, sq(3), sq(5), sq(7), sq(4), 'E' + l})
	}
	return cs
}

// crownSide is one player's Crown state beyond the board. Secret values are meaningful
// only when their known flag is set (a View zeroes the opponent's unknown ones).
type crownSide struct {
	chosen      bool  // the crown choice has been made
	crown       uint8 // 0: the King carries the crown, 1: the Dame
	crownKnown  bool
	crownPublic bool
	// mon are the squares of the starting King and Dame while they may carry the crown
	// (NoSquare once captured, or when the crown was hidden or the monarch split).
	mon  [2]Square
	lost bool // lost its uncrowned monarch: the sub-variant power is open

	stones [crownStoneCount]crownStone // Crown-2, in placement order

	para uint8 // paratroopers in reserve

	hid                   bool   // Crown-3: the crown is hidden
	hideSq                Square // the hidden square when known, else NoSquare
	hideKnown, hidePublic bool
	proven                Bitboard // squares proven not to hold the hidden crown

	split                 bool  // Crown-4: the monarch has split
	half                  uint8 // 0: the orthogonal half is crowned, 1: the diagonal half
	halfKnown, halfPublic bool
}

// crownStone is one of a player's three stones.
type crownStone struct {
	state         uint8 // stoneReserve, stoneBoard, stoneTaken
	sq            Square
	mined         bool
	known, public bool
}

const (
	stoneReserve uint8 = iota
	stoneBoard
	stoneTaken
)

// crownReq is a reveal the rules wait for.
type crownReq struct {
	secret SecretKind
	owner  Color
	sq     Square
	piece  PieceType // the captured monarch or half (crown and half reveals)
	mine   bool      // the piece was blown up on a mine rather than captured
}

// crownPend is the unfinished part of a move: reveals to ask, a paratrooper's second step,
// and the squares the move ended on, still to be checked against hidden crowns.
type crownPend struct {
	q      [8]crownReq
	n      uint8
	paraAt Square // a paratrooper that still makes its second step (NoSquare: none)
	paraTo Square // … to this square, or NoSquare for the reserve
	ends   [2]Square
}

func (p *crownPend) empty() bool {
	return p.n == 0 && p.paraAt == NoSquare && p.ends[0] == NoSquare
}

func (p *crownPend) clear() {
	*p = crownPend{paraAt: NoSquare, paraTo: NoSquare, ends: [2]Square{NoSquare, NoSquare}}
}

func (p *crownPend) push(r crownReq) {
	if int(p.n) < len(p.q) {
		p.q[p.n] = r
		p.n++
	}
}

func (p *crownPend) pop() {
	copy(p.q[:], p.q[1:p.n])
	p.n--
}

// crownRules is the Crown state machine (Rules and Secrets).
type crownRules struct {
	pos   Position
	kind  crownKind
	para  bool
	holds [2]bool // this state is told the secrets of that player's moves
	// public is the public count of a perft (PerftOptions.Secrets): no crown event ends
	// the game; such a state exists only inside that count.
	public bool
	side   [2]crownSide
	pend   crownPend
	out    Outcome
	reps   []uint64 // hashes since the last capture or pawn move, for repetitions
}

// crownReasons are the reasons a Crown game ends, in the order the position text numbers
// them.
var crownReasons = []string{
	"crown captured", "crown blown up", "crown found", "own crown crushed",
	"no legal move", "all pieces captured", "no legal move beside own stones",
	"50-move rule", "75-move rule", "threefold repetition", "fivefold repetition",
	"white resigned", "black resigned", "agreement",
	"white ran out of time", "black ran out of time",
	"white ran out of time; black cannot win", "black ran out of time; white cannot win",
}

func (r *crownRules) Variant() *Variant   { return r.pos.V }
func (r *crownRules) Position() *Position { return &r.pos }
func (r *crownRules) Outcome() Outcome    { return r.out }
func (r *crownRules) Hash() uint64        { return r.pos.hash ^ r.extraHash() }
func (r *crownRules) inChoice() bool      { return !r.side[r.pos.Side].chosen }
func (r *crownRules) mover() Color        { return r.pos.Side.Other() }

// Clone is a deep copy; the position's own history is not used by Crown.
func (r *crownRules) Clone() Rules { return r.clone() }

func (r *crownRules) clone() *crownRules {
	c := *r
	c.pos.hist = nil
	c.reps = append([]uint64(nil), r.reps...)
	return &c
}

// View is what player p may see: the opponent's unrevealed secrets are zeroed and the
// copy is no longer told the opponent's secrets by later moves.
func (r *crownRules) View(p Color) Rules {
	c := r.clone()
	c.forget(p.Other())
	return c
}

// publicCopy is what an observer without secrets sees, for the public count: each
// secret choice is one sealed action, and no crown event ends the game.
func (r *crownRules) publicCopy() Rules {
	c := r.clone()
	c.forget(White)
	c.forget(Black)
	c.public = true
	return c
}

// publicAnswer is the reveal that lets play go on: the captured monarch or half was not
// crowned, the stone not mined, the crown not on the square.
func (r *crownRules) publicAnswer(st Step) uint64 {
	if r.pend.n == 0 {
		return 0
	}
	switch q := r.pend.q[0]; q.secret {
	case SecretCrown:
		if j := 1 - uint8(q.piece-King); r.side[q.owner].mon[j] != NoSquare {
			return uint64(j)
		}
		return uint64(q.piece - King) // its last monarch: play goes on all the same
	case SecretHalf:
		return uint64(1 - uint8(q.piece-HalfOrth))
	}
	return 0
}

// forget zeroes o's unrevealed secrets; the copy is no longer told o's secrets.
func (c *crownRules) forget(o Color) {
	c.holds[o] = false
	s := &c.side[o]
	if !s.crownPublic {
		s.crown, s.crownKnown = 0, false
	}
	for i := range s.stones {
		if st := &s.stones[i]; !st.public {
			st.mined, st.known = false, false
		}
	}
	if !s.hidePublic {
		s.hideSq, s.hideKnown = NoSquare, false
	}
	if !s.halfPublic {
		s.half, s.halfKnown = 0, false
	}
}

// Next is what the game needs: the choices, moves, reveals of a move in progress, and
// after the end the reveal of every secret still unrevealed.
func (r *crownRules) Next() Step {
	if r.out.Over() {
		if s, ok := r.finalReveal(); ok {
			return s
		}
		return Step{Kind: StepOver}
	}
	if r.pend.n > 0 {
		q := r.pend.q[0]
		return Step{Kind: StepReveal, Owner: q.owner, Secret: q.secret, Square: q.sq}
	}
	return MoveStep(r.pos.Side)
}

// finalReveal is the first secret left to reveal at the end: White's before Black's;
// crown, stones, hidden square, crowned half.
func (r *crownRules) finalReveal() (Step, bool) {
	for c := White; c <= Black; c++ {
		s := &r.side[c]
		st := Step{Kind: StepReveal, Owner: c, Square: NoSquare}
		if s.chosen && !s.crownPublic {
			st.Secret = SecretCrown
			return st, true
		}
		for _, x := range s.stones {
			if x.state != stoneReserve && !x.public {
				st.Secret, st.Square = SecretMine, x.sq
				return st, true
			}
		}
		if s.hid && !s.hidePublic {
			st.Secret = SecretSquare
			return st, true
		}
		if s.split && !s.halfPublic {
			st.Secret = SecretHalf
			return st, true
		}
	}
	return Step{}, false
}

// Secret answers a Reveal step when this state knows the value. Values: crown 0 King,
// 1 Dame; mine 1 mined, 0 not; square: 1 if the crown is on Square, 0 if not, or the
// square's number when Square is NoSquare (the reveal at the end); half 0 orthogonal,
// 1 diagonal.
func (r *crownRules) Secret(st Step) (uint64, bool) {
	if st.Kind != StepReveal || st.Owner > Black {
		return 0, false
	}
	s := &r.side[st.Owner]
	switch st.Secret {
	case SecretCrown:
		return uint64(s.crown), s.crownKnown
	case SecretMine:
		if i := s.stoneAt(st.Square); i >= 0 && s.stones[i].known {
			return b2u(s.stones[i].mined), true
		}
	case SecretSquare:
		if !s.hideKnown {
			return 0, false
		}
		if st.Square == NoSquare {
			return uint64(s.hideSq), true
		}
		return b2u(s.hideSq == st.Square), true
	case SecretHalf:
		return uint64(s.half), s.halfKnown
	}
	return 0, false
}

// stoneAt is the index of the unrevealed stone placed on sq (on the board or just taken),
// -1 if none.
func (s *crownSide) stoneAt(sq Square) int {
	for i, x := range s.stones {
		if x.state != stoneReserve && x.sq == sq && !x.public {
			return i
		}
	}
	return -1
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// remaining is the square of the side's remaining starting monarch, NoSquare if none or
// if both still stand.
func (s *crownSide) remaining() Square {
	switch {
	case s.mon[0] != NoSquare && s.mon[1] == NoSquare:
		return s.mon[0]
	case s.mon[1] != NoSquare && s.mon[0] == NoSquare:
		return s.mon[1]
	}
	return NoSquare
}

// extraHash covers the state beyond the board: choices, known secrets, reserves, the
// proven-empty maps, a move in progress and the outcome.
func (r *crownRules) extraHash() uint64 {
	h := uint64(0x2545F4914F6CDD1D)
	mix := func(x uint64) {
		h ^= x
		h *= 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	for c := range r.side {
		s := &r.side[c]
		mix(uint64(c) + 1)
		mix(b2u(s.chosen) | b2u(s.crownKnown)<<1 | b2u(s.crownPublic)<<2 | uint64(s.crown)<<3 | b2u(s.lost)<<4 |
			uint64(s.para)<<5 | b2u(s.hid)<<8 | b2u(s.hideKnown)<<9 | b2u(s.hidePublic)<<10 |
			b2u(s.split)<<11 | b2u(s.halfKnown)<<12 | b2u(s.halfPublic)<<13 | uint64(s.half)<<14)
		mix(uint64(s.mon[0]) | uint64(s.mon[1])<<8 | uint64(s.hideSq)<<16)
		mix(uint64(s.proven))
		for _, x := range s.stones {
			mix(uint64(x.state) | uint64(x.sq)<<2 | b2u(x.mined)<<9 | b2u(x.known)<<10 | b2u(x.public)<<11)
		}
	}
	mix(uint64(r.pend.n) | uint64(r.pend.paraAt)<<8 | uint64(r.pend.paraTo)<<16 |
		uint64(r.pend.ends[0])<<24 | uint64(r.pend.ends[1])<<32)
	for _, q := range r.pend.q[:r.pend.n] {
		mix(uint64(q.secret) | uint64(q.owner)<<4 | uint64(q.sq)<<8 | uint64(q.piece)<<16 | b2u(q.mine)<<24)
	}
	if r.out.Over() {
		mix(uint64(r.out.Result)<<8 | uint64(slices.Index(crownReasons, r.out.Reason)+1))
	}
	return h
}
