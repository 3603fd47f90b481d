package ai

import (
	"math"

	"github.com/quintet-chess/quintet/game"
)

// genericSearcher plays any turn-based game through the Rules interface. Decision
// nodes are alpha-beta (max for the player searched for, min for the opponent) with a
// transposition table, killer and history ordering and, below the horizon, a quiescence
// search of captures (with their chances, in probabilistic chess); chance nodes (a Draw
// step: a capture's outcome, a die face) average their outcomes, pruned with the Star1
// bounds; reveals are answered from the state's own secrets (a determinized world knows
// them all) or end the line. Scores are always from the searching player's side, so
// chance nodes need no sign juggling. A state that implements game.Undoer is searched in
// place (Play and Undo), any other is copied per node.
type genericSearcher struct {
	tt      *table
	me      game.Color
	meKey   uint64
	cl      *clock
	nodes   int64
	eval    func(r game.Rules, c game.Color) int
	moves   [maxPly + 1][]game.Move
	keys    [maxPly + 1][]int32
	killers [maxPly + 1][2]game.Move
	hist    [64][64]int32
	root    []rootMove
	// iterBest is the best root move of the iteration under way, once one is searched.
	iterBest game.Move
	// narrow is, for simultaneous chess, the candidates per side at each turn after the
	// root's (0: that turn is not searched; the pairs before it are evaluated).
	narrow [simulTurns]int
	belief belief // Crown: what the opponent's play says of its secrets
	// qPlies is how many plies of captures the quiescence search looks past the horizon
	// (0: none, the horizon is a leaf).
	qPlies int
	// attempts: captures are attempts that may fail (probabilistic chess), ordered by
	// their expected gain.
	attempts bool
	// turnDie: a draw begins a turn (pillar chess's die), so at the horizon it is a leaf.
	turnDie bool
	noTT    bool // tests: values exactly those of the fixed-depth search
	noQuiet bool // tests: no quiescence, the tree the old search saw
	// Simultaneous chess: scratch states, candidate lists and payoff storage, reused.
	// simBuf[t] is the state after a pair of choices at turn t (0: the root's);
	// simBuf[simulTurns] is where candidates tries a choice.
	simBuf    [simulTurns + 1]game.SimulRules
	candBuf   [2*simulTurns + 1][]game.Move
	candScore []int32
	payCells  [simulTurns][]int
	payRows   [simulTurns][][]int
	solver    solver
}

// winScore is what a won game is worth in the generic search (less the plies to it);
// every score lies within ±winScore so that chance nodes can bound what is unseen.
const winScore = 20000

func newGenericSearcher(tt *table) *genericSearcher {
	return &genericSearcher{tt: tt}
}

// terminal scores a finished game for me.
func (g *genericSearcher) terminal(o game.Outcome, ply int) int {
	switch o.Result {
	case game.WinFor(g.me):
		return winScore - ply
	case game.WinFor(g.me.Other()):
		return -winScore + ply
	}
	return 0
}

func (g *genericSearcher) leaf(r game.Rules) int {
	v := g.eval(r, g.me)
	return max(-winScore+maxPly*4, min(winScore-maxPly*4, v))
}

func (g *genericSearcher) poll() bool {
	g.nodes++
	if g.nodes&255 == 0 {
		g.cl.check(g.nodes)
	}
	return g.cl.stopped
}

// search runs iterative deepening for player me, who must be asked to move in view.
func (g *genericSearcher) search(cl *clock, view game.Rules, par Params) Result {
	g.cl, g.nodes, g.me = cl, 0, par.Player
	g.meKey = 0x9E3779B97F4A7C15 * uint64(g.me+1)
	g.tt.newSearch()
	g.configure(view)
	g.killers = [maxPly + 1][2]game.Move{}
	for i := range g.hist {
		for j := range g.hist[i] {
			g.hist[i][j] /= 8
		}
	}
	rg := newRNG(par.Seed ^ view.Hash())
	g.root = g.root[:0]
	for _, m := range overlook(view.Position(), view.Moves(g.me, nil), par) {
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
	r := view.Clone() // searched in place
	for d := 1; cl.another(d, g.nodes); d++ {
		g.rootSearch(r, d, exact)
		if cl.stopped && d > 1 {
			// An unfinished iteration's scores are not comparable with the last one's
			// (with chance nodes a move searched deeper scores differently), but its
			// moves are with each other: the last best was searched first, so a move
			// that beat it at this depth is the better choice.
			if !exact && g.iterBest != game.NullMove && g.iterBest != res.Move {
				res.Move = g.iterBest
				res.PV = append(res.PV[:0], g.iterBest)
			}
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

// configure sets what depends on the game. Probabilistic chess looks one ply of
// captures past the horizon, each with its odds: what a capture is worth there is the
// game. Pillar chess does not: every capture past the horizon costs a die's six faces
// and a full move generation, and measured (BenchmarkGenericSearch) one such ply
// multiplies the time to a depth by thirty, for less than the plies it costs; its
// evaluation's threat term stands in.
func (g *genericSearcher) configure(view game.Rules) {
	g.attempts = view.Variant().Traits.Attempts
	g.turnDie = view.Variant().Traits.TurnDie
	g.qPlies = 0
	if g.attempts && !g.noQuiet {
		g.qPlies = 1
	}
}

// play is r after input in: r itself changed in place (game.Undoer, taken back by
// back), or a changed copy.
func (g *genericSearcher) play(r game.Rules, in game.Input) (game.Rules, bool) {
	if u, ok := r.(game.Undoer); ok {
		u.Play(in)
		return r, true
	}
	c := r.Clone()
	if !game.CrownPlay(c, in) { // Apply without notation in Crown, Apply elsewhere
		return nil, false
	}
	return c, true
}

// back takes back play's input on r when it was played in place.
func (g *genericSearcher) back(r game.Rules) {
	if u, ok := r.(game.Undoer); ok {
		u.Undo()
	}
}

// toMateScale maps the generic search's win scores onto Mate's scale for callers.
func toMateScale(s int) int {
	switch {
	case s > winScore-maxPly*2:
		return Mate - (winScore - s)
	case s < -winScore+maxPly*2:
		return -Mate + (winScore + s)
	}
	return s
}

// orderRootByCaptures puts captures first before anything is known.
func (g *genericSearcher) orderRootByCaptures(r game.Rules) {
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

func (g *genericSearcher) rootSearch(r game.Rules, depth int, exact bool) {
	alpha := -inf
	g.iterBest = game.NullMove
	for i := range g.root {
		g.root[i].score = -inf
	}
	for i := range g.root {
		c, ok := g.play(r, game.Input{Kind: game.InputMove, Player: g.me, Move: g.root[i].move})
		if !ok {
			continue // never offered by Moves; skip rather than trust it
		}
		var sc int
		if exact {
			sc = g.node(c, depth-1, 1, -inf, inf)
		} else {
			sc = g.node(c, depth-1, 1, alpha, inf)
		}
		g.back(r)
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

// node is the value of r for me, searched depth more decision plies (then captures
// only, qPlies more).
func (g *genericSearcher) node(r game.Rules, depth, ply, alpha, beta int) int {
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
		if g.turnDie && depth <= 0 && g.qPlies == 0 {
			return g.leaf(r) // the die begins a turn the search does not look into
		}
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
		c, ok := g.play(r, game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val})
		if !ok {
			return g.leaf(r)
		}
		v := g.node(c, depth, ply, alpha, beta)
		g.back(r)
		return v
	}
	if st.Players == 3 {
		return g.joint(r, depth, ply)
	}
	if ply > 0 && g.attempts && g.repeated(r) {
		return 0
	}
	if depth <= 0 && (g.qPlies == 0 || depth <= -g.qPlies) {
		return g.leaf(r)
	}
	return g.decide(r, st.OnlyPlayer(), depth, ply, alpha, beta)
}

// repeated reports whether r's position stands where it stood before, in a game whose
// repetitions draw: the player who may claim the draw will when it suits them, so a line
// back to a position is scored a draw (at its second time, as the chess search does).
// Probabilistic chess only (the other games this search plays keep their trees): there
// the side ahead after a capture that succeeded would otherwise give check after check
// back and forth with the piece it won and let the side behind claim the draw.
func (g *genericSearcher) repeated(r game.Rules) bool {
	p := r.Position()
	return (p.V.RepeatRule > 0 || p.V.AutoRepeat > 0) && p.Repetitions() > 0
}

// decide is a decision node of player c: max if c is me, min otherwise. Below the
// horizon (depth ≤ 0) it is a quiescence node: the mover may stand on the evaluation or
// try a capture.
func (g *genericSearcher) decide(r game.Rules, c game.Color, depth, ply, alpha, beta int) int {
	maxing := c == g.me
	quiet := depth <= 0
	key := r.Hash() ^ g.meKey
	var ttMove game.Move
	if !quiet && !g.noTT {
		if e, ok := g.tt.probe(key); ok {
			ttMove = e.move
			if int(e.depth) >= depth {
				if sc, ok := e.cutoff(ply, alpha, beta); ok {
					return sc
				}
			}
		}
	}
	best := inf
	if maxing {
		best = -inf
	}
	if quiet {
		best = g.leaf(r)
		if maxing {
			if best >= beta {
				return best
			}
			alpha = max(alpha, best)
		} else {
			if best <= alpha {
				return best
			}
			beta = min(beta, best)
		}
	}
	moves := r.Moves(c, g.moves[ply][:0])
	g.moves[ply] = moves
	if len(moves) == 0 {
		return g.leaf(r)
	}
	n := g.order(r, ply, moves, ttMove, quiet)
	a0, b0 := alpha, beta
	bestMove := game.NullMove
	for i := 0; i < n; i++ {
		m := g.pick(ply, moves[:n], i)
		child, ok := g.play(r, game.Input{Kind: game.InputMove, Player: c, Move: m})
		if !ok {
			continue
		}
		sc := g.node(child, depth-1, ply+1, alpha, beta)
		g.back(r)
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
			if !quiet && g.keys[ply][i] < keyCapture && m.To < game.NoSquare && m.From < game.NoSquare {
				g.hist[m.From][m.To] += int32(depth * depth)
				if k := &g.killers[ply]; k[0] != m {
					k[0], k[1] = m, k[0]
				}
			}
			break
		}
	}
	if quiet {
		return best
	}
	if bestMove == game.NullMove {
		return g.leaf(r)
	}
	if !g.noTT {
		bound := boundExact
		switch {
		case best <= a0:
			bound = boundUpper
		case best >= b0:
			bound = boundLower
		}
		g.tt.store(key, bestMove, best, depth, ply, bound)
	}
	return best
}

// chance is a Draw step: the average over the draw's values of the outcomes. A capture
// attempt's ten values are its three outcomes (success, miss, the attacker dies), each
// played once with its weight, the likeliest first; other draws (a die) play each value.
// Star1 pruning: once the outcomes seen, with the unseen ones at their best or worst,
// cannot reach into (alpha, beta), the rest is not searched.
func (g *genericSearcher) chance(r game.Rules, st game.Step, depth, ply, alpha, beta int) int {
	var vals [16]uint8
	var weight [16]int
	k, total := 0, 0
	if at, ok := game.PendingAttempt(r); ok {
		var first [3]int
		var count [3]int
		for x := 9; x >= 0; x-- {
			o := at.Odds.Result(x)
			first[o] = x
			count[o]++
		}
		for o := range count {
			if count[o] > 0 {
				vals[k], weight[k] = uint8(first[o]), count[o]
				k++
			}
		}
		for i := 1; i < k; i++ { // likeliest first: its value bounds the rest best
			for j := i; j > 0 && weight[j] > weight[j-1]; j-- {
				vals[j], vals[j-1] = vals[j-1], vals[j]
				weight[j], weight[j-1] = weight[j-1], weight[j]
			}
		}
	} else {
		for a := 0; a < st.Range && k < len(vals); a++ {
			vals[k], weight[k] = uint8(a), 1
			k++
		}
	}
	for i := 0; i < k; i++ {
		total += weight[i]
	}
	if k == 0 {
		return g.leaf(r)
	}
	const lo, hi = -winScore, winScore
	sum, rest := 0.0, 1.0
	for i := 0; i < k; i++ {
		p := float64(weight[i]) / float64(total)
		rest -= p
		ai := math.Max(float64(lo), (float64(alpha)-sum-float64(hi)*rest)/p)
		bi := math.Min(float64(hi), (float64(beta)-sum-float64(lo)*rest)/p)
		c, ok := g.play(r, game.Input{Kind: game.InputDraw, Values: [2]uint8{vals[i], 0}})
		if !ok {
			return g.leaf(r)
		}
		v := g.node(c, depth, ply, int(math.Floor(ai)), int(math.Ceil(bi)))
		g.back(r)
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
func (g *genericSearcher) joint(r game.Rules, depth, ply int) int {
	return g.leaf(r)
}

// isCapture reports whether c's action m takes (or tries to take) something.
func isCapture(p *game.Position, c game.Color, m game.Move) bool {
	switch m.Kind {
	case game.Strike, game.Defence, game.EnPassant:
		return true
	case game.Normal:
		return m.To < game.NoSquare && p.At(m.To) != game.NoPiece && p.At(m.To).Color() != c
	}
	return false
}

// order scores moves for pick: the table's move, captures by expected gain, promotions,
// killers, history. In a quiescence node (quiet) only captures and promotions are kept,
// moved to the front; it returns how many moves are to be searched.
func (g *genericSearcher) order(r game.Rules, ply int, moves []game.Move, ttMove game.Move, quiet bool) int {
	if cap(g.keys[ply]) < len(moves) {
		g.keys[ply] = make([]int32, len(moves), 2*len(moves))
	}
	keys := g.keys[ply][:len(moves)]
	g.keys[ply] = keys
	p := r.Position()
	n := 0
	for _, m := range moves {
		var k int32
		c := p.Side
		if m.From < game.NoSquare && p.At(m.From) != game.NoPiece {
			c = p.At(m.From).Color()
		}
		capture := isCapture(p, c, m)
		switch {
		case m == ttMove:
			k = keyTT
		case capture:
			var victim, attacker int
			if m.To < game.NoSquare && p.At(m.To) != game.NoPiece {
				victim = p.V.Pieces[p.At(m.To).Type()].Value
				if p.At(m.To).Type() == game.King {
					victim = 2000
				}
			} else {
				victim = p.V.Pieces[game.Pawn].Value
			}
			if m.From < game.NoSquare && p.At(m.From) != game.NoPiece {
				attacker = p.V.Pieces[p.At(m.From).Type()].Value
			}
			if g.attempts {
				k = int32(keyCapture + 4096 + 6*victim - 2*attacker)
			} else {
				k = int32(keyCapture + 16*victim - attacker/16)
			}
		case m.Promo != game.NoType && m.Kind != game.Defence:
			k = keyCapture - 1
		case m == g.killers[ply][0]:
			k = keyCapture - 2
		case m == g.killers[ply][1]:
			k = keyCapture - 3
		case m.To < game.NoSquare && m.From < game.NoSquare:
			k = min(g.hist[m.From][m.To], keyCapture-4)
		}
		if quiet && !g.worthQuiet(p, c, m, capture) {
			continue
		}
		moves[n], keys[n] = m, k
		n++
	}
	return n
}

// worthQuiet reports whether a quiescence node searches c's action m: a capture that
// cannot lose material (the victim worth at least the attacker, or undefended; a king
// always), or a promotion. The rest would make the search past the horizon explode,
// every attempt of probabilistic chess having three outcomes and every pillar turn six
// faces.
func (g *genericSearcher) worthQuiet(p *game.Position, c game.Color, m game.Move, capture bool) bool {
	if !capture {
		return m.Promo != game.NoType && m.Kind == game.Normal
	}
	if m.Kind != game.Normal || m.To >= game.NoSquare || m.From >= game.NoSquare {
		return true // en passant, a strike, a defence: captures of a pawn or of attackers
	}
	victim, attacker := p.At(m.To).Type(), p.At(m.From).Type()
	if victim == game.King || p.V.Pieces[victim].Value >= p.V.Pieces[attacker].Value {
		return true
	}
	return !p.Attacked(m.To, c.Other())
}

func (g *genericSearcher) pick(ply int, moves []game.Move, i int) game.Move {
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

// sortRoot orders root moves best first (stable).
func sortRoot(r []rootMove) {
	for i := 1; i < len(r); i++ {
		for j := i; j > 0 && r[j].score > r[j-1].score; j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
}

// noisyBest is the root move whose score plus noise is highest; a forced win or loss is
// never blurred.
func noisyBest(root []rootMove) rootMove {
	best, bv := root[0], -inf*2
	for _, rm := range root {
		v := rm.score + rm.noise
		if abs(rm.score) > winScore-maxPly*2 || abs(rm.score) > MateBound {
			v = rm.score
		}
		if v > bv {
			best, bv = rm, v
		}
	}
	return best
}
