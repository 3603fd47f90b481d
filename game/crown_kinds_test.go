package game

import (
	"fmt"
	"strings"
	"testing"
)

func countPrefix(toks []string, prefix string) int {
	n := 0
	for _, t := range toks {
		if strings.HasPrefix(t, prefix) {
			n++
		}
	}
	return n
}

func TestCrownStonesPlacement(t *testing.T) {
	// No stones while both monarchs live.
	r := crownLoad(t, "kind=stones", "3dk3/8/8/8/8/8/8/3DK3 b - - 0 10 crown=kd")
	if n := countPrefix(crownTokens(r), "S@"); n != 0 {
		t.Fatalf("%d stone moves before losing a monarch", n)
	}
	// After losing the uncrowned monarch: any empty square, with either mine bit.
	r = crownLoad(t, "kind=stones", "4k3/8/8/8/8/8/8/3DK3 b - - 0 10 crown=kK monarchs=e1d1/e8 lost=b")
	toks := crownTokens(r)
	if countPrefix(toks, "S@") != 2*61 || !hasToken(r, "S@a1:0") || !hasToken(r, "S@a1:1") {
		t.Fatalf("stone moves: %d", countPrefix(toks, "S@"))
	}
	if n := countPrefix(crownTokens(r.View(White).(*crownRules)), "S@"); n != 61 {
		t.Fatalf("White's view lists %d sealed stone moves, want 61", n)
	}
	recs := crownDo(t, r, "S@e4:1")
	if recs[0].Text != "S@e4" || crownField(r.Text(), "stones") != "rrr/e4mrr" || crownField(r.View(White).Text(), "stones") != "rrr/e4?rr" {
		t.Fatalf("%+v %s", recs, r.Text())
	}
	// One mined stone forbids another; two unmined force the third.
	for _, c := range []struct{ board, stones, allowed string }{
		{"4k3/8/8/4s3", "e5mrr", ":0"}, {"4k3/8/8/3ss3", "e5ud5ur", ":1"},
		{"4k3/8/8/3s4", "xe5Ud5ur", ":1"}, {"4k3/8/8/4s3", "e5?rr", ":0 :1"},
	} {
		r := crownLoad(t, "kind=stones", c.board+"/8/8/8/3DK3 b - - 0 10 crown=kK monarchs=e1d1/e8 lost=b stones=rrr/"+c.stones)
		var got []string
		for _, b := range []string{":0", ":1"} {
			if hasToken(r, "S@a1"+b) {
				got = append(got, b)
			}
		}
		if strings.Join(got, " ") != c.allowed {
			t.Errorf("stones %s: placements %v, want %s", c.stones, got, c.allowed)
		}
	}
	crownRefused(t, crownLoad(t, "kind=stones", "4k3/8/8/4s3/8/8/8/3DK3 b - - 0 10 crown=kK monarchs=e1d1/e8 lost=b stones=rrr/e5mrr"),
		Input{Kind: InputMove, Player: Black, Move: Move{Kind: PlaceStone, From: NoSquare, To: Sq(0, 0), N: 1}}, "a second mined stone")
}

func TestCrownStonesBlock(t *testing.T) {
	r := crownLoad(t, "kind=stones", "r3k3/8/8/s7/8/4s3/4P3/R3K3 w - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/a5?e3?r")
	for tok, want := range map[string]bool{"Ra4": true, "Rxa5": true, "Ra6": false, "e3": false, "e4": false} {
		if hasToken(r, tok) != want {
			t.Errorf("White %s: %v, want %v", tok, !want, want)
		}
	}
	crownDo(t, r, "Kd1")
	for tok, want := range map[string]bool{"Ra6": true, "Ra5": false, "Rxa5": false, "Ra4": false} {
		if hasToken(r, tok) != want {
			t.Errorf("Black %s: %v, want %v", tok, !want, want)
		}
	}
}

func TestCrownStonesCapture(t *testing.T) {
	// A mined stone takes its capturer with it.
	r := crownLoad(t, "kind=stones", "4k3/8/8/4s3/8/2B5/8/4K3 w - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/e5mrr")
	crownDo(t, r, "Bxe5")
	if st := r.Next(); st.Kind != StepReveal || st.Owner != Black || st.Secret != SecretMine || st.Square != Sq(4, 4) {
		t.Fatalf("step %+v", st)
	}
	crownRefused(t, r, Input{Kind: InputReveal, Secret: 0}, "a bit the referee knows is false")
	recs := crownDo(t, r, "!1")
	if r.pos.At(Sq(4, 4)) != NoPiece || recs[0].Text != "Black's stone on e5 was mined: the white bishop on e5 is blown up" ||
		len(recs[0].Events) == 0 || crownField(r.Text(), "stones") != "rrr/xe5Mrr" {
		t.Fatalf("%+v %s", recs, r.Text())
	}
	// An unmined stone is an ordinary capture.
	r = crownLoad(t, "kind=stones", "4k3/8/8/4s3/8/2B5/8/4K3 w - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/e5urr")
	crownDo(t, r, "Bxe5", "!0")
	if r.pos.At(Sq(4, 4)) != MakePiece(White, Bishop) || r.Next() != MoveStep(Black) {
		t.Fatal(r.Text())
	}
	// A promoting pawn promotes nothing.
	r = crownLoad(t, "kind=stones", "k3s3/3P4/8/8/8/8/8/4K3 w - - 0 10 crown=kK monarchs=e1/a8 lost=b stones=rrr/e8mrr")
	crownDo(t, r, "dxe8=F", "!1")
	if r.pos.At(Sq(4, 7)) != NoPiece || r.pos.At(Sq(3, 6)) != NoPiece {
		t.Fatal(r.Text())
	}
	// A monarch blown up counts as captured: its crown bit is revealed next.
	for _, c := range []struct {
		crown  string
		reveal string
		want   Outcome
		lost   string
	}{{"dK", "!1", Outcome{}, "wb"}, {"kK", "!0", Outcome{BlackWins, "crown blown up"}, "b"}} {
		r = crownLoad(t, "kind=stones", "4k3/8/8/8/8/8/4s3/3DK3 w - - 0 10 crown="+c.crown+" monarchs=e1d1/e8 lost=b stones=rrr/e2mrr")
		crownDo(t, r, "Kxe2", "!1")
		if st := r.Next(); st.Kind != StepReveal || st.Owner != White || st.Secret != SecretCrown {
			t.Fatalf("after the blast: %+v", st)
		}
		crownDo(t, r, c.reveal)
		if r.out != c.want || crownField(r.Text(), "lost") != c.lost {
			t.Errorf("crown %s: %+v %s", c.crown, r.out, r.Text())
		}
	}
	// Own stones cannot be taken; the king takes enemy stones like any piece.
	r = crownLoad(t, "kind=stones", "4k3/8/8/8/8/8/3s4/3sK3 b - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/d1md2ur")
	crownDo(t, r, "Kf8")
	if !hasToken(r, "Kxd1") || !hasToken(r, "Kxd2") {
		t.Fatalf("White king: %v", crownTokens(r))
	}
	crownDo(t, r, "Kf1", "Ke8")
	if hasToken(r, "Kxd1") {
		t.Fatal("moved out of reach")
	}
	// Impossible revealed values: a second mined stone, or none among three.
	for _, c := range []struct {
		stones string
		bad    uint64
	}{{"xe5Mb5?r", 1}, {"xe5Uxc5Ub5?", 0}} {
		r = crownLoad(t, "kind=stones", "4k3/8/8/1s6/8/8/8/1R2K3 w - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/"+c.stones)
		crownDo(t, r, "Rxb5")
		crownRefused(t, r, Input{Kind: InputReveal, Secret: c.bad}, "stones "+c.stones)
		crownDo(t, r, fmt.Sprintf("!%d", 1-c.bad))
	}
}

func TestCrownStonesNoMove(t *testing.T) {
	// The remaining King boxed in with its own stone beside it: a draw.
	r := crownLoad(t, "kind=stones", "3dk3/8/8/8/1p6/pPp5/PRP4S/KS5S w - - 0 30 crown=Kd monarchs=a1/e8d8 lost=w stones=b1uh1mh2u/rrr")
	if r.out != (Outcome{Drawn, "no legal move beside own stones"}) {
		t.Fatalf("%+v", r.out)
	}
	// No own stone beside it: no legal move still loses.
	r = crownLoad(t, "kind=stones", "3dk3/8/8/8/1p6/pPp5/PRP4S/KB4SS w - - 0 30 crown=Kd monarchs=a1/e8d8 lost=w stones=g1uh1mh2u/rrr")
	if r.out != (Outcome{BlackWins, "no legal move"}) {
		t.Fatalf("%+v", r.out)
	}
	// A stone left in reserve is a move.
	r = crownLoad(t, "kind=stones", "3dk3/8/8/8/1p6/pPp5/PRP5/KS5S w - - 0 30 crown=Kd monarchs=a1/e8d8 lost=w stones=b1uh1mr/rrr")
	if r.out.Over() || !hasToken(r, "S@d4:0") || hasToken(r, "S@d4:1") {
		t.Fatalf("%+v %v", r.out, crownTokens(r))
	}
}

func TestCrownHidden(t *testing.T) {
	const pos = "r2dk3/8/8/8/8/8/7P/4K3 w - - 0 10 crown=Kd monarchs=e1/e8d8 lost=w"
	if r := crownLoad(t, "kind=hidden", "r2dk3/8/8/8/8/8/7P/3DK3 w - - 0 10 crown=kd"); countPrefix(crownTokens(r), "hide") != 0 {
		t.Fatal("hiding before losing a monarch")
	}
	r := crownLoad(t, "kind=hidden", pos)
	if n := countPrefix(crownTokens(r), "hide:"); n != 59 {
		t.Fatalf("%d hide moves, want one per empty square", n)
	}
	if ms := r.View(Black).Moves(White, nil); countKind(ms, HideCrown) != 1 {
		t.Fatalf("Black's view: %d hide moves, want one sealed", countKind(ms, HideCrown))
	}
	occ := r.pos.Occupied()
	recs := crownDo(t, r, "hide:c5")
	if recs[0].Text != "crown hidden" || recs[0].PGN != "hide" {
		t.Errorf("record %+v", recs[0])
	}
	proven := fmt.Sprintf("%016x/-", uint64(occ))
	if crownField(r.Text(), "hide") != "c5/-" || crownField(r.Text(), "proven") != proven || crownField(r.Text(), "monarchs") != "-/e8d8" {
		t.Fatalf("after hiding: %s", r.Text())
	}
	bv := r.View(Black)
	if crownField(bv.Text(), "hide") != "?/-" || crownField(bv.Text(), "proven") != proven {
		t.Fatalf("Black's view: %s", bv.Text())
	}
	if hasToken(r, "hide:d5") {
		t.Fatal("hiding twice")
	}
	// What the UI shows: the battleship map to both, the square only to its owner.
	ws, _ := CrownSide(r, White)
	bs, _ := CrownSide(bv, White)
	if !ws.Hidden || ws.HiddenSquare != Sq(2, 4) || ws.Proven != occ || bs.HiddenSquare != NoSquare || bs.Proven != occ || len(bs.Monarchs) != 0 {
		t.Fatalf("CrownSide: %+v / %+v", ws, bs)
	}
	onto := Move{From: Sq(4, 0), To: Sq(3, 1)}
	if CrownCrushesOwn(r, White, onto) || !CrownCrushesOwn(r, White, Move{Kind: Drop, To: Sq(2, 4)}) || CrownCrushesOwn(bv, White, Move{Kind: Drop, To: Sq(2, 4)}) {
		t.Fatal("CrownCrushesOwn")
	}
	// Enemy moves ending on unproven squares ask; passing over the square does not.
	h := r.clone()
	crownDo(t, h, "Ra5")
	if st := h.Next(); st.Kind != StepReveal || st.Owner != White || st.Secret != SecretSquare || st.Square != Sq(0, 4) {
		t.Fatalf("step %+v", st)
	}
	if recs := crownDo(t, h, "!0"); recs[0].Text != "White's crown is not on a5" || !h.side[White].proven.Has(Sq(0, 4)) {
		t.Fatalf("%+v", recs)
	}
	crownDo(t, h, "Kd2", "!0", "Rh5")
	if st := h.Next(); st.Square != Sq(7, 4) {
		t.Fatalf("a rook passing over c5 asked about %v", st.Square)
	}
	crownDo(t, h, "!0", "Kc3", "!0")
	crownDo(t, h, "Rc5")
	crownRefused(t, h, Input{Kind: InputReveal, Secret: 0}, "denying a crown the referee knows is there")
	recs = crownDo(t, h, "!1")
	if h.out != (Outcome{BlackWins, "crown found"}) || recs[0].Text != "White's crown was on c5" {
		t.Fatalf("%+v %+v", h.out, recs)
	}
	// An own piece ending there crushes the crown.
	h = r.clone()
	crownDo(t, h, "Kf7", "!0", "Kd2", "!0", "Kg7", "!0", "Kc3", "!0", "Kh8", "!0", "Kc4", "!0", "Kg8", "!0", "Kc5", "!1")
	if h.out != (Outcome{BlackWins, "own crown crushed"}) {
		t.Fatalf("%+v", h.out)
	}
	// The former monarch is an ordinary piece now.
	h = crownLoad(t, "kind=hidden", "3dk3/8/8/8/8/8/8/r3K3 b - - 0 10 crown=Kd monarchs=-/e8d8 lost=w hide=c5/- proven=1800000000000011/-")
	crownDo(t, h, "Rxe1")
	if h.out != (Outcome{BlackWins, "all pieces captured"}) {
		t.Fatalf("%+v", h.out)
	}
	if st := h.Next(); st.Owner != White || st.Secret != SecretSquare || st.Square != NoSquare {
		t.Fatalf("final reveal %+v", st)
	}
	crownRefused(t, h, Input{Kind: InputReveal, Secret: 0}, "a hidden square on a1, proven empty")
	if recs := crownAnswer(t, h); recs[0].Text != "White's crown was hidden on c5" {
		t.Fatalf("%+v", recs)
	}
	// A paratrooper in reserve keeps the player alive.
	h = crownLoad(t, "kind=hidden paratrooper=on", "3dk3/8/8/8/8/8/8/r3K3 b - - 0 10 crown=Kd monarchs=-/e8d8 lost=w hide=c5/- proven=1800000000000011/- para=10")
	crownDo(t, h, "Rxe1")
	if h.out.Over() || !hasToken(h, "A@e4") {
		t.Fatalf("%+v", h.out)
	}
}

func countKind(ms []Move, k MoveKind) int {
	n := 0
	for _, m := range ms {
		if m.Kind == k {
			n++
		}
	}
	return n
}

func TestCrownHiddenEnds(t *testing.T) {
	// Castling ends on two squares: both are checked, the monarch's first (the enemy
	// castles: a side that hid has no monarch left to castle).
	r := crownLoad(t, "kind=hidden", "4k2r/8/8/8/8/8/8/4K3 w kh - 0 10 crown=Kk monarchs=e1/e8 lost=w")
	crownDo(t, r, "hide:f8", "0-0K")
	if st := r.Next(); st.Square != Sq(6, 7) || st.Owner != White {
		t.Fatalf("first check %+v, want g8", st)
	}
	crownDo(t, r, "!0")
	if st := r.Next(); st.Square != Sq(5, 7) {
		t.Fatalf("second check %+v, want f8", st)
	}
	crownDo(t, r, "!1")
	if r.out.Result != BlackWins {
		t.Fatalf("%+v", r.out)
	}
	// Both crowns hidden on one square: the mover's own is asked first and loses.
	r = crownLoad(t, "kind=hidden", "4k3/8/8/8/8/8/8/4K3 w - - 0 10 crown=KK monarchs=-/- lost=wb hide=d2/d2 proven=1000000000000010/1000000000000010")
	crownDo(t, r, "Kd2")
	if st := r.Next(); st.Owner != White || st.Square != Sq(3, 1) {
		t.Fatalf("%+v", st)
	}
	crownDo(t, r, "!1")
	if r.out != (Outcome{BlackWins, "own crown crushed"}) {
		t.Fatalf("%+v", r.out)
	}
	if st := r.Next(); st.Owner != Black || st.Secret != SecretSquare || st.Square != NoSquare {
		t.Fatalf("Black's square is revealed at the end: %+v", st)
	}
	// A drop ends a move too; squares already proven ask nothing.
	r = crownLoad(t, "kind=hidden paratrooper=on", "4k3/8/8/8/8/8/8/4K3 w - - 0 10 crown=Kk monarchs=-/e8 lost=w hide=c5/- proven=1000000000000010/- para=11")
	crownDo(t, r, "Kd2", "!0", "A@c5", "!1")
	if r.out != (Outcome{BlackWins, "crown found"}) {
		t.Fatalf("%+v", r.out)
	}
	r = crownLoad(t, "kind=hidden", "4k3/8/8/8/8/8/8/4K3 w - - 0 10 crown=Kk monarchs=-/e8 lost=w hide=c5/- proven=1000000000000018/-")
	crownDo(t, r, "Kd1")
	if r.Next() != MoveStep(Black) {
		t.Fatalf("a proven square asked: %+v", r.Next())
	}
}

func TestCrownSplit(t *testing.T) {
	const pos = "4k3/8/8/8/4K3/8/8/r7 w - - 0 10 crown=Kk monarchs=e4/e8 lost=w"
	r := crownLoad(t, "kind=split", pos)
	if n := countKind(r.Moves(White, nil), SplitMonarch); n != 8*2*2 {
		t.Fatalf("%d split actions, want 8 squares × 2 halves × 2 crown bits", n)
	}
	if n := countKind(r.View(Black).Moves(White, nil), SplitMonarch); n != 16 {
		t.Fatalf("Black's view: %d split actions, want 16", n)
	}
	recs := crownDo(t, r, "Ke4/Xf5:O")
	if recs[0].Text != "Ke4 split (Oe4, Xf5)" || recs[0].PGN != "Ke4/Xf5" {
		t.Errorf("record %+v", recs[0])
	}
	if r.pos.At(Sq(4, 3)) != MakePiece(White, HalfOrth) || r.pos.At(Sq(5, 4)) != MakePiece(White, HalfDiag) ||
		crownField(r.Text(), "split") != "o/-" || crownField(r.View(Black).Text(), "split") != "?/-" {
		t.Fatal(r.Text())
	}
	crownDo(t, r, "Ra2")
	var halves []string
	for _, tok := range crownTokens(r) {
		if tok[0] == 'O' || tok[0] == 'X' {
			halves = append(halves, tok)
		}
	}
	if strings.Join(halves, " ") != "Od4 Oe3 Oe5 Of4 Xe6 Xg4 Xg6" || countKind(r.Moves(White, nil), SplitMonarch) != 0 {
		t.Fatalf("half moves %v", halves)
	}
	// Taking the uncrowned half goes on; the other is then known to be crowned.
	h := r.clone()
	crownDo(t, h, "Xg6", "Rg2", "Xh5", "Rg5", "Oe3", "Rxh5")
	crownRefused(t, h, Input{Kind: InputReveal, Secret: 1}, "half value the referee knows is false")
	crownDo(t, h, "!0")
	if h.out.Over() || crownField(h.Text(), "split") != "O/-" {
		t.Fatalf("%+v %s", h.out, h.Text())
	}
	crownDo(t, h, "Oe2", "Rh2", "Od2", "Rxd2")
	if h.out != (Outcome{BlackWins, "crown captured"}) {
		t.Fatalf("%+v", h.out)
	}
	// Taking the crowned half wins at once.
	h = r.clone()
	crownDo(t, h, "Of4", "Rf2", "Xg6", "Rxf4", "!0")
	if h.out != (Outcome{BlackWins, "crown captured"}) {
		t.Fatalf("%+v", h.out)
	}
	// No empty square beside the monarch: no split.
	r = crownLoad(t, "kind=split", "4k3/8/8/8/8/8/PP6/KN6 w - - 0 10 crown=Kk monarchs=a1/e8 lost=w")
	if countKind(r.Moves(White, nil), SplitMonarch) != 0 {
		t.Fatal("split with no empty neighbour")
	}
}

func TestCrownParatrooper(t *testing.T) {
	// Drops from move 1, on any empty square.
	r := crownLoad(t, "paratrooper=on", "")
	crownDo(t, r, "crown:K", "crown:D")
	if n := countPrefix(crownTokens(r), "A@"); n != 32 {
		t.Fatalf("%d drops, want 32", n)
	}
	// The moves, one per effect.
	r = crownLoad(t, "paratrooper=on", "4k3/8/5n2/4p3/3PA3/8/8/4K3 w - - 0 10 crown=kk para=01")
	for tok, want := range map[string]bool{
		"Ae4xe5-e4": true, "Ae4xe5xf6": true, "Ae4-e6": true, "Ae4xf6": true, "Ae4xe5-d6": true,
		"Ae4xd4": false, "Ae4-e4": false, "Ae4xe5-d4": false, "Ae4-off": false,
	} {
		if hasToken(r, tok) != want {
			t.Errorf("%s: %v, want %v", tok, !want, want)
		}
	}
	seen := map[Move]bool{}
	for _, m := range r.Moves(White, nil) {
		if seen[m] {
			t.Errorf("%s listed twice", r.moveToken(m))
		}
		seen[m] = true
	}
	h := r.clone()
	crownDo(t, h, "Ae4xe5xf6")
	if h.pos.At(Sq(5, 5)) != MakePiece(White, Para) || h.pos.At(Sq(4, 4)) != NoPiece || h.pos.Halfmove != 0 {
		t.Fatal(h.Text())
	}
	// Leaving the board returns it to the reserve; a first-step capture stands.
	for _, c := range []struct {
		text string
		off  []string
	}{
		{"4k3/8/8/8/8/8/8/A3K3 w - - 0 10 crown=kk para=01", []string{"Aa1-off"}},
		{"4k3/8/8/8/3A4/8/8/4K3 w - - 0 10 crown=kk para=01", nil},
		{"4k3/8/8/8/8/p7/1A6/4K3 w - - 0 10 crown=kk para=01", []string{"Ab2-off", "Ab2xa3-off"}},
	} {
		r := crownLoad(t, "paratrooper=on", c.text)
		var got []string
		for _, tok := range crownTokens(r) {
			if strings.HasSuffix(tok, "-off") {
				got = append(got, tok)
			}
		}
		if strings.Join(got, " ") != strings.Join(c.off, " ") {
			t.Errorf("%s: %v, want %v", c.text, got, c.off)
		}
	}
	r = crownLoad(t, "paratrooper=on", "4k3/8/8/8/8/p7/1A6/4K3 w - - 0 10 crown=kk para=01")
	crownDo(t, r, "Ab2xa3-off")
	if r.pos.At(Sq(0, 2)) != NoPiece || crownField(r.Text(), "para") != "11" {
		t.Fatal(r.Text())
	}
	crownDo(t, r, "Kd8", "A@a3")
	// It takes the other paratrooper, and once taken it is gone for good.
	r = crownLoad(t, "paratrooper=on", "4k3/8/8/4a3/4A3/8/8/4K3 w - - 0 10 crown=kk para=00")
	crownDo(t, r, "Ae4xe5-e4")
	if r.pos.Pieces(Black, Para) != 0 || crownField(r.Text(), "para") != "00" || hasToken(r, "A@a1") {
		t.Fatal(r.Text())
	}
	// A mined stone on the first step: no second step.
	for _, c := range []struct {
		mark, reveal string
		at           Piece
	}{{"m", "!1", NoPiece}, {"u", "!0", MakePiece(White, Para)}} {
		r = crownLoad(t, "kind=stones paratrooper=on", "4k3/8/8/4s3/4A3/8/8/4K3 w - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/e5"+c.mark+"rr para=01")
		crownDo(t, r, "Ae4xe5-e6", c.reveal)
		if r.pos.At(Sq(4, 5)) != c.at || r.pos.At(Sq(4, 4)) != NoPiece || crownField(r.Text(), "para") != "01" {
			t.Errorf("stone %s: %s", c.mark, r.Text())
		}
	}
	// A paratrooper taking a monarch on its first step waits for the reveal.
	r = crownLoad(t, "paratrooper=on", "3dk3/3A4/8/8/8/8/8/4K3 w - - 0 10 crown=kk para=01")
	crownDo(t, r, "Ad7xd8-c8")
	if st := r.Next(); st.Secret != SecretCrown || r.pos.At(Sq(3, 7)) != MakePiece(White, Para) {
		t.Fatalf("%+v %s", st, r.Text())
	}
	crownDo(t, r, "!0")
	if r.pos.At(Sq(2, 7)) != MakePiece(White, Para) || r.out.Over() {
		t.Fatal(r.Text())
	}
}

// A monarch that hid the crown is an ordinary piece and only monarchs castle (RULES §3):
// the King's rights go with the hiding, in the text, the moves and the hash, and a text
// that gives a hidden side castling rights is refused.
func TestCrownHiddenNoCastling(t *testing.T) {
	r := crownLoad(t, "kind=hidden", "r3k3/8/8/8/8/8/8/4K2R w KH - 0 10 crown=Kk monarchs=e1/e8 lost=w")
	if !hasToken(r, "0-0K") {
		t.Fatalf("the King may castle before hiding: %v", crownTokens(r))
	}
	crownDo(t, r, "hide:c5", "Ra7")
	if hasToken(r, "0-0K") || countKind(r.Moves(White, nil), Castle) != 0 {
		t.Fatalf("castling after hiding: %v", crownTokens(r))
	}
	text := r.Text()
	if f := strings.Fields(text)[2]; f != "-" {
		t.Fatalf("castling field %q after hiding, want -: %s", f, text)
	}
	back := crownLoad(t, "kind=hidden", text)
	if back.Hash() != r.Hash() {
		t.Fatalf("hash %x, read back %x: %s", r.Hash(), back.Hash(), text)
	}
	v, _ := Lookup("crown", "kind=hidden")
	if _, err := Load(v, "r3k3/8/8/8/8/8/8/4K2R w KH - 0 10 crown=Kk monarchs=-/e8 lost=w hide=c5/- proven=0000000000000090/-"); err == nil || !strings.Contains(err.Error(), "castle") {
		t.Fatalf("castling rights of a hidden side accepted: %v", err)
	}
}
