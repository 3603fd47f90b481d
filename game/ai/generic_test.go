package ai

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// race is a tiny chance game for testing the generic search: players alternate; the
// mover bets 1, 2 or 3; a die (0–5) then decides: a face below 6-2*bet wins the bet,
// otherwise the mover loses one point. First to 5 points wins.
type race struct {
	score [2]int
	side  game.Color
	bet   int // pending bet, waiting for the die (0: none)
	pos   *game.Position
}

func newRace() *race {
	chess, _ := game.Lookup("chess")
	v := *chess // a variant of its own, so the search takes it for a game with own rules
	v.Name = "race"
	v.Load = func(*game.Variant, string) (game.Rules, error) { return newRace(), nil }
	p, _ := game.ParseFEN(&v, v.Start)
	return &race{pos: p}
}

func (r *race) Variant() *game.Variant   { return r.pos.V }
func (r *race) Position() *game.Position { return r.pos }
func (r *race) View(game.Color) game.Rules {
	return r.Clone()
}
func (r *race) Clone() game.Rules           { c := *r; return &c }
func (r *race) Text() string                { return fmt.Sprint(r.score, r.side, r.bet) }
func (r *race) MoveText(m game.Move) string { return fmt.Sprint("bet", m.N) }
func (r *race) Hash() uint64                { return uint64(r.score[0]*1000+r.score[1]*100+r.bet*10) + uint64(r.side) }
func (r *race) ParseMove(game.Color, string) (game.Move, error) {
	return game.NullMove, fmt.Errorf("no")
}

func (r *race) Outcome() game.Outcome {
	for c := game.White; c <= game.Black; c++ {
		if r.score[c] >= 5 {
			return game.Outcome{Result: game.WinFor(c), Reason: "race won"}
		}
	}
	return game.Outcome{}
}

func (r *race) Next() game.Step {
	switch {
	case r.Outcome().Over():
		return game.Step{Kind: game.StepOver}
	case r.bet > 0:
		return game.Step{Kind: game.StepDraw, Draw: game.DrawDie, Range: 6}
	}
	return game.MoveStep(r.side)
}

func (r *race) Moves(c game.Color, buf []game.Move) []game.Move {
	if !r.Next().Asks(c) {
		return buf
	}
	for k := 1; k <= 3; k++ {
		buf = append(buf, game.Move{Kind: game.Choose, From: game.NoSquare, To: game.NoSquare, N: uint8(k)})
	}
	return buf
}

func (r *race) Apply(in game.Input) (game.Record, error) {
	switch {
	case in.Kind == game.InputMove && r.bet == 0 && in.Player == r.side && in.Move.N >= 1 && in.Move.N <= 3:
		r.bet = int(in.Move.N)
	case in.Kind == game.InputDraw && r.bet > 0:
		if int(in.Values[0]) < 6-2*r.bet {
			r.score[r.side] += r.bet
		} else {
			r.score[r.side] = max(0, r.score[r.side]-1)
		}
		r.bet = 0
		r.side = r.side.Other()
	default:
		return game.Record{}, fmt.Errorf("refused")
	}
	return game.Record{}, nil
}

// expectimax is the plain reference: no pruning, no table.
func expectimax(r game.Rules, me game.Color, depth, ply int, eval func(game.Rules, game.Color) int) float64 {
	if o := r.Outcome(); o.Over() {
		switch o.Result {
		case game.WinFor(me):
			return float64(winScore - ply)
		case game.WinFor(me.Other()):
			return float64(-winScore + ply)
		}
		return 0
	}
	st := r.Next()
	if st.Kind == game.StepDraw {
		sum := 0.0
		for a := 0; a < st.Range; a++ {
			c := r.Clone()
			c.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(a)}})
			sum += expectimax(c, me, depth, ply, eval)
		}
		return sum / float64(st.Range)
	}
	if p := r.Position(); p.V.Traits.Attempts && (p.V.RepeatRule > 0 || p.V.AutoRepeat > 0) && p.Repetitions() > 0 && ply > 0 {
		return 0 // back where it stood: a draw the player it suits may claim
	}
	if depth == 0 {
		return float64(eval(r, me))
	}
	c := st.OnlyPlayer()
	best := math.Inf(-1)
	if c != me {
		best = math.Inf(1)
	}
	for _, m := range r.Moves(c, nil) {
		x := r.Clone()
		x.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m})
		v := expectimax(x, me, depth-1, ply+1, eval)
		if c == me {
			best = math.Max(best, v)
		} else {
			best = math.Min(best, v)
		}
	}
	return best
}

func raceEval(r game.Rules, c game.Color) int {
	x := r.(*race)
	return 300 * (x.score[c] - x.score[c.Other()])
}

// Star1 pruning and the table give the same root values as plain expectimax.
func TestChanceMatchesExpectimax(t *testing.T) {
	for _, start := range []race{{}, {score: [2]int{3, 4}}, {score: [2]int{4, 2}, side: game.Black}, {score: [2]int{1, 1}}} {
		for depth := 1; depth <= 4; depth++ {
			r := newRace()
			r.score, r.side = start.score, start.side
			g := newGenericSearcher(newTable(1))
			g.eval = raceEval
			g.me = r.side
			g.cl = newClock(context.Background(), Limits{})
			for _, m := range r.Moves(r.side, nil) {
				c := r.Clone()
				c.Apply(game.Input{Kind: game.InputMove, Player: r.side, Move: m})
				want := expectimax(c, r.side, depth-1, 1, raceEval)
				got := g.node(c, depth-1, 1, -inf, inf)
				// The table may hand a transposed position's value found at another ply,
				// whose wins count a ply or two more or less: a few points.
				if math.Abs(float64(got)-want) > 10 {
					t.Errorf("scores %v side %v depth %d bet %d: search %d, expectimax %.1f", start.score, start.side, depth, m.N, got, want)
				}
			}
		}
	}
}

// Through the public API, the chance game's best bet is found and the search is
// deterministic for a seed.
func TestChanceSearch(t *testing.T) {
	r := newRace()
	r.score = [2]int{2, 4} // behind: only a big bet can win before the opponent does
	res, err := NewEngine(1).Search(context.Background(), r, Params{Limits: Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	best, bv := game.NullMove, math.Inf(-1)
	for _, m := range r.Moves(game.White, nil) {
		c := r.Clone()
		c.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: m})
		if v := expectimax(c, game.White, 2, 1, raceEval); v > bv {
			best, bv = m, v
		}
	}
	if res.Move != best {
		t.Errorf("search chose bet %d, expectimax bet %d", res.Move.N, best.N)
	}
}

func TestSolveMatrix(t *testing.T) {
	// Rock, paper, scissors: the only equilibrium is uniform, value 0.
	x, v := solveMatrix([][]int{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}, 20000)
	for _, p := range x {
		if math.Abs(p-1.0/3) > 0.02 {
			t.Errorf("rock-paper-scissors strategy %v, want uniform", x)
			break
		}
	}
	if v < -1 || v > 1 {
		t.Errorf("value %d", v)
	}
	// Matching pennies with a dominated third row.
	x, _ = solveMatrix([][]int{{100, -100}, {-100, 100}, {-200, -200}}, 20000)
	if x[2] > 0.02 || math.Abs(x[0]-0.5) > 0.05 {
		t.Errorf("pennies strategy %v, want ½ ½ 0", x)
	}
	// A dominant row takes everything.
	x, v = solveMatrix([][]int{{5, 7}, {1, 2}}, 2000)
	if x[0] < 0.95 || v != 5 {
		t.Errorf("dominant row: %v value %d", x, v)
	}
}

// stoneOptions: each unknown stone may be the mined one, or the mine waits in reserve
// (weighted by the stones there); a known mine leaves one option.
func TestStoneOptions(t *testing.T) {
	unknown := game.CrownStone{Square: game.Sq(4, 3)}
	taken := game.CrownStone{Square: game.Sq(3, 4), Taken: true}
	minedPublic := game.CrownStone{Square: game.Sq(4, 3), Mined: true, Known: true, Public: true}
	cases := []struct {
		st   game.CrownState
		want string
	}{
		{game.CrownState{StonesLeft: 3}, "[]"},
		{game.CrownState{Stones: []game.CrownStone{unknown}, StonesLeft: 2}, "[{[true] 1} {[false] 2}]"},
		{game.CrownState{Stones: []game.CrownStone{unknown, taken}, StonesLeft: 1}, "[{[true false] 1} {[false true] 1} {[false false] 1}]"},
		{game.CrownState{Stones: []game.CrownStone{minedPublic, unknown}, StonesLeft: 1}, "[{[false] 1}]"},
		{game.CrownState{Stones: []game.CrownStone{unknown, unknown, unknown}}, "[{[true false false] 1} {[false true false] 1} {[false false true] 1}]"},
	}
	for _, c := range cases {
		if got := fmt.Sprint(stoneOptions(c.st)); got != c.want {
			t.Errorf("stoneOptions(%+v) = %v, want %v", c.st, got, c.want)
		}
	}
}
