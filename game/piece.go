package game

// PieceType is a kind of piece. The set is shared by all games; a variant says which types
// it uses and how each moves (see PieceDef). Types live in four bits.
type PieceType uint8

const (
	NoType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen // the modern queen; Crown calls it Ferz and draws it as a star
	King
	Dame     // Crown's "Queen (Dame)": moves like a king, may carry the crown
	Stone    // Crown-2: placed, never moves
	Para     // Crown paratrooper: two king steps
	HalfOrth // Crown-4 split monarch, the half stepping orthogonally
	HalfDiag // Crown-4 split monarch, the half stepping diagonally
	NumTypes
)

// Piece is a coloured piece: type in the low four bits, colour in bit 4. The zero value is
// an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<4 }

// Type is the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 15) }

// Color is the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 4) }

// pieceLetters are the default FEN letters (white; black is lower case). A variant may
// rename them (Crown draws its Queen as the Ferz "F").
var pieceLetters = [NumTypes]byte{' ', 'P', 'N', 'B', 'R', 'Q', 'K', 'D', 'S', 'A', 'O', 'X'}
