package game

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// PieceDef says how one piece type moves in a variant: leaps (one jump to a fixed offset,
// never blocked) and slides (rook-like or bishop-like rays). Pawns have their own rules.
type PieceDef struct {
	Name    string
	Letter  byte // FEN letter of the white piece
	Leaps   [][2]int
	Rook    bool // slides orthogonally
	Bishop  bool // slides diagonally
	Pawn    bool
	Value   int // material value in centipawns, for notation of material and the AI
	NoMoves bool
}

// CastleDef is one castling: a monarch and a rook, both unmoved on their squares, jump to
// their targets. Standard chess has four; Crown adds the Dame's.
type CastleDef struct {
	Color            Color
	Monarch          PieceType
	From, To         Square
	RookFrom, RookTo Square
	Letter           byte // FEN rights letter: K, Q (white; lower case for black)
}

// Variant describes a game as data. Standard chess is the default of every field that
// StandardVariant fills; a game copies it and changes what differs. Conclude must run
// before use (Register does it) to validate and to precompute the tables the hot paths use.
type Variant struct {
	Name   string // registry name: "chess", "forced", …
	Title  string // for people: "Forced-capture chess"
	Files  int
	Ranks  int
	Pieces [NumTypes]PieceDef // a zero PieceDef means the type is not used
	Start  string             // start position as position text

	Check       bool // a move may not leave the own king attacked; checkmate wins
	KingCapture bool // the game ends when a king is captured
	MustCapture bool // a capture must be made when one exists

	Castlings    []CastleDef
	Promotions   []PieceType // in the order offered to a person
	DoubleStep   bool        // pawns may step twice from their start rank
	EnPassant    bool
	StalemateWin bool // the side with no legal move loses (Crown); else draws

	MoveRule     int // a draw may be claimed after this many full moves without capture or pawn move (0: none)
	AutoMoveRule int // the same count ends the game at once (0: none)
	RepeatRule   int // claim on this many repetitions (0: none)
	AutoRepeat   int // automatic draw on this many repetitions (0: none)
	Options      map[string]string
	// Traits say what the game is like beyond moving pieces, for the code outside game/
	// that treats games apart (the AI's search, evaluation and level tunes, the screens'
	// panels): it asks these, never a game's name.
	Traits Traits
	// Order places the game in lists for people (the setup screen): games with an Order
	// come first, lowest first, then the rest by name.
	Order int
	// Load builds the game's state machine from position text ("" for the start
	// position); nil means the chess rules of the fields above.
	Load         func(v *Variant, text string) (Rules, error)
	OptionHelp   []OptionHelp
	Help         string // one line for a person choosing a game
	New          func(opts map[string]string) (*Variant, error)
	concluded    bool
	mask         Bitboard
	leap         [NumTypes][64]Bitboard
	rookLike     [NumTypes]bool
	bishopLike   [NumTypes]bool
	rookTypes    []PieceType
	bishopTypes  []PieceType
	leapTypes    []PieceType
	promoRank    [2]int
	doubleRank   [2]int
	castleMask   [64]uint8 // rights lost when a move starts or ends on the square
	castleSide   [2]uint8  // every right of one colour
	letterToType [128]PieceType
}

// Traits are the kinds of play a game has beyond moving pieces, each a reason for the AI,
// its levels or the screens to treat the game apart. A game sets those that hold; a game
// with none is played and shown as chess is.
type Traits struct {
	Secrets  bool // players fix secrets the opponent's view hides until a Reveal (Crown)
	Attempts bool // a capture is an attempt with odds, decided by a shared 0–9 draw (probabilistic)
	TurnDie  bool // each turn begins with a shared die that picks what may move (pillar)
	Joint    bool // both players choose each turn at once, sealed, resolved together (simultaneous)
}

// OptionHelp documents one option of a game, for the setup screen and the tools.
type OptionHelp struct {
	Key, Default string
	Title        string // a heading for people ("Odds table" for "table")
	Values       []string
	Labels       []string // each value in people's words, in Values' order (none: the values)
	Help         string
	// Auto: the match sets the option (OptionClock from the time control); the setup
	// screen does not offer it.
	Auto bool
}

// Label is value v in people's words.
func (o OptionHelp) Label(v string) string {
	if i := slices.Index(o.Values, v); i >= 0 && i < len(o.Labels) {
		return o.Labels[i]
	}
	return v
}

// checkOptions refuses an option help does not list, or a value outside its Values, in
// an error naming game. Keys are checked in sorted order, so the error is the same on
// every run.
func checkOptions(game string, help []OptionHelp, opts map[string]string) error {
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		i := slices.IndexFunc(help, func(h OptionHelp) bool { return h.Key == k })
		if i < 0 {
			known := make([]string, len(help))
			for j, h := range help {
				known[j] = h.Key
			}
			return fmt.Errorf("%s: unknown option %q (known: %s)", game, k, strings.Join(known, ", "))
		}
		if !slices.Contains(help[i].Values, opts[k]) {
			return fmt.Errorf("%s: option %s=%q: want one of %s", game, k, opts[k], strings.Join(help[i].Values, ", "))
		}
	}
	return nil
}

// Mask is the set of squares on the board.
func (v *Variant) Mask() Bitboard { return v.mask }

// Letter is the FEN letter of a piece.
func (v *Variant) Letter(p Piece) byte {
	l := v.Pieces[p.Type()].Letter
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// TypeOf reads a piece letter (either case), NoType if the variant has no such piece.
func (v *Variant) TypeOf(letter byte) (PieceType, Color) {
	if letter >= 'a' && letter <= 'z' {
		return v.letterToType[letter-('a'-'A')], Black
	}
	if letter >= 128 {
		return NoType, White
	}
	return v.letterToType[letter], White
}

// OnBoard reports whether s is a square of this variant's board.
func (v *Variant) OnBoard(s Square) bool { return s < NoSquare && v.mask.Has(s) }

// StandardPieces are the six chess pieces with the usual values.
func StandardPieces() [NumTypes]PieceDef {
	var p [NumTypes]PieceDef
	p[Pawn] = PieceDef{Name: "pawn", Letter: 'P', Pawn: true, Value: 100}
	p[Knight] = PieceDef{Name: "knight", Letter: 'N', Leaps: knightJump[:], Value: 320}
	p[Bishop] = PieceDef{Name: "bishop", Letter: 'B', Bishop: true, Value: 330}
	p[Rook] = PieceDef{Name: "rook", Letter: 'R', Rook: true, Value: 500}
	p[Queen] = PieceDef{Name: "queen", Letter: 'Q', Rook: true, Bishop: true, Value: 900}
	p[King] = PieceDef{Name: "king", Letter: 'K', Leaps: kingSteps[:], Value: 0}
	return p
}

// StandardCastlings are chess's four castlings on an 8×8 board.
func StandardCastlings() []CastleDef {
	e1, g1, f1, h1, c1, d1, a1 := Sq(4, 0), Sq(6, 0), Sq(5, 0), Sq(7, 0), Sq(2, 0), Sq(3, 0), Sq(0, 0)
	var cs []CastleDef
	for c := White; c <= Black; c++ {
		up := Square(56 * int(c))
		l := byte(0)
		if c == Black {
			l = 'a' - 'A'
		}
		cs = append(cs,
			CastleDef{c, King, e1 + up, g1 + up, h1 + up, f1 + up, 'K' + l},
			CastleDef{c, King, e1 + up, c1 + up, a1 + up, d1 + up, 'Q' + l})
	}
	return cs
}

// StartFEN is the standard chess start position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StandardVariant is standard chess with its draw rules: the base every game copies.
func StandardVariant() *Variant {
	return &Variant{
		Name: "chess", Title: "Chess", Files: 8, Ranks: 8,
		Pieces: StandardPieces(), Start: StartFEN,
		Check: true, Castlings: StandardCastlings(),
		Promotions: []PieceType{Queen, Rook, Bishop, Knight},
		DoubleStep: true, EnPassant: true,
		MoveRule: 50, AutoMoveRule: 75, RepeatRule: 3, AutoRepeat: 5,
		Help: "Standard chess.",
	}
}

// Conclude validates the variant and precomputes its tables. It is idempotent.
func (v *Variant) Conclude() error {
	if v.concluded {
		return nil
	}
	if v.Files < 1 || v.Files > 8 || v.Ranks < 2 || v.Ranks > 8 {
		return fmt.Errorf("variant %s: board %dx%d out of range", v.Name, v.Files, v.Ranks)
	}
	if len(v.Castlings) > 8 {
		return fmt.Errorf("variant %s: at most 8 castlings", v.Name)
	}
	v.mask = boardMask(v.Files, v.Ranks)
	v.promoRank = [2]int{v.Ranks - 1, 0}
	v.doubleRank = [2]int{1, v.Ranks - 2}
	for t := Pawn; t < NumTypes; t++ {
		d := &v.Pieces[t]
		if d.Letter == 0 {
			continue
		}
		if v.letterToType[d.Letter] != NoType {
			return fmt.Errorf("variant %s: letter %c used twice", v.Name, d.Letter)
		}
		v.letterToType[d.Letter] = t
		if d.Pawn {
			continue
		}
		if len(d.Leaps) > 0 {
			v.leap[t] = leaperTable(d.Leaps)
			for s := range v.leap[t] {
				v.leap[t][s] &= v.mask
			}
			v.leapTypes = append(v.leapTypes, t)
		}
		v.rookLike[t], v.bishopLike[t] = d.Rook, d.Bishop
		if d.Rook {
			v.rookTypes = append(v.rookTypes, t)
		}
		if d.Bishop {
			v.bishopTypes = append(v.bishopTypes, t)
		}
	}
	for i, c := range v.Castlings {
		for _, s := range []Square{c.From, c.To, c.RookFrom, c.RookTo} {
			if !v.OnBoard(s) {
				return fmt.Errorf("variant %s: castling %d leaves the board", v.Name, i)
			}
		}
		v.castleMask[c.From] |= 1 << i
		v.castleMask[c.RookFrom] |= 1 << i
		v.castleSide[c.Color] |= 1 << i
	}
	v.concluded = true
	return nil
}

// Rules is a game's state machine: what every game implements. See the package doc.
type Rules interface {
	// Variant is the game's description.
	Variant() *Variant
	// Next is what the game needs now.
	Next() Step
	// Moves appends the legal actions of player p at a Move step (none if p is not asked).
	Moves(p Color, buf []Move) []Move
	// Apply answers the current step. An input that does not fit is refused with an error
	// and changes nothing. The Record tells what happened, for the move list.
	Apply(in Input) (Record, error)
	// Outcome is the result so far (Ongoing while the game runs).
	Outcome() Outcome
	// Hash is a 64-bit key of everything that decides the future of the game.
	Hash() uint64
	// View is what player p may see: a copy with the opponent's unrevealed secrets removed.
	View(p Color) Rules
	// Clone is an independent deep copy.
	Clone() Rules
	// Position is the board as it stands (top pieces; stacks for games that have them).
	Position() *Position
	// Text is the position text (FEN, extended by games that need more).
	Text() string
	// MoveText writes a legal action for people (SAN-like) in the current position.
	MoveText(m Move) string
	// ParseMove reads an action written in UCI-like coordinates or in MoveText's notation.
	ParseMove(p Color, s string) (Move, error)
}

var registry = map[string]*Variant{}

// Register adds a variant to the registry under its name. For init functions: it panics
// on a variant that does not conclude.
func Register(v *Variant) {
	if err := v.Conclude(); err != nil {
		panic(err)
	}
	if _, dup := registry[v.Name]; dup {
		panic("game: variant registered twice: " + v.Name)
	}
	registry[v.Name] = v
}

// Lookup returns a registered variant, with options applied when the variant takes any.
// Options are "key=value" pairs.
func Lookup(name string, options ...string) (*Variant, error) {
	v, ok := registry[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	if len(options) == 0 {
		return v, nil
	}
	opts := map[string]string{}
	for _, o := range options {
		k, val, ok := strings.Cut(o, "=")
		if !ok {
			return nil, fmt.Errorf("option %q: want key=value", o)
		}
		opts[strings.TrimSpace(k)] = strings.TrimSpace(val)
	}
	if v.New == nil {
		return nil, fmt.Errorf("variant %s takes no options", v.Name)
	}
	nv, err := v.New(opts)
	if err != nil {
		return nil, err
	}
	return nv, nv.Conclude()
}

// Menu lists the registered variants in the order people are offered them: by Order,
// those with one first, then by name.
func Menu() []string {
	ns := Names()
	sort.SliceStable(ns, func(i, j int) bool {
		a, b := registry[ns[i]].Order, registry[ns[j]].Order
		return a != 0 && (b == 0 || a < b)
	})
	return ns
}

// Names lists the registered variants in alphabetical order.
func Names() []string {
	var ns []string
	for n := range registry {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// Undoer is implemented by games whose state can play an input in place and take it back
// without allocating (once its buffers have grown): the search's path, many times faster
// than Clone and Apply. Play trusts its input: a move must be one Moves offers now, a
// draw's values in range; it writes no notation. Only moves and draws are played. Undo
// takes back the last Play not yet taken back. A Clone starts with nothing to undo.
type Undoer interface {
	Play(in Input)
	Undo()
}
