package game

import "testing"

// FuzzParseFEN: any text gives a position or an error, never a panic, and a position read
// writes back to text that reads to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, kiwipete, "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "x",
		"4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1", "8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"} {
		f.Add("chess", s)
		f.Add("forced", s)
	}
	f.Fuzz(func(t *testing.T, variant, fen string) {
		v, err := Lookup(variant)
		if err != nil {
			return
		}
		p, err := ParseFEN(v, fen)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		q, err := ParseFEN(v, p.FEN())
		if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
			t.Fatalf("%q → %q does not read back: %v", fen, p.FEN(), err)
		}
		p.Perft(2) // generating moves on any accepted position must not panic
	})
}

// FuzzParsePGN: any text gives a game or an error, never a panic; a game read exports to
// PGN that reads back to the same game.
func FuzzParsePGN(f *testing.F) {
	f.Add("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *")
	f.Add("[Variant \"forced\"]\n\n1. e4 d5 2. exd5 Qxd5 {[%resign w]} 0-1")
	f.Add("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. O-O (1. Kd1 $1) Kd7 { c } 1/2-1/2")
	f.Add("[Event \"a \\\" b\"]\n1.e4 ; comment\n% escape\ne5 *")
	f.Add("[TimeControl \"180+2\"]\n1. e4 {[%clk 0:02:58]} 1... e5 { [%clk 0:02:59.5] } {[%flag w] white ran out of time} 0-1")
	f.Fuzz(checkPGNRoundTrip)
}

// checkPGNRoundTrip is the PGN fuzzers' property: text that reads as a game exports to
// PGN that reads back to the same game (hash and outcome) and exports to the same PGN.
func checkPGNRoundTrip(t *testing.T, text string) {
	g, err := ParsePGN(text)
	if err != nil {
		return
	}
	out := g.PGN()
	h, err := ParsePGN(out)
	if err != nil {
		t.Fatalf("own PGN does not read: %v\n%s", err, out)
	}
	if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() || h.PGN() != out {
		t.Fatalf("PGN round trip differs:\n%s\n---\n%s", out, h.PGN())
	}
}

// FuzzParseMove: move text from anyone is read or refused, never a panic.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "e7e8q", "exd6", "Qa4b3+", "", "@@@"} {
		f.Add(s)
	}
	v, _ := Lookup("chess")
	p, _ := ParseFEN(v, kiwipete)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err == nil && !p.IsLegal(m) {
			t.Fatalf("%q read as illegal move %v", s, m)
		}
	})
}
