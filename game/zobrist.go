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
		z := s
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
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

// ExtraKey is a Zobrist key games may use for state outside the board; i < 64.
func ExtraKey(i int) uint64 { return zExtra[i] }

// PieceKey is the Zobrist key of piece p on square s.
func PieceKey(p Piece, s Square) uint64 { return zPiece[p][s] }
