package game

// An independent, slow perft for probabilistic chess (RULES.md §2), built on the reference
// board of reference_test.go (its own mailbox, move generation, make and attack test) and
// sharing nothing with probabilistic_*.go. It counts as PerftRules does: a ply is one
// Move step (a turn's action, or the strike decision); a capture draw branches over the ten
// values of X without using a ply; a finished game has no children (it counts only where
// no depth is left).

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refOutcome is X's outcome by the base table: 0 success, 1 miss, 2 the attacker dies.
func refOutcome(attacker byte, x int) int {
	win, miss := 6, 2
	if refLower(attacker) == 'k' {
		win, miss = 8, 1
	}
	switch {
	case x < win:
		return 0
	case x < win+miss:
		return 1
	}
	return 2
}

// refVictim is the square a capture attacks (the passed pawn's, en passant).
func refVictim(m refMove) (int, int) {
	if m.ep {
		return m.fr, m.tf
	}
	return m.tr, m.tf
}

// refFlip passes the turn with nothing else changed (no en-passant square).
func refFlip(b refBoard) refBoard {
	b.white = !b.white
	b.epR = -1
	return b
}

// refMated reports whether the side to move is checkmated by chess rules.
func refMated(b refBoard) bool {
	return refKingAttacked(&b, b.white) && len(refLegal(&b, false)) == 0
}

// refHits is the moves of the side not to move that land on (r, f), by non-kings only
// when noKing.
func refHits(b refBoard, r, f int, noKing bool) []refMove {
	b.white = !b.white
	b.epR = -1
	var out []refMove
	for _, m := range refPseudo(&b) {
		if m.tr == r && m.tf == f && !(noKing && refLower(b.sq[m.fr][m.ff]) == 'k') {
			out = append(out, m)
		}
	}
	return out
}

func refKingAt(b *refBoard, white bool) (int, int, bool) {
	k := byte('k')
	if white {
		k = 'K'
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if b.sq[r][f] == k {
				return r, f, true
			}
		}
	}
	return 0, 0, false
}

// refAction is a turn's action: a chess move, or a defence of two attempts.
type refAction struct {
	a, b    refMove
	defence bool
}

// refActions is every action of the side to move: chess moves without check rules, and,
// when its king is attacked, ordered pairs of captures of the king's attackers by two
// different pieces.
func refActions(b *refBoard) []refAction {
	moves := append(refPseudo(b), refCastles(b, false)...)
	var acts []refAction
	for _, m := range moves {
		acts = append(acts, refAction{a: m})
	}
	kr, kf, ok := refKingAt(b, b.white)
	if !ok {
		return acts
	}
	attackers := map[[2]int]bool{}
	for _, h := range refHits(*b, kr, kf, false) {
		attackers[[2]int{h.fr, h.ff}] = true
	}
	var tries []refMove
	for _, m := range moves {
		r, f := refVictim(m)
		if !m.castle && attackers[[2]int{r, f}] && b.sq[r][f] != 0 {
			tries = append(tries, m)
		}
	}
	for _, x := range tries {
		for _, y := range tries {
			if x.fr != y.fr || x.ff != y.ff {
				acts = append(acts, refAction{a: x, b: y, defence: true})
			}
		}
	}
	return acts
}

// refInTurn is b after capture m succeeded, with the turn still the mover's.
func refInTurn(b refBoard, m refMove) refBoard {
	a := refMake(b, m)
	a.white, a.epR, a.epF = b.white, b.epR, b.epF
	return a
}

// refKill removes the piece on (r, f) with the rights its square carries.
func refKill(b refBoard, r, f int) refBoard {
	b.sq[r][f] = 0
	refDropRights(&b.castle, r, f)
	return b
}

// refChance is how the reference branches over a capture's draw, as PerftOptions.Chance.
var refChance = ChanceDraws

// refXs are the values of X the reference branches over for an attempt by attacker:
// all ten, the first of each outcome, or the first success.
func refXs(attacker byte) []int {
	king := refLower(attacker) == 'k'
	switch {
	case refChance == ChanceSuccess:
		return []int{0}
	case refChance == ChanceOutcomes && king:
		return []int{0, 8, 9}
	case refChance == ChanceOutcomes:
		return []int{0, 6, 8}
	}
	return []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
}

// refEnd counts a game that ended with rest plies left: a leaf only at depth 0.
func refEnd(rest int) int64 {
	if rest == 0 {
		return 1
	}
	return 0
}

// refProbPerft counts leaves from the start of a turn.
func refProbPerft(b refBoard, depth int) int64 {
	if depth == 0 {
		return 1
	}
	acts := refActions(&b)
	if len(acts) == 0 {
		return 0 // no legal move: a draw, no children
	}
	if depth == 1 {
		return int64(len(acts))
	}
	var n int64
	for _, act := range acts {
		n += refProbAct(b, act, depth-1)
	}
	return n
}

// refProbAct counts the leaves below action act; rest is the depth left after it.
func refProbAct(b refBoard, act refAction, rest int) int64 {
	m := act.a
	mover := b.sq[m.fr][m.ff]
	kingMove := refLower(mover) == 'k' && !m.castle
	vr, vf := refVictim(m)
	if act.defence {
		var n int64
		for _, x := range refXs(mover) {
			var c refBoard
			switch refOutcome(mover, x) {
			case 0:
				if refLower(b.sq[vr][vf]) == 'k' {
					n += refEnd(rest)
					continue
				}
				c = refInTurn(b, m)
			case 1:
				c = b
			case 2:
				if kingMove {
					n += refEnd(rest)
					continue
				}
				c = refKill(b, m.fr, m.ff)
			}
			n += refProbSecond(c, act.b, rest)
		}
		return n
	}
	if !m.ep && b.sq[m.tr][m.tf] == 0 {
		return refProbAfter(b, refMake(b, m), kingMove, rest)
	}
	var n int64
	for _, x := range refXs(mover) {
		switch refOutcome(mover, x) {
		case 0:
			if refLower(b.sq[vr][vf]) == 'k' {
				n += refEnd(rest)
				continue
			}
			n += refProbAfter(b, refMake(b, m), kingMove, rest)
		case 1:
			n += refProbAfter(b, refFlip(b), kingMove, rest)
		case 2:
			if refLower(mover) == 'k' {
				n += refEnd(rest)
				continue
			}
			n += refProbAfter(b, refFlip(refKill(b, m.fr, m.ff)), kingMove, rest)
		}
	}
	return n
}

// refProbSecond resolves a defence's second attempt m on board c (the mover still to
// move): skipped when its target is gone or it is no longer a capture the piece can make.
func refProbSecond(c refBoard, m refMove, rest int) int64 {
	vr, vf := refVictim(m)
	ok := c.sq[vr][vf] != 0 && refOwn(c.sq[vr][vf], !c.white)
	if ok {
		ok = false
		for _, p := range refPseudo(&c) {
			ok = ok || p == m
		}
	}
	if !ok {
		return refProbPerft(refFlip(c), rest)
	}
	mover := c.sq[m.fr][m.ff]
	var n int64
	for _, x := range refXs(mover) {
		switch refOutcome(mover, x) {
		case 0:
			if refLower(c.sq[vr][vf]) == 'k' {
				n += refEnd(rest)
				continue
			}
			n += refProbPerft(refFlip(refInTurn(c, m)), rest)
		case 1:
			n += refProbPerft(refFlip(c), rest)
		case 2:
			if refLower(mover) == 'k' {
				n += refEnd(rest)
				continue
			}
			n += refProbPerft(refFlip(refKill(c, m.fr, m.ff)), rest)
		}
	}
	return n
}

// refProbAfter follows a turn's main action (before: the turn's start; after: the board
// with the opponent to move): the strike decision when the action was not a plain king
// move, the opponent was not mated before and is now; else the opponent's turn.
func refProbAfter(before, after refBoard, kingMove bool, rest int) int64 {
	kr, kf, _ := refKingAt(&after, after.white)
	strikers := map[[2]int]bool{}
	for _, h := range refHits(after, kr, kf, true) {
		strikers[[2]int{h.fr, h.ff}] = true
	}
	if kingMove || len(strikers) == 0 || refMated(refFlip(before)) || !refMated(after) {
		return refProbPerft(after, rest)
	}
	if rest == 1 {
		return int64(len(strikers) + 1)
	}
	n := refProbPerft(after, rest-1) // decline
	for s := range strikers {
		for _, x := range refXs(after.sq[s[0]][s[1]]) {
			switch refOutcome(after.sq[s[0]][s[1]], x) {
			case 0:
				n += refEnd(rest - 1) // the king is captured
			case 1:
				n += refProbPerft(after, rest-1)
			case 2:
				n += refProbPerft(refKill(after, s[0], s[1]), rest-1)
			}
		}
	}
	return n
}

func TestProbPerftReference(t *testing.T) {
	cases := []struct {
		fen   string
		depth int
	}{
		{StartFEN, 3},
		{kiwipete, 2},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 3},
		{"4k3/8/8/8/1b6/3n4/2P1P3/3QK3 w - - 0 1", 3},
		{"k4B2/3p4/8/2n1P3/4K3/8/8/8 b - - 0 1", 3},
		{"1R2B2k/3p2pp/8/8/8/8/8/4K3 w - - 0 1", 3},
		{"8/8/2Q5/k7/2p5/3N4/1P6/7K w - - 0 1", 3},
		{"8/8/2Q5/k7/8/3N4/1P6/7K w - - 0 1", 3},
		{"4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", 3},
		{"R3b2k/4N1pp/8/6N1/8/8/8/4K3 w - - 0 1", 3},
		{"7k/4Nnpp/8/4K1N1/8/8/8/5R2 w - - 0 1", 3},
		{"r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1", 3},
		{"8/8/8/8/8/8/3kn3/3RK3 w - - 0 1", 3},
		{"1R2K2k/6pp/8/8/8/8/8/8 w - - 0 1", 3},
		{"1R5k/6pp/8/8/8/8/P7/4K3 w - - 0 1", 3},
		{"3qkb2/3p1p2/8/8/4N3/8/8/4R1K1 w - - 0 1", 3},
	}
	// Positions of random games, at the start of a turn.
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 12; i++ {
		g := probRandomGame(t, probStarts[i%len(probStarts)], uint64(100+i), 10+rng.IntN(50), &probStats{}, func(*Game) {})
		for g.Next().Kind == StepDraw {
			if err := g.Apply(Input{Kind: InputDraw, Values: [2]uint8{uint8(rng.IntN(10)), 0}}); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Outcome().Over() && !slices.Contains(strings.Fields(g.Rules().Text()), "offer") {
			cases = append(cases, struct {
				fen   string
				depth int
			}{g.Rules().Text(), 2})
		}
	}
	v, _ := Lookup("probabilistic")
	t.Cleanup(func() { refChance = ChanceDraws })
	for _, mode := range []ChanceMode{ChanceDraws, ChanceOutcomes, ChanceSuccess} {
		refChance = mode
		for _, c := range cases {
			r, err := Load(v, c.fen)
			if err != nil {
				t.Fatalf("%s: %v", c.fen, err)
			}
			b, err := refParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			got, err := PerftOptions{Chance: mode}.Count(r, c.depth)
			if err != nil {
				t.Fatalf("%s: %v", c.fen, err)
			}
			if want := refProbPerft(b, c.depth); got != want {
				t.Errorf("-chance %v %s depth %d: engine %d, reference %d", mode, c.fen, c.depth, got, want)
			}
		}
	}
}

// TestProbPerftChance pins the three ways of counting a draw on positions with attempts,
// strikes and defences; the reference agrees with every count.
func TestProbPerftChance(t *testing.T) {
	v, _ := Lookup("probabilistic")
	t.Cleanup(func() { refChance = ChanceDraws })
	for _, c := range []struct {
		fen   string
		depth int
		want  [3]int64 // draws, outcomes, success
	}{
		// Kxe2: 0–7 take the pawn, 8 misses, 9 kills the king (the game ends at ply 1).
		{"4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", 2, [3]int64{89, 54, 49}},
		{"4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", 3, [3]int64{739, 379, 274}},
		{kiwipete, 2, [3]int64{5156, 2740, 2049}},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 3, [3]int64{138257, 65312, 48312}},
		{"1R2B2k/3p2pp/8/8/8/8/8/4K3 w - - 0 1", 3, [3]int64{2817, 2457, 2250}},
		{"8/8/2Q5/k7/2p5/3N4/1P6/7K w - - 0 1", 4, [3]int64{159520, 74555, 52890}},
		{"3qkb2/3p1p2/8/8/4N3/8/8/4R1K1 w - - 0 1", 3, [3]int64{9674, 9259, 9014}},
	} {
		b, err := refParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for i, mode := range []ChanceMode{ChanceDraws, ChanceOutcomes, ChanceSuccess} {
			r, err := Load(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			got, err := PerftOptions{Chance: mode}.Count(r, c.depth)
			refChance = mode
			ref := refProbPerft(b, c.depth)
			if err != nil || got != c.want[i] || ref != c.want[i] {
				t.Errorf("-chance %v %s depth %d: engine %d (%v), reference %d, want %d", mode, c.fen, c.depth, got, err, ref, c.want[i])
			}
		}
	}
}
