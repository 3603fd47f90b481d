package ai

import (
	"math"

	"github.com/quintet-chess/quintet/game"
)

// chessSearcher is alpha-beta on a *game.Position for the games that are chess with
// different Variant fields (chess, forced capture). Everything a node needs lives in
// fixed arrays here, so the search allocates nothing per node.
type chessSearcher struct {
	tt      *table
	pos     *game.Position
	ev      *chessEval
	forced  bool // captures are compulsory and kings are taken (no check)
	check   bool // check rules: moves are legal, mate and stalemate exist
	cl      *clock
	nodes   int64
	moves   [maxPly + 1][game.MaxMoves]game.Move
	keys    [maxPly + 1][game.MaxMoves]int32
	killers [maxPly + 1][2]game.Move
	history [2][64][64]int32
	pv      [maxPly + 1][maxPly + 1]game.Move
	pvLen   [maxPly + 1]int
	value   [game.NumTypes]int // for ordering and SEE; kings highest
	lmr     [64][64]int8
	root    []rootMove
	// iterBest is the best root move of the iteration under way, once one is searched.
	iterBest game.Move
}

type rootMove struct {
	move  game.Move
	score int
	noise int
}

const inf = Mate + 1

func newChessSearcher(tt *table) *chessSearcher {
	s := &chessSearcher{tt: tt}
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			s.lmr[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2.2)
		}
	}
	return s
}

func (s *chessSearcher) setVariant(v *game.Variant) {
	if s.ev != nil && s.ev.v == v {
		return
	}
	s.ev = newChessEval(v)
	s.forced = v.MustCapture && v.KingCapture
	s.check = v.Check
	for t := game.Pawn; t < game.NumTypes; t++ {
		s.value[t] = v.Pieces[t].Value
	}
	s.value[game.King] = 20000
	s.history = [2][64][64]int32{}
}

// search runs iterative deepening from pos (left unchanged) for the side to move.
func (s *chessSearcher) search(cl *clock, pos *game.Position, par Params) Result {
	s.setVariant(pos.V)
	s.pos = pos.Clone()
	s.cl = cl
	s.nodes = 0
	s.tt.newSearch()
	s.killers = [maxPly + 1][2]game.Move{}
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 8
			}
		}
	}
	var buf [game.MaxMoves]game.Move
	legal := overlook(s.pos, s.pos.LegalMoves(buf[:0]), par)
	s.root = s.root[:0]
	rng := newRNG(par.Seed ^ pos.Hash())
	for _, m := range legal {
		rm := rootMove{move: m, score: -inf}
		if par.Noise > 0 {
			rm.noise = rng.intn(2*par.Noise+1) - par.Noise
		}
		s.root = append(s.root, rm)
	}
	s.orderRoot()
	res := Result{Move: s.root[0].move}
	res.PV = []game.Move{res.Move}
	exact := par.Noise > 0
	score := 0
	for d := 1; cl.another(d, s.nodes); d++ {
		var sc int
		if exact || d < 4 || abs(score) > MateBound {
			sc = s.rootSearch(d, -inf, inf, exact)
		} else {
			// Aspiration: a narrow window around the last score, widened on failure.
			delta := 30
			lo, hi := score-delta, score+delta
			for {
				sc = s.rootSearch(d, lo, hi, false)
				if cl.stopped {
					break
				}
				if sc <= lo {
					lo = max(sc-delta, -inf)
				} else if sc >= hi {
					hi = min(sc+delta, inf)
				} else {
					break
				}
				delta *= 2
			}
		}
		if cl.stopped && d > 1 {
			// A partial iteration still counts for the moves it finished: the best of
			// them beat everything searched before it at the new depth.
			if !exact && s.iterBest != game.NullMove {
				res.Move = s.iterBest
			}
			break
		}
		score = sc
		s.orderRoot()
		best := s.root[0]
		if exact {
			best = s.noisyBest()
		}
		res.Move = best.move
		res.Score = best.score
		res.Depth = d
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if len(res.PV) == 0 || res.PV[0] != best.move {
			res.PV = append(res.PV[:0], best.move)
		}
		res.Nodes, res.Time = s.nodes, cl.elapsed()
		if par.Progress != nil {
			info := res.Info
			info.PV = append([]game.Move(nil), res.PV...)
			par.Progress(info)
		}
		if !exact && abs(score) > MateBound && d > (Mate-abs(score))+2 {
			break // a forced mate found and confirmed by a deeper look
		}
		if len(s.root) == 1 && d >= 2 {
			break // the only move: a score for the UI is all that is left to find
		}
	}
	res.Nodes, res.Time = s.nodes, cl.elapsed()
	return res
}

func (s *chessSearcher) orderRoot() { sortRoot(s.root) }

func (s *chessSearcher) noisyBest() rootMove { return noisyBest(s.root) }

// rootSearch searches every root move; exact gives each its true score (for noise),
// otherwise later moves are only proved worse with null windows.
func (s *chessSearcher) rootSearch(depth, alpha, beta int, exact bool) int {
	p := s.pos
	best := -inf
	s.pvLen[0] = 0
	s.iterBest = game.NullMove
	for i := range s.root {
		s.root[i].score = -inf
	}
	for i := range s.root {
		m := s.root[i].move
		var sc int
		if s.forced && p.At(m.To).Type() == game.King {
			sc = Mate - 1
		} else {
			p.Make(m)
			if exact {
				sc = -s.negamax(depth-1, 1, -inf, inf, true)
			} else if i == 0 {
				sc = -s.negamax(depth-1, 1, -beta, -alpha, true)
			} else {
				sc = -s.negamax(depth-1, 1, -alpha-1, -alpha, true)
				if sc > alpha && sc < beta && !s.cl.stopped {
					sc = -s.negamax(depth-1, 1, -beta, -alpha, true)
				}
			}
			p.Unmake()
		}
		if s.cl.stopped {
			break
		}
		s.root[i].score = sc
		if sc > best {
			best = sc
			s.setPV(0, m)
			if sc > alpha && !exact {
				s.iterBest = m // inside the window: a real score, not a bound
				alpha = sc
				if sc >= beta {
					break
				}
			}
		}
	}
	return best
}

func (s *chessSearcher) setPV(ply int, m game.Move) {
	s.pv[ply][ply] = m
	n := s.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(s.pv[ply][ply+1:n], s.pv[ply+1][ply+1:n])
	s.pvLen[ply] = n
}

// poll counts a node and checks the limits every 512 nodes (well under a millisecond).
func (s *chessSearcher) poll() bool {
	s.nodes++
	if s.nodes&511 == 0 {
		s.cl.check(s.nodes)
	}
	return s.cl.stopped
}

// isCapture reports whether m takes something (the chess core's kinds only).
func (s *chessSearcher) isCapture(m game.Move) bool {
	return m.Kind == game.EnPassant || m.Kind != game.Castle && s.pos.At(m.To) != game.NoPiece
}

// negamax is the main search: the score of the position for the side to move.
func (s *chessSearcher) negamax(depth, ply, alpha, beta int, nullOK bool) int {
	s.pvLen[ply] = ply
	if s.poll() {
		return 0
	}
	p := s.pos
	us := p.Side
	if s.forced && p.Pieces(us, game.King) == 0 {
		return -Mate + ply
	}
	if p.Halfmove >= 100 || p.Repetitions() > 0 {
		return 0
	}
	if ply >= maxPly-2 {
		return s.ev.Evaluate(p)
	}
	// Mate distance: no line from here can beat a mate already found nearer the root.
	alpha = max(alpha, -Mate+ply)
	beta = min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}
	inCheck := s.check && p.InCheck()
	if inCheck {
		depth++
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, 0)
	}
	pvNode := beta-alpha > 1
	key := p.Hash()
	var ttMove game.Move
	if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
		if !pvNode && int(e.depth) >= depth {
			if sc, ok := e.cutoff(ply, alpha, beta); ok {
				return sc
			}
		}
	}

	moves := p.LegalMoves(s.moves[ply][:0])
	if len(moves) == 0 {
		switch {
		case inCheck, p.V.StalemateWin:
			return -Mate + ply
		}
		return 0
	}
	mustTake := s.forced && s.isCapture(moves[0])
	if s.forced && len(moves) == 1 && ply < 2*depth+8 {
		depth++ // a forced reply costs the side nothing to think about
	}

	if !pvNode && !inCheck && !mustTake && abs(beta) < MateBound {
		eval := s.ev.Evaluate(p)
		// Reverse futility: far above beta with little depth left.
		if depth <= 3 && eval-110*depth >= beta {
			return eval
		}
		// Null move: passing must still leave us above beta. In forced capture only
		// where the side has nothing to take (here: mustTake is false).
		if nullOK && depth >= 3 && eval >= beta && s.hasPieces(us) {
			r := 3 + depth/6
			p.MakeNull()
			sc := -s.negamax(depth-1-r, ply+1, -beta, -beta+1, false)
			p.UnmakeNull()
			if s.cl.stopped {
				return 0
			}
			if sc >= beta {
				return beta
			}
		}
	}

	s.scoreMoves(ply, moves, ttMove)
	best, bestMove := -inf, game.NullMove
	origAlpha := alpha
	quiets := 0
	for i := range moves {
		m := s.pick(ply, moves, i)
		capture := s.isCapture(m)
		if s.forced && capture && p.At(m.To).Type() == game.King {
			best, bestMove = Mate-ply-1, m
			s.setPV(ply, m)
			break
		}
		quiet := !capture && m.Promo == game.NoType
		p.Make(m)
		gives := s.check && p.InCheck()
		var sc int
		if i == 0 {
			sc = -s.negamax(depth-1, ply+1, -beta, -alpha, true)
		} else {
			r := 0
			if depth >= 3 && quiet && !inCheck && !gives && i >= 3 {
				r = int(s.lmr[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				r = max(0, min(r, depth-2))
			}
			sc = -s.negamax(depth-1-r, ply+1, -alpha-1, -alpha, true)
			if sc > alpha && (r > 0 || sc < beta) {
				sc = -s.negamax(depth-1, ply+1, -beta, -alpha, true)
			}
		}
		p.Unmake()
		if s.cl.stopped {
			return 0
		}
		if quiet {
			quiets++
		}
		if sc > best {
			best, bestMove = sc, m
			if sc > alpha {
				alpha = sc
				s.setPV(ply, m)
				if sc >= beta {
					if quiet {
						s.reward(ply, depth, m, moves[:i])
					}
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= origAlpha:
		bound = boundUpper
		bestMove = game.NullMove
	}
	s.tt.store(key, bestMove, best, depth, ply, bound)
	return best
}

// hasPieces reports whether c has something besides pawns and king (null move is unsafe
// in pawn endings, where zugzwang is common).
func (s *chessSearcher) hasPieces(c game.Color) bool {
	p := s.pos
	return p.ByColor(c)&^p.Pieces(c, game.Pawn)&^p.Pieces(c, game.King) != 0
}

// reward records a quiet move that caused a cut: a killer at this ply and a history
// bonus, and a malus for the quiet moves tried before it.
func (s *chessSearcher) reward(ply, depth int, m game.Move, tried []game.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	us := s.pos.Side
	bonus := int32(min(depth*depth, 400))
	h := &s.history[us][m.From][m.To]
	*h += bonus*32 - *h*bonus/512
	for _, q := range tried {
		if !s.isCapture(q) && q.Promo == game.NoType {
			h := &s.history[us][q.From][q.To]
			*h -= bonus*32 + *h*bonus/512
		}
	}
}

// Ordering keys: the table's move, then captures by victim and attacker (most valuable
// victim, least valuable attacker), promotions, killers, then history.
const (
	keyTT      = 1 << 30
	keyCapture = 1 << 28
	keyKiller  = 1 << 27
)

func (s *chessSearcher) scoreMoves(ply int, moves []game.Move, ttMove game.Move) {
	p := s.pos
	keys := &s.keys[ply]
	us := p.Side
	for i, m := range moves {
		switch {
		case m == ttMove:
			keys[i] = keyTT
		case s.isCapture(m) || m.Promo != game.NoType:
			victim := game.Pawn
			if m.Kind != game.EnPassant {
				victim = p.At(m.To).Type()
			}
			k := keyCapture + 16*s.value[victim] - s.value[p.At(m.From).Type()]/16
			if m.Promo != game.NoType {
				k += s.value[m.Promo]
			}
			keys[i] = int32(k)
		case m == s.killers[ply][0]:
			keys[i] = keyKiller
		case m == s.killers[ply][1]:
			keys[i] = keyKiller - 1
		default:
			keys[i] = s.history[us][m.From][m.To]
		}
	}
}

// pick moves the best-keyed remaining move to index i (selection sort, lazily: a cut
// early spares sorting the rest).
func (s *chessSearcher) pick(ply int, moves []game.Move, i int) game.Move {
	keys := &s.keys[ply]
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

// quiesce resolves captures so that the evaluation is taken at a quiet position. In
// forced capture a side with a capture must take, so it may not stand pat then.
func (s *chessSearcher) quiesce(ply, alpha, beta, qd int) int {
	s.pvLen[ply] = ply
	if s.poll() {
		return 0
	}
	p := s.pos
	us := p.Side
	if s.forced && p.Pieces(us, game.King) == 0 {
		return -Mate + ply
	}
	if ply >= maxPly-2 {
		return s.ev.Evaluate(p)
	}
	if s.forced {
		return s.quiesceForced(ply, alpha, beta, qd)
	}
	inCheck := s.check && p.InCheck()
	var moves []game.Move
	best := -inf
	if inCheck {
		moves = p.LegalMoves(s.moves[ply][:0])
		if len(moves) == 0 {
			return -Mate + ply
		}
		if qd > 6 {
			return s.ev.Evaluate(p)
		}
	} else {
		stand := s.ev.Evaluate(p)
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
		moves = p.Captures(s.moves[ply][:0])
	}
	s.scoreMoves(ply, moves, game.NullMove)
	for i := range moves {
		m := s.pick(ply, moves, i)
		if !inCheck {
			// Losing captures, and captures that cannot lift the score near alpha,
			// are not worth resolving.
			if m.Promo == game.NoType && s.see(m) < 0 {
				continue
			}
		}
		p.Make(m)
		if !inCheck && s.check {
			if k := p.KingSquare(us); k != game.NoSquare && p.Attacked(k, p.Side) {
				p.Unmake()
				continue
			}
		}
		sc := -s.quiesce(ply+1, -beta, -alpha, qd+1)
		p.Unmake()
		if s.cl.stopped {
			return 0
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha = sc
				s.setPV(ply, m)
				if sc >= beta {
					break
				}
			}
		}
	}
	return best
}

// quiesceForced is quiescence under compulsory capture: with a capture available the
// side must choose among its captures; without one the position is quiet for it.
func (s *chessSearcher) quiesceForced(ply, alpha, beta, qd int) int {
	p := s.pos
	moves := p.Captures(s.moves[ply][:0])
	if len(moves) == 0 || qd >= 14 {
		return s.ev.Evaluate(p)
	}
	key := p.Hash()
	if e, ok := s.tt.probe(key); ok {
		if sc, ok := e.cutoff(ply, alpha, beta); ok {
			return sc
		}
	}
	s.scoreMoves(ply, moves, game.NullMove)
	best := -inf
	origAlpha := alpha
	for i := range moves {
		m := s.pick(ply, moves, i)
		if p.At(m.To).Type() == game.King {
			s.setPV(ply, m)
			return Mate - ply - 1
		}
		p.Make(m)
		sc := -s.quiesce(ply+1, -beta, -alpha, qd+1)
		p.Unmake()
		if s.cl.stopped {
			return 0
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha = sc
				s.setPV(ply, m)
				if sc >= beta {
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= origAlpha:
		bound = boundUpper
	}
	s.tt.store(key, game.NullMove, best, 0, ply, bound)
	return best
}
