package game

import "math/bits"

// Bitboard is a set of squares, bit i for Square i.
type Bitboard uint64

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b>>s&1 != 0 }

// Count is the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First is the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Pop removes and returns the lowest square of a non-empty set.
func (b *Bitboard) Pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Bit is the set holding only s.
func Bit(s Square) Bitboard { return 1 << s }

// b2i is 1 for true and 0 for false: an index chosen by a condition.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// boardMask is the set of squares of a files×ranks board in the lower-left corner.
func boardMask(files, ranks int) Bitboard {
	var m Bitboard
	for r := 0; r < ranks; r++ {
		for f := 0; f < files; f++ {
			m |= Bit(Sq(f, r))
		}
	}
	return m
}

// Directions as (file, rank) steps.
var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	kingSteps  = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knightJump = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

// Tables built once at start-up, shared by every variant (they are 8×8; a variant masks).
var (
	between  [64][64]Bitboard // squares strictly between two aligned squares
	line     [64][64]Bitboard // the whole line through two aligned squares
	pawnAtt  [2][64]Bitboard
	kingAtt  [64]Bitboard
	knightAt [64]Bitboard
	orthStep [64]Bitboard
	diagStep [64]Bitboard
)

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func leaperTable(steps [][2]int) (t [64]Bitboard) {
	for s := Square(0); s < 64; s++ {
		for _, d := range steps {
			if f, r := s.File()+d[0], s.Rank()+d[1]; onBoard(f, r) {
				t[s] |= Bit(Sq(f, r))
			}
		}
	}
	return t
}

// slideAttacks walks the rays slowly; used to build the magic tables and in tests.
func slideAttacks(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		for f, r := s.File()+d[0], s.Rank()+d[1]; onBoard(f, r); f, r = f+d[0], r+d[1] {
			a |= Bit(Sq(f, r))
			if occ.Has(Sq(f, r)) {
				break
			}
		}
	}
	return a
}

// magic is one square's entry of the "fancy" magic bitboard scheme: the blockers that
// matter, multiplied by a magic number, give an index into a shared attack table.
type magic struct {
	mask   Bitboard
	num    uint64
	shift  uint8
	offset uint32
}

var (
	rookMagic   [64]magic
	bishopMagic [64]magic
	attackTable []Bitboard
)

func (m *magic) index(occ Bitboard) uint32 {
	return m.offset + uint32((uint64(occ&m.mask)*m.num)>>m.shift)
}

// RookAttacks is the set a rook on s attacks with occupancy occ (8×8 geometry).
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return attackTable[rookMagic[s].index(occ)]
}

// BishopAttacks is the set a bishop on s attacks with occupancy occ (8×8 geometry).
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return attackTable[bishopMagic[s].index(occ)]
}

func init() {
	kingAtt = leaperTable(kingSteps[:])
	knightAt = leaperTable(knightJump[:])
	orthStep = leaperTable(rookDirs[:])
	diagStep = leaperTable(bishopDirs[:])
	for s := Square(0); s < 64; s++ {
		if s.Rank() < 7 {
			for _, df := range []int{-1, 1} {
				if f := s.File() + df; f >= 0 && f < 8 {
					pawnAtt[White][s] |= Bit(Sq(f, s.Rank()+1))
				}
			}
		}
		if s.Rank() > 0 {
			for _, df := range []int{-1, 1} {
				if f := s.File() + df; f >= 0 && f < 8 {
					pawnAtt[Black][s] |= Bit(Sq(f, s.Rank()-1))
				}
			}
		}
	}
	attackTable = make([]Bitboard, 0, 107648)
	initMagics(&rookMagic, rookDirs, &rookMagicNums)
	initMagics(&bishopMagic, bishopDirs, &bishopMagicNums)
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				var ray Bitboard
				for f, r := a.File()+d[0], a.Rank()+d[1]; onBoard(f, r); f, r = f+d[0], r+d[1] {
					b := Sq(f, r)
					between[a][b] = ray
					ray |= Bit(b)
				}
			}
			for _, d := range dirs {
				full := slideAttacks(a, 0, [4][2]int{d, {-d[0], -d[1]}, d, d}) | Bit(a)
				for f, r := a.File()+d[0], a.Rank()+d[1]; onBoard(f, r); f, r = f+d[0], r+d[1] {
					line[a][Sq(f, r)] = full
				}
			}
		}
	}
}

// initMagics fills table (and attackTable) for sliders moving along dirs, with the magic
// numbers of nums: each must index the square's attack sets without a harmful collision.
// nums are rookMagicNums and bishopMagicNums, found once by findMagics and kept, because
// the search took over a second of the page's start-up in the browser. A number that
// does not fit (never, unless the tables change) is searched for again.
func initMagics(table *[64]magic, dirs [4][2]int, nums *[64]uint64) {
	var occs, atts [4096]Bitboard
	var epoch [4096]int
	var used [4096]Bitboard
	tries := 0
	// fits tells whether num indexes square s's subsets (occs, atts) into used.
	fits := func(m *magic, size int) bool {
		tries++
		for i := 0; i < size; i++ {
			idx := (uint64(occs[i]) * m.num) >> m.shift
			if epoch[idx] != tries {
				epoch[idx] = tries
				used[idx] = atts[i]
			} else if used[idx] != atts[i] {
				return false
			}
		}
		return true
	}
	next := magicCandidates()
	for s := Square(0); s < 64; s++ {
		m := &table[s]
		size := m.setup(s, dirs, &occs, &atts)
		m.offset = uint32(len(attackTable))
		attackTable = attackTable[:len(attackTable)+size]
		m.num = nums[s]
		for !fits(m, size) {
			m.num = next(m.mask)
		}
		copy(attackTable[m.offset:], used[:size])
	}
}

// setup sets the square's mask and shift and lists every subset of the mask (occs) with
// the slider's attacks for it (atts); it returns how many.
func (m *magic) setup(s Square, dirs [4][2]int, occs, atts *[4096]Bitboard) int {
	// Edge squares never block, except on the piece's own line.
	edges := ((Bitboard(0xFF) | 0xFF<<56) &^ (Bitboard(0xFF) << (8 * s.Rank()))) |
		((Bitboard(0x0101010101010101) | 0x8080808080808080) &^ (Bitboard(0x0101010101010101) << s.File()))
	m.mask = slideAttacks(s, 0, dirs) &^ edges
	n := m.mask.Count()
	m.shift = uint8(64 - n)
	size := 1 << n
	// Each direction's ray from s, and from every square along it: a ray stops at its
	// first blocker, the lowest square of the blockers on a ray that goes up the board
	// (the highest on one that goes down). Walking the squares for each of the 107648
	// subsets instead took ~50 ms of the page's start in WebAssembly.
	var rays [4]Bitboard
	var beyond [4][64]Bitboard
	var up [4]bool
	for i, d := range dirs {
		rays[i] = slideAttacks(s, 0, [4][2]int{d, d, d, d})
		up[i] = d[1] > 0 || d[1] == 0 && d[0] > 0
		for r := rays[i]; r != 0; {
			b := r.Pop()
			beyond[i][b] = slideAttacks(b, 0, [4][2]int{d, d, d, d})
		}
	}
	// Enumerate every subset of the mask (Carry-Rippler).
	var b Bitboard
	for i := 0; i < size; i++ {
		occs[i] = b
		var a Bitboard
		for k, ray := range rays {
			a |= ray
			if blk := b & ray; blk != 0 {
				first := blk.First()
				if !up[k] {
					first = Square(63 - bits.LeadingZeros64(uint64(blk)))
				}
				a &^= beyond[k][first]
			}
		}
		atts[i] = a
		b = (b - m.mask) & m.mask
	}
	return size
}

// magicCandidates returns a generator of candidate magic numbers for a mask: sparse
// numbers from a fixed-seed xorshift64*, so that a search is repeatable.
func magicCandidates() func(mask Bitboard) uint64 {
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		rng ^= rng >> 12
		rng ^= rng << 25
		rng ^= rng >> 27
		return rng * 2685821657736338717
	}
	return func(mask Bitboard) uint64 {
		for {
			num := next() & next() & next()
			if bits.OnesCount64((uint64(mask)*num)>>56) >= 6 {
				return num
			}
		}
	}
}

// findMagics searches a magic number for each square, in order, with one generator (how
// rookMagicNums and bishopMagicNums were found; TestMagicNumbers does it again).
func findMagics(dirs [4][2]int) [64]uint64 {
	var occs, atts [4096]Bitboard
	var nums [64]uint64
	next := magicCandidates()
	for s := Square(0); s < 64; s++ {
		var m magic
		size := m.setup(s, dirs, &occs, &atts)
		used := map[uint64]Bitboard{}
	search:
		for {
			m.num = next(m.mask)
			clear(used)
			for i := 0; i < size; i++ {
				idx := (uint64(occs[i]) * m.num) >> m.shift
				if a, ok := used[idx]; ok && a != atts[i] {
					continue search
				}
				used[idx] = atts[i]
			}
			break
		}
		nums[s] = m.num
	}
	return nums
}
