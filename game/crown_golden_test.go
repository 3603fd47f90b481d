package game

import (
	"os"
	"strings"
	"testing"
)

// The seed's game (001_26f07c13c521f95f.txt), White's crown on the King, Black's on the
// Dame, in English notation: К/Кр/Д/Л/С/п are N/K/D/R/B/pawn. Three slips are mended:
// 11…"Kg7" is the king (Крg7: Black's knights cannot reach g7); 12."d3" (a pawn already
// there) is 12.a3, the only move that lets 19.axb4 follow; 23…"Лс8" is the rook from c6
// (Rcc8 in strict SAN), since 31.Bxa8 needs c6 empty.
const crownSeedGame = `e4 e5 Nf3 Nc6 Be2 Bc5 0-0(K) Nf6 d3 0-0(K) Nc3 d6 Bd2 Bd7 0-0(D) 0-0(D)
Bg5 h6 Bxf6 gxf6 Nd5 Kg7 a3 a5 c3 b6 Dc2 Be6 Rb1 Bxd5 exd5 Ne7 c4 Kh7 b4 axb4
axb4 Bd4 Nxd4 exd4 Ra1 c6 dxc6 Rxc6 Bf3 Rcc8 Ra6 Dc7 Rfa1 Kg6 Ra7 Dd8 R1a6 Rb8
Ra8 Dc8 Rxb8 Dxb8 Ra8 Dxa8 Bxa8`

func TestCrownSeedGame(t *testing.T) {
	g, err := NewGame("crown")
	if err != nil {
		t.Fatal(err)
	}
	g.Tags["Date"] = "2024.01.01"
	g.Tags["Event"] = "Seed game (001_26f07c13c521f95f.txt)"
	for _, n := range []uint8{0, 1} { // White crowns the King, Black the Dame
		if err := g.Play(crownChoose(n)); err != nil {
			t.Fatal(err)
		}
	}
	moves := strings.Fields(crownSeedGame)
	for i, m := range moves {
		if err := g.PlayText(m); err != nil {
			t.Fatalf("move %d %s: %v\n%s", i/2+1, m, err, g.Rules().Text())
		}
		// Answer what the rules ask from the referee's secrets, as offline play does.
		for st := g.Next(); st.Kind == StepReveal; st = g.Next() {
			v, _ := g.Rules().(Secrets).Secret(st)
			if err := g.Apply(Input{Kind: InputReveal, Secret: v}); err != nil {
				t.Fatal(err)
			}
		}
		if i < len(moves)-1 && g.Outcome().Over() {
			t.Fatalf("game over after %s: %+v", m, g.Outcome())
		}
	}
	if o := g.Outcome(); o.Result != WhiteWins || o.Reason != "crown captured" {
		t.Fatalf("outcome %+v, want White winning by capturing the crown", o)
	}
	if g.Next().Kind != StepOver {
		t.Fatalf("secrets left unrevealed: %+v", g.Next())
	}
	// The castlings read as the source writes them, and the final reveals tell the truth.
	var texts []string
	for _, e := range g.Entries() {
		texts = append(texts, e.Record.Text)
	}
	all := strings.Join(texts, " | ")
	for _, want := range []string{"crown chosen | crown chosen | e4", "Be2 | Bc5 | 0-0 (K) | Nf6",
		"0-0 (D) | 0-0 (D)", "Rfa1", "R1a6", "Dxa8 | Bxa8 | Black's crown was on the Dame | White's crown was on the King"} {
		if !strings.Contains(all, want) {
			t.Errorf("move list lacks %q:\n%s", want, all)
		}
	}
	pgn := g.PGN()
	golden, err := os.ReadFile("testdata/crown_seed.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if pgn != string(golden) {
		t.Errorf("PGN differs from testdata/crown_seed.pgn:\n%s", pgn)
	}
	h, err := ParsePGN(string(golden))
	if err != nil {
		t.Fatal(err)
	}
	if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() || h.PGN() != pgn {
		t.Errorf("golden PGN replays to %+v\n%s", h.Outcome(), h.Rules().Text())
	}
}

// The seed's problem: White Ke1, Nh4, Ra6, Rb7; Black Kh8, Df8; White wins in 4 whichever
// monarch is crowned. 1.Ng6 forks both; the worst case is the crown on the monarch left.
func TestCrownSeedProblem(t *testing.T) {
	const pos = "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1 crown=k%c monarchs=e1/h8f8"
	// Crown on the Dame: taking it at once wins.
	r := crownLoad(t, "", strings.Replace(pos, "%c", "d", 1))
	crownDo(t, r, "Ng6", "Kg8", "Nxf8", "!1")
	if o := r.Outcome(); o.Result != WhiteWins || o.Reason != "crown captured" {
		t.Fatalf("outcome %+v", o)
	}
	// Crown on the King: the main line 1.Ng6 Kg8 2.Nxf8 Kh8 3.Ra8 Kg8 4.Ne6, after which
	// every Black move loses the king.
	r = crownLoad(t, "", strings.Replace(pos, "%c", "k", 1))
	crownDo(t, r, "Ng6", "Kg8", "Nxf8", "!0", "Kh8", "Ra8", "Kg8", "Ne6")
	if r.Outcome().Over() || !r.side[Black].lost {
		t.Fatalf("after 4.Ne6: %+v\n%s", r.Outcome(), r.Text())
	}
	replies := r.Moves(Black, nil)
	if len(replies) == 0 {
		t.Fatal("Black has no move: it would lose at once")
	}
	for _, b := range replies {
		c := r.clone()
		if _, err := c.Apply(Input{Kind: InputMove, Player: Black, Move: b}); err != nil {
			t.Fatal(err)
		}
		if !crownCanWinNow(t, c) {
			t.Errorf("after 4…%s White cannot take the crowned king", r.MoveText(b))
		}
	}
	// After 1.Ng6 the knight attacks both monarchs; a monarch stepping to rank 7 loses
	// the other to the knight, and Black's crown is then known to be on the one left.
	r = crownLoad(t, "", strings.Replace(pos, "%c", "d", 1))
	crownDo(t, r, "Ng6")
	if a := r.pos.Attacks(MakePiece(White, Knight), Sq(6, 5), r.pos.Occupied()); !a.Has(Sq(7, 7)) || !a.Has(Sq(5, 7)) {
		t.Fatal("1.Ng6 should fork h8 and f8")
	}
	recs := crownDo(t, r, "Dg7", "Nxh8", "!1")
	if recs[2].Text != "Black's crown was on the Dame" || r.Outcome().Over() || crownField(r.Text(), "crown") != "kD" {
		t.Fatalf("after 2.Nxh8: %+v %s", recs[2], r.Text())
	}
}

// crownCanWinNow reports whether the side to move (White) can capture Black's publicly
// crowned monarch at once.
func crownCanWinNow(t *testing.T, r *crownRules) bool {
	t.Helper()
	if r.out.Result == WhiteWins {
		return true
	}
	for _, m := range r.Moves(r.pos.Side, nil) {
		c := r.clone()
		if _, err := c.Apply(Input{Kind: InputMove, Player: r.pos.Side, Move: m}); err != nil {
			t.Fatal(err)
		}
		crownAnswer(t, c)
		if c.out.Result == WhiteWins && c.out.Reason == "crown captured" {
			return true
		}
	}
	return false
}

// RULES §3.5's examples and its Decision: each monarch and rook keeps its own status.
func TestCrownRulesCastlingExamples(t *testing.T) {
	r := crownLoad(t, "", "r2dk2r/pppppppp/8/8/8/8/8/R2DK2R w KDAHkdah - 0 1 crown=kd")
	recs := crownDo(t, r, "0-0 (K)")
	if recs[0].Text != "0-0 (K)" || recs[0].PGN != "0-0K" {
		t.Errorf("record %+v", recs[0])
	}
	if r.pos.At(Sq(6, 0)) != MakePiece(White, King) || r.pos.At(Sq(5, 0)) != MakePiece(White, Rook) {
		t.Fatalf("King e1 + Rh1 should give Kg1, Rf1: %s", r.Text())
	}
	if got := strings.Fields(r.Text())[2]; got != "DAkdah" {
		t.Errorf("castling field %q, want DAkdah (the Dame and the a-rook unmoved)", got)
	}
	crownDo(t, r, "a6", "0-0 (D)")
	if r.pos.At(Sq(1, 0)) != MakePiece(White, Dame) || r.pos.At(Sq(2, 0)) != MakePiece(White, Rook) {
		t.Fatalf("Dame d1 + Ra1 should give Db1, Rc1: %s", r.Text())
	}
	// Df1+Re1 once e1–g1 are empty: here the King walked away instead of castling.
	r = crownLoad(t, "", "r2dk2r/pppppppp/8/8/8/8/4K3/R2D3R w DAHkdah - 0 1 crown=kd")
	if !hasToken(r, "0-0-0D") || !hasToken(r, "0-0D") {
		t.Fatalf("the Dame should castle both ways: %v", crownTokens(r))
	}
	crownDo(t, r, "0-0-0 (D)")
	if r.pos.At(Sq(5, 0)) != MakePiece(White, Dame) || r.pos.At(Sq(4, 0)) != MakePiece(White, Rook) {
		t.Fatalf("Dame d1 + Rh1 should give Df1, Re1: %s", r.Text())
	}
}
