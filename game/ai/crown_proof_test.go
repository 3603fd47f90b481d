package ai

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// The test's own exact solver for Crown problems, written apart from the AI's prover:
// hypotheses made by writing each value of the opponent's hidden crown into the position
// text, the whole tree searched without pruning (a memo of solved sets aside), worlds
// told apart by the position text of our view.

// refWorlds are the referee states for each value of side opp's unknown crown in text
// (the crown field's "?" for opp replaced by k, then d).
func refWorlds(t testing.TB, text string, opp game.Color) []game.Rules {
	t.Helper()
	var ws []game.Rules
	for _, v := range []byte{'k', 'd'} {
		f := strings.Fields(text)
		for i, x := range f {
			if val, ok := strings.CutPrefix(x, "crown="); ok && len(val) == 2 && val[opp] == '?' {
				b := []byte(val)
				b[opp] = v
				f[i] = "crown=" + string(b)
			}
		}
		r, err := game.Load(mustVariant(t, "crown"), strings.Join(f, " "))
		if err == nil {
			ws = append(ws, r)
		}
	}
	if len(ws) == 0 {
		t.Fatalf("%s: no world", text)
	}
	return ws
}

func mustVariant(t testing.TB, name string) *game.Variant {
	v, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

type refSolver struct {
	me   game.Color
	memo map[refKey]bool
}

// refKey is a set of worlds (the sum of their hashes, the game's own key of a state), a
// number of moves and the move tried (NullMove: any).
type refKey struct {
	set  uint64
	n    int
	move game.Move
}

func newRefSolver(me game.Color) *refSolver {
	return &refSolver{me: me, memo: map[refKey]bool{}}
}

func setSum(ws []game.Rules) uint64 {
	var k uint64
	for _, w := range ws {
		k += w.Hash() * 0x9E3779B97F4A7C15
	}
	return k
}

// wins: does some move of ours win in every world of ws within n of our moves?
func (s *refSolver) wins(ws []game.Rules, n int) bool {
	if n <= 0 {
		return false
	}
	key := refKey{setSum(ws), n, game.NullMove}
	if v, ok := s.memo[key]; ok {
		return v
	}
	v := false
	for _, m := range ws[0].Moves(s.me, nil) {
		if s.winsWith(ws, m, n) {
			v = true
			break
		}
	}
	s.memo[key] = v
	return v
}

// winsWith: does our move m, then best play, win in every world within n of our moves?
func (s *refSolver) winsWith(ws []game.Rules, m game.Move, n int) bool {
	key := refKey{setSum(ws), n, m}
	if v, ok := s.memo[key]; ok {
		return v
	}
	v := s.solveWith(ws, m, n)
	s.memo[key] = v
	return v
}

func (s *refSolver) solveWith(ws []game.Rules, m game.Move, n int) bool {
	groups, ok := s.play(ws, s.me, m)
	if !ok {
		return false
	}
	for _, g := range groups {
		if n == 1 {
			return false // a world still going on after our last move
		}
		opp := s.me.Other()
		var replies []game.Move
		for _, w := range g {
			for _, r := range w.Moves(opp, nil) {
				if !slices.Contains(replies, r) {
					replies = append(replies, r)
				}
			}
		}
		for _, r := range replies {
			next, ok := s.play(g, opp, r)
			if !ok {
				return false
			}
			for _, h := range next {
				if !s.wins(h, n-1) {
					return false
				}
			}
		}
	}
	return true
}

// play plays c's move m in every world where it is legal, reveals answered by the world,
// and groups the worlds still going on by our view's text; ok is false when a world
// ends other than in our win.
func (s *refSolver) play(ws []game.Rules, c game.Color, m game.Move) ([][]game.Rules, bool) {
	byView := map[string][]game.Rules{}
	var order []string
	for _, w := range ws {
		x := w.Clone()
		if _, err := x.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
			continue
		}
		for !x.Outcome().Over() && x.Next().Kind == game.StepReveal {
			st := x.Next()
			v, _ := x.(game.Secrets).Secret(st)
			if _, err := x.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: v}); err != nil {
				return nil, false
			}
		}
		if o := x.Outcome(); o.Over() {
			if o.Result != game.WinFor(s.me) {
				return nil, false
			}
			continue
		}
		k := x.View(s.me).Text()
		if _, ok := byView[k]; !ok {
			order = append(order, k)
		}
		byView[k] = append(byView[k], x)
	}
	var gs [][]game.Rules
	for _, k := range order {
		gs = append(gs, byView[k])
	}
	return gs, true
}

// crownProblems: White to move wins within n whatever Black's hidden crown; trap is a
// move that wins within n in each world alone, with a different follow-up, and not
// when the crown is unknown ("" if none).
var crownProblems = []struct {
	text string
	n    int
	trap string
}{
	// The source's problem (the seeds' 001): 1.Ng6 forks both monarchs; 1.Ra8 mates in
	// 3 in each world alone.
	{"5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1 crown=k?", 4, "a6a8"},
	// Found by a search of random endings, each with one solution and a trap.
	{"4d2k/R7/F7/8/8/7K/8/8 w - - 0 1 crown=k?", 3, "a6f6"},       // 1.Fc8, quiet
	{"8/8/1R4KB/8/5k2/8/8/1d1F4 w - - 0 1 crown=k?", 3, "b6b3"},   // 1.Bxf4
	{"8/8/3K4/p7/4Fd2/1B6/8/1F4k1 w - - 0 1 crown=k?", 3, "b1e1"}, // 1.Fxf4
	{"8/F7/8/2d5/8/F4K2/8/3k4 w - - 0 1 crown=k?", 3, "a3d3"},     // 1.Fxc5
	{"8/1N6/6F1/8/8/4k1K1/8/4R2d w - - 0 1 crown=k?", 3, "g6d6"},  // 1.Rxe3
	{"1FK4k/8/5B2/1d6/8/2R5/8/8 w - - 0 1 crown=k?", 3, "c3c7"},   // 1.Bxh8
}

// TestCrownProblems: each problem is what it says, by the test's own solver (a win in
// n whatever the crown; the trap wins in each world alone and not with the crown
// unknown), and the AI, from White's view, plays a move that the solver confirms wins
// in every world, never the trap, and claims a mate within n.
func TestCrownProblems(t *testing.T) {
	for _, p := range crownProblems {
		ws := refWorlds(t, p.text, game.Black)
		s := newRefSolver(game.White)
		if !s.wins(ws, p.n) {
			t.Errorf("%s: White does not win in %d whatever the crown", p.text, p.n)
		}
		if p.trap != "" {
			trap, err := ws[0].ParseMove(game.White, p.trap)
			if err != nil {
				t.Fatal(err)
			}
			if s.winsWith(ws, trap, p.n) {
				t.Errorf("%s: the trap %s wins with the crown unknown", p.text, p.trap)
			}
			for _, w := range ws {
				if !newRefSolver(game.White).winsWith([]game.Rules{w}, trap, p.n) {
					t.Errorf("%s: the trap %s does not win in the world %s alone", p.text, p.trap, w.Text())
				}
			}
		}
		view := ws[0].View(game.White)
		res, err := NewEngine(8).Search(context.Background(), view, Params{Limits: Limits{Nodes: 300000}})
		if err != nil {
			t.Fatal(err)
		}
		if p.trap != "" && res.Move.String() == p.trap {
			t.Errorf("%s: the AI fell for the trap %s", p.text, view.MoveText(res.Move))
		}
		if !s.winsWith(ws, res.Move, p.n) {
			t.Errorf("%s: the AI's %s does not win in %d whatever the crown", p.text, view.MoveText(res.Move), p.n)
		}
		if res.Score <= MateBound || (Mate-res.Score+1)/2 > p.n {
			t.Errorf("%s: the AI scored %d, want a mate within %d", p.text, res.Score, p.n)
		}
	}
}

// randomEnding is a seeded Crown ending, White to move: White's king and two or three
// pieces against Black's king and dame (and maybe a pawn), Black's crown unknown.
func randomEnding(rg *rng) string {
	var b [64]byte
	put := func(c byte) int {
		for {
			s := rg.intn(64)
			if b[s] == 0 {
				b[s] = c
				return s
			}
		}
	}
	put('K')
	put('k')
	put('d')
	const pool = "RRNBFNB"
	for i := 0; i < 2+rg.intn(2); i++ {
		put(pool[rg.intn(len(pool))])
	}
	if rg.intn(2) == 0 {
		if s := put('p'); s/8 == 0 || s/8 == 7 {
			b[s] = 0
		}
	}
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := b[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String() + " w - - 0 1 crown=k?"
}

// TestCrownMateClaimsHold: whenever the AI claims a mate in a Crown ending, its play
// delivers it in every world its view allows: in each world a referee lets Black try
// every reply, the AI searches again from its view after each, and the crown falls
// within the claimed number of moves, each later claim no longer than what is left.
func TestCrownMateClaimsHold(t *testing.T) {
	rg := newRNG(14)
	claims := 0
	par := Params{Limits: Limits{Depth: 5, Nodes: 20000}}
	for i := 0; i < 120 && claims < 8; i++ {
		text := randomEnding(rg)
		ws := func() []game.Rules {
			defer func() { recover() }()
			return refWorldsQuiet(text)
		}()
		if len(ws) != 2 || ws[0].Outcome().Over() {
			continue
		}
		res, err := NewEngine(4).Search(context.Background(), ws[0].View(game.White), par)
		if err != nil || res.Score <= MateBound {
			continue
		}
		claims++
		n := (Mate - res.Score + 1) / 2
		if !newRefSolver(game.White).winsWith(ws, res.Move, n) {
			t.Errorf("%s: claims mate %d with %s, which the solver refutes", text, n, res.Move)
			continue
		}
		for _, w := range ws {
			if line, ok := replayClaim(t, w, par, n); !ok {
				t.Errorf("%s, world %s: the claimed mate %d fails: %s", text, w.Text(), n, line)
			}
		}
	}
	t.Logf("%d mate claims checked", claims)
	if claims < 5 {
		t.Errorf("only %d mate claims in the sample; the test says little", claims)
	}
}

// refWorldsQuiet is refWorlds without a test to fail: nil for a text the rules refuse.
func refWorldsQuiet(text string) []game.Rules {
	v, err := game.Lookup("crown")
	if err != nil {
		return nil
	}
	var ws []game.Rules
	for _, c := range []string{"kk", "kd"} {
		r, err := game.Load(v, strings.Replace(text, "crown=k?", "crown="+c, 1))
		if err != nil {
			return nil
		}
		ws = append(ws, r)
	}
	return ws
}

// replayClaim plays the AI (White, searching its view afresh each move, claiming at
// most n) against every Black reply in the referee state ref; ok if every line ends in
// White's win within n White moves. The line is the failing one.
func replayClaim(t *testing.T, ref game.Rules, par Params, n int) (string, bool) {
	view := ref.View(game.White)
	res, err := NewEngine(4).Search(context.Background(), view, par)
	if err != nil {
		return "no move: " + err.Error(), false
	}
	if res.Score <= MateBound || (Mate-res.Score+1)/2 > n {
		return "no claim within " + string(rune('0'+n)) + " in " + ref.Text(), false
	}
	after := ref.Clone()
	if _, err := after.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: res.Move}); err != nil {
		return err.Error(), false
	}
	for !after.Outcome().Over() && after.Next().Kind == game.StepReveal {
		st := after.Next()
		v, _ := after.(game.Secrets).Secret(st)
		after.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: v})
	}
	if o := after.Outcome(); o.Over() {
		return res.Move.String() + " " + o.Reason, o.Result == game.WhiteWins
	}
	if n == 1 {
		return res.Move.String() + " and the game goes on", false
	}
	for _, r := range after.Moves(game.Black, nil) {
		x := after.Clone()
		if _, err := x.Apply(game.Input{Kind: game.InputMove, Player: game.Black, Move: r}); err != nil {
			return err.Error(), false
		}
		for !x.Outcome().Over() && x.Next().Kind == game.StepReveal {
			st := x.Next()
			v, _ := x.(game.Secrets).Secret(st)
			x.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: v})
		}
		if o := x.Outcome(); o.Over() {
			if o.Result != game.WhiteWins {
				return res.Move.String() + " " + r.String() + " " + o.Reason, false
			}
			continue
		}
		if line, ok := replayClaim(t, x, par, n-1); !ok {
			return res.Move.String() + " " + r.String() + " " + line, false
		}
	}
	return "", true
}

// TestHypotheses: the worlds the exact search takes on are every value of the
// opponent's unknown secrets the rules allow, in each Crown kind: the crowned monarch,
// which stone is mined (or the mine still in reserve), the hidden square (any square
// not proven empty), the crowned half; a world holds the view's own secrets.
func TestHypotheses(t *testing.T) {
	for _, c := range []struct {
		kind, text string
		me         game.Color
		want       int
	}{
		{"base", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1 crown=kd", game.White, 2},
		{"stones", "r3k3/8/8/s7/8/4s3/4P3/R3K3 w - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/a5ue3mr", game.White, 3},
		{"hidden", "4k3/8/8/8/8/8/5r2/4K2R b - - 0 10 crown=Kk monarchs=-/e8 lost=w hide=f1/- proven=0000000000002090/-", game.Black, 61},
		{"split", "4k3/8/8/8/3rO3/5X2/8/8 b - - 0 10 crown=Kk monarchs=-/e8 lost=w split=x/-", game.Black, 2},
	} {
		v, err := game.Lookup("crown", "kind="+c.kind)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := game.Load(v, c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		view := ref.View(c.me)
		ws, ok := hypotheses(view, c.me, 64)
		if !ok || len(ws) != c.want {
			t.Errorf("%s: %d worlds (ok %v), want %d", c.text, len(ws), ok, c.want)
			continue
		}
		seen := map[uint64]bool{}
		truth := false
		for _, w := range ws {
			if w.View(c.me).Hash() != view.Hash() {
				t.Errorf("%s: a world %s does not look like the view", c.text, w.Text())
			}
			seen[w.Hash()] = true
			truth = truth || w.Hash() == ref.Hash()
		}
		if len(seen) != len(ws) {
			t.Errorf("%s: %d worlds, %d different", c.text, len(ws), len(seen))
		}
		if !truth {
			t.Errorf("%s: the true state is not among the worlds", c.text)
		}
		if _, ok := hypotheses(view, c.me, c.want-1); ok && c.want > 1 {
			t.Errorf("%s: more worlds than the limit accepted", c.text)
		}
	}
}
