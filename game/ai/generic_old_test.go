package ai

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// The generic search as it was before Play and Undo: a copy of the state per node. Kept
// as the yardstick of the new search's speed (BenchmarkGenericSearch) and, searched to a
// fixed depth, a second opinion on its values.

// oldSearcher played any turn-based game through the Rules interface: clone, apply,
// evaluate. Decision nodes are alpha-beta (max for the player searched for, min for the
// opponent); chance nodes (a Draw step: a capture's outcome, a die face) average their
// outcomes, pruned with the Star1 bounds; reveals are answered from the state's own
// secrets (a determinized world knows them all) or end the line. Scores are always from
// the searching player's side, so chance nodes need no sign juggling.
type oldSearcher struct {
	tt    *table
	me    game.Color
	meKey uint64
	cl    *clock
	nodes int64
	eval  func(r game.Rules, c game.Color) int
	moves [maxPly + 1][]game.Move
	keys  [maxPly + 1][]int32
	hist  [64][64]int32
	root  []rootMove
	// iterBest is the best root move of the iteration under way, once one is searched.
	iterBest game.Move
	narrow   int    // simultaneous chess: candidates per side at the next turn
	belief   belief // Crown: what the opponent's play says of its secrets
}

// terminal scores a finished game for me.
func (g *oldSearcher) terminal(o game.Outcome, ply int) int {
	switch o.Result {
	case game.WinFor(g.me):
		return winScore - ply
	case game.WinFor(g.me.Other()):
		return -winScore + ply
	}
	return 0
}

func (g *oldSearcher) leaf(r game.Rules) int {
	v := g.eval(r, g.me)
	return max(-winScore+maxPly*4, min(winScore-maxPly*4, v))
}

func (g *oldSearcher) poll() bool {
	g.nodes++
	if g.nodes&255 == 0 {
		g.cl.check(g.nodes)
	}
	return g.cl.stopped
}

// search runs iterative deepening for player me, who must be asked to move in view.
func (g *oldSearcher) search(cl *clock, view game.Rules, par Params) Result {
	g.cl, g.nodes, g.me = cl, 0, par.Player
	g.meKey = 0x9E3779B97F4A7C15 * uint64(g.me+1)
	g.tt.newSearch()
	rg := newRNG(par.Seed ^ view.Hash())
	g.root = g.root[:0]
	for _, m := range view.Moves(g.me, nil) {
		rm := rootMove{move: m, score: -inf}
		if par.Noise > 0 {
			rm.noise = rg.intn(2*par.Noise+1) - par.Noise
		}
		g.root = append(g.root, rm)
	}
	g.orderRootByCaptures(view)
	res := Result{Move: g.root[0].move}
	res.PV = []game.Move{res.Move}
	exact := par.Noise > 0
	for d := 1; cl.another(d, g.nodes); d++ {
		g.rootSearch(view, d, exact)
		if cl.stopped && d > 1 {
			// An unfinished iteration is dropped: with chance nodes a move searched
			// deeper is not comparable with the others' shallower scores.
			break
		}
		sortRoot(g.root)
		best := g.root[0]
		if exact {
			best = noisyBest(g.root)
		}
		res.Move, res.Score, res.Depth = best.move, best.score, d
		res.PV = append(res.PV[:0], best.move)
		res.Nodes, res.Time = g.nodes, cl.elapsed()
		if par.Progress != nil {
			info := res.Info
			info.PV = append([]game.Move(nil), res.PV...)
			par.Progress(info)
		}
		if len(g.root) == 1 && d >= 2 || abs(best.score) > winScore-maxPly*2 && !exact {
			break
		}
	}
	res.Nodes, res.Time = g.nodes, cl.elapsed()
	res.Score = toMateScale(res.Score)
	return res
}

// orderRootByCaptures puts captures first before anything is known.
func (g *oldSearcher) orderRootByCaptures(r game.Rules) {
	p := r.Position()
	for i := range g.root {
		m := g.root[i].move
		if m.To < game.NoSquare && p.At(m.To) != game.NoPiece && p.At(m.To).Color() != g.me {
			g.root[i].score = p.V.Pieces[p.At(m.To).Type()].Value
		} else {
			g.root[i].score = -1
		}
	}
	sortRoot(g.root)
	for i := range g.root {
		g.root[i].score = -inf
	}
}

func (g *oldSearcher) rootSearch(r game.Rules, depth int, exact bool) {
	alpha := -inf
	g.iterBest = game.NullMove
	for i := range g.root {
		g.root[i].score = -inf
	}
	for i := range g.root {
		c := r.Clone()
		if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: g.me, Move: g.root[i].move}); err != nil {
			continue // never offered by Moves; skip rather than trust it
		}
		var sc int
		if exact {
			sc = g.node(c, depth-1, 1, -inf, inf)
		} else {
			sc = g.node(c, depth-1, 1, alpha, inf)
		}
		if g.cl.stopped {
			return
		}
		g.root[i].score = sc
		if sc > alpha {
			alpha = sc
			g.iterBest = g.root[i].move
		}
	}
}

// node is the value of r for me, searched depth more decision plies.
func (g *oldSearcher) node(r game.Rules, depth, ply, alpha, beta int) int {
	if g.poll() {
		return 0
	}
	if o := r.Outcome(); o.Over() {
		return g.terminal(o, ply)
	}
	if ply >= maxPly-1 {
		return g.leaf(r)
	}
	st := r.Next()
	switch st.Kind {
	case game.StepOver:
		return g.terminal(r.Outcome(), ply)
	case game.StepDraw:
		return g.chance(r, st, depth, ply, alpha, beta)
	case game.StepReveal:
		sec, ok := r.(game.Secrets)
		if !ok {
			return g.leaf(r)
		}
		val, known := sec.Secret(st)
		if !known {
			return g.leaf(r)
		}
		c := r.Clone()
		if _, err := c.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val}); err != nil {
			return g.leaf(r)
		}
		return g.node(c, depth, ply, alpha, beta)
	}
	if st.Players == 3 {
		return g.joint(r, depth, ply)
	}
	if depth <= 0 {
		return g.leaf(r)
	}
	return g.decide(r, st.OnlyPlayer(), depth, ply, alpha, beta)
}

// decide is a decision node of player c: max if c is me, min otherwise.
func (g *oldSearcher) decide(r game.Rules, c game.Color, depth, ply, alpha, beta int) int {
	key := r.Hash() ^ g.meKey
	var ttMove game.Move
	if e, ok := g.tt.probe(key); ok {
		ttMove = e.move
		if int(e.depth) >= depth {
			sc := fromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && sc >= beta,
				e.bound == boundUpper && sc <= alpha:
				return sc
			}
		}
	}
	moves := r.Moves(c, g.moves[ply][:0])
	g.moves[ply] = moves
	if len(moves) == 0 {
		return g.leaf(r)
	}
	g.order(r, ply, moves, ttMove)
	maxing := c == g.me
	best := inf
	if maxing {
		best = -inf
	}
	a0, b0 := alpha, beta
	bestMove := game.NullMove
	for i := range moves {
		m := g.pick(ply, moves, i)
		child := r.Clone()
		if _, err := child.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
			continue
		}
		sc := g.node(child, depth-1, ply+1, alpha, beta)
		if g.cl.stopped {
			return 0
		}
		if maxing && sc > best || !maxing && sc < best {
			best, bestMove = sc, m
		}
		if maxing {
			alpha = max(alpha, sc)
		} else {
			beta = min(beta, sc)
		}
		if alpha >= beta {
			if m.To < game.NoSquare && m.From < game.NoSquare {
				g.hist[m.From][m.To] += int32(depth * depth)
			}
			break
		}
	}
	if bestMove == game.NullMove {
		return g.leaf(r)
	}
	bound := boundExact
	switch {
	case best <= a0:
		bound = boundUpper
	case best >= b0:
		bound = boundLower
	}
	g.tt.store(key, bestMove, best, depth, ply, bound)
	return best
}

// chance is a Draw step: the average over the draw's values of the outcomes, identical
// outcomes merged (a capture's ten values give three outcomes). Star1 pruning: once the
// outcomes seen, with the unseen ones at their best or worst, cannot reach into
// (alpha, beta), the rest is not searched.
func (g *oldSearcher) chance(r game.Rules, st game.Step, depth, ply, alpha, beta int) int {
	n := st.Range
	if n <= 0 {
		n = 1
	}
	var kids [16]game.Rules
	var weight [16]int
	var hashes [16]uint64
	k := 0
	for a := 0; a < n && a < 64; a++ {
		c := r.Clone()
		if _, err := c.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(a), 0}}); err != nil {
			continue
		}
		h := c.Hash()
		j := 0
		for j < k && hashes[j] != h {
			j++
		}
		if j < k {
			weight[j]++
			continue
		}
		if k == len(kids) {
			break
		}
		kids[k], weight[k], hashes[k] = c, 1, h
		k++
	}
	if k == 0 {
		return g.leaf(r)
	}
	total := 0
	for i := 0; i < k; i++ {
		total += weight[i]
	}
	const lo, hi = -winScore, winScore
	sum, rest := 0.0, 1.0
	for i := 0; i < k; i++ {
		p := float64(weight[i]) / float64(total)
		rest -= p
		ai := math.Max(float64(lo), (float64(alpha)-sum-float64(hi)*rest)/p)
		bi := math.Min(float64(hi), (float64(beta)-sum-float64(lo)*rest)/p)
		v := g.node(kids[i], depth, ply, int(math.Floor(ai)), int(math.Ceil(bi)))
		if g.cl.stopped {
			return 0
		}
		sum += p * float64(v)
		if float64(v) <= ai {
			return int(math.Round(sum + float64(hi)*rest))
		}
		if float64(v) >= bi {
			return int(math.Round(sum + float64(lo)*rest))
		}
	}
	return int(math.Round(sum))
}

// joint is a node where both players move at once: valued by the simultaneous-move
// searcher's matrix game on static values (deeper joint turns are not searched here).
func (g *oldSearcher) joint(r game.Rules, depth, ply int) int {
	return g.leaf(r)
}

func (g *oldSearcher) order(r game.Rules, ply int, moves []game.Move, ttMove game.Move) {
	if cap(g.keys[ply]) < len(moves) {
		g.keys[ply] = make([]int32, len(moves), 2*len(moves))
	}
	keys := g.keys[ply][:len(moves)]
	g.keys[ply] = keys
	p := r.Position()
	for i, m := range moves {
		switch {
		case m == ttMove:
			keys[i] = keyTT
		case m.To < game.NoSquare && p.At(m.To) != game.NoPiece && m.From < game.NoSquare && p.At(m.From) != game.NoPiece &&
			p.At(m.To).Color() != p.At(m.From).Color():
			keys[i] = int32(keyCapture + 16*p.V.Pieces[p.At(m.To).Type()].Value - p.V.Pieces[p.At(m.From).Type()].Value/16)
		case m.To < game.NoSquare && m.From < game.NoSquare:
			keys[i] = g.hist[m.From][m.To]
		}
	}
}

func (g *oldSearcher) pick(ply int, moves []game.Move, i int) game.Move {
	keys := g.keys[ply]
	b := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	keys[i], keys[b] = keys[b], keys[i]
	return moves[i]
}

// midgame is a position of the game after some plies of seeded greedy play (draws from
// the seed too), a state a search meets in earnest.
func midgame(tb testing.TB, name string, plies int, seed uint64) game.Rules {
	tb.Helper()
	v, err := game.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := game.Load(v, "")
	if err != nil {
		tb.Fatal(err)
	}
	rg := newRNG(seed)
	for i := 0; i < plies && !r.Outcome().Over(); i++ {
		st := r.Next()
		in := game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(rg.intn(max(st.Range, 1))), 0}}
		if st.Kind == game.StepMove {
			c := st.OnlyPlayer()
			m, err := Greedy(r, c, seed+uint64(i))
			if err != nil {
				tb.Fatal(err)
			}
			if i < 6 { // a varied opening
				ms := r.Moves(c, nil)
				m = ms[rg.intn(len(ms))]
			}
			in = game.Input{Kind: game.InputMove, Player: c, Move: m}
		}
		if _, err := r.Apply(in); err != nil {
			tb.Fatal(err)
		}
	}
	return r
}

// midgameAtMove is midgame moved on to the next Move step of one player.
func midgameAtMove(tb testing.TB, name string, plies int, seed uint64) game.Rules {
	for i := 0; ; i++ {
		r := midgame(tb, name, plies+i%4, seed+uint64(i/4)*1000)
		if st := r.Next(); st.Kind == game.StepMove && !r.Outcome().Over() {
			return r
		}
	}
}

// BenchmarkGenericSearch compares the search through Play and Undo with the old one that
// copied the state per node, searching the same positions to the same depth, the two
// interleaved position by position so that a shared machine's load falls on both alike.
// It reports each one's nodes/s and time to the depth, and their ratios. The new search
// stops at a pillar die at the horizon that the old one rolled to six equal leaves (same
// values, fewer nodes); in probabilistic chess it is run without its quiescence (quiet=0,
// the old tree) and with it (quiet=1, more nodes per depth).
func BenchmarkGenericSearch(b *testing.B) {
	for _, bc := range []struct {
		name    string
		depth   int
		noQuiet bool
	}{{"probabilistic/quiet=0", 3, true}, {"probabilistic/quiet=1", 3, false}, {"pillar", 2, false}} {
		name := strings.Split(bc.name, "/")[0]
		var views []game.Rules
		for seed := uint64(1); seed <= 4; seed++ {
			views = append(views, midgameAtMove(b, name, 20, seed))
		}
		b.Run(bc.name, func(b *testing.B) {
			tt := newTable(8)
			var oldNodes, newNodes int64
			var oldTime, newTime time.Duration
			for i := 0; i < b.N; i++ {
				for _, v := range views {
					par := Params{Player: v.Next().OnlyPlayer(), Limits: Limits{Depth: bc.depth}}
					tt.clear()
					o := &oldSearcher{tt: tt, eval: newRulesEval(v.Variant())}
					t0 := time.Now()
					oldNodes += o.search(newClock(context.Background(), par.Limits), v, par).Nodes
					t1 := time.Now()
					tt.clear()
					g := newGenericSearcher(tt)
					g.eval = newRulesEval(v.Variant())
					g.noQuiet = bc.noQuiet
					t2 := time.Now()
					newNodes += g.search(newClock(context.Background(), par.Limits), v, par).Nodes
					t3 := time.Now()
					oldTime += t1.Sub(t0)
					newTime += t3.Sub(t2)
				}
			}
			oldNPS := float64(oldNodes) / oldTime.Seconds()
			newNPS := float64(newNodes) / newTime.Seconds()
			b.ReportMetric(oldNPS, "old-nodes/s")
			b.ReportMetric(newNPS, "new-nodes/s")
			b.ReportMetric(newNPS/oldNPS, "nodes/s-ratio")
			b.ReportMetric(float64(oldTime)/float64(newTime), "depth-time-ratio")
		})
	}
}
