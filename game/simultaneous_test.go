package game

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

func simLoad(t testing.TB, text string, opts ...string) *SimulRules {
	t.Helper()
	v, err := Lookup("simultaneous", opts...)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewSimulRules(v, text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return r
}

// simPlay applies White's then Black's choice (notation or coordinates) and returns the
// record of the move that resolved the turn.
func simPlay(t *testing.T, r *SimulRules, w, b string) Record {
	t.Helper()
	var rec Record
	for c, s := range []string{w, b} {
		m, err := r.ParseMove(Color(c), s)
		if err != nil {
			t.Fatalf("%s: %v", r.Text(), err)
		}
		if rec, err = r.Apply(Input{Kind: InputMove, Player: Color(c), Move: m}); err != nil {
			t.Fatalf("%s %s: %v", r.Text(), s, err)
		}
	}
	return rec
}

// simRaw reads a move by its coordinates whether it is legal or not (castling by the
// king's move), for resolutions legal play cannot reach.
func simRaw(t *testing.T, r *SimulRules, c Color, s string) Move {
	t.Helper()
	if s == "0000" {
		return Move{Kind: Pass}
	}
	from, err1 := ParseSquare(s[:2])
	to, err2 := ParseSquare(s[2:4])
	if err1 != nil || err2 != nil {
		t.Fatalf("bad coordinates %q", s)
	}
	m := Move{From: from, To: to}
	if len(s) == 5 {
		m.Promo, _ = r.pos.V.TypeOf(s[4])
	}
	for _, cd := range r.pos.V.Castlings {
		if cd.Color == c && cd.From == from && cd.To == to && r.pos.board[from].Type() == King {
			m = Move{From: from, To: to, Kind: Castle, Via: cd.RookFrom, Via2: cd.RookTo}
		}
	}
	return m
}

func uciList(ms []Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.UCI())
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

// Every case of RULES §5.7, each from a position where it happens. Cases that legal play
// cannot reach (a king stepping where an enemy piece lands: that piece attacks the square,
// so the king may not go there) are resolved directly, and the test checks they are
// indeed illegal.
func TestSimulResolution(t *testing.T) {
	for _, c := range []struct {
		name, text, w, b string
		forced           bool   // the pair is not legal; resolve it anyway
		after            string // position text after the turn
		note             string // the turn's comment ("" for none)
		out              Outcome
	}{
		{name: "collision on a light square", text: "4k3/8/5n2/8/8/2N5/8/4K3 w - - 0 1", w: "Nd5", b: "Nd5",
			after: "4k3/8/8/3N4/8/8/8/4K3 w - - 0 2 d5 n 0",
			note:  "collision on d5, a light square: White's knight wins, Black's knight is captured"},
		{name: "collision on a dark square", text: "4k3/5n2/8/8/2N5/8/8/4K3 w - - 0 1", w: "Ne5", b: "Ne5",
			after: "4k3/8/8/4n3/8/8/8/4K3 w - - 0 2 e5 N 0",
			note:  "collision on e5, a dark square: Black's knight wins, White's knight is captured"},
		{name: "two kings on a light square", text: "8/8/4k3/8/4K3/8/8/8 w - - 0 1", w: "Kd5", b: "Kd5",
			after: "8/8/8/3K4/8/8/8/8 w - - 0 2 d5 - 0",
			note:  "collision on d5, a light square: White's king wins, Black's king is captured; king captured: White wins",
			out:   Outcome{WhiteWins, "king captured"}},
		{name: "two kings on a dark square", text: "8/8/4k3/8/4K3/8/8/8 w - - 0 1", w: "Ke5", b: "Ke5",
			after: "8/8/8/4k3/8/8/8/8 w - - 0 2 e5 - 0",
			note:  "collision on e5, a dark square: Black's king wins, White's king is captured; king captured: Black wins",
			out:   Outcome{BlackWins, "king captured"}},
		{name: "king against a knight, light square", text: "7k/8/1n6/8/4K3/8/8/8 w - - 0 1", w: "e4d5", b: "b6d5", forced: true,
			after: "7k/8/8/3K4/8/8/8/8 w - - 0 2 d5 n 0",
			note:  "collision on d5, a light square: White's king wins, Black's knight is captured"},
		{name: "king against a knight, dark square", text: "7k/3n4/8/8/4K3/8/8/8 w - - 0 1", w: "e4e5", b: "d7e5", forced: true,
			after: "7k/8/8/4n3/8/8/8/8 w - - 0 2 e5 - 0",
			note:  "collision on e5, a dark square: Black's knight wins, White's king is captured; king captured: Black wins",
			out:   Outcome{BlackWins, "king captured"}},
		{name: "swap", text: "4k3/8/2n5/8/3N4/8/8/4K3 w - - 0 1", w: "Nxc6", b: "Nxd4",
			after: "4k3/8/2N5/8/3n4/8/8/4K3 w - - 1 2 d4,c6 - 0",
			note:  "swap: White's knight and Black's knight change places (d4, c6)"},
		{name: "pawns swap (mutual attack)", text: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", w: "exd5", b: "dxe4",
			after: "4k3/8/8/3P4/4p3/8/8/4K3 w - - 0 2 e4,d5 - 0",
			note:  "swap: White's pawn and Black's pawn change places (e4, d5)"},
		{name: "target left", text: "4k3/8/5n2/6B1/8/8/8/4K3 w - - 0 1", w: "Bxf6", b: "Ne4",
			after: "4k3/8/5B2/8/4n3/8/8/4K3 w - - 1 2 e4,f6 - 0",
			note:  "White's bishop takes nothing on f6: Black's knight left"},
		{name: "pawn's diagonal capture misses", text: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", w: "exd5", b: "d4",
			after: "4k3/8/8/3P4/3p4/8/8/4K3 w - - 0 2 d4,d5 - 0",
			note:  "White's pawn takes nothing on d5: Black's pawn left"},
		{name: "target stayed", text: "4k3/8/5n2/6B1/8/8/8/4K3 w - - 0 1", w: "Bxf6", b: "Kd8",
			after: "3k4/8/5B2/8/8/8/8/4K3 w - - 0 2 f6,d8 n 0"},
		{name: "paths crossed", text: "4k3/1p6/8/8/8/8/8/R3K3 w Q - 0 1", w: "Ra8", b: "ba6",
			after: "R3k3/8/p7/8/8/8/8/4K3 w - - 0 2 a6,a8 - 0",
			note:  "White's rook passes a6 as Black's pawn enters it"},
		{name: "castling dodges a capture", text: "4k2r/8/8/8/8/8/8/4K2R w K - 0 1", w: "O-O", b: "Rxh1",
			after: "4k3/8/8/8/8/8/8/5RKr w - - 1 2 f1,g1,h1 - 0",
			note:  "Black's rook takes nothing on h1: White's rook left"},
		{name: "castling rook colliding", text: "8/8/8/8/8/8/4k3/4K2R w K - 0 1", w: "e1g1", b: "e2f1", forced: true,
			after: "8/8/8/8/8/8/8/5RK1 w - - 0 2 f1,g1 - 0",
			note:  "collision on f1, a light square: White's rook wins, Black's king is captured; White's king passes f1 as Black's king enters it; king captured: White wins",
			out:   Outcome{WhiteWins, "king captured"}},
		{name: "promotion colliding on a light square", text: "4k3/4n1P1/8/8/8/8/8/4K3 w - - 0 1 - Q 0", w: "g8=Q", b: "Ng8",
			after: "4k1Q1/8/8/8/8/8/8/4K3 w - - 0 2 g8 n 0",
			note:  "collision on g8, a light square: White's queen wins, Black's knight is captured"},
		{name: "promotion colliding on a dark square", text: "4k3/5nP1/8/8/8/8/8/4K3 w - - 0 1 - Q 0", w: "gh8=Q", b: "Nh8",
			after: "4k2n/8/8/8/8/8/8/4K3 w - - 0 2 h8 Q 0",
			note:  "collision on h8, a dark square: Black's knight wins, White's queen is captured"},
		{name: "both kings taken", text: "k6r/8/8/8/8/8/8/Q6K w - - 0 1", w: "Qxa8", b: "Rxh1",
			after: "Q7/8/8/8/8/8/8/7r w - - 0 2 h1,a8 - 0",
			note:  "White's queen takes Black's king on a8; Black's rook takes White's king on h1; both kings captured: draw",
			out:   Outcome{Drawn, "both kings captured"}},
		{name: "king takes the king that stayed", text: "8/8/8/3k4/4K3/8/8/8 w - - 0 1", w: "Kxd5", b: "pass",
			after: "8/8/8/3K4/8/8/8/8 w - - 0 2 d5 - 0",
			note:  "White's king takes Black's king on d5; king captured: White wins",
			out:   Outcome{WhiteWins, "king captured"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := simLoad(t, c.text)
			var comment string
			if c.forced {
				w, b := simRaw(t, r, White, c.w), simRaw(t, r, Black, c.b)
				if hasMove(r.LegalMoves(White, nil), w) && hasMove(r.LegalMoves(Black, nil), b) {
					t.Fatalf("%s %s is legal: test it through Apply", c.w, c.b)
				}
				var tn simTurn
				r.resolve([2]Move{w, b}, &tn)
				_, comment = r.turnNotes(&tn)
			} else {
				rec := simPlay(t, r, c.w, c.b)
				if i := strings.IndexByte(rec.Text, '{'); i >= 0 {
					comment = strings.TrimSuffix(rec.Text[i+1:], "}")
				}
			}
			if got := r.Text(); got != c.after {
				t.Errorf("after: %s\nwant:  %s", got, c.after)
			}
			if comment != c.note {
				t.Errorf("note: %q\nwant:  %q", comment, c.note)
			}
			if r.Outcome() != c.out {
				t.Errorf("outcome %+v, want %+v", r.Outcome(), c.out)
			}
			if q := simLoad(t, r.Text()); q.Hash() != r.Hash() {
				t.Errorf("hash differs from the hash of the text")
			}
		})
	}
}

// Rule 2: the piece that moved rests for one turn (both after castling); a pass clears it;
// a resting piece still attacks.
func TestSimulRest(t *testing.T) {
	r := simLoad(t, "")
	simPlay(t, r, "Nf3", "Nc6")
	if r.Text() != "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 f3,c6 - 0" {
		t.Fatalf("after Nf3 Nc6: %s", r.Text())
	}
	for c, sq := range []string{"f3", "c6"} {
		for _, m := range r.Moves(Color(c), nil) {
			if m.From.String() == sq && m.Kind != Pass {
				t.Errorf("%v's resting piece on %s may move: %v", Color(c), sq, m)
			}
		}
	}
	if _, err := r.ParseMove(Black, "Nb8"); err == nil {
		t.Error("Black's resting knight may move back")
	}
	simPlay(t, r, "pass", "Nf6")
	if !strings.HasSuffix(r.Text(), " f6 - 0") {
		t.Fatalf("a pass should clear White's resting knight, the knight that moved rests: %s", r.Text())
	}
	if _, err := r.ParseMove(White, "Ng5"); err != nil {
		t.Errorf("after a pass the knight may move again: %v", err)
	}

	// Castling rests both king and rook.
	r = simLoad(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	simPlay(t, r, "O-O", "Kd7")
	if got := uciList(r.Moves(White, nil)); got != "0000" {
		t.Errorf("after castling only a pass is left, got %s", got)
	}

	// A resting knight keeps the black king off the squares it attacks.
	r = simLoad(t, "8/8/8/5k2/8/5N2/8/4K3 w - - 0 1 f3 - 0")
	var kingTo []string
	for _, m := range r.Moves(Black, nil) {
		if m.Kind != Pass {
			kingTo = append(kingTo, m.To.String())
		}
	}
	sort.Strings(kingTo)
	if got := strings.Join(kingTo, " "); got != "e4 e6 f4 f6 g4 g6" {
		t.Errorf("black king's squares %s, want e4 e6 f4 f6 g4 g6 (e5 and g5 are attacked by the resting knight)", got)
	}
}

// Rule 4: the king may not step onto an attacked square or castle through one; resting
// attackers count, the enemy king's reach does not, a defended piece cannot be taken.
func TestSimulKing(t *testing.T) {
	for _, c := range []struct {
		name, text string
		player     Color
		from       string // list only this square's moves ("" for all)
		want       string
	}{
		{"a resting rook forbids castling through f1 and the f-file", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1 f8 - 0", White, "e1",
			"e1d1 e1d2 e1e2"},
		{"b1 may be attacked when castling long", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1 b8 - 0", White, "e1",
			"e1c1 e1d1 e1d2 e1e2 e1f1 e1f2"},
		{"a resting bishop forbids castling from an attacked square", "4k3/8/8/b7/8/8/8/R3K2R w KQ - 0 1 a5 - 0", White, "e1",
			"e1d1 e1e2 e1f1 e1f2"},
		{"the enemy king's reach does not count", "8/8/8/3k4/8/3K4/8/8 w - - 0 1", White, "d3",
			"d3c2 d3c3 d3c4 d3d2 d3d4 d3e2 d3e3 d3e4"},
		{"a defended piece cannot be taken by the king", "4k3/8/8/8/8/3b4/4n3/4K3 w - - 0 1", White, "e1",
			"e1d1 e1d2 e1f1 e1f2"},
		{"an undefended one can", "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1", White, "e1",
			"e1d1 e1d2 e1e2 e1f1 e1f2"},
		{"a pawn attacks straight ahead (d1) and diagonally (e1)", "8/8/8/8/8/8/3p4/4K2k w - - 0 1", White, "e1",
			"e1d2 e1e2 e1f1 e1f2"},
		{"a pawn attacks the square of its double step", "8/4p3/8/4K3/8/8/8/7k w - - 0 1", White, "e5",
			"e5d4 e5d5 e5e4 e5f4 e5f5"},
		{"the king itself still blocks a ray", "4r2k/8/8/8/4K3/8/8/8 w - - 0 1", White, "e4",
			"e4d3 e4d4 e4d5 e4e3 e4f3 e4f4 e4f5"},
	} {
		r := simLoad(t, c.text)
		var ms []Move
		for _, m := range r.Moves(c.player, nil) {
			if c.from == "" || m.From.String() == c.from && m.Kind != Pass {
				ms = append(ms, m)
			}
		}
		if got := uciList(ms); got != c.want {
			t.Errorf("%s: %s\n got %s\nwant %s", c.name, c.text, got, c.want)
		}
	}
	// A king may stay attacked: nothing forces it to move.
	r := simLoad(t, "4r2k/8/8/8/8/8/P7/4K3 w - - 0 1")
	if _, err := r.ParseMove(White, "a3"); err != nil {
		t.Errorf("an attacked king's side may move another piece: %v", err)
	}
}

// Rules 5 and 6: pawns move and capture straight and diagonally, double step over an
// empty square, no en passant; promotion only from the pool, held on the 7th otherwise.
func TestSimulPawns(t *testing.T) {
	for _, c := range []struct {
		name, text string
		player     Color
		want       string // the pawn moves (pass and king moves left out)
	}{
		{"start rank", "4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1", White, "e2d3 e2e3 e2e4 e2f3"},
		{"straight capture, double step blocked", "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", White, "e2d3 e2e3 e2f3"},
		{"own pieces block", "4k3/8/8/8/8/3NN3/4P3/4K3 w - - 0 1", White, "e2f3"},
		{"no en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", White, "e5d6 e5e6 e5f6"},
		{"black pawns go down", "4k3/3p4/8/8/8/8/8/4K3 w - - 0 1", Black, "d7c6 d7d5 d7d6 d7e6"},
		{"empty pool: held on the 7th", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", White, ""},
		{"one choice per type in the pool", "1r2k3/1P6/8/8/8/8/8/4K3 w - - 0 1 - QQNb 0", White,
			"b7a8n b7a8q b7b8n b7b8q b7c8n b7c8q"},
		{"black promotes from its own pool", "4k3/8/8/8/8/8/6p1/4K3 w - - 0 1 - QRr 0", Black, "g2f1r g2g1r g2h1r"},
	} {
		r := simLoad(t, c.text)
		var ms []Move
		for _, m := range r.Moves(c.player, nil) {
			if m.Kind != Pass && r.pos.board[m.From].Type() == Pawn {
				ms = append(ms, m)
			}
		}
		if got := uciList(ms); got != c.want {
			t.Errorf("%s: %s\n got %s\nwant %s", c.name, c.text, got, c.want)
		}
	}

	// A held pawn still attacks the last rank: the black king may not step beside it.
	r := simLoad(t, "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1")
	if _, err := r.ParseMove(Black, "Kc8"); err == nil {
		t.Error("black king stepped onto c8, attacked by the held pawn on b7")
	}

	// The pool is the one at the start of the turn: a knight captured now promotes next turn.
	r = simLoad(t, "4k3/1P6/8/8/8/1n6/8/N3K3 w - - 0 1")
	simPlay(t, r, "pass", "Nxa1")
	if r.Text() != "4k3/1P6/8/8/8/8/8/n3K3 w - - 0 2 a1 N 0" {
		t.Fatalf("after Nxa1: %s", r.Text())
	}
	simPlay(t, r, "b8=N", "pass")
	if r.Text() != "1N2k3/8/8/8/8/8/8/n3K3 w - - 0 3 b8 - 0" {
		t.Errorf("after b8=N: %s", r.Text())
	}
}

// The seed's rules and notes, turn by turn (000_3b434a6ab96a7970.txt).
func TestSimulSeedExamples(t *testing.T) {
	// Rule 2: if both players passed twice in a row, the game is drawn.
	r := simLoad(t, "")
	simPlay(t, r, "pass", "pass")
	if r.Outcome().Over() || !strings.HasSuffix(r.Text(), " 1") {
		t.Fatalf("one double pass: %s %+v", r.Text(), r.Outcome())
	}
	simPlay(t, r, "e4", "pass")
	simPlay(t, r, "pass", "pass")
	if r.Outcome().Over() {
		t.Fatal("a move between the double passes restarts the count")
	}
	rec := simPlay(t, r, "pass", "pass")
	if r.Outcome() != (Outcome{Drawn, "both players passed twice"}) || rec.Text != "pass {both players passed twice: draw}" {
		t.Fatalf("two double passes: %+v %q", r.Outcome(), rec.Text)
	}

	// Intro: a "classic" pawn attacks diagonally a piece that leaves the same turn.
	r = simLoad(t, "r3k3/8/8/3n4/4P3/8/8/2B1K3 w - - 0 1")
	rec = simPlay(t, r, "exd5", "Nf4")
	if rec.Text != "Nf4 {White's pawn takes nothing on d5: Black's knight left}" {
		t.Errorf("missed pawn capture: %q", rec.Text)
	}
	// Rule 3: the knight that moved may not move again, but a resting piece can be taken.
	if _, err := r.ParseMove(Black, "Nxe2"); err == nil {
		t.Error("the knight moved twice in a row")
	}
	rec = simPlay(t, r, "Bxf4", "Ra3")
	if rec.Text != "Ra3" || r.Text() != "4k3/8/8/3P4/5B2/r7/8/4K3 w - - 0 3 a3,f4 n 0" {
		t.Errorf("taking the resting knight: %q %s", rec.Text, r.Text())
	}

	// Rule 8: a piece passes over a square an enemy piece enters on the same turn.
	r = simLoad(t, "4k3/8/8/3n4/8/8/8/2B1K3 w - - 0 1")
	rec = simPlay(t, r, "Bg5", "Ne3")
	if rec.Text != "Ne3 {White's bishop passes e3 as Black's knight enters it}" {
		t.Errorf("passing over: %q", rec.Text)
	}

	// Rule 10: pieces attacking each other change places.
	r = simLoad(t, "4k3/8/8/8/8/2q5/8/Q3K3 w - - 0 1")
	rec = simPlay(t, r, "Qxc3", "Qxa1")
	if !strings.Contains(rec.Text, "swap: White's queen and Black's queen change places (a1, c3)") || r.Text() != "4k3/8/8/8/8/2Q5/8/q3K3 w - - 1 2 a1,c3 - 0" {
		t.Errorf("swap: %q %s", rec.Text, r.Text())
	}
}

// Rule 9 note 1: a bishop on White's light squares wins every collision for White; on the
// dark squares, every collision for Black.
func TestSimulSquareColour(t *testing.T) {
	for _, c := range []struct {
		text, w, b, winner string
	}{
		{"4k3/8/8/8/1n6/8/8/4KB2 w - - 0 1", "Bd3", "Nd3", "B"},  // d3 light
		{"4k3/8/8/8/2n5/8/8/2B1K3 w - - 0 1", "Be3", "Ne3", "n"}, // e3 dark
		{"2b1k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "Ne6", "Be6", "N"}, // e6 light
		{"4kb2/8/8/8/4N3/8/8/4K3 w - - 0 1", "Nd6", "Bd6", "b"},  // d6 dark
	} {
		r := simLoad(t, c.text)
		rec := simPlay(t, r, c.w, c.b)
		to, _ := ParseSquare(c.w[len(c.w)-2:])
		if got := string(r.pos.V.Letter(r.pos.At(to))); got != c.winner {
			t.Errorf("%s %s %s: %s stands on %v, want %s (%q)", c.text, c.w, c.b, got, to, c.winner, rec.Text)
		}
	}
}

func TestSimulDraws(t *testing.T) {
	r := simLoad(t, "4k3/8/8/8/8/8/8/R3K3 w - - 49 60")
	rec := simPlay(t, r, "Ra2", "Kd7")
	if r.Outcome() != (Outcome{Drawn, "50 turns without capture or pawn move"}) {
		t.Errorf("50th turn without progress: %+v %q", r.Outcome(), rec.Text)
	}
	r = simLoad(t, "4k3/8/8/8/8/8/8/R3K3 w - - 49 60", "noprogress=off")
	simPlay(t, r, "Ra2", "Kd7")
	if r.Outcome().Over() {
		t.Errorf("noprogress=off still drew: %+v", r.Outcome())
	}
	r = simLoad(t, "4k3/8/8/8/8/8/8/R3K3 w - - 1 60", "noprogress=3")
	simPlay(t, r, "Ra2", "Kd7")
	if r.Outcome().Over() {
		t.Fatalf("noprogress=3 drew after 2 turns")
	}
	simPlay(t, r, "Kd1", "pass")
	if r.Outcome() != (Outcome{Drawn, "3 turns without capture or pawn move"}) {
		t.Errorf("noprogress=3: %+v", r.Outcome())
	}
	// A capture or a pawn move restarts the count.
	r = simLoad(t, "4k3/8/8/8/8/8/P7/R3K3 w - - 49 60")
	simPlay(t, r, "a3", "Kd7")
	if r.Outcome().Over() || r.pos.Halfmove != 0 {
		t.Errorf("a pawn move should restart the count: %s", r.Text())
	}
	for _, o := range [][]string{{"noprogress=0"}, {"noprogress=x"}, {"noprogres=50"}, {"noprogress=1001"}} {
		if _, err := Lookup("simultaneous", o...); err == nil {
			t.Errorf("%v accepted", o)
		}
	}
	v, err := Lookup("simultaneous", "noprogress=off")
	if err != nil || v.Options["noprogress"] != "off" || v.AutoMoveRule != 0 {
		t.Errorf("noprogress=off: %v %v", v.Options, err)
	}
}

// The sealed choices: Next asks both, then the one still to choose; a view drops the
// opponent's choice from its text and its hash.
func TestSimulSealing(t *testing.T) {
	r := simLoad(t, "")
	if s := r.Next(); s.Kind != StepMove || s.Players != 3 {
		t.Fatalf("start step %+v", s)
	}
	e5, _ := r.ParseMove(Black, "e5")
	rec, err := r.Apply(Input{Kind: InputMove, Player: Black, Move: e5})
	if err != nil || rec.Text != "" || len(rec.Events) != 1 {
		t.Fatalf("Black's sealed move: %+v %v (its record must not show it)", rec, err)
	}
	if s := r.Next(); s.Players != 1<<White || len(r.Moves(Black, nil)) != 0 || len(r.Moves(White, nil)) != 35 {
		t.Fatalf("after Black's choice: %+v", s)
	}
	if _, err := r.Apply(Input{Kind: InputMove, Player: Black, Move: e5}); err == nil {
		t.Error("Black chose twice")
	}
	if !strings.HasSuffix(r.Text(), " b:e7e5") {
		t.Errorf("referee text lacks the sealed move: %s", r.Text())
	}
	view := r.View(White)
	if strings.Contains(view.Text(), ":") || view.Next().Players != 1<<White {
		t.Errorf("White's view: %s %+v", view.Text(), view.Next())
	}
	// Another sealed Black choice gives another referee hash but the same view.
	r2 := simLoad(t, "")
	d5, _ := r2.ParseMove(Black, "d5")
	r2.Apply(Input{Kind: InputMove, Player: Black, Move: d5})
	if r2.Hash() == r.Hash() {
		t.Error("the referee's hash ignores the sealed choice")
	}
	if r2.View(White).Hash() != view.Hash() || r2.View(White).Text() != view.Text() {
		t.Error("White's view depends on Black's sealed choice")
	}
	if r2.View(White).View(Black).Hash() != view.View(Black).Hash() {
		t.Error("a view of White's view depends on Black's sealed choice")
	}
	if vs := view.(*SimulRules); vs.choice[Black] != NullMove {
		t.Errorf("the view holds Black's choice %v", vs.choice[Black])
	}
	e4, _ := r.ParseMove(White, "e4")
	if _, err := view.Apply(Input{Kind: InputMove, Player: White, Move: e4}); err == nil {
		t.Error("a view resolved a turn without knowing Black's choice")
	}
	// Loading the referee text restores the sealed choice.
	q := simLoad(t, r.Text())
	if q.Hash() != r.Hash() || q.Text() != r.Text() {
		t.Errorf("sealed text round trip: %s", q.Text())
	}
	rec, err = r.Apply(Input{Kind: InputMove, Player: White, Move: e4})
	if err != nil || rec.Text != "e4 e5" {
		t.Errorf("resolution record %q %v", rec.Text, err)
	}

	// An illegal choice is refused and changes nothing.
	h, text := r.Hash(), r.Text()
	for _, in := range []Input{
		{Kind: InputMove, Player: White, Move: Move{From: Sq(4, 3), To: Sq(4, 4)}}, // the resting pawn
		{Kind: InputMove, Player: White, Move: Move{From: Sq(0, 0), To: Sq(0, 5)}},
		{Kind: InputMove, Player: 7, Move: Move{Kind: Pass}},
		{Kind: InputDraw},
		{Kind: InputClaim, Player: White},
	} {
		if _, err := r.Apply(in); err == nil {
			t.Errorf("%+v accepted", in)
		}
		if r.Hash() != h || r.Text() != text {
			t.Fatalf("refused %+v changed the state", in)
		}
	}
	// A resignation voids a pending choice.
	r.Apply(Input{Kind: InputMove, Player: White, Move: Move{Kind: Pass}})
	r.Apply(Input{Kind: InputResign, Player: Black})
	if r.Outcome().Result != WhiteWins || strings.Contains(r.Text(), ":") {
		t.Errorf("after resigning: %+v %s", r.Outcome(), r.Text())
	}
}

func TestSimulMoveText(t *testing.T) {
	r := simLoad(t, "r3k3/1P6/8/3n4/1N2P3/8/P7/R3K2R w KQq - 0 1 - Q 0")
	for _, c := range []struct {
		player      Color
		uci, text   string
		alternative string // another accepted spelling
	}{
		{White, "e4e5", "e5", ""},
		{White, "e4d5", "exd5", "exd5+"},
		{White, "e4f5", "ef5", ""},
		{White, "a2a4", "a4", ""},
		{White, "b7a8q", "bxa8=Q", "bxa8Q"},
		{White, "b7b8q", "b8=Q", "b7b8q"},
		{White, "b4d5", "Nxd5", ""},
		{White, "e1g1", "O-O", "0-0"},
		{White, "e1c1", "O-O-O", "0-0-0"},
		{White, "0000", "pass", "--"},
		{Black, "d5b4", "Nxb4", ""},
		{Black, "a8a2", "Rxa2", ""},
		{Black, "0000", "pass", "PASS"},
	} {
		m, err := r.ParseMove(c.player, c.uci)
		if err != nil {
			t.Errorf("%s: %v", c.uci, err)
			continue
		}
		if got := r.MoveText(m); got != c.text {
			t.Errorf("%s: %q, want %q", c.uci, got, c.text)
		}
		for _, s := range []string{c.text, c.alternative} {
			if s == "" {
				continue
			}
			if back, err := r.ParseMove(c.player, s); err != nil || back != m {
				t.Errorf("reading %q: %v %v, want %v", s, back, err, m)
			}
		}
	}
	// Disambiguation among the player's own moves.
	r = simLoad(t, "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1")
	if m, _ := r.ParseMove(White, "a1b3"); r.MoveText(m) != "Nab3" {
		t.Errorf("Nab3: %q", r.MoveText(m))
	}
	for _, bad := range []string{"", "e9", "Nf3", "e2e4", strings.Repeat("x", 40), "w:"} {
		if _, err := r.ParseMove(White, bad); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

func TestSimulTextErrors(t *testing.T) {
	v, _ := Lookup("simultaneous")
	for _, c := range []struct{ text, want string }{
		{"8/8/8 w - - 0 1", "ranks"},
		{StartFEN + " - -", "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "side"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "en passant"},
		{"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "kings"},
		{StartFEN + " e5 - 0", "no piece on e5"},
		{StartFEN + " e2,d2 - 0", "castled king and rook"},
		{StartFEN + " e2,e2 - 0", "twice"},
		{StartFEN + " z9 - 0", "square"},
		{StartFEN + " - K 0", "not a knight"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 - " + strings.Repeat("Q", 64) + " 0", "more than 64"},
		{StartFEN + " - - 3", "passes"},
		{StartFEN + " - - 0 e2e4", "sealed"},
		{StartFEN + " - - 0 w:e2e5", "sealed"},
		{"4k3/8/8/8/8/8/8/8 w - - 0 1 - - 0 w:0000", "sealed"},
		{strings.Repeat(" ", MaxTextLen+1), "bytes"},
	} {
		_, err := NewSimulRules(v, c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to mention %q", c.text, err, c.want)
		}
	}
}

// simRandomGame plays seeded random turns through the Game front (Playout), sealing
// White's or Black's choice first at random, and calls check after every input.
func simRandomGame(t *testing.T, seed uint64, turns int, check func(g *Game)) *Game {
	t.Helper()
	g, err := NewGame("simultaneous")
	if err != nil {
		t.Fatal(err)
	}
	choose := func(g *Game, c Color, ms []Move, rng *rand.Rand) Move {
		m := ms[rng.IntN(len(ms))]
		if m.Kind == Pass && rng.IntN(4) != 0 {
			m = ms[rng.IntN(len(ms))] // passes are rarer than one in forty
		}
		return m
	}
	if err := Playout(g, rand.New(rand.NewPCG(seed, 11)), turns, choose, check); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return g
}

// Replaying the ply log reproduces the hash; the position text reads back to the same
// state; views never carry the opponent's sealed choice.
func TestSimulRandomGames(t *testing.T) {
	v, _ := Lookup("simultaneous")
	ended := 0
	for seed := uint64(0); seed < 40; seed++ {
		g := simRandomGame(t, seed, 150, func(g *Game) {
			r := g.Rules().(*SimulRules)
			if r.pos.computeHash() != r.pos.hash {
				t.Fatalf("incremental board hash differs: %s", r.Text())
			}
			for c := White; c <= Black; c++ {
				if n := len(r.LegalMoves(c, nil)); r.moveCount(c) != n {
					t.Fatalf("%s: %v has %d moves, counted %d", r.Text(), c, n, r.moveCount(c))
				}
			}
			q, err := NewSimulRules(v, r.Text())
			if err != nil {
				t.Fatalf("reading own text %q: %v", r.Text(), err)
			}
			if q.Text() != r.Text() || q.Hash() != r.Hash() || q.Outcome() != r.Outcome() {
				t.Fatalf("text round trip: %q became %q", r.Text(), q.Text())
			}
			for c := White; c <= Black; c++ {
				view := r.View(c).(*SimulRules)
				o := c.Other()
				if r.sealed[o] && (view.choice[o] != NullMove || strings.Contains(view.Text(), ":")) {
					t.Fatalf("%v's view shows %v's sealed choice", c, o)
				}
				// The view's hash is the hash of a state with any other choice of the opponent.
				if r.sealed[o] {
					alt := *r
					alt.choice[o] = Move{Kind: Pass}
					if alt.View(c).Hash() != view.Hash() {
						t.Fatalf("%v's view hash depends on %v's choice", c, o)
					}
				}
			}
		})
		if g.Outcome().Over() {
			ended++
		}
		replay, _ := NewGame("simultaneous")
		for _, e := range g.Entries() {
			if err := replay.Apply(e.Input); err != nil {
				t.Fatalf("seed %d: replay: %v", seed, err)
			}
		}
		if replay.Rules().Hash() != g.Rules().Hash() || replay.Rules().Text() != g.Rules().Text() {
			t.Fatalf("seed %d: replay differs", seed)
		}
	}
	if ended == 0 {
		t.Error("no random game ended: the outcomes are not exercised")
	}
}

// PGN export and import reproduce the game whichever player sealed first.
func TestSimulPGNRoundTrip(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		g := simRandomGame(t, seed, 120, func(*Game) {})
		if !g.Outcome().Over() {
			g.Apply(Input{Kind: InputResign, Player: Black})
		}
		text := g.PGN()
		h, err := ParsePGN(text)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() {
			t.Fatalf("seed %d: PGN replay differs: %v vs %v\n%s", seed, h.Outcome(), g.Outcome(), text)
		}
		// A turn Black sealed first is one word "e4 d5" for the line breaker, two once
		// imported (White first): the text is the same but for where lines break.
		if again := h.PGN(); strings.Join(strings.Fields(again), " ") != strings.Join(strings.Fields(text), " ") {
			t.Fatalf("seed %d: PGN not stable:\n%s\n---\n%s", seed, text, again)
		}
		if h2, _ := ParsePGN(h.PGN()); h2.PGN() != h.PGN() {
			t.Fatalf("seed %d: PGN of an imported game not stable", seed)
		}
	}
}

// A game written as a person reads it: one turn per move number, White's choice, then
// Black's, then what the resolution did. Black seals first on the even turns: the PGN is
// the same.
func TestSimulPGNGolden(t *testing.T) {
	g, _ := NewGame("simultaneous", "noprogress=off")
	for i, turn := range [][2]string{
		{"e4", "Nf6"},
		{"Nc3", "d5"},
		{"exd5", "Nxe4"}, // the pawn takes the resting pawn; the knight misses the pawn
		{"Nxe4", "Qxd5"}, // both take resting pieces
		{"Qg4", "Bg4"},   // both to g4, a light square
		{"Bc4", "Qxe4"},
		{"Qxe4", "Kd8"},
		{"a4", "b5"},
		{"Nf3", "Nc6"},
		{"axb5", "bxa4"}, // the pawns swap
		{"pass", "pass"},
		{"pass", "pass"},
	} {
		order := []Color{White, Black}
		if i%2 == 1 {
			order = []Color{Black, White}
		}
		for _, c := range order {
			if err := simApply(g, c, turn[c]); err != nil {
				t.Fatalf("turn %d %v %s: %v", i+1, c, turn[c], err)
			}
		}
	}
	const want = `1. e4 Nf6 2. Nc3 d5 3. exd5
Nxe4 {Black's knight takes nothing on e4: White's pawn left} 4. Nxe4 Qxd5 5. Qg4
Bg4 {collision on g4, a light square: White's queen wins, Black's bishop is captured}
6. Bc4 Qxe4 7. Qxe4 Kd8 8. a4 b5 9. Nf3 Nc6 10.
axb5 bxa4 {swap: White's pawn and Black's pawn change places (a4, b5)} 11. pass
pass 12. pass pass {both players passed twice: draw} 1/2-1/2
`
	pgn := g.PGN()
	for _, tag := range []string{`[Variant "simultaneous"]`, `[VariantOptions "noprogress=off"]`, `[Result "1/2-1/2"]`, `[Termination "Normal"]`, `[PlyCount "24"]`} {
		if !strings.Contains(pgn, tag+"\n") {
			t.Errorf("PGN lacks %s:\n%s", tag, pgn)
		}
	}
	if body := pgn[strings.Index(pgn, "\n\n")+2:]; body != want {
		t.Errorf("movetext:\n%s\nwant:\n%s", body, want)
	}
	h, err := ParsePGN(pgn)
	if err != nil || h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() {
		t.Fatalf("import: %v %+v", err, h)
	}
	if h.Rules().Text() != "r2k1b1r/p1p1pppp/2n5/1P6/p1B1Q3/5N2/1PPP1PPP/R1B1K2R w KQ - 2 13 - Nqbn 2" {
		t.Errorf("final position %s", h.Rules().Text())
	}
}

// simApply applies player c's choice written in notation.
func simApply(g *Game, c Color, s string) error {
	m, err := g.Rules().ParseMove(c, s)
	if err != nil {
		return err
	}
	return g.Apply(Input{Kind: InputMove, Player: c, Move: m})
}
