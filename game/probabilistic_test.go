package game

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// probGame starts probabilistic chess (with options) at fen and plays a script: words are
// actions in the game's notation, "a+b" (two digits) a capture draw with values a and b.
func probGame(t *testing.T, fen, script string, opts ...string) *Game {
	t.Helper()
	v, err := Lookup("probabilistic", opts...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGameFrom(v, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	probPlay(t, g, script)
	return g
}

func probPlay(t *testing.T, g *Game, script string) {
	t.Helper()
	for _, w := range strings.Fields(script) {
		if a, b, ok := strings.Cut(w, "+"); ok && len(a) == 1 && len(b) == 1 {
			if err := g.Apply(Input{Kind: InputDraw, Values: [2]uint8{a[0] - '0', b[0] - '0'}}); err != nil {
				t.Fatalf("%s: draw %s: %v", g.Rules().Text(), w, err)
			}
			continue
		}
		if err := g.PlayText(w); err != nil {
			t.Fatalf("%s: %s: %v", g.Rules().Text(), w, err)
		}
	}
}

// probMoveList is the sorted notation of the actions of the player asked.
func probMoveList(g *Game) []string {
	var ms []string
	for _, m := range g.LegalMoves(g.Next().OnlyPlayer()) {
		ms = append(ms, g.Rules().MoveText(m))
	}
	slices.Sort(ms)
	return ms
}

func lastRecord(g *Game) string { return g.Entries()[len(g.Entries())-1].Record.Text }

// The seed's protocol: X = (a+b) mod 10; a piece other than the king succeeds on 0–5,
// misses on 6–7, dies on 8–9; the king succeeds on 0–7, misses on 8, dies on 9. Every pair
// of contributions is played out on the board.
func TestProbSeedTable(t *testing.T) {
	const knight = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1" // Nxd5
	const king = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"     // Kxd2
	for a := 0; a < 10; a++ {
		for b := 0; b < 10; b++ {
			x := (a + b) % 10
			draw := string(rune('0'+a)) + "+" + string(rune('0'+b))
			g := probGame(t, knight, "Nxd5 "+draw)
			board := g.Position().BoardText()
			want, what := "4k3/8/8/3N4/8/8/8/4K3", "captured"
			if x >= 6 {
				want, what = "4k3/8/8/3p4/8/4N3/8/4K3", "missed"
			}
			if x >= 8 {
				want, what = "4k3/8/8/3p4/8/8/8/4K3", "attacker died"
			}
			if board != want || lastRecord(g) != draw[:1]+"+"+draw[2:]+"="+string(rune('0'+x))+": Nxd5 ("+what+")" {
				t.Errorf("knight, draw %s: board %s, record %q; want %s, %s", draw, board, lastRecord(g), want, what)
			}
			if g.Position().Side != Black || g.Outcome().Over() {
				t.Errorf("knight, draw %s: the turn did not pass", draw)
			}

			g = probGame(t, king, "Kxd2 "+draw)
			board = g.Position().BoardText()
			want = "4k3/8/8/8/8/8/3K4/8"
			switch {
			case x == 8:
				want = "4k3/8/8/8/8/8/3p4/4K3"
			case x == 9:
				want = "4k3/8/8/8/8/8/3p4/8"
				if o := g.Outcome(); o != (Outcome{BlackWins, "king died attacking"}) {
					t.Errorf("king died: outcome %+v", o)
				}
			}
			if board != want {
				t.Errorf("king, draw %s: board %s, want %s", draw, board, want)
			}
		}
	}
}

func TestProbDrawInput(t *testing.T) {
	g := probGame(t, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "Nxd5")
	before, hash := g.Rules().Text(), g.Rules().Hash()
	if s := g.Next(); s.Kind != StepDraw || s.Draw != DrawCapture || s.Range != 10 || s.Square != Sq(3, 4) {
		t.Fatalf("step %+v, want a capture draw of 10 values on d5", s)
	}
	if a, ok := PendingAttempt(g.Rules()); !ok || a.From != Sq(4, 2) || a.Target != Sq(3, 4) || a.Odds != (Odds{6, 2, 2}) || a.By != White {
		t.Fatalf("pending attempt %+v %v", a, ok)
	}
	for _, in := range []Input{
		{Kind: InputDraw, Values: [2]uint8{10, 0}},
		{Kind: InputDraw, Values: [2]uint8{3, 200}},
		{Kind: InputMove, Player: White, Move: Move{From: Sq(4, 0), To: Sq(3, 0)}},
		{Kind: InputClaim, Player: White},
		{Kind: InputReveal, Secret: 1},
	} {
		if err := g.Apply(in); err == nil {
			t.Errorf("%+v accepted while a draw is awaited", in)
		}
		if g.Rules().Text() != before || g.Rules().Hash() != hash {
			t.Fatalf("refused input %+v changed the state", in)
		}
	}
	if _, err := g.Rules().ParseMove(White, "Ke2"); err == nil {
		t.Error("a move was read while a draw is awaited")
	}
	probPlay(t, g, "9+9")
	if lastRecord(g) != "9+9=8: Nxd5 (attacker died)" {
		t.Errorf("record %q", lastRecord(g))
	}
	if err := g.Apply(Input{Kind: InputDraw}); err == nil {
		t.Error("a draw was accepted with no attempt pending")
	}
}

func TestProbAttempts(t *testing.T) {
	for _, c := range []struct {
		name, fen, script, board, castle, ep string
		halfmove                             int
	}{
		{"en passant succeeds", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 1", "exd6 1+1", "4k3/8/3P4/8/8/8/8/4K3", "-", "-", 0},
		{"en passant misses", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 1", "exd6 3+3", "4k3/8/8/3pP3/8/8/8/4K3", "-", "-", 4},
		{"en passant attacker dies", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 1", "exd6 4+4", "4k3/8/8/3p4/8/8/8/4K3", "-", "-", 0},
		{"promotion on success", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "bxa8=N 0+5", "N3k3/8/8/8/8/8/8/4K3", "-", "-", 0},
		{"no promotion on a miss", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "bxa8=N 0+6", "r3k3/1P6/8/8/8/8/8/4K3", "q", "-", 1},
		{"missed rook keeps its right", "4k3/8/8/7p/8/8/8/4K2R w K - 0 1", "Rxh5 7+0", "4k3/8/8/7p/8/8/8/4K2R", "K", "-", 1},
		{"dead rook loses its right", "4k3/8/8/7p/8/8/8/4K2R w K - 0 1", "Rxh5 8+0", "4k3/8/8/7p/8/8/8/4K3", "-", "-", 0},
		{"moved rook loses its right", "4k3/8/8/7p/8/8/8/4K2R w K - 0 1", "Rxh5 0+0", "4k3/8/8/7R/8/8/8/4K3", "-", "-", 0},
		{"missed king keeps the rights", "4k3/8/8/8/8/8/3p4/R3K2R w KQ - 0 1", "Kxd2 4+4", "4k3/8/8/8/8/8/3p4/R3K2R", "KQ", "-", 1},
		{"captured rook loses its right (and the moved one too)", "4k2r/8/8/8/8/8/8/4K2R b Kk - 0 1", "Rxh1 2+3", "4k3/8/8/8/8/8/8/4K2r", "-", "-", 0},
		{"missed attack on a rook keeps its right", "4k2r/8/8/8/8/8/8/4K2R b Kk - 0 1", "Rxh1 3+3", "4k2r/8/8/8/8/8/8/4K2R", "Kk", "-", 1},
		{"a miss passes the en-passant chance", "4k3/8/8/3pP3/8/8/2p5/1B2K3 w - d6 0 1", "Bxc2 6+0", "4k3/8/8/3pP3/8/8/2p5/1B2K3", "-", "-", 1},
	} {
		g := probGame(t, c.fen, c.script)
		p := g.Position()
		if p.BoardText() != c.board || p.CastlingText() != c.castle || p.EP.String() != c.ep || p.Halfmove != c.halfmove {
			t.Errorf("%s: %s, want board %s castling %s ep %s halfmove %d", c.name, p.FEN(), c.board, c.castle, c.ep, c.halfmove)
		}
		if want := map[string]Color{"w": Black, "b": White}[strings.Fields(c.fen)[1]]; p.Side != want || g.Next() != MoveStep(want) {
			t.Errorf("%s: the turn did not pass: %s", c.name, p.FEN())
		}
		if p.hash != p.computeHash() {
			t.Errorf("%s: incremental hash differs from the computed one", c.name)
		}
	}
}

// Rule 2 and 5: no check; the king may go or stay where it is attacked, attack the enemy
// king, castle out of, through and into attack; capturing a king wins, a king dying loses.
func TestProbKingRules(t *testing.T) {
	g := probGame(t, "4k3/8/8/8/8/5r2/8/4K2R w K - 0 1", "")
	moves := probMoveList(g)
	for _, want := range []string{"Kf1", "Kf2", "O-O", "Kd2"} {
		if !slices.Contains(moves, want) {
			t.Errorf("moves %v lack %s (attacked squares are allowed)", moves, want)
		}
	}
	g = probGame(t, "k3r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O") // out of attack
	if g.Position().BoardText() != "k3r3/8/8/8/8/8/8/2KR3R" {
		t.Errorf("castling under attack: %s", g.Position().FEN())
	}
	g = probGame(t, "8/8/8/3k4/8/3K4/8/8 w - - 0 1", "Kd4 Kxd4 8+0") // the king misses the king
	if g.Outcome().Over() || g.Position().BoardText() != "8/8/8/3k4/3K4/8/8/8" {
		t.Fatalf("after a missed king attack: %s %+v", g.Position().FEN(), g.Outcome())
	}
	probPlay(t, g, "Kxd5 3+4")
	if o := g.Outcome(); o != (Outcome{WhiteWins, "king captured"}) || lastRecord(g) != "3+4=7: Kxd5 (king captured)" {
		t.Errorf("king takes king: %+v %q", o, lastRecord(g))
	}
	g = probGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra7 Kd8 Kd2 Kc8 Kd3 Kb8 Kd4 Kxa7 9+0")
	if o := g.Outcome(); o != (Outcome{WhiteWins, "king died attacking"}) || lastRecord(g) != "9+0=9: Kxa7 (king died)" {
		t.Errorf("king dies: %+v %q", o, lastRecord(g))
	}
	if err := g.PlayText("Kd1"); err == nil {
		t.Error("a move after the end")
	}
	g = probGame(t, "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1", "Qf7 Kd8 Qd7 Kxd7 8+9") // 8+9=7: a king misses on 8 only
	if g.Outcome().Over() {
		t.Fatalf("7 for a king is a success: %s", g.Position().FEN())
	}
}

// Rule 6 and its Decision: the strike is offered after a move that was not a plain king
// move, when the enemy king was not mated before and is in classical mate after it.
func TestProbStrikeOffer(t *testing.T) {
	for _, c := range []struct {
		name, fen, script string
		strikes           []string // nil: no offer
	}{
		{"scholar's mate", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7 1+2", []string{"no-strike", "strike:Qxe8"}},
		{"a missed attempt never offers", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7 3+3", nil},
		{"a quiet mating move", "1R2B2k/6pp/8/8/8/8/8/4K3 w - - 0 1", "Bd7", []string{"no-strike", "strike:Rxh8"}},
		{"not after a king move", "1R2K2k/6pp/8/8/8/8/8/8 w - - 0 1", "Ke7", nil},
		{"castling counts", "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "O-O", []string{"no-strike", "strike:Rxf8"}},
		{"not when mated before", "1R5k/6pp/8/8/8/8/P7/4K3 w - - 0 1", "a3", nil},
		{"after a successful attempt that uncovers mate", "1R2B2k/3p2pp/8/8/8/8/8/4K3 w - - 0 1", "Bxd7 0+0", []string{"no-strike", "strike:Rxh8"}},
		{"after an attacker dies uncovering mate", "1R2B2k/3p2pp/8/8/8/8/8/4K3 w - - 0 1", "Bxd7 8+0", []string{"no-strike", "strike:Rxh8"}},
		{"not after that attempt misses", "1R2B2k/3p2pp/8/8/8/8/8/4K3 w - - 0 1", "Bxd7 6+0", nil},
		{"a pinned defender cannot take the checker", "R3b2k/4N1pp/8/6N1/8/8/8/4K3 w - - 0 1", "Nf7", []string{"no-strike", "strike:Nxh8"}},
		{"an unpinned defender can", "4b2k/4N1pp/8/6N1/8/8/8/4K3 w - - 0 1", "Nf7", nil},
		{"en passant is an escape", "8/8/2Q5/k7/2p5/3N4/1P6/7K w - - 0 1", "b4", nil},
		{"a single step leaves none", "8/8/2Q5/k7/2p5/1P1N4/8/7K w - - 0 1", "b4", []string{"no-strike", "strike:bxa5"}},
		{"double check: the mover picks", "3qkb2/3p1p2/8/8/4N3/8/8/4R1K1 w - - 0 1", "Nf6", []string{"no-strike", "strike:Nxe8", "strike:Rxe8"}},
		{"fool's mate", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4", []string{"no-strike", "strike:Qxe1"}},
	} {
		g := probGame(t, c.fen, c.script)
		offered := g.Next().Kind == StepMove && slices.Contains(strings.Fields(g.Rules().Text()), "offer")
		if offered != (c.strikes != nil) {
			t.Errorf("%s: offer %v, want %v (%s)", c.name, offered, c.strikes != nil, g.Rules().Text())
			continue
		}
		if offered {
			if got := probMoveList(g); !slices.Equal(got, c.strikes) {
				t.Errorf("%s: strikes %v, want %v", c.name, got, c.strikes)
			}
			if g.Next().OnlyPlayer() != g.Position().Side || g.Position().Side != g.Entries()[len(g.Entries())-1].Side {
				t.Errorf("%s: the offer is not the mover's", c.name)
			}
		}
	}
}

func TestProbStrike(t *testing.T) {
	const scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	g := probGame(t, scholar, "Qxf7 0+0 strike:Qxe8 2+3")
	if o := g.Outcome(); o != (Outcome{WhiteWins, "king captured"}) || lastRecord(g) != "2+3=5: strike Qxe8 (king captured)" {
		t.Errorf("strike succeeds: %+v %q", o, lastRecord(g))
	}
	g = probGame(t, scholar, "Qxf7 0+0 strike:Qxe8 3+3")
	if g.Outcome().Over() || g.Position().Side != Black || g.Position().BoardText() != "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR" {
		t.Errorf("strike misses: %s %+v", g.Position().FEN(), g.Outcome())
	}
	if got := probMoveList(g); !slices.Contains(got, "Kxf7") || !slices.Contains(got, "a6") || slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, ",") }) {
		t.Errorf("after the missed strike black (no check rules, one capturer of f7) has %v", got)
	}
	g = probGame(t, scholar, "Qxf7 0+0 strike:Qxe8 4+4")
	if g.Position().BoardText() != "r1bqkb1r/pppp2pp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR" || g.Position().Side != Black {
		t.Errorf("striker dies: %s", g.Position().FEN())
	}
	g = probGame(t, scholar, "Qxf7 0+0 no-strike")
	if g.Position().Side != Black || g.Position().Fullmove != 4 || g.Next() != MoveStep(Black) {
		t.Errorf("decline: %s", g.Position().FEN())
	}
	// The double step that mates keeps its en-passant square through the offer.
	g = probGame(t, "8/8/2Q5/k7/8/3N4/1P6/7K w - - 0 1", "b4")
	if txt := g.Rules().Text(); txt != "8/8/2Q5/k7/1P6/3N4/8/7K w - - 0 1 offer ep=b3" {
		t.Fatalf("double-step mate: %s", txt)
	}
	probPlay(t, g, "decline")
	if g.Position().EP != Sq(1, 2) || g.Position().Side != Black || lastRecord(g) != "no-strike" {
		t.Errorf("after declining, black should have the en-passant square b3: %s", g.Position().FEN())
	}
	// Refusals at the offer.
	g = probGame(t, scholar, "Qxf7 0+0")
	for _, s := range []string{"Kd1", "Bxf7", "strike:Bxe8", "Qxe8,Qxe8"} {
		if _, err := g.Rules().ParseMove(White, s); err == nil {
			t.Errorf("%q read at the strike offer", s)
		}
	}
	if _, err := g.Rules().ParseMove(Black, "no-strike"); err == nil {
		t.Error("black may not answer white's offer")
	}
	for _, s := range []string{"f7e8", "Qxe8", "strike:Qxe8", "strike:f7e8", "DECLINE"} {
		if _, err := g.Rules().ParseMove(White, s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// Rule 7: a player whose king is attacked may declare two attempts by two pieces on
// pieces attacking the king; they resolve in order and the second may be skipped.
func TestProbDefence(t *testing.T) {
	const two = "4k3/8/8/8/1b6/3n4/2P1P3/3QK3 w - - 0 1" // Nd3 and Bb4 attack the king
	g := probGame(t, two, "")
	var defences []string
	for _, m := range probMoveList(g) {
		if strings.Contains(m, ",") {
			defences = append(defences, m)
		}
	}
	want := []string{
		"Qxd3,cxd3", "Qxd3,exd3", "cxd3,Qxd3", "cxd3,exd3", "exd3,Qxd3", "exd3,cxd3",
	}
	slices.Sort(want)
	if !slices.Equal(defences, want) {
		t.Errorf("defences %v, want %v", defences, want)
	}
	if g := probGame(t, "4k3/8/8/8/1b6/3n4/2P1P3/3QK3 b - - 0 1", ""); slices.ContainsFunc(probMoveList(g), func(s string) bool { return strings.Contains(s, ",") }) {
		t.Error("a defence offered to a side whose king is not attacked")
	}

	for _, c := range []struct {
		name, fen, script, record, board string
		side                             Color
	}{
		{"first succeeds, backup skipped", two, "cxd3,exd3 0+0", "0+0=0: cxd3 (captured); exd3 skipped (target gone)", "4k3/8/8/8/1b6/3P4/4P3/3QK3", Black},
		{"first misses, backup tried", two, "cxd3,exd3 6+0 1+0", "1+0=1: exd3 (captured)", "4k3/8/8/8/1b6/3P4/2P5/3QK3", Black},
		{"first dies, second tried", two, "Qxd3,cxd3 8+0 8+0", "8+0=8: cxd3 (attacker died)", "4k3/8/8/8/1b6/3n4/4P3/4K3", Black},
		{"the second attempt waits", two, "Qxd3,exd3 6+0", "6+0=6: Qxd3 (missed)", "4k3/8/8/8/1b6/3n4/2P1P3/3QK3", White},
		{"unreachable after en passant", "k4B2/3p4/8/2n1P3/4K3/8/8/8 b - - 0 1", "d5 exd6,Bxc5 0+0", "0+0=0: exd6 (captured); Bxc5 skipped (target out of reach)", "k4B2/8/3P4/2n5/4K3/8/8/8", Black},
		{"reachable after a missed en passant", "k4B2/3p4/8/2n1P3/4K3/8/8/8 b - - 0 1", "d5 exd6,Bxc5 6+0 0+0", "0+0=0: Bxc5 (captured)", "k7/8/8/2BpP3/4K3/8/8/8", Black},
		{"no strike after a defence", "7k/4Nnpp/8/4K1N1/8/8/8/5R2 w - - 0 1", "Nxf7,Rxf7 0+0", "0+0=0: Nxf7 (captured); Rxf7 skipped (target gone)", "7k/4NNpp/8/4K3/8/8/8/5R2", Black},
		{"the same capture alone offers it", "7k/4Nnpp/8/4K1N1/8/8/8/5R2 w - - 0 1", "Nxf7 0+0", "0+0=0: Nxf7 (captured)", "7k/4NNpp/8/4K3/8/8/8/5R2", White},
	} {
		g := probGame(t, c.fen, c.script)
		if lastRecord(g) != c.record || g.Position().BoardText() != c.board || g.Position().Side != c.side {
			t.Errorf("%s: record %q board %s side %v; want %q %s %v", c.name, lastRecord(g), g.Position().BoardText(), g.Position().Side, c.record, c.board, c.side)
		}
	}

	// The first attempt captures the attacking king: the game ends, the second is not tried.
	g = probGame(t, "8/8/8/8/8/8/3kn3/3RK3 w - - 0 1", "Kxd2,Rxd2 0+0")
	if o := g.Outcome(); o != (Outcome{WhiteWins, "king captured"}) || lastRecord(g) != "0+0=0: Kxd2 (king captured)" {
		t.Errorf("king captured in a defence: %+v %q", o, lastRecord(g))
	}
	// The own king dies in the first attempt: lost, nothing more.
	g = probGame(t, "8/8/8/8/8/8/3kn3/3RK3 w - - 0 1", "Kxd2,Rxd2 9+0")
	if o := g.Outcome(); o != (Outcome{BlackWins, "king died attacking"}) {
		t.Errorf("king died in a defence: %+v", o)
	}
	// Notation and refusals.
	g = probGame(t, two, "")
	for _, s := range []string{"cxd3,cxd3", "Qxd3,Qxb4", "cxd3", "Kd2,cxd3", "cxd3,", ",cxd3", "cxd3,exd3,Qxd3"} {
		m, err := g.Rules().ParseMove(White, s)
		if s == "cxd3" {
			if err != nil || m.Kind != Normal {
				t.Errorf("a one-attempt defence is a plain capture: %v %v", m, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q read as %v", s, m)
		}
	}
	if m, err := g.Rules().ParseMove(White, "c2d3,d1d3"); err != nil || g.Rules().MoveText(m) != "cxd3,Qxd3" {
		t.Errorf("coordinates of a defence: %v %v", m, err)
	}
}

func TestProbDraws(t *testing.T) {
	// 50 moves: claimable by the player to move, automatic at 75.
	g := probGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 98 60", "Ra2")
	if err := g.Apply(Input{Kind: InputClaim, Player: Black}); err == nil {
		t.Error("claim at 99 plies")
	}
	probPlay(t, g, "Kd7")
	if err := g.Apply(Input{Kind: InputClaim, Player: Black}); err == nil {
		t.Error("claim by the player not to move")
	}
	if err := g.Apply(Input{Kind: InputClaim, Player: White}); err != nil || g.Outcome() != (Outcome{Drawn, "50-move rule"}) {
		t.Errorf("50-move claim: %v %+v", err, g.Outcome())
	}
	g = probGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 149 100", "Ra2")
	if g.Outcome() != (Outcome{Drawn, "75-move rule"}) {
		t.Errorf("75 moves: %+v", g.Outcome())
	}
	// Missed attempts change nothing, so they repeat the position.
	g = probGame(t, "4k3/8/8/3p4/4P3/4N3/8/4K3 w - - 0 1", "Nxd5 6+0 dxe4 7+0 exd5 6+0")
	if CanClaimDraw(g.Rules()) != "" {
		t.Error("claim before the third repetition")
	}
	probPlay(t, g, "dxe4 6+1")
	if CanClaimDraw(g.Rules()) != "threefold repetition" {
		t.Errorf("no threefold claim after repeated misses: %s", g.Rules().Text())
	}
	g = probGame(t, "4k3/8/8/3p4/8/4N3/8/R3K3 w - - 0 1", "Nxd5")
	if err := g.Apply(Input{Kind: InputClaim, Player: White}); err == nil {
		t.Error("claim while a draw is pending")
	}
	// No legal move: a draw.
	g = probGame(t, "kb6/prp5/PpP5/1P6/8/8/8/7K b - - 0 1", "")
	if g.Outcome() != (Outcome{Drawn, "no legal move"}) {
		t.Errorf("blocked: %+v", g.Outcome())
	}
	// Fivefold repetition ends the game.
	g = probGame(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	if g.Outcome() != (Outcome{Drawn, "fivefold repetition"}) {
		t.Errorf("fivefold: %+v", g.Outcome())
	}
}

func TestProbOptions(t *testing.T) {
	for _, c := range []struct{ opts, err string }{
		{"table=dice", "want base, custom or values"},
		{"pawn=60/20/20", "needs table=custom"},
		{"table=custom,pawn=65/15/20", "not a multiple of 10"},
		{"table=custom,pawn=60/20/30", "sum to 110"},
		{"table=custom,queen=60/40", "success/miss/dies"},
		{"table=custom,queen=a/b/c", "not a percentage"},
		{"table=custom,horse=60/20/20", "unknown option"},
	} {
		_, err := Lookup("probabilistic", strings.Split(c.opts, ",")...)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", c.opts, err, c.err)
		}
	}
	v, err := Lookup("probabilistic", "table=custom", "pawn=100/0/0", "king=0/0/100")
	if err != nil {
		t.Fatal(err)
	}
	if v.Options["pawn"] != "100/0/0" || v.Options["knight"] != "60/20/20" || v.Options["king"] != "0/0/100" {
		t.Errorf("normalized options %v", v.Options)
	}
	for _, k := range []string{"table", "pawn", "knight", "bishop", "rook", "queen", "king"} {
		if !slices.ContainsFunc(v.OptionHelp, func(h OptionHelp) bool { return h.Key == k && h.Help != "" }) {
			t.Errorf("option %s undocumented", k)
		}
	}
	// Every pawn attempt succeeds, every king attempt kills the king.
	for x := 0; x < 10; x++ {
		d := string(rune('0'+x)) + "+0"
		g := probGame(t, "4k3/8/8/3p4/4P3/8/3p4/4K3 w - - 0 1", "exd5 "+d, "table=custom", "pawn=100/0/0", "king=0/0/100")
		if g.Position().At(Sq(3, 4)) != MakePiece(White, Pawn) {
			t.Errorf("custom pawn, X=%d: %s", x, g.Position().FEN())
		}
		g = probGame(t, "4k3/8/8/3p4/4P3/8/3p4/4K3 w - - 0 1", "Kxd2 "+d, "table=custom", "pawn=100/0/0", "king=0/0/100")
		if g.Outcome().Result != BlackWins {
			t.Errorf("custom king, X=%d: %+v", x, g.Outcome())
		}
	}

	// table=values: equal trades keep the base table; dearer attackers do better, dearer
	// targets make it harder; every entry sums to ten tenths.
	v, _ = Lookup("probabilistic", "table=values")
	tab, err := probTableOf(v)
	if err != nil {
		t.Fatal(err)
	}
	types := []PieceType{Pawn, Knight, Bishop, Rook, Queen, King}
	for _, a := range types {
		for i, b := range types {
			o := tab[a][b]
			if o.Success+o.Miss+o.Dies != 10 || o.Success < 1 || o.Success > 9 {
				t.Errorf("values %v×%v: %v", a, b, o)
			}
			for _, c := range types[:i] {
				if worthOf(c) <= worthOf(b) && o.Success > tab[a][c].Success {
					t.Errorf("values: %v takes a dearer %v more easily than %v", a, b, c)
				}
				if c != King && a != King && worthOf(c) <= worthOf(a) && (tab[c][b].Success > o.Success || tab[c][b].Dies < o.Dies) {
					t.Errorf("values: a cheaper %v does better against %v than %v", c, b, a)
				}
			}
		}
		if a != King && tab[a][a] != baseOdds[0] {
			t.Errorf("values %v×%v: %v, want the base table", a, a, tab[a][a])
		}
	}
	for _, c := range []struct {
		a, b PieceType
		want Odds
	}{{Pawn, Queen, Odds{2, 4, 4}}, {Queen, Pawn, Odds{9, 1, 0}}, {King, King, Odds{8, 1, 1}}, {Knight, Rook, Odds{5, 3, 2}}, {Pawn, King, Odds{4, 3, 3}}} {
		if tab[c.a][c.b] != c.want {
			t.Errorf("values %v×%v = %v, want %v", c.a, c.b, tab[c.a][c.b], c.want)
		}
	}
	g := probGame(t, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "exd5 1+1", "table=values") // pawn takes queen: 0–1 only
	if g.Position().At(Sq(3, 4)).Type() != Queen {
		t.Errorf("values: X=2 should not let a pawn take a queen: %s", g.Position().FEN())
	}
	// Options travel in PGN.
	g = probGame(t, "", "e4 d5 exd5 0+0", "table=values")
	h, err := ParsePGN(g.PGN())
	if err != nil || h.Variant().Options["table"] != "values" || h.Rules().Hash() != g.Rules().Hash() {
		t.Errorf("options through PGN: %v %v", err, h)
	}
}

func worthOf(t PieceType) int {
	if t == King {
		return kingWorth
	}
	return StandardPieces()[t].Value
}

// Golden games (testdata/probabilistic_*.pgn), one per group of the seed's rules: the
// immediate strike after a mate (rule 7); the two-attempt defence of an attacked king
// (rule 8) and a king dying in its attempt (rule 2); castling through an attacked square,
// kings walking into attack and a king taking a king (rules 3–5). Importing each replays
// it to its [Final] position and exports the very same text.
func TestProbGolden(t *testing.T) {
	for _, name := range []string{"scholar", "defence", "kings"} {
		data, err := os.ReadFile("testdata/probabilistic_" + name + ".pgn")
		if err != nil {
			t.Fatal(err)
		}
		g, err := ParsePGN(string(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := g.Rules().Text(); got != g.Tags["Final"] {
			t.Errorf("%s: final position %q, want %q", name, got, g.Tags["Final"])
		}
		// The reason is the comment before the result, or ends the last move's comment.
		body := strings.TrimSpace(string(data))
		last := body[strings.LastIndexByte(body, '{')+1 : strings.LastIndexByte(body, '}')]
		if !strings.Contains(string(data), `[Termination "Normal"]`) || !strings.Contains(last, g.Outcome().Reason) {
			t.Errorf("%s: outcome %+v", name, g.Outcome())
		}
		if out := g.PGN(); out != string(data) {
			t.Errorf("%s: export differs from the golden text:\n%s", name, out)
		}
	}
}

// TestChanceRecords: a draw's record carries its result as data (the move list draws it):
// the scholar game's two attempts succeed with the numbers the PGN names, and a pillar
// roll names the face rolled.
func TestChanceRecords(t *testing.T) {
	b, err := os.ReadFile("testdata/probabilistic_scholar.pgn")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ParsePGN(string(b))
	if err != nil {
		t.Fatal(err)
	}
	var got []Chance
	for _, e := range g.Entries() {
		if e.Input.Kind == InputDraw {
			if e.Record.Chance == nil {
				t.Fatalf("draw %q without its chance", e.Record.Text)
			}
			got = append(got, *e.Record.Chance)
		} else if e.Record.Chance != nil {
			t.Errorf("%q: a chance on a move", e.Record.Text)
		}
	}
	want := []Chance{{Values: [2]uint8{1, 2}, X: 3, Result: AttemptSuccess}, {Values: [2]uint8{2, 3}, X: 5, Result: AttemptSuccess}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("chances %+v, want %+v", got, want)
	}
	miss := probGame(t, "4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1", "Rxd2 4+5")
	es := miss.Entries()
	if c := es[len(es)-1].Record.Chance; c == nil || c.Result != AttemptDies || c.X != 9 {
		t.Errorf("4+5=9 against 60/20/20: %+v, want the attacker dead", c)
	}
	p, err := NewGame("pillar")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Apply(Input{Kind: InputDraw, Values: [2]uint8{1}}); err != nil {
		t.Fatal(err)
	}
	face, _ := p.Rules().(DieHolder).Die()
	if c := p.Entries()[0].Record.Chance; c == nil || !c.Die || c.Face != face || c.Values[0] != 1 {
		t.Errorf("pillar roll: %+v, want the face %v", c, face)
	}
}
