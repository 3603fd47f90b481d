package ai

import (
	"math"

	"github.com/quintet-chess/quintet/game"
)

// Simultaneous chess: both players choose at once, so a turn is a matrix game. The
// searcher takes the most promising candidates of each side, values every pair of
// choices (a won or lost game outright, else the evaluation, or with more time the
// value of the next turn's own small matrix game), solves the matrix for a mixed
// strategy by regret matching, and samples its move from it. A choice that wins whatever
// the opponent does is taken outright.

const (
	simulWide   = 12  // candidates per side at the root
	simulNarrow = 5   // per side at the next turn
	simulIters  = 400 // regret-matching rounds per matrix (root: ten times more)
)

// isSimultaneous reports whether the view is a game whose turns are joint (both asked
// at the start of a turn).
func isSimultaneous(r game.Rules) bool { return r.Variant().Name == "simultaneous" }

// searchSimul chooses me's sealed move. The view may already hold the opponent's sealed
// choice as unknown; the turn is replayed from the position text, where both choose.
func (g *genericSearcher) searchSimul(cl *clock, view game.Rules, par Params) (Result, error) {
	g.cl, g.nodes, g.me = cl, 0, par.Player
	rg := newRNG(par.Seed ^ view.Hash())
	base, err := game.Load(view.Variant(), view.Text())
	if err != nil {
		return Result{}, err
	}
	mine := g.candidates(base, g.me, simulWide)
	theirs := g.candidates(base, g.me.Other(), simulWide)
	if len(mine) == 0 {
		return Result{}, ErrNoMove
	}
	res := Result{Move: mine[0], Info: Info{PV: []game.Move{mine[0]}}}
	if len(theirs) == 0 {
		theirs = []game.Move{{Kind: game.Pass}}
	}
	for d := 1; d <= 3 && cl.another(d, g.nodes); d++ {
		// Depth 1 values the pairs by evaluation, 2 by the next turn's matrix game, 3
		// does the same over twice as many candidates.
		g.narrow = simulNarrow
		if d == 3 {
			mine = g.candidates(base, g.me, 2*simulWide)
			if t := g.candidates(base, g.me.Other(), 2*simulWide); len(t) > 0 {
				theirs = t
			}
			g.narrow = simulNarrow + 2
		}
		pay := make([][]int, len(mine))
		complete := true
		for i, m := range mine {
			pay[i] = pay[i][:0]
			for _, o := range theirs {
				s, ok := g.joint2(base, m, o)
				v := 0
				switch {
				case !ok:
					v = -winScore // a pair the rules refuse: never choose into it
				case s.Outcome().Over():
					v = g.terminal(s.Outcome(), 1)
				case d == 1:
					v = g.leaf(s)
				default:
					v = g.turnValue(s, 2)
				}
				pay[i] = append(pay[i], v)
				if cl.stopped && d > 1 {
					complete = false
					break
				}
			}
			if !complete {
				break
			}
		}
		if !complete {
			break
		}
		if par.Noise > 0 {
			for i := range pay {
				n := rg.intn(2*par.Noise+1) - par.Noise
				for j := range pay[i] {
					if abs(pay[i][j]) < winScore/2 {
						pay[i][j] += n
					}
				}
			}
		}
		x, value := solveMatrix(pay, simulIters*10)
		pick := sample(x, rg)
		// A choice that wins against everything is played for sure.
		for i := range pay {
			if rowMin(pay[i]) > winScore/2 {
				pick = i
				break
			}
		}
		res.Move, res.Score, res.Depth = mine[pick], toMateScale(value), d
		res.PV = []game.Move{mine[pick]}
		res.Nodes, res.Time = g.nodes, cl.elapsed()
		if par.Progress != nil {
			info := res.Info
			info.PV = append([]game.Move(nil), res.PV...)
			par.Progress(info)
		}
		if cl.limits.Depth > 0 && d >= cl.limits.Depth {
			break
		}
	}
	res.Nodes, res.Time = g.nodes, cl.elapsed()
	return res, nil
}

// joint2 is base after both choices (me's first; the turn resolves on the second).
func (g *genericSearcher) joint2(base game.Rules, m, o game.Move) (game.Rules, bool) {
	g.nodes++
	if g.nodes&255 == 0 {
		g.cl.check(g.nodes)
	}
	s := base.Clone()
	if _, err := s.Apply(game.Input{Kind: game.InputMove, Player: g.me, Move: m}); err != nil {
		return nil, false
	}
	if !s.Outcome().Over() && s.Next().Asks(g.me.Other()) {
		if _, err := s.Apply(game.Input{Kind: game.InputMove, Player: g.me.Other(), Move: o}); err != nil {
			return nil, false
		}
	}
	return s, true
}

// turnValue is the value for me of the next turn from s: a small matrix game on the
// evaluation.
func (g *genericSearcher) turnValue(s game.Rules, ply int) int {
	mine := g.candidates(s, g.me, g.narrow)
	theirs := g.candidates(s, g.me.Other(), g.narrow)
	if len(mine) == 0 || len(theirs) == 0 {
		return g.leaf(s)
	}
	pay := make([][]int, len(mine))
	for i, m := range mine {
		for _, o := range theirs {
			t, ok := g.joint2(s, m, o)
			v := -winScore
			if ok {
				if t.Outcome().Over() {
					v = g.terminal(t.Outcome(), ply)
				} else {
					v = g.leaf(t)
				}
			}
			pay[i] = append(pay[i], v)
		}
	}
	_, v := solveMatrix(pay, simulIters)
	return v
}

// candidates are c's most promising choices in s: each judged by the position after it
// with the other side passing (a crude but cheap measure), captures of a king first.
func (g *genericSearcher) candidates(s game.Rules, c game.Color, n int) []game.Move {
	all := s.Moves(c, nil)
	if len(all) <= n {
		return all
	}
	type scored struct {
		m game.Move
		v int
	}
	p := s.Position()
	sc := make([]scored, 0, len(all))
	for _, m := range all {
		v := 0
		if m.To < game.NoSquare && p.At(m.To) != game.NoPiece && p.At(m.To).Color() != c {
			v += p.V.Pieces[p.At(m.To).Type()].Value
			if p.At(m.To).Type() == game.King {
				v += winScore
			}
		}
		t := s.Clone()
		g.nodes++
		if _, err := t.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err == nil {
			if t.Next().Asks(c.Other()) {
				if _, err := t.Apply(game.Input{Kind: game.InputMove, Player: c.Other(), Move: game.Move{Kind: game.Pass}}); err == nil {
					e := g.eval(t, c)
					if t.Outcome().Over() {
						e = 0
						if t.Outcome().Result == game.WinFor(c) {
							e = winScore
						}
					}
					v += e
				}
			}
		}
		sc = append(sc, scored{m, v})
	}
	for i := 1; i < len(sc); i++ {
		for j := i; j > 0 && sc[j].v > sc[j-1].v; j-- {
			sc[j], sc[j-1] = sc[j-1], sc[j]
		}
	}
	out := make([]game.Move, 0, n)
	for _, x := range sc[:n] {
		out = append(out, x.m)
	}
	return out
}

// solveMatrix finds the row player's mixed strategy of the zero-sum game pay (row player
// maximizes) by regret matching for both players; it returns the average strategy and
// its guaranteed value (the worst column against it).
func solveMatrix(pay [][]int, iters int) ([]float64, int) {
	rows := len(pay)
	cols := len(pay[0])
	rReg, cReg := make([]float64, rows), make([]float64, cols)
	rSum, cSum := make([]float64, rows), make([]float64, cols)
	x, y := make([]float64, rows), make([]float64, cols)
	strategy := func(reg, out []float64) {
		t := 0.0
		for i, r := range reg {
			out[i] = max(r, 0)
			t += out[i]
		}
		for i := range out {
			if t > 0 {
				out[i] /= t
			} else {
				out[i] = 1 / float64(len(out))
			}
		}
	}
	rowVal, colVal := make([]float64, rows), make([]float64, cols)
	for it := 0; it < iters; it++ {
		strategy(rReg, x)
		strategy(cReg, y)
		ev := 0.0
		for i := range rowVal {
			rowVal[i] = 0
			for j, yj := range y {
				rowVal[i] += yj * float64(pay[i][j])
			}
			ev += x[i] * rowVal[i]
		}
		for j := range colVal {
			colVal[j] = 0
			for i, xi := range x {
				colVal[j] += xi * float64(pay[i][j])
			}
		}
		for i := range rReg {
			rReg[i] += rowVal[i] - ev
			rSum[i] += x[i]
		}
		for j := range cReg {
			cReg[j] += ev - colVal[j]
			cSum[j] += y[j]
		}
	}
	t := 0.0
	for _, v := range rSum {
		t += v
	}
	for i := range x {
		x[i] = rSum[i] / t
	}
	worst := 0.0
	for j := 0; j < cols; j++ {
		v := 0.0
		for i := range x {
			v += x[i] * float64(pay[i][j])
		}
		if j == 0 || v < worst {
			worst = v
		}
	}
	return x, int(math.Round(worst))
}

// sample draws an index by the probabilities x, ignoring those under 5% (regret
// matching leaves traces of poor choices that are not worth the risk).
func sample(x []float64, rg *rng) int {
	t := 0.0
	for _, p := range x {
		if p >= 0.05 {
			t += p
		}
	}
	u := rg.float() * t
	for i, p := range x {
		if p < 0.05 && t > 0 {
			continue
		}
		if u < p {
			return i
		}
		u -= p
	}
	best := 0
	for i, p := range x {
		if p > x[best] {
			best = i
		}
	}
	return best
}

func rowMin(r []int) int {
	m := r[0]
	for _, v := range r[1:] {
		m = min(m, v)
	}
	return m
}
