package ai

import (
	"fmt"
	"math"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// Crown is played in two parts. First the exact search of infoset.go looks for a win
// in every world the view allows, one move for all of them and the opponent answering
// in each as it likes; a win found is played and only such a win is claimed. Else the
// move is chosen by determinization: the view's unknown secrets of the opponent (which
// monarch is crowned, which stone is mined, where the crown is hidden, which half is
// crowned) are filled in to make whole worlds, each searched in full, and a root move's
// score is the average over the worlds weighted by a belief. Searched alone, a world
// lets us play as if we knew it (strategy fusion), so with several worlds a world's
// own forced win counts as a large advantage (fusedWin), not as a win. The belief comes
// from the opponent's play as the board shows it (a player shields what is precious),
// never from the secret, which the view does not hold.
//
// Our own secret is known to us, but a player that always shields its crowned monarch
// gives it away: some worlds therefore swap our own crown (or crowned half), so the
// search cares for both monarchs, while in the true worlds a move that loses by force is
// never played (worst-case safety of the real crown).

// crownWorld is one full-information state consistent with the view.
type crownWorld struct {
	r      game.Rules
	weight float64
	real   bool // our own secrets as they are
}

// ownBluff is the weight given to worlds where our own crown is swapped.
const ownBluff = 0.3

// maxWorlds bounds the worlds searched; hidden-square hypotheses beyond it are sampled.
const maxWorlds = 8

// crownWorlds builds the worlds of view for player me from what the view knows of both
// sides (game.CrownSide): each unknown secret of the opponent's, and each of our own a
// bluff could hide, is a dimension of options, and a world is one option per dimension
// (game.CrownWorld), weighted by the product of their weights.
func crownWorlds(view game.Rules, me game.Color, rg *rng, bel *belief) ([]crownWorld, error) {
	opp := me.Other()
	op, ok := game.CrownSide(view, opp)
	own, _ := game.CrownSide(view, me)
	if !ok {
		return nil, fmt.Errorf("ai: %s is not a Crown game", view.Variant().Name)
	}
	type option struct {
		edit   func(g *[2]game.CrownSecrets)
		weight float64
		real   bool
	}
	var dims [][]option
	att := attackedBy(view.Position(), me)
	setCrown := func(c game.Color, t game.PieceType) func(*[2]game.CrownSecrets) {
		return func(g *[2]game.CrownSecrets) { g[c].Crown = t }
	}
	setHalf := func(c game.Color, t game.PieceType) func(*[2]game.CrownSecrets) {
		return func(g *[2]game.CrownSecrets) { g[c].Half = t }
	}
	if op.Chosen && !op.CrownPublic && op.Crown == game.NoType {
		wk := bel.update(0, view.Position(), opp, game.King, game.Dame, att)
		dims = append(dims, []option{{edit: setCrown(opp, game.King), weight: wk, real: true}, {edit: setCrown(opp, game.Dame), weight: 1 - wk, real: true}})
	}
	if own.Chosen && !own.CrownPublic && own.Crown != game.NoType {
		dims = append(dims, []option{{weight: 1 - ownBluff, real: true}, {edit: setCrown(me, game.King+game.Dame-own.Crown), weight: ownBluff}})
	}
	if op.Split && !op.HalfPublic && op.CrownedHalf == game.NoType {
		wo := bel.update(1, view.Position(), opp, game.HalfOrth, game.HalfDiag, att)
		dims = append(dims, []option{
			{edit: setHalf(opp, game.HalfOrth), weight: wo, real: true},
			{edit: setHalf(opp, game.HalfDiag), weight: 1 - wo, real: true}})
	}
	if own.Split && !own.HalfPublic && own.CrownedHalf != game.NoType {
		dims = append(dims, []option{{weight: 1 - ownBluff, real: true},
			{edit: setHalf(me, game.HalfOrth+game.HalfDiag-own.CrownedHalf), weight: ownBluff}})
	}
	if op.Hidden && !op.HiddenPublic && op.HiddenSquare == game.NoSquare {
		var sqs []game.Square
		for b := view.Variant().Mask() &^ op.Proven; b != 0; {
			sqs = append(sqs, b.Pop())
		}
		for len(sqs) > maxWorlds {
			j := rg.intn(len(sqs))
			sqs[j] = sqs[len(sqs)-1]
			sqs = sqs[:len(sqs)-1]
		}
		var opts []option
		for _, sq := range sqs {
			opts = append(opts, option{edit: func(g *[2]game.CrownSecrets) { g[opp].Hidden = sq }, weight: 1, real: true})
		}
		if len(opts) > 0 {
			dims = append(dims, opts)
		}
	}
	if so := stoneOptions(op); len(so) > 0 {
		var opts []option
		for _, o := range so {
			opts = append(opts, option{edit: func(g *[2]game.CrownSecrets) { g[opp].Mined = o.mined }, weight: o.weight, real: true})
		}
		dims = append(dims, opts)
	}
	// The product of the dimensions, largest weights first when there are too many.
	type combo struct {
		set    [2]game.CrownSecrets
		weight float64
		real   bool
	}
	combos := []combo{{set: [2]game.CrownSecrets{game.NoCrownSecrets, game.NoCrownSecrets}, weight: 1, real: true}}
	for _, d := range dims {
		var next []combo
		for _, c := range combos {
			for _, o := range d {
				set := c.set
				if o.edit != nil {
					o.edit(&set)
				}
				next = append(next, combo{set, c.weight * o.weight, c.real && o.real})
			}
		}
		combos = next
	}
	if len(combos) > maxWorlds {
		for i := 1; i < len(combos); i++ {
			for j := i; j > 0 && combos[j].weight > combos[j-1].weight; j-- {
				combos[j], combos[j-1] = combos[j-1], combos[j]
			}
		}
		combos = combos[:maxWorlds]
	}
	var ws []crownWorld
	for _, c := range combos {
		r, err := game.CrownWorld(view, c.set)
		if err != nil {
			continue // a hypothesis the rules reject is no world
		}
		ws = append(ws, crownWorld{r: r, weight: c.weight, real: c.real})
	}
	if len(ws) == 0 {
		return nil, fmt.Errorf("ai: no world fits the view %q", view.Text())
	}
	return ws, nil
}

type stoneOption struct {
	mined  []bool // the mine bits of the unknown stones, in placement order
	weight float64
}

// stoneOptions are the hypotheses on one side's stones: exactly one of the three is
// mined, so with none known mined each unknown stone may be the one, or the mine still
// waits in reserve (weighted by the stones there).
func stoneOptions(st game.CrownState) []stoneOption {
	unknown, minedKnown := 0, false
	for _, x := range st.Stones {
		switch {
		case !x.Known && !x.Public:
			unknown++
		case x.Mined:
			minedKnown = true
		}
	}
	if unknown == 0 {
		return nil
	}
	if minedKnown {
		return []stoneOption{{make([]bool, unknown), 1}}
	}
	var opts []stoneOption
	for k := 0; k < unknown; k++ {
		m := make([]bool, unknown)
		m[k] = true
		opts = append(opts, stoneOption{m, 1})
	}
	if st.StonesLeft > 0 {
		opts = append(opts, stoneOption{make([]bool, unknown), float64(st.StonesLeft)})
	}
	return opts
}

// attackedBy is the set of squares c attacks.
func attackedBy(p *game.Position, c game.Color) game.Bitboard {
	occ := p.Occupied()
	var a game.Bitboard
	for b := p.ByColor(c); b != 0; {
		s := b.Pop()
		a |= p.Attacks(p.At(s), s, occ)
	}
	return a
}

// belief is what the AI has learnt of the opponent's hidden crown (and crowned half)
// from its play during the game: each time the AI is to move, the opponent has just
// chosen the position, and how much more it exposes one monarch than the other to our
// attacks is evidence, summed over the game as log-odds. A player may bluff, so the
// belief never leaves 0.25–0.75.
type belief struct {
	fullmove int        // of the last update: a smaller one means a new game
	logit    [2]float64 // per dimension: crown (King vs Dame), half (orthogonal vs diagonal)
	seen     [2]bool
}

const (
	beliefStep = 0.15 // log-odds per square of difference in exposure, per move
	beliefMax  = 1.1  // |log-odds| ≤ this: probabilities within about 0.25–0.75
)

// update adds the evidence of the position to dimension dim and returns the belief
// that c's piece of type a (rather than b) carries the crown.
func (bl *belief) update(dim int, p *game.Position, c game.Color, a, b game.PieceType, att game.Bitboard) float64 {
	if p.Fullmove < bl.fullmove {
		*bl = belief{}
	}
	if p.Fullmove != bl.fullmove || !bl.seen[dim] {
		ev := float64(exposure(p, c, b, att) - exposure(p, c, a, att))
		bl.logit[dim] = max(-beliefMax, min(beliefMax, bl.logit[dim]+beliefStep*ev))
		bl.seen[dim] = true
	}
	bl.fullmove = p.Fullmove
	return 1 / (1 + math.Exp(-bl.logit[dim]))
}

// exposure is how much of our attack c's piece of type t faces: attacked squares
// around it, and more if it stands attacked itself.
func exposure(p *game.Position, c game.Color, t game.PieceType, att game.Bitboard) int {
	bb := p.Pieces(c, t)
	if bb == 0 {
		return 0
	}
	s := bb.First()
	n := 0
	for z := kingZone(s) & att; z != 0; z &= z - 1 {
		n++
	}
	if att.Has(s) {
		n += 3
	}
	return n
}

func kingZone(s game.Square) game.Bitboard {
	var z game.Bitboard
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := s.File()+df, s.Rank()+dr
			if f >= 0 && f < 8 && r >= 0 && r < 8 {
				z |= game.Bit(game.Sq(f, r))
			}
		}
	}
	return z
}

// isCrown reports whether the view is a game with secrets, searched over the secrets the
// view does not hold (through game's typed Crown API: CrownSide, CrownGuess).
func isCrown(r game.Rules) bool { return r.Variant().Traits.Secrets }

// The exact search's bounds: the worlds it takes on, the plies it looks for a win in.
const (
	maxProofWorlds = 16
	maxProofPlies  = 15
)

// fusedWin is what a world's own forced win is worth when it is not proven over all the
// worlds: more than any material, less than a win.
const fusedWin = 3000

// proofShare is the part of the limits the exact search may spend: a third of the time
// or of the nodes, two thirds in an ending of at most endingPieces pieces, where forced
// wins are within its reach and worth more than a deeper heuristic search.
func proofShare(cl *clock, l Limits, pieces int) (time.Time, int64) {
	num := int64(1)
	if pieces <= endingPieces {
		num = 2
	}
	var stop time.Time
	if l.Time > 0 {
		stop = cl.start.Add(l.Time * time.Duration(num) / 3)
	}
	return stop, l.Nodes * num / 3
}

const endingPieces = 10

// searchCrown chooses a move over the worlds of the view.
func (g *genericSearcher) searchCrown(cl *clock, view game.Rules, par Params) (Result, error) {
	g.cl, g.nodes, g.me = cl, 0, par.Player
	g.configure(view)
	g.meKey = 0x9E3779B97F4A7C15 * uint64(g.me+1)
	g.tt.newSearch()
	rg := newRNG(par.Seed ^ view.Hash())
	moves := view.Moves(g.me, nil)
	// The crown's choice is a coin flip: any rule of choosing could be learnt.
	if moves[0].Kind == game.Choose {
		m := moves[rg.intn(len(moves))]
		return Result{Move: m, Info: Info{Depth: 1, PV: []game.Move{m}}}, nil
	}
	worlds, err := crownWorlds(view, g.me, rg, &g.belief)
	if err != nil {
		return Result{}, err
	}
	// First the exact search for a win in every world we cannot tell apart; only it
	// may claim one.
	hyp, proofOK := hypotheses(view, g.me, maxProofWorlds)
	if proofOK {
		pv := newProver(g.me, cl)
		pv.stop, pv.limit = proofShare(cl, par.Limits, view.Position().Occupied().Count())
		maxPlies := maxProofPlies
		switch l := par.Limits; {
		case l.Depth > 0:
			maxPlies = min(maxPlies, l.Depth-1+l.Depth%2) // our move first and last
		case l.Time == 0 && l.Nodes == 0:
			maxPlies = 5
		}
		m, plies, _ := pv.prove(hyp, maxPlies)
		g.nodes += pv.nodes
		if plies > 0 && (par.Overlook == 0 || containsMove(overlook(view.Position(), moves, par), m)) {
			res := Result{Move: m, Info: Info{Depth: plies, Score: Mate - plies, Nodes: g.nodes, Time: cl.elapsed(), PV: []game.Move{m}}}
			if par.Progress != nil {
				par.Progress(res.Info)
			}
			return res, nil
		}
	}
	// Several hypotheses: a world's own mate may need to know the world, so it is worth
	// a large advantage, not a win.
	fuse := proofOK && len(hyp) > 1 || !proofOK
	total := 0.0
	for _, w := range worlds {
		total += w.weight
	}
	g.root = g.root[:0]
	for _, m := range overlook(view.Position(), moves, par) {
		rm := rootMove{move: m, score: -inf}
		if par.Noise > 0 {
			rm.noise = rg.intn(2*par.Noise+1) - par.Noise
		}
		g.root = append(g.root, rm)
	}
	g.orderRootByCaptures(view)
	res := Result{Move: g.root[0].move, Info: Info{PV: []game.Move{g.root[0].move}}}
	scores := make([]int, len(g.root))
	for d := 1; cl.another(d, g.nodes); d++ {
		complete := true
		for i := range g.root {
			sum, worst := 0.0, inf
			for _, w := range worlds {
				c := w.r.Clone()
				if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: g.me, Move: g.root[i].move}); err != nil {
					continue
				}
				v := g.node(c, d-1, 1, -inf, inf)
				if cl.stopped {
					break
				}
				if fuse && v > winScore/2 {
					v = fusedWin - (winScore - v)
				}
				sum += w.weight * float64(v)
				if w.real {
					worst = min(worst, v)
				}
			}
			if cl.stopped {
				complete = false
				break
			}
			s := int(sum / total)
			if worst < -winScore/2 {
				s = min(s, worst) // never risk the real crown on a forced loss
			}
			scores[i] = s
		}
		if !complete && d > 1 {
			break
		}
		for i := range g.root {
			g.root[i].score = scores[i]
		}
		sortRoot(g.root)
		best := g.root[0]
		if par.Noise > 0 {
			best = noisyBest(g.root)
		}
		res.Move, res.Score, res.Depth = best.move, toMateScale(best.score), d
		res.PV = []game.Move{best.move}
		res.Nodes, res.Time = g.nodes, cl.elapsed()
		if par.Progress != nil {
			info := res.Info
			info.PV = append([]game.Move(nil), res.PV...)
			par.Progress(info)
		}
		if len(g.root) == 1 && d >= 2 {
			break
		}
		for i := range scores {
			scores[i] = 0
		}
	}
	res.Nodes, res.Time = g.nodes, cl.elapsed()
	return res, nil
}
