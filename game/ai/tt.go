package ai

import "github.com/quintet-chess/quintet/game"

// Bound says what a stored score is: exact, or a bound from a cut.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// entry is one slot of the transposition table.
type entry struct {
	key   uint64
	move  game.Move
	score int16
	depth int8
	bound uint8
	age   uint8
}

// table is the transposition table: one slot per index, replaced when the new result is
// as deep, or the old one is from an earlier search.
type table struct {
	slots []entry
	mask  uint64
	age   uint8
}

func newTable(mb int) *table {
	n := uint64(1)
	for n*2*32 <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{slots: make([]entry, n), mask: n - 1}
}

func (t *table) clear() {
	clear(t.slots)
	t.age = 0
}

// newSearch ages the entries so that old ones give way.
func (t *table) newSearch() { t.age++ }

func (t *table) probe(key uint64) (entry, bool) {
	e := t.slots[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

func (t *table) store(key uint64, m game.Move, score, depth, ply int, bound uint8) {
	e := &t.slots[key&t.mask]
	if e.key == key && e.age == t.age && int(e.depth) > depth && bound != boundExact {
		return
	}
	if e.key != key && e.age == t.age && int(e.depth) > depth+2 {
		return
	}
	if m == game.NullMove && e.key == key {
		m = e.move // keep the best move known
	}
	*e = entry{key: key, move: m, score: int16(toTT(score, ply)), depth: int8(max(min(depth, 127), -1)), bound: bound, age: t.age}
}

// Mate scores are stored relative to the node, not the root, so that they stay right
// when the same position is reached at another ply.
func toTT(s, ply int) int {
	switch {
	case s > MateBound:
		return s + ply
	case s < -MateBound:
		return s - ply
	}
	return s
}

// cutoff is the entry's score at ply, and whether its bound settles a search of the
// window (alpha, beta) without searching.
func (e entry) cutoff(ply, alpha, beta int) (int, bool) {
	sc := fromTT(int(e.score), ply)
	switch {
	case e.bound == boundExact,
		e.bound == boundLower && sc >= beta,
		e.bound == boundUpper && sc <= alpha:
		return sc, true
	}
	return sc, false
}

func fromTT(s, ply int) int {
	switch {
	case s > MateBound:
		return s - ply
	case s < -MateBound:
		return s + ply
	}
	return s
}
