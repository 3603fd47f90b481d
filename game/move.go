package game

import "fmt"

// MoveKind says how a move is carried out. The kinds of every game are listed here so
// that moves of any game fit one compact value.
type MoveKind uint8

const (
	Normal       MoveKind = iota // From → To, capturing whatever stands on To
	Double                       // pawn double step; sets the en-passant square
	EnPassant                    // pawn takes the pawn that just passed To
	Castle                       // monarch From → To, its rook Via → Via2
	Pass                         // no move (simultaneous chess; a passed die turn)
	Drop                         // a piece of type Promo from reserve onto To
	Choose                       // a secret choice made at a Move step (N is the choice)
	PlaceStone                   // Crown-2: a stone onto To; N is its mined bit (secret)
	HideCrown                    // Crown-3: the crown hidden on To
	SplitMonarch                 // Crown-4: the monarch on From splits; a half goes to To
	ParaMove                     // paratrooper From → Via → To (N flags what happened on Via)
	Strike                       // probabilistic rule 7: the strike on the king from From
	Decline                      // declining an offered option (the strike)
	Defence                      // probabilistic rule 8: two attempts, From→To then Via→Via2
)

// Move is one action of any game, in eight bytes. Its fields mean what its Kind says;
// the zero fields are unused.
type Move struct {
	From, To Square
	Kind     MoveKind
	Promo    PieceType // promotion piece; the dropped type for Drop
	Via      Square
	Via2     Square
	N        uint8     // a count or a small value: pieces taken off a tower, a choice
	Promo2   PieceType // Defence: the second attempt's promotion; pillar: the type the die counts
}

// NullMove is the zero Move, which no game uses as an action.
var NullMove Move

// UCI writes the move in coordinates: "e2e4", "e7e8q". Games with other kinds extend it
// (see Rules.MoveText for the notation people read).
func (m Move) UCI() string {
	switch m.Kind {
	case Pass:
		return "0000"
	case Drop:
		return fmt.Sprintf("%c@%v", pieceLetters[m.Promo], m.To)
	}
	s := m.From.String() + m.To.String()
	if m.Promo != NoType {
		s += string(pieceLetters[m.Promo] + 'a' - 'A')
	}
	return s
}

func (m Move) String() string { return m.UCI() }
