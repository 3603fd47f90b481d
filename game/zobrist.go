package game

// Zobrist keys, from a fixed-seed generator so hashes are the same in every build
// (peers compare them).
var (
	zPiece  [32][64]uint64
	zSide   uint64
	zCastle [256]uint64
	zEP     [8]uint64
	zExtra  [64]uint64 // for game state outside the board (reserves, pools, resting pieces)
)

func init() {
	s := uint64(0x51A7E5C0FFEE1234)
	next := func() uint64 { // splitmix64
		s += 0x9E3779B97F4A7C15
		return mix64(s)
	}
	for p := range zPiece {
		for q := range zPiece[p] {
			zPiece[p][q] = next()
		}
	}
	zSide = next()
	for i := range zCastle {
		zCastle[i] = next()
	}
	for i := range zEP {
		zEP[i] = next()
	}
	for i := range zExtra {
		zExtra[i] = next()
	}
}

// mix64 is splitmix64's finaliser: a cheap bijection that spreads every input bit.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// moveBits packs a move's eight bytes into a word, for hashing.
func moveBits(m Move) uint64 {
	return uint64(m.From) | uint64(m.To)<<8 | uint64(m.Kind)<<16 | uint64(m.Promo)<<24 |
		uint64(m.Via)<<32 | uint64(m.Via2)<<40 | uint64(m.N)<<48 | uint64(m.Promo2)<<56
}

// ExtraKey is a Zobrist key games may use for state outside the board; i < 64.
func ExtraKey(i int) uint64 { return zExtra[i] }

// PieceKey is the Zobrist key of piece p on square s.
func PieceKey(p Piece, s Square) uint64 { return zPiece[p][s] }
