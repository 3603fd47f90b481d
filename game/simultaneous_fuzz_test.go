package game

import (
	"strings"
	"testing"
)

// FuzzSimulText: any position text gives a state or an error, never a panic; a state
// read writes back to text that reads to the same state, and play goes on from it.
func FuzzSimulText(f *testing.F) {
	for _, s := range []string{
		"", StartFEN, StartFEN + " - - 0", StartFEN + " - - 0 w:e2e4", StartFEN + " - - 1 b:0000",
		"r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 - QNrb 0",
		"4k3/8/8/8/8/8/8/5RK1 w - - 10 20 f1,g1 - 1", "8/8/8/3kK3/8/8/8/8 w - - 0 1 - - 2",
		"8/8/8/8/8/8/8/8 w - - 0 1 - - 0", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1,e8 Qq 0 b:e8d8", "x",
	} {
		f.Add(s)
	}
	v, _ := Lookup("simultaneous")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := NewSimulRules(v, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		q, err := NewSimulRules(v, r.Text())
		if err != nil || q.Text() != r.Text() || q.Hash() != r.Hash() || q.Outcome() != r.Outcome() {
			t.Fatalf("%q → %q does not read back: %v", text, r.Text(), err)
		}
		for c := White; c <= Black; c++ {
			if strings.Contains(r.View(c).Text(), ":") {
				t.Fatalf("a view's text shows a sealed move: %s", r.View(c).Text())
			}
		}
		// Every pair of the first few choices resolves into a readable state.
		ws, bs := r.LegalMoves(White, nil), r.LegalMoves(Black, nil)
		for i := 0; i < len(ws) && i < 4; i++ {
			for j := 0; j < len(bs) && j < 4; j++ {
				c := r.Clone().(*SimulRules)
				c.PlayJoint(ws[i], bs[j])
				if _, err := NewSimulRules(v, c.Text()); err != nil {
					t.Fatalf("%s after %v %v: %q does not read: %v", text, ws[i], bs[j], c.Text(), err)
				}
			}
		}
	})
}

// FuzzSimulMove: move text from anyone is read as a legal choice or refused, never a
// panic; the notation of a choice reads back to it.
func FuzzSimulMove(f *testing.F) {
	for _, s := range []string{"e4", "exd5", "ed5", "exe5", "Nf3", "O-O", "0-0-0", "g7g8q", "b8=Q", "pass", "--", "0000", "", "@@@", "Kxe8"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	v, _ := Lookup("simultaneous")
	positions := []string{"", "r3k3/1P6/8/3n4/1N2P3/8/P7/R3K2R w KQq - 0 1 - Q 0", "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 - QNrb 0"}
	f.Fuzz(func(t *testing.T, s string, black bool) {
		c := White
		if black {
			c = Black
		}
		for _, text := range positions {
			r, _ := NewSimulRules(v, text)
			m, err := r.ParseMove(c, s)
			if err != nil {
				continue
			}
			if !hasMove(r.Moves(c, nil), m) {
				t.Fatalf("%q read as an illegal move %v", s, m)
			}
			if back, err := r.ParseMove(c, r.MoveText(m)); err != nil || back != m {
				t.Fatalf("%q: notation %q reads as %v (%v)", s, r.MoveText(m), back, err)
			}
		}
	})
}

// FuzzSimulPGN: a simultaneous chess PGN gives a game or an error; a game read exports
// to PGN that reads back to the same game.
func FuzzSimulPGN(f *testing.F) {
	f.Add("[Variant \"simultaneous\"]\n\n1. e4 Nf6 2. Nc3 d5 3. exd5 Nxe4 {missed} 4. pass *")
	f.Add("[Variant \"simultaneous\"]\n[VariantOptions \"noprogress=off\"]\n\n1. e4 {[%resign b]} 0-1")
	f.Add("[Variant \"simultaneous\"]\n[FEN \"8/8/4k3/8/4K3/8/8/8 w - - 0 1 - - 0\"]\n\n1. Kd5 Kd5 1-0")
	f.Add("[Variant \"simultaneous\"]\n\n1. pass pass 2. -- -- 1/2-1/2")
	f.Fuzz(checkPGNRoundTrip)
}
