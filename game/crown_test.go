package game

import (
	"fmt"
	"strings"
	"testing"
)

func TestCrownOptions(t *testing.T) {
	v, err := Lookup("crown")
	if err != nil || v.Options != nil || v.Title != "Crown" {
		t.Fatalf("default crown: %v %v", v, err)
	}
	v, err = Lookup("crown", "kind=stones", "paratrooper=on")
	if err != nil || v.Options["kind"] != "stones" || v.Options["paratrooper"] != "on" || !strings.Contains(v.Title, "stones") {
		t.Fatalf("crown with options: %+v %v", v, err)
	}
	for _, bad := range [][]string{{"kind=queens"}, {"paratrooper=yes"}, {"colour=red"}} {
		if _, err := Lookup("crown", bad...); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if len(v.OptionHelp) != 3 || !v.OptionHelp[2].Auto {
		t.Errorf("option help %+v", v.OptionHelp)
	}
	// The start text is what a fresh game writes.
	for _, opts := range crownCombos {
		v, _ := Lookup("crown", opts...)
		if r := crownLoad(t, strings.Join(opts, " "), ""); r.Text() != v.Start {
			t.Errorf("%v: start writes %q, variant says %q", opts, r.Text(), v.Start)
		}
	}
	// Options travel in PGN.
	g, _ := NewGame("crown", "kind=split", "paratrooper=on")
	if !strings.Contains(g.PGN(), `[VariantOptions "kind=split paratrooper=on"]`) {
		t.Errorf("PGN lacks the options:\n%s", g.PGN())
	}
}

// The crown choice: White then Black, each a Move whose value stays secret.
func TestCrownChoice(t *testing.T) {
	r := crownLoad(t, "", "")
	if st := r.Next(); st != MoveStep(White) {
		t.Fatalf("first step %+v", st)
	}
	if got := crownTokens(r); strings.Join(got, " ") != "crown:D crown:K" {
		t.Fatalf("White's choices %v", got)
	}
	if len(r.Moves(Black, nil)) != 0 {
		t.Fatal("Black may not choose first")
	}
	bv := r.View(Black).(*crownRules)
	if ms := bv.Moves(White, nil); len(ms) != 1 || ms[0] != crownChoose(crownSealed) {
		t.Fatalf("Black's view of White's choice: %v", ms)
	}
	recs := crownDo(t, r, "crown:D")
	if recs[0].Text != "crown chosen" || recs[0].PGN != "crown" {
		t.Errorf("record %+v tells too much or too little", recs[0])
	}
	// The view that is not told White's secrets keeps only that a choice was made.
	if _, err := bv.Apply(Input{Kind: InputMove, Player: White, Move: crownChoose(1)}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		r    Rules
		want string
	}{{r, "d-"}, {r.View(White), "d-"}, {r.View(Black), "?-"}, {bv, "?-"}} {
		if got := crownField(c.r.Text(), "crown"); got != c.want {
			t.Errorf("crown field %q, want %q", got, c.want)
		}
	}
	if bv.Hash() != r.View(Black).Hash() {
		t.Error("a view built move by move differs from the referee's view")
	}
	crownDo(t, r, "crown:K")
	if st := r.Next(); st != MoveStep(White) || r.pos.Fullmove != 1 || crownField(r.Text(), "crown") != "dk" {
		t.Fatalf("after the choices: %+v %s", st, r.Text())
	}
	// A side with only a King can crown only the King; a sealed choice leaves the value
	// unknown even to the referee (a PGN import learns it from the reveals).
	r = crownLoad(t, "", "3dk3/8/8/8/8/8/8/4K3 w - - 0 1")
	if got := crownTokens(r); strings.Join(got, " ") != "crown:K" {
		t.Fatalf("choices %v", got)
	}
	crownDo(t, r, "crown")
	if _, ok := r.Secret(Step{Kind: StepReveal, Owner: White, Secret: SecretCrown}); ok || crownField(r.Text(), "crown") != "?-" {
		t.Fatalf("sealed choice: %s", r.Text())
	}
	crownRefused(t, r, Input{Kind: InputMove, Player: Black, Move: crownChoose(2 + 1)}, "choice 3")
	crownRefused(t, r, Input{Kind: InputMove, Player: White, Move: crownChoose(0)}, "White choosing twice")
}

func TestCrownCastling(t *testing.T) {
	// King with the a-rook needs d1 empty; Dame with the h-rook needs e1–g1 empty; attacked
	// squares do not matter (Black's rooks bear on c1, f1, g1).
	r := crownLoad(t, "", "r2dk2r/8/8/8/8/8/8/R2DK2R w KDAHkdah - 0 1 crown=kd")
	var castles []string
	for _, tok := range crownTokens(r) {
		if strings.HasPrefix(tok, "0-0") {
			castles = append(castles, tok)
		}
	}
	if strings.Join(castles, " ") != "0-0D 0-0K" {
		t.Fatalf("castlings %v, want the King short and the Dame to b1", castles)
	}
	r = crownLoad(t, "", "2r1kdr1/8/8/8/8/8/8/R3K2R w KAH - 0 1 crown=kd")
	if !hasToken(r, "0-0K") || !hasToken(r, "0-0-0K") {
		t.Fatalf("attacked squares must not stop castling: %v", crownTokens(r))
	}
	// A moved rook breaks only its own pairs; the castling field says which pieces stay.
	r = crownLoad(t, "", "4k3/8/8/8/8/8/8/R2DK2R w KDAH - 0 1 crown=kk")
	crownDo(t, r, "Rh2", "Kd7")
	if f := strings.Fields(r.Text())[2]; f != "KDA" {
		t.Fatalf("castling field %q after Rh2, want KDA", f)
	}
	if hasToken(r, "0-0K") || !hasToken(r, "0-0D") {
		t.Fatalf("after Rh2: %v", crownTokens(r))
	}
	// Castling by the King takes the h-rook's status with it: a rook arriving on h1 later
	// may not castle with the Dame.
	r = crownLoad(t, "", "4k3/8/8/8/8/8/7R/3DK2R w KDH - 0 1 crown=kk")
	crownDo(t, r, "0-0K")
	if strings.Fields(r.Text())[2] != "-" {
		t.Fatalf("castling field after the King castled: %s", r.Text())
	}
	crownDo(t, r, "Kd7", "Kg2", "Ke7", "Rfh1", "Kd7")
	if hasToken(r, "0-0-0D") {
		t.Fatal("the Dame castled with a rook that had moved")
	}
	// A stone, a paratrooper or a half between monarch and rook blocks.
	for _, c := range []struct{ opts, text string }{
		{"kind=stones", "4k3/8/8/8/8/8/8/3DK1sR w KDH - 0 20 crown=kK lost=b stones=rrr/g1?rr"},
		{"paratrooper=on", "4k3/8/8/8/8/8/8/3DKA1R w KDH - 0 20 crown=kk para=01"},
	} {
		r := crownLoad(t, c.opts, c.text)
		if hasToken(r, "0-0K") {
			t.Errorf("%s: castling through a piece", c.text)
		}
	}
}

func TestCrownPromotion(t *testing.T) {
	r := crownLoad(t, "", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1 crown=kk")
	var promos []string
	for _, tok := range crownTokens(r) {
		if strings.HasPrefix(tok, "b8") || strings.HasPrefix(tok, "bxa8") {
			promos = append(promos, tok)
		}
	}
	want := "b8=B b8=D b8=F b8=K b8=N b8=R bxa8=B bxa8=D bxa8=F bxa8=K bxa8=N bxa8=R"
	if strings.Join(promos, " ") != want {
		t.Fatalf("promotions %v, want %s", promos, want)
	}
	// The Ferz slides like a queen.
	crownDo(t, r, "b8=F", "Kd7")
	if r.pos.At(Sq(1, 7)) != MakePiece(White, Queen) || !hasToken(r, "Fh2") {
		t.Fatalf("ferz: %s %v", r.Text(), crownTokens(r))
	}
	// A promoted monarch is publicly uncrowned: taking it asks no reveal.
	r = crownLoad(t, "", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1 crown=kk")
	crownDo(t, r, "b8=K")
	if crownField(r.Text(), "monarchs") != "e1/e8" {
		t.Fatalf("a promoted King became a starting monarch: %s", r.Text())
	}
	crownDo(t, r, "Rxb8")
	if st := r.Next(); st != MoveStep(White) {
		t.Fatalf("taking a promoted King asked %+v", st)
	}
}

func TestCrownMonarchCapture(t *testing.T) {
	const pos = "3dk3/8/8/B7/8/8/8/4K3 w - - 0 1 crown=k%c monarchs=e1/e8d8"
	// Crowned: the capturer wins, then the rest is revealed.
	r := crownLoad(t, "", fmt.Sprintf(pos, 'd'))
	crownDo(t, r, "Bxd8")
	if st := r.Next(); st.Kind != StepReveal || st.Owner != Black || st.Secret != SecretCrown || st.Square != Sq(3, 7) {
		t.Fatalf("step %+v", st)
	}
	crownRefused(t, r, Input{Kind: InputReveal, Secret: 2}, "crown value 2")
	crownRefused(t, r, Input{Kind: InputReveal, Secret: 0}, "a value the referee knows is false")
	crownRefused(t, r, Input{Kind: InputMove, Player: Black, Move: Move{From: Sq(4, 7), To: Sq(4, 6)}}, "a move while a reveal is awaited")
	recs := crownDo(t, r, "!1")
	if recs[0].Text != "Black's crown was on the Dame" || r.out != (Outcome{WhiteWins, "crown captured"}) {
		t.Fatalf("%+v %+v", recs, r.out)
	}
	if st := r.Next(); st.Kind != StepReveal || st.Owner != White || st.Square != NoSquare {
		t.Fatalf("final reveal %+v", st)
	}
	recs = crownAnswer(t, r)
	if len(recs) != 1 || recs[0].Text != "White's crown was on the King" || r.Next().Kind != StepOver {
		t.Fatalf("final reveals %+v", recs)
	}
	// Uncrowned: play goes on, the remaining monarch is known to be crowned, and taking it
	// wins without a reveal.
	r = crownLoad(t, "", fmt.Sprintf(pos, 'k'))
	crownDo(t, r, "Bxd8", "!0")
	if r.out.Over() || crownField(r.Text(), "crown") != "kK" || crownField(r.Text(), "lost") != "b" {
		t.Fatalf("after an uncrowned capture: %s", r.Text())
	}
	r = crownLoad(t, "", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 crown=kK monarchs=e1/e8 lost=b")
	crownDo(t, r, "Rxe8")
	if r.out != (Outcome{WhiteWins, "crown captured"}) {
		t.Fatalf("taking the known crowned monarch: %+v", r.out)
	}
	if st := r.Next(); st.Owner != White || st.Secret != SecretCrown {
		t.Fatalf("the only secret left is White's crown, got %+v", st)
	}
	// A view cannot check a value it does not know; the referee's answer decides.
	r = crownLoad(t, "", fmt.Sprintf(pos, 'k'))
	crownDo(t, r, "Bxd8")
	wv := r.View(White)
	if _, ok := wv.(Secrets).Secret(wv.Next()); ok {
		t.Fatal("White's view knows Black's crown")
	}
	crownDo(t, wv, "!0")
	if wv.Hash() != func() uint64 { crownDo(t, r, "!0"); return r.View(White).Hash() }() {
		t.Fatal("the view and the referee disagree after the reveal")
	}
	// A crown on a monarch that was never there is impossible.
	r = crownLoad(t, "", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 crown=k? monarchs=e1/e8")
	crownDo(t, r, "Rxe8")
	crownRefused(t, r, Input{Kind: InputReveal, Secret: 1}, "crown on a Dame Black never had")
	crownDo(t, r, "!0")
	if r.out.Result != WhiteWins {
		t.Fatal(r.out)
	}
}

// A player with no legal move loses (stalemate is mate in Crown).
func TestCrownNoLegalMove(t *testing.T) {
	// White's pieces are all boxed in: Ka1, Bb1, Rb2, pawns a2, b3, c2.
	const boxed = "3dk3/8/8/8/1p6/pPp5/PRP5/KB6 %c - - 0 30 crown=kd monarchs=a1/e8d8"
	r := crownLoad(t, "", fmt.Sprintf(boxed, 'w'))
	if r.out != (Outcome{BlackWins, "no legal move"}) {
		t.Fatalf("outcome %+v", r.out)
	}
	r = crownLoad(t, "", fmt.Sprintf(boxed, 'b'))
	if r.out.Over() {
		t.Fatalf("Black has moves: %+v", r.out)
	}
	crownDo(t, r, "Ke7")
	if r.out != (Outcome{BlackWins, "no legal move"}) {
		t.Fatalf("after Black's move: %+v", r.out)
	}
}

func TestCrownDrawRules(t *testing.T) {
	const pos = "3dk3/8/8/8/8/8/8/3DK3 w - - %d 80 crown=kd"
	r := crownLoad(t, "", fmt.Sprintf(pos, 99))
	crownRefused(t, r, Input{Kind: InputClaim, Player: White}, "claim at 99 plies")
	crownDo(t, r, "Kf1")
	if _, err := r.Apply(Input{Kind: InputClaim, Player: Black}); err != nil || r.out != (Outcome{Drawn, "50-move rule"}) {
		t.Fatalf("claim at 100 plies: %v %+v", err, r.out)
	}
	r = crownLoad(t, "", fmt.Sprintf(pos, 149))
	crownDo(t, r, "Kf1")
	if r.out != (Outcome{Drawn, "75-move rule"}) {
		t.Fatalf("at 150 plies: %+v", r.out)
	}
	// A capture resets the count.
	r = crownLoad(t, "", "3dk3/8/8/8/8/8/4r3/3DK3 w - - 149 80 crown=kd")
	crownDo(t, r, "Dxe2")
	if r.out.Over() {
		t.Fatalf("%+v", r.out)
	}
	// Repetitions: claim on the third occurrence, automatic on the fifth.
	r = crownLoad(t, "", fmt.Sprintf(pos, 0))
	shuffle := []string{"Kf1", "Kf8", "Ke1", "Ke8"}
	crownDo(t, r, shuffle...)
	crownRefused(t, r, Input{Kind: InputClaim, Player: White}, "claim on the second occurrence")
	crownDo(t, r, shuffle...)
	if r.claimable() != "threefold repetition" {
		t.Fatalf("claimable %q", r.claimable())
	}
	crownDo(t, r, shuffle...)
	crownDo(t, r, shuffle[:3]...)
	if r.out.Over() {
		t.Fatal("ended before the fifth occurrence")
	}
	crownDo(t, r, shuffle[3])
	if r.out != (Outcome{Drawn, "fivefold repetition"}) {
		t.Fatalf("%+v", r.out)
	}
	// Agreement and resignation end the game and every secret is then revealed.
	r = crownLoad(t, "", fmt.Sprintf(pos, 0))
	if _, err := r.Apply(Input{Kind: InputResign, Player: Black}); err != nil || r.out != (Outcome{WhiteWins, "black resigned"}) {
		t.Fatal(err, r.out)
	}
	if recs := crownAnswer(t, r); len(recs) != 2 || r.Next().Kind != StepOver {
		t.Fatalf("final reveals %+v", recs)
	}
}
