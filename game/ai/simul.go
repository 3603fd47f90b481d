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
	simulTurns  = 3   // turns looked at: the root's and two more
)

// simulDepth is the depth a depth limit in plies buys here: a depth counts a whole turn
// of both players, and the weak levels' one and two plies (one move ahead, two) are both
// the evaluation of the pairs, three plies the next turn's matrix game.
func simulDepth(plies int) int { return max(1, plies-1) }

// simulWidths are the candidates per side at the root and at each turn after it for
// each depth from 3: each depth costs about two to three times the one before (at depth
// 3 some 30 thousand pairs and candidates, at depth 6 half a million, from the
// middlegame). From depth 7 a third turn is looked at, narrowly, since wider two-turn
// searches gained nothing measurable (arena: 150 thousand pairs against 60 thousand
// scored 51% over 40 games); that the third turn gains was not measured to a margin.
var simulWidths = [...][simulTurns]int{3: {16, 6}, 4: {24, 7}, 5: {36, 9}, 6: {48, 11},
	7: {16, 6, 3}, 8: {24, 7, 4}, 9: {36, 8, 5}, 10: {48, 10, 6}, 11: {64, 12, 7}}

// simulWidth is simulWidths[d], and past its end ever wider searches (each turn one
// more candidate a side, the root four), so that a search with time to spare goes on
// using it; widths beyond the moves there are change nothing, so maxWidth, the most
// moves a side has at the root, ends the deepening.
func simulWidth(d int) [simulTurns]int {
	if d < len(simulWidths) {
		return simulWidths[d]
	}
	w := simulWidths[len(simulWidths)-1]
	k := d - (len(simulWidths) - 1)
	return [simulTurns]int{w[0] + 4*k, w[1] + k, w[2] + k}
}

// isSimultaneous reports whether the view is a game whose turns are joint (both asked
// at the start of a turn).
func isSimultaneous(r game.Rules) bool { return r.Variant().Traits.Joint }

// searchSimul chooses me's sealed move. The view may already hold the opponent's sealed
// choice as unknown; the turn is replayed from the position text, where both choose.
func (g *genericSearcher) searchSimul(cl *clock, view game.Rules, par Params) (Result, error) {
	g.cl, g.nodes, g.me = cl, 0, par.Player
	g.configure(view)
	rg := newRNG(par.Seed ^ view.Hash())
	base, err := game.NewSimulRules(view.Variant(), view.Text())
	if err != nil {
		return Result{}, err
	}
	mine := overlook(base.Position(), g.candidates(base, g.me, simulWide, 0), par)
	theirs := g.candidates(base, g.me.Other(), simulWide, 0)
	if len(mine) == 0 {
		return Result{}, ErrNoMove
	}
	res := Result{Move: mine[0], Info: Info{PV: []game.Move{mine[0]}}}
	if len(theirs) == 0 {
		theirs = []game.Move{{Kind: game.Pass}}
	}
	widest := max(len(base.Moves(g.me, nil)), len(base.Moves(g.me.Other(), nil)))
	for d := 1; cl.another(d, g.nodes); d++ {
		if d >= len(simulWidths) && simulWidth(d - 1)[0] >= widest+4 && simulWidth(d - 1)[1] >= widest {
			break // every move of both sides at both turns: nothing wider to search
		}
		// Depth 1 values the pairs by evaluation, 2 by the next turn's matrix game;
		// each depth after that does the same over more candidates, at the root and at
		// the turns after it (simulWidths).
		g.narrow = [simulTurns]int{1: simulNarrow}
		if d >= 3 {
			w := simulWidth(d)
			mine = overlook(base.Position(), g.candidates(base, g.me, w[0], 0), par)
			if t := g.candidates(base, g.me.Other(), w[0], 0); len(t) > 0 {
				theirs = t
			}
			g.narrow = w
		}
		pay := make([][]int, len(mine))
		complete := true
		for i, m := range mine {
			pay[i] = pay[i][:0]
			for _, o := range theirs {
				s := g.joint2(base, m, o, 0)
				var v int
				if s.Outcome().Over() || d == 1 {
					v = g.pairValue(s, 1)
				} else {
					v = g.turnValue(s, 2, 1)
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
		// The root's matrix is the largest: its rounds stop at the deadline (after a
		// tenth of them), the strategy so far being a fair one.
		if !cl.deadline.IsZero() {
			g.solver.stop = func() bool { return cl.now().After(cl.deadline) }
		}
		x, value := g.solver.solve(pay, simulIters*10)
		g.solver.stop = nil
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
		if cl.limits.Depth > 0 && d >= simulDepth(cl.limits.Depth) {
			break
		}
	}
	res.Nodes, res.Time = g.nodes, cl.elapsed()
	return res, nil
}

// tick counts a node of the simultaneous search and checks the limits every 256: both
// the pairs and the candidates' trials count, so the check is on the count itself.
func (g *genericSearcher) tick() {
	g.nodes++
	if g.nodes&255 == 0 {
		g.cl.check(g.nodes)
	}
}

// joint2 is base after both choices, resolved in place in the scratch state of level
// lv (0: the root's pairs, 1: the next turn's): a copy of the state by value and the
// turn resolved without notation, nothing allocated.
func (g *genericSearcher) joint2(base *game.SimulRules, m, o game.Move, lv int) *game.SimulRules {
	g.tick()
	s := &g.simBuf[lv]
	*s = *base
	if g.me == game.White {
		s.PlayJoint(m, o)
	} else {
		s.PlayJoint(o, m)
	}
	return s
}

// pairValue is the value for me of the state after a joint turn at ply: the game's end,
// or the evaluation.
func (g *genericSearcher) pairValue(s *game.SimulRules, ply int) int {
	if o := s.Outcome(); o.Over() {
		return g.terminal(o, ply)
	}
	return g.leaf(s)
}

// turnValue is the value for me of turn t (1: the one after the root's) from s: a small
// matrix game on the evaluation, or on the values of turn t+1 when that is searched.
func (g *genericSearcher) turnValue(s *game.SimulRules, ply, t int) int {
	mine := g.candidates(s, g.me, g.narrow[t], 2*t-1)
	theirs := g.candidates(s, g.me.Other(), g.narrow[t], 2*t)
	if len(mine) == 0 || len(theirs) == 0 {
		return g.leaf(s)
	}
	deeper := t+1 < simulTurns && g.narrow[t+1] > 0
	pay := g.payBuf(t, len(mine), len(theirs))
	for i, m := range mine {
		for j, o := range theirs {
			c := g.joint2(s, m, o, t)
			if deeper && !c.Outcome().Over() {
				pay[i][j] = g.turnValue(c, ply+1, t+1)
			} else {
				pay[i][j] = g.pairValue(c, ply)
			}
			if g.cl.stopped {
				return 0
			}
		}
	}
	_, v := g.solver.solve(pay, simulIters)
	return v
}

// payBuf is a rows × cols payoff matrix from turn t's reused storage.
func (g *genericSearcher) payBuf(t, rows, cols int) [][]int {
	if cap(g.payCells[t]) < rows*cols {
		g.payCells[t] = make([]int, rows*cols)
	}
	cells := g.payCells[t][:rows*cols]
	if cap(g.payRows[t]) < rows {
		g.payRows[t] = make([][]int, rows)
	}
	pay := g.payRows[t][:rows]
	for i := range pay {
		pay[i] = cells[i*cols : (i+1)*cols]
	}
	return pay
}

// candidates are c's most promising choices in s, at most n: each judged by the position
// after it with the other side passing (a crude but cheap measure), captures of a king
// first; a capture's gain counts in full. Level lv keeps its list apart (2t-1: mine at
// turn t, 2t: theirs; 0: the root's, a fresh list).
func (g *genericSearcher) candidates(s *game.SimulRules, c game.Color, n, lv int) []game.Move {
	all := s.LegalMoves(c, g.candBuf[lv][:0])
	g.candBuf[lv] = all
	if len(all) <= n {
		if lv == 0 {
			return append([]game.Move(nil), all...)
		}
		return all
	}
	p := s.Position()
	sc := g.candScore[:0]
	pass := game.Move{Kind: game.Pass}
	t := &g.simBuf[simulTurns]
	for _, m := range all {
		v := 0
		if m.To < game.NoSquare && m.Kind != game.Pass && p.At(m.To) != game.NoPiece && p.At(m.To).Color() != c {
			v += p.V.Pieces[p.At(m.To).Type()].Value
			if p.At(m.To).Type() == game.King {
				v += winScore
			}
		}
		*t = *s
		g.tick()
		if c == game.White {
			t.PlayJoint(m, pass)
		} else {
			t.PlayJoint(pass, m)
		}
		if o := t.Outcome(); o.Over() {
			if o.Result == game.WinFor(c) {
				v += winScore
			}
		} else {
			v += g.eval(t, c)
		}
		sc = append(sc, int32(v))
	}
	g.candScore = sc
	// Partial selection sort: the n best to the front.
	for i := 0; i < n; i++ {
		b := i
		for j := i + 1; j < len(all); j++ {
			if sc[j] > sc[b] {
				b = j
			}
		}
		all[i], all[b] = all[b], all[i]
		sc[i], sc[b] = sc[b], sc[i]
	}
	if lv == 0 {
		return append([]game.Move(nil), all[:n]...)
	}
	return all[:n]
}

// solver holds the working storage of solve, reused from one matrix to the next.
type solver struct {
	buf  []float64
	stop func() bool // if set, checked every 64 rounds after the first tenth
}

// solve finds the row player's mixed strategy of the zero-sum game pay (row player
// maximizes) by regret matching for both players; it returns the average strategy
// (valid until the next solve) and its guaranteed value (the worst column against it).
func (s *solver) solve(pay [][]int, iters int) ([]float64, int) {
	rows := len(pay)
	cols := len(pay[0])
	n := 4 * (rows + cols)
	if cap(s.buf) < n {
		s.buf = make([]float64, n)
	}
	buf := s.buf[:n]
	clear(buf)
	take := func(n int) []float64 { b := buf[:n:n]; buf = buf[n:]; return b }
	rReg, cReg := take(rows), take(cols)
	rSum, cSum := take(rows), take(cols)
	x, y := take(rows), take(cols)
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
	rowVal, colVal := take(rows), take(cols)
	for it := 0; it < iters; it++ {
		if s.stop != nil && it >= iters/10 && it%64 == 0 && s.stop() {
			break
		}
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
