package game

import "fmt"

// Pillar chess (RULES.md §4): a chess die chooses which types may move, captured pieces
// stay under their captor, and towers move, split and promote as their top piece.
//
// The board holds each square's top piece and Position.Under the pieces beneath (bottom
// first), so attack tables, bitboards and the Zobrist key of the chess core serve the top
// pieces unchanged; the stacks cost the plain games nothing.
//
// A move takes the top Move.N pieces of the square From (N = the height: the whole tower)
// to To. Move.Promo2 is the type the move counts as for the die: the top piece's type, a
// rook for castling, or under `combinatorics` the lowest type inside the moving part that
// makes the move.
//
// Turns: the engine decides whether a turn is forced (check, gardez with a saving move,
// only the king's stack can move): then Next is a Move step at once. Otherwise Next asks a
// Draw of the die (DrawDie, Range 6, the face is Values[0]); after the roll the legal
// moves are those of the rolled type or below. A skip face, or a roll allowing no move,
// leaves Pass as the only action of the Move step: the pass is a ply of its own in the
// log (notation "pass"), so replay and perft see it like any move.

// TurnAnnouncer is implemented by games that tell people about the turn in progress
// (pillar chess: "Check", "Gardez", and why the die is not rolled). The same events come
// in the Record of the move that led to the turn.
type TurnAnnouncer interface {
	TurnEvents() []Event
}

// DieHolder is implemented by games with a die: the face rolled for the current turn as
// the type it allows (NoType for a skip face), and whether the die has been rolled.
type DieHolder interface {
	Die() (PieceType, bool)
}

func init() {
	v, err := newPillarVariant(nil)
	if err != nil {
		panic(err)
	}
	Register(v)
}

// pillarCfg is a pillar variant's options, read once when a game is loaded.
type pillarCfg struct {
	big    bool // 8×8 board with bishops; else 6×6
	combi  bool // combinatorics: a part of two or more moves as any piece inside it
	nodice bool // plain alternation, no die
	alone  bool // only a pawn moving by itself promotes
	// castling rights lost when a move starts on the square (the king's home) or when the
	// whole stack leaves it or is promoted away (a rook's home)
	kingHome, rookHome [64]uint8
}

// pillarFaces are the die faces by face number (Values[0] of the draw); NoType is skip.
var pillarFaces = [2][6]PieceType{
	{King, Queen, Rook, Knight, Pawn, NoType},
	{King, Queen, Rook, Bishop, Knight, Pawn},
}

// pillarFaceLetters are the faces as the position text writes them (X: skip).
var pillarFaceLetters = [2]string{"KQRNPX", "KQRBNP"}

func (c *pillarCfg) face(f int8) PieceType { return pillarFaces[b2i(c.big)][f] }

func (c *pillarCfg) faceName(f int8) string {
	t := c.face(f)
	if t == NoType {
		return "skip"
	}
	return string(pieceLetters[t])
}

var pillarOptionHelp = []OptionHelp{
	{Key: "board", Title: "Board", Default: "6x6", Values: []string{"6x6", "8x8"}, Labels: []string{"6×6", "8×8"},
		Help: "6x6: K, Q, 2 R, 2 N, 6 pawns, die K Q R N P skip; 8x8: the chess set, die K Q R B N P"},
	{Key: "combinatorics", Title: "Combinatorics", Default: "off", Values: []string{"on", "off"}, Labels: []string{"On", "Off"},
		Help: "a part of two or more pieces may move as any piece inside it; every piece of a stack attacks"},
	{Key: "nodice", Title: "Die", Default: "off", Values: []string{"on", "off"}, Labels: []string{"No die", "With the die"},
		Help: "no die: the players simply alternate (gardez is only announced)"},
	{Key: "promotion", Title: "Promotion", Default: "any", Values: []string{"any", "alone"}, Labels: []string{"Pawn on top", "Pawn alone"},
		Help: "any: a pawn-topped part promotes on the last rank and the whole stack is replaced; alone: only a pawn moving by itself promotes"},
}

// parsePillarOptions checks the options against pillarOptionHelp.
func parsePillarOptions(opts map[string]string) (pillarCfg, error) {
	if err := checkOptions("pillar", pillarOptionHelp, opts); err != nil {
		return pillarCfg{}, err
	}
	return pillarCfg{
		big:    opts["board"] == "8x8",
		combi:  opts["combinatorics"] == "on",
		nodice: opts["nodice"] == "on",
		alone:  opts["promotion"] == "alone",
	}, nil
}

// PillarStart6 is the start of the 6×6 game: R N Q K N R, Black mirrored file for file.
const PillarStart6 = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - - 1"

// PillarStart8 is the start of the 8×8 game: the chess start.
const PillarStart8 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 1"

// pillarCastlings6 are the 6×6 castlings (king d1): short K d1–f1 with R f1→e1, long
// K d1–b1 with R a1→c1; Black the same on rank 6.
func pillarCastlings6() []CastleDef {
	var cs []CastleDef
	for c := White; c <= Black; c++ {
		r := 5 * int(c)
		l := byte(0)
		if c == Black {
			l = 'a' - 'A'
		}
		cs = append(cs,
			CastleDef{c, King, Sq(3, r), Sq(5, r), Sq(5, r), Sq(4, r), 'K' + l},
			CastleDef{c, King, Sq(3, r), Sq(1, r), Sq(0, r), Sq(2, r), 'Q' + l})
	}
	return cs
}

// newPillarVariant builds the variant for options (nil: the defaults).
func newPillarVariant(opts map[string]string) (*Variant, error) {
	c, err := parsePillarOptions(opts)
	if err != nil {
		return nil, err
	}
	v := StandardVariant()
	v.Name, v.Title = "pillar", "Pillar chess"
	v.Traits.TurnDie = true
	v.Help = "A chess die picks the pieces you may move; captured pieces stay under the captor as towers."
	v.MoveRule, v.AutoMoveRule, v.RepeatRule, v.AutoRepeat = 0, 0, 0, 0
	v.Start = PillarStart8
	if !c.big {
		v.Files, v.Ranks = 6, 6
		v.Pieces[Bishop] = PieceDef{}
		v.Castlings = pillarCastlings6()
		v.Promotions = []PieceType{Queen, Rook, Knight}
		v.Start = PillarStart6
	}
	if len(opts) > 0 {
		v.Options = map[string]string{}
		for k, val := range opts {
			v.Options[k] = val
		}
	}
	v.OptionHelp = pillarOptionHelp
	v.New = newPillarVariant
	v.Load = loadPillar
	return v, nil
}

// pillarConfig reads the options of a concluded pillar variant.
func pillarConfig(v *Variant) (*pillarCfg, error) {
	c, err := parsePillarOptions(v.Options)
	if err != nil {
		return nil, err
	}
	if c.big != (v.Files == 8) {
		return nil, fmt.Errorf("pillar: board option does not match a %dx%d variant", v.Files, v.Ranks)
	}
	for i, cd := range v.Castlings {
		c.kingHome[cd.From] |= 1 << i
		c.rookHome[cd.RookFrom] |= 1 << i
	}
	return &c, nil
}
