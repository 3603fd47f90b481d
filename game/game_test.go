package game

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// randomGame plays up to plies random legal moves of variant name (Playout), calling
// check after each one.
func randomGame(t *testing.T, name string, seed uint64, plies int, check func(g *Game)) *Game {
	t.Helper()
	g, err := NewGame(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := Playout(g, rand.New(rand.NewPCG(seed, 7)), plies, nil, check); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestHashAndFENRoundTrip(t *testing.T) {
	for _, name := range []string{"chess", "forced"} {
		for seed := uint64(0); seed < 40; seed++ {
			randomGame(t, name, seed, 200, func(g *Game) {
				p := g.Position()
				q, err := ParseFEN(p.V, p.FEN())
				if err != nil {
					t.Fatalf("%s: reading own FEN %q: %v", name, p.FEN(), err)
				}
				if q.FEN() != p.FEN() {
					t.Fatalf("FEN round trip: %q became %q", p.FEN(), q.FEN())
				}
				if q.Hash() != p.Hash() || p.computeHash() != p.Hash() {
					t.Fatalf("%s: incremental hash differs from the hash of %q", name, p.FEN())
				}
			})
		}
	}
}

func TestPGNRoundTrip(t *testing.T) {
	for _, name := range []string{"chess", "forced"} {
		for seed := uint64(0); seed < 30; seed++ {
			g := randomGame(t, name, seed, 300, func(*Game) {})
			if !g.Outcome().Over() {
				if err := g.Apply(Input{Kind: InputResign, Player: g.Position().Side}); err != nil {
					t.Fatal(err)
				}
			}
			text := g.PGN()
			h, err := ParsePGN(text)
			if err != nil {
				t.Fatalf("%s seed %d: %v\n%s", name, seed, err, text)
			}
			if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() || len(h.Entries()) != len(g.Entries()) {
				t.Fatalf("%s seed %d: PGN replay differs: %v vs %v\n%s", name, seed, h.Outcome(), g.Outcome(), text)
			}
			if h.PGN() != text {
				t.Fatalf("%s seed %d: PGN not stable:\n%s\n---\n%s", name, seed, text, h.PGN())
			}
		}
	}
}

func TestPGNImport(t *testing.T) {
	const text = `[Event "Opera"]
[White "Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1.e4 e5 2.Nf3 d6 3.d4 Bg4 {This is a weak move already.} 4.dxe5 Bxf3 5.Qxf3 dxe5
6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 c6 9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8
13.Rxd7 Rxd7 14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+ Nxb8 17.Rd8# 1-0`
	g, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != WhiteWins || o.Reason != "checkmate" {
		t.Fatalf("outcome %+v", o)
	}
	if got := g.Entries()[len(g.Entries())-1].Record.Text; got != "Rd8#" {
		t.Errorf("last move %q", got)
	}
	if g.Tags["White"] != "Morphy" {
		t.Errorf("tags %v", g.Tags)
	}
	out := g.PGN()
	for _, want := range []string{`[Variant "Standard"]`, `[Termination "Normal"]`, `[PlyCount "33"]`, "12. O-O-O Rd8", "17. Rd8# {checkmate} 1-0"} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
}

func TestPGNErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"1. e4 e5 2. Ke2 Ke7 3. Kd5", "line 1: move \"Kd5\""},
		{"[Variant \"shogi\"]\n1. e4", "[Variant]"},
		{"[FEN \"8/8/8 w - - 0 1\"]\n", "[FEN]"},
		{"1. e4 {unterminated", "line 1: unterminated comment"},
		{"[White \"x]\n", "unterminated value"},
		{"1. e4 e5\n2. e5", "line 2: move \"e5\""},
	} {
		_, err := ParsePGN(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to mention %q", c.text, err, c.want)
		}
	}
}

func TestSAN(t *testing.T) {
	v, _ := Lookup("chess")
	for _, c := range []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e5g6", "Nxg6"},
		{"7k/8/8/8/8/8/8/N1N4K w - - 0 1", "a1b3", "Nab3"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "d2c1", "Bc1"},
		{"7k/8/8/8/8/8/8/R5RK w - - 0 1", "a1f1", "Raf1"},
		{"7k/8/8/8/8/R7/8/R6K w - - 0 1", "a1a2", "R1a2"},
		{"8/7k/8/8/Q1Q5/8/Q7/7K w - - 0 1", "a4b3", "Qa4b3"},
		{"7k/1P6/8/8/8/8/8/7K w - - 0 1", "b7b8q", "b8=Q+"},
		{"6rk/6pp/8/6N1/8/8/8/7K w - - 0 1", "g5f7", "Nf7#"},
		{"7k/6pp/8/8/8/8/8/R6K w - - 0 1", "a1a8", "Ra8#"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
	} {
		p, err := ParseFEN(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.uci)
		if err != nil {
			t.Fatalf("%s: %v", c.uci, err)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
		}
		if back, err := p.ParseMove(c.san); err != nil || back != m {
			t.Errorf("%s: reading %q gave %v, %v", c.fen, c.san, back, err)
		}
	}
}

func TestOutcomes(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		moves        []string
		want         Outcome
	}{
		{"chess", StartFEN, []string{"f3", "e5", "g4", "Qh4"}, Outcome{BlackWins, "checkmate"}},
		{"chess", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", []string{"Qf8"}, Outcome{WhiteWins, "checkmate"}},
		{"chess", "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1", []string{"Qf7"}, Outcome{Drawn, "stalemate"}},
		{"chess", "7k/8/6K1/5n2/8/8/8/6b1 w - - 0 1", []string{"Kxf5"}, Outcome{Drawn, "insufficient material"}},
		{"chess", "7k/8/6K1/8/8/8/8/6r1 w - - 149 100", []string{"Kf6"}, Outcome{Drawn, "75-move rule"}},
		{"chess", StartFEN, []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"},
			Outcome{Drawn, "fivefold repetition"}},
		{"forced", StartFEN, []string{"e4", "d5", "exd5", "Qxd5", "Nc3", "Qxg2", "Bxg2", "e5", "Bxb7", "Bxb7"}, Outcome{}},
		{"forced", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", []string{"O-O", "Kd7", "Rf7+"}, Outcome{}},
		{"forced", "4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1", []string{"Kxe7"}, Outcome{}},
		{"forced", "4k3/8/4Q3/8/8/8/8/4K3 w - - 0 1", []string{"Qxe8"}, Outcome{WhiteWins, "king captured"}},
		{"forced", "8/8/8/8/8/8/8/k1K5 b - - 0 1", []string{"Kb1", "Kxb1"}, Outcome{WhiteWins, "king captured"}},
		{"forced", "kb6/prp5/PpP5/1P6/8/8/8/7K b - - 0 1", nil, Outcome{Drawn, "stalemate"}},
	} {
		v, _ := Lookup(c.variant)
		g, err := NewGameFrom(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range c.moves {
			if err := g.PlayText(m); err != nil {
				t.Fatalf("%s %s: %s: %v", c.variant, c.fen, m, err)
			}
		}
		if got := g.Outcome(); got != c.want {
			t.Errorf("%s %s %v: outcome %+v, want %+v", c.variant, c.fen, c.moves, got, c.want)
		}
	}
}

func TestDrawClaims(t *testing.T) {
	g, _ := NewGame("chess")
	for _, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Apply(Input{Kind: InputClaim, Player: Black}); err == nil {
		t.Fatal("claim accepted before the third repetition")
	}
	g.PlayText("Ng8")
	if err := g.Apply(Input{Kind: InputClaim, Player: White}); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != Drawn || o.Reason != "threefold repetition" {
		t.Fatalf("outcome %+v", o)
	}
	if err := g.PlayText("e4"); err == nil {
		t.Fatal("move accepted after the game ended")
	}
	if err := g.Undo(1); err != nil || g.Outcome().Over() || len(g.Entries()) != 8 {
		t.Fatalf("undo: %v %+v", err, g.Outcome())
	}
}

func TestForcedMustCapture(t *testing.T) {
	v, _ := Lookup("forced")
	for _, c := range []struct {
		fen  string
		want string // sorted UCI moves
	}{
		// En passant is the only capture, so it is the only move.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"},
		// A pending capture forbids castling; the rook must take.
		{"r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1", "a1a8"},
		// Capturing promotions only; the push to b8 is not allowed.
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8b a7b8n a7b8q a7b8r"},
	} {
		p, err := ParseFEN(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range p.LegalMoves(nil) {
			got = append(got, m.UCI())
		}
		sortStrings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: moves %v, want %s", c.fen, got, c.want)
		}
	}
}

func sortStrings(s []string) {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
}

func TestRegistry(t *testing.T) {
	if _, err := Lookup("nonesuch"); err == nil || !strings.Contains(err.Error(), "chess") {
		t.Errorf("unknown variant error %v should list the known ones", err)
	}
	if _, err := Lookup("chess", "x=1"); err == nil {
		t.Error("chess accepted an option")
	}
}
