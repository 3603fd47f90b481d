package game

import (
	"math/rand/v2"
	"testing"
)

func TestMagicsMatchRays(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		s := Square(rng.IntN(64))
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		if got, want := RookAttacks(s, occ), slideAttacks(s, occ, rookDirs); got != want {
			t.Fatalf("rook %v occ %x: %x want %x", s, occ, got, want)
		}
		if got, want := BishopAttacks(s, occ), slideAttacks(s, occ, bishopDirs); got != want {
			t.Fatalf("bishop %v occ %x: %x want %x", s, occ, got, want)
		}
	}
}

func TestBetweenAndLine(t *testing.T) {
	a1, h8, d4, e4 := Sq(0, 0), Sq(7, 7), Sq(3, 3), Sq(4, 3)
	if between[a1][h8].Count() != 6 || !between[a1][h8].Has(d4) {
		t.Errorf("between a1 h8 = %x", between[a1][h8])
	}
	if between[a1][e4] != 0 || line[a1][e4] != 0 {
		t.Errorf("a1 e4 are not aligned")
	}
	if !line[d4][e4].Has(Sq(0, 3)) || line[d4][e4].Count() != 8 {
		t.Errorf("line d4 e4 = %x", line[d4][e4])
	}
}
