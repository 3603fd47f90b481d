package game

import (
	"slices"
	"strings"
	"testing"
)

// Rule tests for pillar chess: each rule of RULES.md §4 on a position where it applies
// and on one where it must not. Positions are 6×6 unless the options say otherwise.

// pl loads a pillar position under options ("board=8x8", …).
func pillarLoad(t *testing.T, text string, opts ...string) *pillarRules {
	t.Helper()
	v, err := Lookup("pillar", opts...)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load(v, text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return r.(*pillarRules)
}

// do applies inputs written as "roll Q" (a die face by its letter, "roll skip") or moves
// in notation, failing the test on a refusal.
func pillarDo(t *testing.T, r *pillarRules, inputs ...string) []Record {
	t.Helper()
	var recs []Record
	for _, s := range inputs {
		var in Input
		if face, ok := strings.CutPrefix(s, "roll "); ok {
			if face == "skip" {
				face = "X"
			}
			i := strings.Index(pillarFaceLetters[b2i(r.cfg.big)], face)
			if i < 0 || len(face) != 1 {
				t.Fatalf("no die face %q", face)
			}
			in = Input{Kind: InputDraw, Values: [2]uint8{uint8(i), 0}}
		} else {
			m, err := r.ParseMove(r.pos.Side, s)
			if err != nil {
				t.Fatalf("%q in %q: %v (actions: %v)", s, r.Text(), err, pillarActions(r))
			}
			in = Input{Kind: InputMove, Player: r.pos.Side, Move: m}
		}
		rec, err := r.Apply(in)
		if err != nil {
			t.Fatalf("%q in %q: %v", s, r.Text(), err)
		}
		recs = append(recs, rec)
	}
	return recs
}

// actions are the actions of the current Move step in notation (no check marks), sorted.
func pillarActions(r *pillarRules) []string {
	var out []string
	for _, m := range r.Moves(r.pos.Side, nil) {
		out = append(out, r.moveBody(m))
	}
	slices.Sort(out)
	return out
}

func pillarWantActions(t *testing.T, r *pillarRules, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := pillarActions(r); !slices.Equal(got, want) {
		t.Errorf("%q: actions\n got %v\nwant %v", r.Text(), got, want)
	}
}

func pillarHas(r *pillarRules, move string) bool { return slices.Contains(pillarActions(r), move) }

func pillarWantText(t *testing.T, r *pillarRules, want string) {
	t.Helper()
	if got := r.Text(); got != want {
		t.Errorf("position\n got %q\nwant %q", got, want)
	}
}

func pillarHasEvent(evs []Event, kind EventKind) bool {
	for _, e := range evs {
		if e.Kind == kind {
			return true
		}
	}
	return false
}

// The seed: "if the queen is rolled, one may move a pawn or any piece but the king; if a
// pawn is rolled, only a pawn". Face order K > Q > R > (B) > N > pawn, skip on 6×6.
func TestPillarDieHierarchy(t *testing.T) {
	for _, c := range []struct {
		opt   string
		face  string
		n     int
		types string // the letters of the moving types allowed (P: pawn)
	}{
		{"board=6x6", "K", 31, "KQRNP"},
		{"board=6x6", "Q", 26, "QRNP"},
		{"board=6x6", "R", 22, "RNP"},
		{"board=6x6", "N", 18, "NP"},
		{"board=6x6", "P", 12, "P"},
		{"board=8x8", "K", 39, "KQRBNP"},
		{"board=8x8", "Q", 34, "QRBNP"},
		{"board=8x8", "R", 30, "RBNP"},
		{"board=8x8", "B", 26, "BNP"},
		{"board=8x8", "N", 22, "NP"},
		{"board=8x8", "P", 16, "P"},
	} {
		r := pillarLoad(t, "", c.opt)
		if st := r.Next(); st.Kind != StepDraw || st.Draw != DrawDie || st.Range != 6 {
			t.Fatalf("start: step %+v, want a die draw of 6 faces", st)
		}
		pillarDo(t, r, "roll "+c.face)
		got := map[byte]bool{}
		for _, m := range r.moves {
			got[pieceLetters[r.pos.board[m.From].Type()]] = true
		}
		var letters []byte
		for l := range got {
			letters = append(letters, l)
		}
		slices.Sort(letters)
		want := []byte(c.types)
		slices.Sort(want)
		if len(r.moves) != c.n || string(letters) != string(want) {
			t.Errorf("%s rolled %s: %d moves of %s, want %d of %s", c.opt, c.face, len(r.moves), letters, c.n, want)
		}
	}
	r := pillarLoad(t, "")
	rec := pillarDo(t, r, "roll skip")
	pillarWantActions(t, r, "pass")
	if rec[0].Text != "rolled skip, no move" {
		t.Errorf("skip record %q", rec[0].Text)
	}
}

func TestPillarDieFaceMissingType(t *testing.T) {
	// White has no queen: a queen face still allows the rook and the pawn below it.
	r := pillarLoad(t, "3kp1/6/6/6/5P/R2K2 w - - Q 1")
	pillarWantActions(t, r, "Ra1-a2", "Ra1-a3", "Ra1-a4", "Ra1-a5", "Ra1-a6", "Ra1-b1", "Ra1-c1", "f2-f3", "f2-f4")
}

func TestPillarPassWhenNoMove(t *testing.T) {
	// The pawn is blocked: a pawn face passes; a rook face lets the rook move (it may
	// climb onto its own pawn).
	r := pillarLoad(t, "3k2/6/6/p5/P5/R2K2 w - - P 1")
	pillarWantActions(t, r, "pass")
	r = pillarLoad(t, "3k2/6/6/p5/P5/R2K2 w - - R 1")
	pillarWantActions(t, r, "Ra1^a2", "Ra1-b1", "Ra1-c1")
	r = pillarLoad(t, "3k2/6/6/p5/P5/R2K2 w - - P 1")
	rec := pillarDo(t, r, "pass")
	pillarWantText(t, r, "3k2/6/6/p5/P5/R2K2 b - - - 1")
	if rec[0].Text != "pass" {
		t.Errorf("pass written %q", rec[0].Text)
	}
}

func TestPillarCaptureKeepsPrisoner(t *testing.T) {
	r := pillarLoad(t, "3k2/6/(nr)5/6/6/R2K2 w - - R 1")
	rec := pillarDo(t, r, "Ra1xa4")
	if rec[0].Text != "Ra1xa4" {
		t.Errorf("capture written %q", rec[0].Text)
	}
	pillarWantText(t, r, "3k2/6/(nrR)5/6/6/3K2 b - - - 1")
	// Black's only other pieces are now White's prisoners, but White controls two
	// stacks, not three: the lone-king rule does not apply.
	if r.out.Over() {
		t.Errorf("game over after the capture: %v", r.out)
	}
}

func TestPillarClimbOwn(t *testing.T) {
	r := pillarLoad(t, "")
	pillarDo(t, r, "roll N", "Nb1^d2")
	pillarWantText(t, r, "rnqknr/pppppp/6/6/PPP(PN)PP/R1QKNR b KQkq - - 1")
	// The tower moves as its top piece, a knight: from d2 to b3, c4, e4, f3 or onto b1.
	pillarDo(t, r, "roll P", "a5-a4", "roll N")
	for _, m := range []string{"N2d2-b3", "Nd2-b3", "N2d2-c4", "N2d2-f3", "N2d2-b1"} {
		if !pillarHas(r, m) {
			t.Errorf("%s missing: %v", m, pillarActions(r))
		}
	}
	if pillarHas(r, "P2d2-d3") {
		t.Error("the tower moved as the pawn under the knight")
	}
}

func TestPillarStackMovesAsTop(t *testing.T) {
	// A white rook on a black knight: it moves as a rook, whole or alone; never as a knight.
	r := pillarLoad(t, "3k2/6/6/6/6/(nR)2K2 w - - R 1")
	pillarWantActions(t, r,
		"Ra1-a2", "Ra1-a3", "Ra1-a4", "Ra1-a5", "Ra1-a6", "Ra1-b1", "Ra1-c1",
		"R2a1-a2", "R2a1-a3", "R2a1-a4", "R2a1-a5", "R2a1-a6", "R2a1-b1", "R2a1-c1")
	q := r.Clone().(*pillarRules)
	pillarDo(t, q, "R2a1-a4")
	pillarWantText(t, q, "3k2/6/(nR)5/6/6/3K2 b - - - 1")
	// The rook alone leaves: the knight under it is free at once and Black's again.
	pillarDo(t, r, "Ra1-a4")
	pillarWantText(t, r, "3k2/6/R5/6/6/n2K2 b - - - 1")
	if r.pos.ByColor(Black).Count() != 2 {
		t.Error("the freed knight is not Black's")
	}
}

func TestPillarSplits(t *testing.T) {
	// A tower of three, topped by a white rook over a black pawn over a white knight:
	// each count from the top is its own action, and what is left is controlled by
	// its new top.
	r := pillarLoad(t, "3k2/6/6/6/6/(NpR)2K2 w - - R 1")
	for k, wantA1 := range map[string]string{"Ra1-a3": "(Np)", "R2a1-a3": "N", "R3a1-a3": ""} {
		q := r.Clone().(*pillarRules)
		pillarDo(t, q, k)
		var letters []byte
		for _, pc := range q.pos.Stack(Sq(0, 0), nil) {
			letters = append(letters, q.pos.V.Letter(pc))
		}
		want := strings.Trim(wantA1, "()")
		if string(letters) != want {
			t.Errorf("%s leaves %q on a1, want %q", k, letters, want)
		}
	}
	q := r.Clone().(*pillarRules)
	pillarDo(t, q, "Ra1-a3")
	if q.pos.At(Sq(0, 0)) != MakePiece(Black, Pawn) {
		t.Error("the uncovered pawn is not on top")
	}
	// The freed pawn's stack is Black's at once, with the white knight its prisoner.
	if !q.pos.ByColor(Black).Has(Sq(0, 0)) || q.pos.ByColor(White).Has(Sq(0, 0)) {
		t.Error("the stack under the black pawn is not Black's")
	}
}

func TestPillarSplitFreeingAttackerIsIllegal(t *testing.T) {
	// A white knight on a black rook next to the white king's rank: the knight alone may
	// not leave (the rook would check the king); the whole tower may.
	r := pillarLoad(t, "3k2/6/6/6/6/(rN)2K2 w - - N 1")
	if pillarHas(r, "Na1-b3") || pillarHas(r, "Na1-c2") {
		t.Errorf("split frees a checking rook: %v", pillarActions(r))
	}
	if !pillarHas(r, "N2a1-b3") || !pillarHas(r, "N2a1-c2") {
		t.Errorf("whole tower cannot move: %v", pillarActions(r))
	}
	// Without the king on that rank the knight may leave alone.
	r = pillarLoad(t, "3k2/6/6/6/3K2/(rN)5 w - - N 1")
	if !pillarHas(r, "Na1-b3") {
		t.Errorf("split refused: %v", pillarActions(r))
	}
}

func TestPillarOwnKing(t *testing.T) {
	// Nothing lands on the own king.
	r := pillarLoad(t, "3k2/6/6/6/6/2RK2 w - - R 1")
	for _, a := range pillarActions(r) {
		if strings.HasSuffix(a, "d1") {
			t.Errorf("%s lands on the own king", a)
		}
	}
	// The king climbs onto an own piece only if that square is not attacked.
	r = pillarLoad(t, "2rk2/6/6/6/6/2RK2 w - - K 1")
	if pillarHas(r, "Kd1^c1") {
		t.Error("the king climbed onto an attacked square")
	}
	r = pillarLoad(t, "3k2/5p/6/6/6/2RK2 w - - K 1")
	if !pillarHas(r, "Kd1^c1") {
		t.Errorf("the king may climb onto an unattacked own rook: %v", pillarActions(r))
	}
	// Once on top, the king's tower moves as a king and the king always goes (here it is
	// White's only stack: the turn is the king's, without a roll).
	pillarDo(t, r, "Kd1^c1", "roll skip", "pass")
	for _, a := range pillarActions(r) {
		if strings.HasPrefix(a, "R") {
			t.Errorf("%s: the rook under the king moved out from under it", a)
		}
	}
	if !pillarHas(r, "Kc1-d1") || !pillarHas(r, "K2c1-d1") {
		t.Errorf("king tower moves: %v", pillarActions(r))
	}
}

func TestPillarOnlyKnightsJump(t *testing.T) {
	r := pillarLoad(t, "3kp1/6/6/6/P5/R2K2 w - - R 1")
	if pillarHas(r, "Ra1-a3") || !pillarHas(r, "Ra1^a2") {
		t.Errorf("rook behind a pawn: %v", pillarActions(r))
	}
	// A knight-topped tower jumps over the pawns in front of it.
	r = pillarLoad(t, "3kp1/6/6/6/PP4/(rN)2K2 w - - N 1")
	for _, m := range []string{"N2a1-b3", "N2a1-c2"} {
		if !pillarHas(r, m) {
			t.Errorf("%s missing: %v", m, pillarActions(r))
		}
	}
}

func TestPillarPawns(t *testing.T) {
	// b2 is blocked straight ahead and takes nothing straight; it climbs diagonally onto
	// its own knight. d2 steps, double-steps and climbs diagonally; never onto an empty
	// diagonal square.
	r := pillarLoad(t, "3k2/6/6/1pN3/1P1P2/3K2 w - - P 1")
	pillarWantActions(t, r, "b2^c3", "d2-d3", "d2-d4", "d2^c3")
	// A diagonal capture, not a straight one.
	r = pillarLoad(t, "3k2/6/6/1pp3/1P4/3K2 w - - P 1")
	pillarWantActions(t, r, "b2xc3")
}

func TestPillarDoubleStepAndEnPassant(t *testing.T) {
	// A pawn-topped tower double-steps from the start rank; a black pawn takes it en
	// passant and the whole arrived tower goes under the black pawn.
	const start = "3k2/6/1p4/6/(nP)5/3K2 w - - P 1"
	r := pillarLoad(t, start)
	pillarWantActions(t, r, "a2-a3", "a2-a4", "P2a2-a3", "P2a2-a4")
	pillarDo(t, r, "P2a2-a4")
	pillarWantText(t, r, "3k2/6/(nP)p4/6/6/3K2 b - a3 - 1")
	r = pillarLoad(t, start)
	pillarDo(t, r, "P2a2-a4", "roll P")
	pillarWantActions(t, r, "b4-b3", "b4xa3ep")
	pillarDo(t, r, "b4xa3ep")
	pillarWantText(t, r, "3k2/6/6/(nPp)5/6/3K2 w - - - 2")
	// The pawn alone double-steps too, leaving the knight it stood on free at home.
	r = pillarLoad(t, start)
	pillarDo(t, r, "a2-a4")
	pillarWantText(t, r, "3k2/6/Pp4/6/n5/3K2 b - a3 - 1")
	// The chance ends with a pass.
	r = pillarLoad(t, start)
	pillarDo(t, r, "P2a2-a4", "roll skip", "pass", "roll skip", "pass", "roll P")
	if pillarHas(r, "b4xa3ep") {
		t.Error("en passant after a pass")
	}
}

func TestPillarCastling(t *testing.T) {
	const home = "3k2/pppppp/6/6/6/R2K1R w KQ - %s 1"
	for _, c := range []struct {
		face string
		want bool
	}{{"K", true}, {"Q", true}, {"R", true}, {"N", false}, {"P", false}} {
		r := pillarLoad(t, strings.Replace(home, "%s", c.face, 1))
		if pillarHas(r, "O-O") != c.want || pillarHas(r, "O-O-O") != c.want {
			t.Errorf("face %s: castling %v, want %v", c.face, pillarActions(r), c.want)
		}
	}
	r := pillarLoad(t, strings.Replace(home, "%s", "R", 1))
	pillarDo(t, r, "O-O")
	pillarWantText(t, r, "3k2/pppppp/6/6/6/R3RK b - - - 1")
	r = pillarLoad(t, strings.Replace(home, "%s", "R", 1))
	pillarDo(t, r, "O-O-O")
	pillarWantText(t, r, "3k2/pppppp/6/6/6/1KR2R b - - - 1")

	// Not through, onto or out of an attacked square.
	r = pillarLoad(t, "3kr1/pppp1p/6/6/6/R2K1R w KQ - R 1") // e1 crossed, attacked by the e6 rook
	if pillarHas(r, "O-O") || !pillarHas(r, "O-O-O") {
		t.Errorf("crossing an attacked square: %v", pillarActions(r))
	}
	// The rook must stand alone: a knight on it blocks castling but keeps the right.
	r = pillarLoad(t, "3k2/pppppp/6/6/6/(RN)2K1R w KQ - K 1")
	if pillarHas(r, "O-O-O") {
		t.Error("castled with a knight on the rook")
	}
	pillarDo(t, r, "Na1-b3", "roll skip", "pass", "roll R")
	if !pillarHas(r, "O-O-O") {
		t.Errorf("rook alone again, castling lost: %v %q", pillarActions(r), r.Text())
	}
}

func TestPillarCastlingRights(t *testing.T) {
	// A rook captured at home keeps its right and castles once freed and alone.
	r := pillarLoad(t, "3k2/pppppp/6/6/6/(Rn)2K1R b KQ - N 1")
	pillarDo(t, r, "Na1-c2")
	pillarWantText(t, r, "3k2/pppppp/6/6/2n3/R2K1R w KQ - - 2")
	pillarDo(t, r, "roll R")
	if !pillarHas(r, "O-O-O") {
		t.Errorf("freed rook cannot castle: %v", pillarActions(r))
	}
	// The stack holding the rook leaves home: the right goes.
	r = pillarLoad(t, "3k2/pppppp/6/6/6/(Rn)2K1R b KQ - N 1")
	pillarDo(t, r, "N2a1-b3")
	pillarWantText(t, r, "3k2/pppppp/6/1(Rn)4/6/3K1R w K - - 2")
	// A promotion on the rook's square removes it and its right.
	r = pillarLoad(t, "3k2/6/6/6/1p4/R2K1R b KQ - P 1")
	pillarDo(t, r, "b2xa1=Q")
	pillarWantText(t, r, "3k2/6/6/6/6/q2K1R w K - - 2")
	// Any king move, castling included, ends both rights of that side.
	r = pillarLoad(t, "3k2/pppppp/6/6/6/R2K1R w KQ - K 1")
	pillarDo(t, r, "Kd1-d2")
	pillarWantText(t, r, "3k2/pppppp/6/6/3K2/R4R b - - - 1")
	// A rook moving away loses its right.
	r = pillarLoad(t, "3k2/pppppp/6/6/6/R2K1R w KQ - R 1")
	pillarDo(t, r, "Ra1-a2")
	pillarWantText(t, r, "3k2/pppppp/6/6/R5/3K1R b K - - 1")
}

func TestPillarPromotion(t *testing.T) {
	r := pillarLoad(t, "3k2/P5/6/6/6/3K2 w - - P 1")
	pillarWantActions(t, r, "a5-a6=Q", "a5-a6=R", "a5-a6=N")
	// A pawn-topped tower capturing onto a tower: the whole resulting stack leaves and the
	// new piece stands alone.
	r = pillarLoad(t, "1(rn)1k2/(nP)5/6/6/6/3K2 w - - P 1")
	if !pillarHas(r, "P2a5xb6=Q") || pillarHas(r, "P2a5xb6") {
		t.Errorf("tower promotion: %v", pillarActions(r))
	}
	pillarDo(t, r, "P2a5xb6=Q")
	pillarWantText(t, r, "1Q1k2/6/6/6/6/3K2 b - - - 1")
	// promotion=alone: only the pawn moving by itself promotes; the tower stays as it is.
	r = pillarLoad(t, "1(rn)1k2/(nP)5/6/6/6/3K2 w - - P 1", "promotion=alone")
	if !pillarHas(r, "a5xb6=Q") || !pillarHas(r, "P2a5xb6") || pillarHas(r, "P2a5xb6=Q") {
		t.Errorf("promotion=alone: %v", pillarActions(r))
	}
	pillarDo(t, r, "P2a5xb6")
	pillarWantText(t, r, "1(rnnP)1k2/6/6/6/6/3K2 b - - - 1")
	// A pawn uncovered on the last rank by a split does not promote.
	r = pillarLoad(t, "(PR)p1k2/6/6/6/6/3K2 w - - R 1")
	pillarDo(t, r, "Ra6-a1")
	pillarWantText(t, r, "Pp1k2/6/6/6/6/R2K2 b - - - 1")
}

func TestPillarCheckAndMate(t *testing.T) {
	// In check: no roll, any legal move, and the record of the checking move says so.
	r := pillarLoad(t, "3k2/6/6/6/6/R2K2 w - - R 1")
	recs := pillarDo(t, r, "Ra1-a6")
	if recs[0].Text != "Ra1-a6+" || !pillarHasEvent(recs[0].Events, EventCheck) {
		t.Errorf("check record %+v", recs[0])
	}
	if st := r.Next(); st.Kind != StepMove || st.Players != 1<<Black {
		t.Errorf("in check the die is rolled: %+v", st)
	}
	pillarWantActions(t, r, "Kd6-c5", "Kd6-d5", "Kd6-e5")
	// Checkmate wins.
	r = pillarLoad(t, "3k2/R5/6/5p/5P/1R1K2 w - - R 1")
	recs = pillarDo(t, r, "Rb1-b6")
	if recs[0].Text != "Rb1-b6#" || r.out != (Outcome{WhiteWins, "checkmate"}) || r.Next().Kind != StepOver {
		t.Errorf("mate: %+v %+v", recs[0], r.out)
	}
	// Stalemate is a draw.
	r = pillarLoad(t, "k5/6/1K4/6/2Q3/6 w - - Q 1")
	pillarDo(t, r, "Qc2-c5")
	if r.out != (Outcome{Drawn, "stalemate"}) {
		t.Errorf("stalemate: %+v", r.out)
	}
	// No other draw: agreement and claims are refused.
	r = pillarLoad(t, "")
	for _, k := range []InputKind{InputAgree, InputClaim} {
		if _, err := r.Apply(Input{Kind: k}); err == nil {
			t.Errorf("input %d accepted", k)
		}
	}
}

func TestPillarLoneKing(t *testing.T) {
	// Black keeps only its king's stack, White controls three: White wins at once.
	r := pillarLoad(t, "3k2/6/n5/6/6/R1NK2 w - - R 1")
	pillarDo(t, r, "Ra1xa4")
	if r.out != (Outcome{WhiteWins, "lone king"}) {
		t.Errorf("lone king: %+v", r.out)
	}
	// Against the king and one other stack it does not apply.
	r = pillarLoad(t, "3k2/6/n5/6/6/R2K2 w - - R 1")
	pillarDo(t, r, "Ra1xa4")
	if r.out.Over() {
		t.Errorf("lone king vs two stacks ended the game: %+v", r.out)
	}
	// It is checked for both sides: White's king climbing onto its last piece loses.
	r = pillarLoad(t, "r1k1n1/6/6/6/6/2NK2 w - - K 1")
	pillarDo(t, r, "Kd1^c1")
	if r.out != (Outcome{BlackWins, "lone king"}) {
		t.Errorf("own lone king: %+v", r.out)
	}
	// And it comes before mate and stalemate: a lone king with no move loses rather
	// than draws.
	r = pillarLoad(t, "k5/2n3/1K4/6/2Q3/5R w - - Q 1")
	pillarDo(t, r, "Qc2xc5")
	if r.out != (Outcome{WhiteWins, "lone king"}) {
		t.Errorf("lone king before stalemate: %+v", r.out)
	}
}

func TestPillarGardez(t *testing.T) {
	// The white queen is attacked and can take the attacker: no roll, and only moves
	// that leave no queen attacked.
	r := pillarLoad(t, "3k2/6/q5/6/Q5/K5 w - - - 1")
	if st := r.Next(); st.Kind != StepMove || !pillarHasEvent(r.TurnEvents(), EventGardez) {
		t.Fatalf("gardez: step %+v events %v", st, r.TurnEvents())
	}
	pillarWantActions(t, r, "Qa2xa4")
	// With nodice gardez is only announced: every legal move.
	r = pillarLoad(t, "3k2/6/q5/6/Q5/K5 w - - - 1", "nodice=on")
	if !pillarHasEvent(r.TurnEvents(), EventGardez) {
		t.Error("nodice: gardez not announced")
	}
	pillarWantActions(t, r, "Ka1-b1", "Ka1-b2", "Qa2-a3", "Qa2xa4")
	// No move saves the pinned queen (taking lands on a square the rook guards): the die
	// is rolled after all.
	r = pillarLoad(t, "r2k2/6/q5/6/Q5/K5 w - - - 1")
	if st := r.Next(); st.Kind != StepDraw {
		t.Errorf("unsavable queen: step %+v", st)
	}
	// A queen inside an own tower counts.
	r = pillarLoad(t, "3k2/6/q5/6/(QN)5/3K2 w - - - 1")
	if st := r.Next(); st.Kind != StepMove || !pillarHasEvent(r.TurnEvents(), EventGardez) {
		t.Errorf("queen in a tower: step %+v", st)
	}
	// The record of the attacking move announces it.
	r = pillarLoad(t, "3k2/1q4/6/6/Q5/K5 b - - Q 1")
	recs := pillarDo(t, r, "Qb5-a4")
	if !pillarHasEvent(recs[0].Events, EventGardez) {
		t.Errorf("attacking move record %+v", recs[0])
	}
}

func TestPillarOnlyKingMoves(t *testing.T) {
	// Only the king's stack can move: no roll.
	r := pillarLoad(t, "3k2/6/p5/P5/6/3K2 w - - - 1")
	if st := r.Next(); st.Kind != StepMove || r.turn != turnKing {
		t.Errorf("king only: step %+v turn %s", st, r.turnName())
	}
	// A free pawn means a roll.
	r = pillarLoad(t, "3k2/6/p5/P5/5P/3K2 w - - - 1")
	if st := r.Next(); st.Kind != StepDraw {
		t.Errorf("pawn free: step %+v", st)
	}
	// A die face in the text of a forced turn is refused.
	v, _ := Lookup("pillar")
	if _, err := Load(v, "3k2/6/p5/P5/6/3K2 w - - K 1"); err == nil || !strings.Contains(err.Error(), "no roll") {
		t.Errorf("die on a forced turn: %v", err)
	}
}

func TestPillarCombinatorics(t *testing.T) {
	// A knight on a rook moves as either when both go; the knight alone only as a knight.
	const pos = "3k2/6/6/6/6/(RN)2K2 w - - R 1"
	r := pillarLoad(t, pos, "combinatorics=on")
	for _, m := range []string{"N2a1-a6", "N2a1-c1", "N2a1-b3", "Na1-b3"} {
		if !pillarHas(r, m) {
			t.Errorf("combinatorics: %s missing: %v", m, pillarActions(r))
		}
	}
	if pillarHas(r, "Na1-a6") {
		t.Error("the knight alone moved as the rook under it")
	}
	// The die counts the type moved as: a knight face allows only the knight's jumps.
	r = pillarLoad(t, strings.Replace(pos, " R ", " N ", 1), "combinatorics=on")
	pillarWantActions(t, r, "N2a1-b3", "N2a1-c2", "Na1-b3", "Na1-c2")
	// Without the option the rook inside does nothing.
	r = pillarLoad(t, pos)
	pillarWantActions(t, r, "N2a1-b3", "N2a1-c2", "Na1-b3", "Na1-c2")

	// A black pawn inside a white stack moves toward White's last rank.
	r = pillarLoad(t, "3k2/6/6/6/(pR)5/3K2 w - - P 1", "combinatorics=on")
	pillarWantActions(t, r, "R2a2-a3")
	// Every piece of a stack attacks: the rook under the knight checks the a-file king.
	r = pillarLoad(t, "k5/6/6/6/6/(RN)2K2 b - - - 1", "combinatorics=on")
	if r.turn != turnCheck {
		t.Errorf("inner rook gives no check: %s", r.turnName())
	}
	r = pillarLoad(t, "k5/6/6/6/6/(RN)2K2 b - - - 1")
	if r.turn == turnCheck {
		t.Error("inner rook checks without combinatorics")
	}
}

func TestPillarRollRefusals(t *testing.T) {
	r := pillarLoad(t, "")
	before := r.Text()
	for _, in := range []Input{
		{Kind: InputMove, Player: White, Move: Move{From: Sq(0, 1), To: Sq(0, 2), N: 1, Promo2: Pawn}}, // roll first
		{Kind: InputDraw, Values: [2]uint8{6, 0}},
		{Kind: InputReveal},
		{Kind: InputResign, Player: 7},
	} {
		if _, err := r.Apply(in); err == nil {
			t.Errorf("%+v accepted", in)
		}
	}
	pillarDo(t, r, "roll P")
	for _, in := range []Input{
		{Kind: InputDraw, Values: [2]uint8{1, 0}},                                                        // rolled already
		{Kind: InputMove, Player: Black, Move: Move{From: Sq(0, 4), To: Sq(0, 3), N: 1, Promo2: Pawn}},   // not Black's turn
		{Kind: InputMove, Player: White, Move: Move{From: Sq(1, 0), To: Sq(0, 2), N: 1, Promo2: Knight}}, // knight on a pawn face
	} {
		if _, err := r.Apply(in); err == nil {
			t.Errorf("%+v accepted", in)
		}
	}
	if r.Text() != strings.Replace(before, " - 1", " P 1", 1) {
		t.Errorf("refused inputs changed the state: %q", r.Text())
	}
}

func TestPillarOptions(t *testing.T) {
	v, err := Lookup("pillar", "board=8x8", "combinatorics=on")
	if err != nil {
		t.Fatal(err)
	}
	if v.Files != 8 || v.Options["board"] != "8x8" || v.Options["combinatorics"] != "on" || v.Start != PillarStart8 {
		t.Errorf("variant %dx%d options %v", v.Files, v.Ranks, v.Options)
	}
	d, _ := Lookup("pillar")
	if d.Files != 6 || d.Ranks != 6 || d.Pieces[Bishop].Letter != 0 || len(d.OptionHelp) != 4 {
		t.Errorf("default variant %dx%d", d.Files, d.Ranks)
	}
	for _, bad := range [][]string{{"board=7x7"}, {"dice=off"}, {"combinatorics=yes"}, {"promotion=never"}} {
		if _, err := Lookup("pillar", bad...); err == nil || !strings.Contains(err.Error(), strings.Split(bad[0], "=")[0]) {
			t.Errorf("%v: error %v", bad, err)
		}
	}
	// The die faces of each board, and the interfaces the UI asks for.
	var r Rules = pillarLoad(t, "", "board=8x8")
	pillarDo(t, r.(*pillarRules), "roll B")
	if face, rolled := r.(DieHolder).Die(); face != Bishop || !rolled {
		t.Errorf("die %v %v", face, rolled)
	}
	if _, ok := r.(TurnAnnouncer); !ok {
		t.Error("no TurnAnnouncer")
	}
}

func TestPillarTextErrors(t *testing.T) {
	v, _ := Lookup("pillar")
	for _, c := range []struct{ text, want string }{
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq -", "fields"},
		{"rnqknr/pppppp/6/6/PPPPPP w KQkq - - 1", "ranks"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNRR w KQkq - - 1", "rank 1"},
		{"rnqknr/pppppp/6/6/PPPPPB/RNQKNR w KQkq - - 1", "unknown piece"},
		{"rnqknr/pppppp/6/(P/PPPPPP/RNQKNR w KQkq - - 1", "unclosed tower"},
		{"rnqknr/pppppp/6/()5/PPPPPP/RNQKNR w KQkq - - 1", "empty tower"},
		{"rnqknr/pppppp/6/(Kp)5/PPPPPP/RNQ1NR w - - - 1", "king inside"},
		{"rnq1nr/pppppp/6/6/PPPPPP/RNQKNR w KQ - - 1", "black has 0 kings"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR x KQkq - - 1", "side to move"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKN1 w KQkq - - 1", "castling right"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkqK - - 1", "too long"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KK - - 1", "twice"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq e4 - 1", "en-passant"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - B 1", "die face"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - K 0", "move number"},
		{"3k2/6/6/6/6/r2K2 b - - - 1", "in check"},
		{"3k2/(" + strings.Repeat("p", 40) + ")5/6/6/6/3K2 w - - - 1", "at most"},
		{strings.Repeat("(pppppppp)", 5) + "1/6/6/3k2/6/3K2 w - - - 1", "more than 32 pieces"},
		{strings.Repeat("x", MaxTextLen+1), "bytes"},
	} {
		_, err := Load(v, c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60q: error %v, want it to mention %q", c.text, err, c.want)
		}
	}
	v8, _ := Lookup("pillar", "nodice=on")
	if _, err := Load(v8, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - K 1"); err == nil || !strings.Contains(err.Error(), "nodice") {
		t.Errorf("die in a nodice game: %v", err)
	}
}
