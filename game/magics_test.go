package game

import "testing"

// TestMagicNumbers: the kept magic numbers are those the search finds, and the tables
// were built with them (no search at start-up).
func TestMagicNumbers(t *testing.T) {
	for _, c := range []struct {
		name  string
		dirs  [4][2]int
		nums  *[64]uint64
		table *[64]magic
	}{
		{"rook", rookDirs, &rookMagicNums, &rookMagic},
		{"bishop", bishopDirs, &bishopMagicNums, &bishopMagic},
	} {
		if found := findMagics(c.dirs); found != *c.nums {
			t.Errorf("%s: findMagics finds other numbers than the kept ones:\n%#x", c.name, found)
		}
		for s := Square(0); s < 64; s++ {
			if c.table[s].num != c.nums[s] {
				t.Errorf("%s %v: the table uses %#x, not the kept %#x", c.name, s, c.table[s].num, c.nums[s])
			}
		}
	}
}

// A wrong kept number is replaced by a search, and the attacks stay right.
func TestMagicsRepaired(t *testing.T) {
	saved := attackTable
	defer func() { attackTable = saved }()
	attackTable = make([]Bitboard, 0, cap(saved))
	var table [64]magic
	nums := rookMagicNums
	nums[27] = 1 // indexes everything to one slot
	initMagics(&table, rookDirs, &nums)
	if table[27].num == 1 {
		t.Fatal("the wrong number was kept")
	}
	for _, occ := range []Bitboard{0, 0x0000_0010_0800_0000, 0xFFFF_0000_0000_FFFF} {
		if got, want := attackTable[table[27].index(occ)], slideAttacks(27, occ, rookDirs); got != want {
			t.Errorf("occupancy %#x: attacks %#x, want %#x", occ, got, want)
		}
	}
}

// BenchmarkInitMagics is the magic tables' share of the page's start (they are built by
// the package's init; run it under GOOS=js GOARCH=wasm too).
func BenchmarkInitMagics(b *testing.B) {
	saved := attackTable
	defer func() { attackTable = saved }()
	for b.Loop() {
		attackTable = make([]Bitboard, 0, len(saved))
		var rook, bishop [64]magic
		initMagics(&rook, rookDirs, &rookMagicNums)
		initMagics(&bishop, bishopDirs, &bishopMagicNums)
	}
}
