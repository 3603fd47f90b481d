package game

import (
	"slices"
	"testing"
)

var pillarFuzzOpts = [][]string{nil, {"board=8x8"}, {"combinatorics=on"}, {"board=8x8", "combinatorics=on", "promotion=alone"}, {"nodice=on"}}

// FuzzPillarText: any text gives a position or an error, never a panic; a position read
// writes back to text that reads to the same position, and its moves can be generated
// and played.
func FuzzPillarText(f *testing.F) {
	for _, s := range []string{
		PillarStart6, PillarStart8, "3k2/6/(nP)p4/6/6/3K2 b - a3 P 1", "1(rn)1k2/(nP)5/6/6/6/3K2 w - - P 1",
		"3k2/pppppp/6/6/6/(Rn)2K1R b KQ - N 1", "4k3/8/8/3(pQ)4/8/8/8/4K3 w - - Q 1",
		"3k2/6/6/6/6/(NpR)2K2 w - - X 1", "(((/6/6/6/6/6 w - - - 1", "3k2/6/6/6/6/(K)2k2 w - - - 0",
	} {
		for i := range pillarFuzzOpts {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, opt uint8, text string) {
		v, err := Lookup("pillar", pillarFuzzOpts[int(opt)%len(pillarFuzzOpts)]...)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Load(v, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		q, err := Load(v, r.Text())
		if err != nil || q.Text() != r.Text() || q.Hash() != r.Hash() || q.Outcome() != r.Outcome() {
			t.Fatalf("%q → %q does not read back: %v", text, r.Text(), err)
		}
		if p := r.Position(); p.computeHash() != p.Hash() {
			t.Fatalf("%q: hash differs from scratch", text)
		}
		if _, err := PerftRules(r, 2); err != nil {
			t.Fatalf("%q: perft: %v", text, err)
		}
	})
}

// FuzzPillarMove: move text from anyone is read or refused, never a panic, and what is
// read is an action of the current step.
func FuzzPillarMove(f *testing.F) {
	for _, s := range []string{"e2-e4", "R2a1-a4", "P2a2xb3", "Nb1^d2", "e5xd6ep", "a5-a6=Q", "O-O", "0-0-0", "pass", "a1a4/2", "e7e8q", "", "R99a1-a4", "((", "K0d1-d2"} {
		f.Add(s)
	}
	texts := []string{"3k2/6/6/6/6/(NpR)2K2 w - - R 1", "3k2/6/(nP)p4/6/6/3K2 b - a3 P 1", "1(rn)1k2/(nP)5/6/6/6/3K2 w - - P 1", PillarStart6}
	v, _ := Lookup("pillar")
	var rs []*pillarRules
	for _, text := range texts {
		r, err := Load(v, text)
		if err != nil {
			f.Fatal(err)
		}
		rs = append(rs, r.(*pillarRules))
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range rs {
			for c := White; c <= Black; c++ {
				m, err := r.ParseMove(c, s)
				if err == nil && !slices.Contains(r.Moves(c, nil), m) {
					t.Fatalf("%q read as %v, not an action of %q", s, m, r.Text())
				}
			}
		}
	})
}

// FuzzPillarPGN: PGN text of a pillar game is read or refused, never a panic; a game read
// exports to PGN that reads back to the same game.
func FuzzPillarPGN(f *testing.F) {
	f.Add("[Variant \"pillar\"]\n\n{[%draw 3 0] rolled N} 1. Nb1^d2 {[%draw 4 0] rolled P} 1... c5-c4 {[%draw 5 0]} 2. pass *")
	f.Add("[Variant \"pillar\"]\n[VariantOptions \"board=8x8 combinatorics=on\"]\n\n{[%draw 5 0]} 1. e2-e4 {[%draw 0 0]} 1... Ke8^e7 *")
	f.Add("[Variant \"pillar\"]\n[FEN \"3k2/6/(nP)p4/6/6/3K2 b - a3 P 1\"]\n\n1... b4xa3ep *")
	f.Add("[Variant \"pillar\"]\n[FEN \"3k2/6/q5/6/Q5/K5 w - - - 1\"]\n\n1. Qa2xa4 {[%resign b]} 1-0")
	f.Fuzz(checkPGNRoundTrip)
}

// Any Move value, however made up, is written or refused without a panic.
func TestPillarMoveTextOfJunk(t *testing.T) {
	r := pillarLoad(t, "")
	pillarDo(t, r, "roll K")
	for _, m := range []Move{{From: 200, To: 3}, {From: 1, To: 99, N: 40}, {Promo: 200}, {Kind: 99}, {From: 0, To: 8, N: 0}} {
		_ = r.MoveText(m)
		if _, err := r.Apply(Input{Kind: InputMove, Player: White, Move: m}); err == nil {
			t.Errorf("%+v accepted", m)
		}
	}
}
