package game

import (
	"strings"
	"testing"
)

// TestFENEdges: what position text is refused (with the reason named), and how the
// en-passant field is written back: only when a pawn can take there, in chess legally.
func TestFENEdges(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		err          string // a part of the error; "" when the text is read
		back         string // FEN() of the position read
	}{
		// The en-passant square must have the pawn that passed it in front of it, and
		// both the square and the pawn's start empty.
		{"chess", "4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1", "no white pawn on e4", ""},
		{"chess", "4k3/8/8/8/3pP3/8/4P3/4K3 b - e3 0 1", "e3 and e2 must be empty", ""},
		{"chess", "4k3/8/8/8/3pP3/4N3/8/4K3 b - e3 0 1", "e3 and e2 must be empty", ""},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "not on rank 6", ""},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
		{"forced", "4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1", "no white pawn on e4", ""},
		{"probabilistic", "4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1", "no white pawn on e4", ""},
		// A pawn on its own first rank or its last rank.
		{"chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "white pawn on its own first rank at a1", ""},
		{"chess", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black pawn on its own first rank at a8", ""},
		{"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on its last rank", ""},
		{"forced", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "own first rank", ""},
		// The square is written only when a capture is possible; reading takes both.
		{"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"chess", "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3", "", "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3"},
		// d4xe3 would uncover the queen's attack on the king along the fourth rank:
		// illegal in chess, so no square; in forced capture (no check) it is a capture.
		{"chess", "8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", "", "8/8/8/8/k2pP2Q/8/8/4K3 b - - 0 1"},
		{"forced", "8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", "", "8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1"},
		// The passing pawn gives check: taking it en passant is the answer.
		{"chess", "8/8/8/8/2pP4/2k5/8/4K3 b - d3 0 1", "", "8/8/8/8/2pP4/2k5/8/4K3 b - d3 0 1"},
		// No en passant in simultaneous chess.
		{"simultaneous", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "en passant", ""},
	} {
		v, err := Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		var back string
		if v.Load == nil || c.variant == "probabilistic" {
			var p *Position
			if p, err = ParseFEN(v, c.fen); err == nil {
				back = p.FEN()
			}
		} else {
			var r Rules
			if r, err = Load(v, c.fen+" - - 0"); err == nil {
				back = r.Text()
			}
		}
		switch {
		case c.err != "" && err == nil:
			t.Errorf("%s %q read as %q; want an error with %q", c.variant, c.fen, back, c.err)
		case c.err != "" && !strings.Contains(err.Error(), c.err):
			t.Errorf("%s %q: error %q; want one with %q", c.variant, c.fen, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s %q: %v", c.variant, c.fen, err)
		case c.err == "" && back != c.back:
			t.Errorf("%s %q written back as %q, want %q", c.variant, c.fen, back, c.back)
		}
	}
}

// The en-passant square counts in the hash only when it is written: the same position
// read with and without an unusable square, or reached by a double step, hashes alike.
func TestFENEPHash(t *testing.T) {
	v, _ := Lookup("chess")
	with, _ := ParseFEN(v, "8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1")
	without, _ := ParseFEN(v, "8/8/8/8/k2pP2Q/8/8/4K3 b - - 0 1")
	played, _ := ParseFEN(v, "8/8/8/8/k2p3Q/8/4P3/4K3 w - - 0 1")
	m, err := played.ParseMove("e4")
	if err != nil {
		t.Fatal(err)
	}
	played.Make(m)
	if with.Hash() != without.Hash() || played.Hash() != without.Hash() || played.FEN() != without.FEN() {
		t.Errorf("hashes %x %x %x, FEN %q", with.Hash(), without.Hash(), played.Hash(), played.FEN())
	}
	usable, _ := ParseFEN(v, "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3")
	plain, _ := ParseFEN(v, "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 3")
	if usable.Hash() == plain.Hash() {
		t.Error("a usable en-passant square does not change the hash")
	}
}
