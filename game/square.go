package game

import "fmt"

// Square is a board square in 8×8 geometry: a1 = 0, b1 = 1, …, h8 = 63.
// Smaller boards use the lower-left corner of the same geometry (a 6×6 board is a1–f6),
// so one set of attack tables serves every board size; a variant's mask removes the rest.
type Square uint8

// NoSquare marks an absent square (no en-passant target, a drop's origin, a pass).
const NoSquare Square = 64

// Sq returns the square at file f and rank r, both counted from zero.
func Sq(f, r int) Square { return Square(r*8 + f) }

// File is the square's file, 0 for a.
func (s Square) File() int { return int(s) & 7 }

// Rank is the square's rank, 0 for rank 1.
func (s Square) Rank() int { return int(s) >> 3 }

// Light reports whether the square is light: a1 is dark, h1 is light.
func (s Square) Light() bool { return (s.File()+s.Rank())&1 == 1 }

// String is the square's name ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(t string) (Square, error) {
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return NoSquare, fmt.Errorf("bad square %q", t)
	}
	return Sq(int(t[0]-'a'), int(t[1]-'1')), nil
}

// Color is a side: White moves first.
type Color uint8

const (
	White Color = iota
	Black
)

// Other is the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// colorName is "White" or "Black", for sentences.
func colorName(c Color) string { return [...]string{"White", "Black"}[c] }
