package game

import (
	"strings"
	"testing"
)

// lichessGame is a game as lichess exports it: its tags, clock and evaluation comments,
// NAGs, move marks and a variation; it ended on time.
const lichessGame = `[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2024.03.02"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[UTCDate "2024.03.02"]
[WhiteElo "1800"]
[BlackElo "1750"]
[Variant "Standard"]
[TimeControl "180+0"]
[ECO "C50"]
[Termination "Time forfeit"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:03:00] } 2. Nf3 $1 { [%clk 0:02:58] } 2... Nc6!? (2... d6 3. d4 exd4) 3. Bc4 { [%clk 0:02:55] } 3... Bc5?! $6 { [%clk 0:02:50] } 4. O-O { White keeps the king safe. } 4... Nf6 1-0

`

func TestPGNLichess(t *testing.T) {
	g, err := ParsePGN(lichessGame)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Rules().Text(); got != "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5" {
		t.Errorf("final position %s", got)
	}
	if g.Variant().Name != "chess" || g.Tags["WhiteElo"] != "1800" || g.Outcome().Over() {
		t.Errorf("variant %s, tags %v, outcome %+v", g.Variant().Name, g.Tags, g.Outcome())
	}
	out := g.PGN()
	for _, want := range []string{`[Result "1-0"]`, `[Termination "Time forfeit"]`, `[PlyCount "8"]`, `[Variant "Standard"]`,
		`[Site "https://lichess.org/abcdefgh"]`, "4. O-O Nf6 1-0\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
	checkPGNRoundTrip(t, out)
	h, _ := ParsePGN(out)
	if h.PGN() != out {
		t.Errorf("not stable:\n%s\n---\n%s", out, h.PGN())
	}
}

// Import reads moves as other tools write them: coordinates with an upper-case promotion
// (pgn-extract's "b7b8Q", "c2c1Q+"), its long algebraic ("Qb8-b5+", "Kh5h4"), SAN with
// a lower-case promotion ("b8=q"), castling with zeros, check and annotation marks.
func TestPGNMoveForms(t *testing.T) {
	const fen = "8/1P6/8/7k/8/8/2p4K/8 w - - 0 1"
	for _, moves := range []string{
		"1. b7b8Q c2c1Q 2. Qb5+ Kh4",
		"1. b7b8Q+ c2c1Q+ 2. Qb8b5+ h5h4",
		"1. b8=q c1=q 2. Qb5+ Kh4",
		"1. b8=Q c1=Q 2. Qb5+!? Kh4 $2",
		"1. b7b8q c2c1q 2. b8b5 h5h4",
		"1. b7-b8Q c2-c1Q 2. Qb8-b5+ Kh5-h4 *", // pgn-extract -Wxlalg
		"1. b7b8Q c2c1Q 2. Qb8b5+ Kh5h4",       // pgn-extract -Welalg
	} {
		text := `[Variant "From Position"]` + "\n" + `[SetUp "1"]` + "\n" + `[FEN "` + fen + `"]` + "\n\n" + moves + " *"
		g, err := ParsePGN(text)
		if err != nil {
			t.Errorf("%s: %v", moves, err)
			continue
		}
		if got := g.Rules().Text(); got != "8/8/8/1Q6/7k/8/7K/2q5 w - - 2 3" {
			t.Errorf("%s: final position %s", moves, got)
		}
		out := g.PGN()
		if !strings.Contains(out, `[Variant "From Position"]`) || !strings.Contains(out, `[FEN "`+fen+`"]`) || !strings.Contains(out, `[SetUp "1"]`) {
			t.Errorf("%s: export:\n%s", moves, out)
		}
		checkPGNRoundTrip(t, out)
	}
	g, err := ParsePGN("[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 0-0 *")
	if err != nil || g.Rules().Text() != "rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 6 5" {
		t.Errorf("castling with zeros: %v", err)
	}
}

// Forced capture is written as Fairy-Stockfish spells it; our name reads too.
func TestPGNVariantNames(t *testing.T) {
	for _, tag := range []string{"forced", "forcedcapture", "Forced-capture chess"} {
		g, err := ParsePGN("[Variant \"" + tag + "\"]\n\n1. e4 d5 2. exd5 *")
		if err != nil || g.Variant().Name != "forced" {
			t.Fatalf("%s: %v", tag, err)
		}
		if out := g.PGN(); !strings.Contains(out, `[Variant "forcedcapture"]`) {
			t.Errorf("%s: export:\n%s", tag, out)
		}
	}
	// A finished game: Normal, our reason in a comment before the result.
	g, err := ParsePGN("[Variant \"forcedcapture\"]\n[FEN \"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\"]\n\n1. Rxe8 1-0")
	if err != nil || g.Outcome().Reason != "king captured" {
		t.Fatalf("%v %+v", err, g.Outcome())
	}
	if out := g.PGN(); !strings.Contains(out, `[Termination "Normal"]`) || !strings.Contains(out, "1. Rxe8 {king captured} 1-0") || !strings.Contains(out, `[PlyCount "1"]`) {
		t.Errorf("export:\n%s", out)
	}
}

// A file of games: each read and replayed; a bad one stops the reading with its number.
func TestPGNGames(t *testing.T) {
	file := lichessGame + "\n[Variant \"forcedcapture\"]\n\n1. e4 d5 2. exd5 *\n\n1. d4 d5 2. c4 e6 1/2-1/2\n" +
		"[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n"
	games, err := ParsePGNGames(file)
	if len(games) != 3 || err == nil || !strings.Contains(err.Error(), "game 4 (line 23)") || !strings.Contains(err.Error(), `move "Ke3"`) {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if games[1].Variant().Name != "forced" || games[2].Rules().Text() != "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3" {
		t.Errorf("games: %s %s", games[1].Variant().Name, games[2].Rules().Text())
	}
	if games, err := ParsePGNGames(" \n"); err != nil || len(games) != 0 {
		t.Errorf("empty file: %d %v", len(games), err)
	}
}

// FuzzParsePGNGames: any text gives games or an error, never a panic; every game read
// round-trips through its own PGN.
func FuzzParsePGNGames(f *testing.F) {
	f.Add(lichessGame + lichessGame)
	f.Add("1. e4 *\n[Variant \"forcedcapture\"]\n1. e4 d5 2. exd5\n[FEN \"4k3/1P6/8/8/8/8/2p5/4K3 w - - 0 1\"]\n1. b7b8Q c2c1q *")
	f.Add("[Termination \"Abandoned\"]\n[Result \"0-1\"]\n1. e4 0-1\n\n[")
	f.Fuzz(func(t *testing.T, text string) {
		games, _ := ParsePGNGames(text)
		for _, g := range games {
			checkPGNRoundTrip(t, g.PGN())
		}
	})
}
