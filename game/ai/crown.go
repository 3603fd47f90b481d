package ai

import (
	"fmt"
	"math"
	"strconv"
	"strings"
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

// crownWorlds builds the worlds of view for player me by filling in the position text's
// unknown marks ("?") and reading it back through the variant's own loader.
func crownWorlds(view game.Rules, me game.Color, rg *rng, bel *belief) ([]crownWorld, error) {
	text := view.Text()
	fields := strings.Fields(text)
	if len(fields) < 6 {
		return nil, fmt.Errorf("ai: crown text %q has too few fields", text)
	}
	type option struct {
		edit   func(f []string)
		weight float64
		real   bool
	}
	var dims [][]option
	opp := me.Other()
	att := attackedBy(view.Position(), me)
	for i := 6; i < len(fields); i++ {
		key, val, ok := strings.Cut(fields[i], "=")
		if !ok {
			continue
		}
		i := i
		set := func(v string) func([]string) { return func(f []string) { f[i] = key + "=" + v } }
		switch key {
		case "crown":
			if len(val) != 2 {
				continue
			}
			b := []byte(val)
			if b[opp] == '?' {
				wk := bel.update(0, view.Position(), opp, game.King, game.Dame, att)
				kb, db := append([]byte(nil), b...), append([]byte(nil), b...)
				kb[opp], db[opp] = 'k', 'd'
				dims = append(dims, []option{{edit: set(string(kb)), weight: wk, real: true}, {edit: set(string(db)), weight: 1 - wk, real: true}})
				b = kb // the own swap below edits on top of either
			}
			if b[me] == 'k' || b[me] == 'd' {
				dims = append(dims, []option{{weight: 1 - ownBluff, real: true}, {edit: swapOwn(i, key, me), weight: ownBluff}})
			}
		case "split":
			parts := strings.Split(val, "/")
			if len(parts) != 2 {
				continue
			}
			if parts[opp] == "?" {
				wo := bel.update(1, view.Position(), opp, game.HalfOrth, game.HalfDiag, att)
				dims = append(dims, []option{
					{edit: splitEdit(i, key, opp, "o"), weight: wo, real: true},
					{edit: splitEdit(i, key, opp, "x"), weight: 1 - wo, real: true}})
			}
			if p := parts[me]; p == "o" || p == "x" {
				dims = append(dims, []option{{weight: 1 - ownBluff, real: true},
					{edit: splitEdit(i, key, me, map[string]string{"o": "x", "x": "o"}[p]), weight: ownBluff}})
			}
		case "hide":
			parts := strings.Split(val, "/")
			if len(parts) != 2 || parts[opp] != "?" {
				continue
			}
			proven := provenOf(fields, opp)
			cands := view.Variant().Mask() &^ proven
			var sqs []game.Square
			for b := cands; b != 0; {
				sqs = append(sqs, b.Pop())
			}
			if len(sqs) == 0 {
				continue
			}
			for len(sqs) > maxWorlds {
				j := rg.intn(len(sqs))
				sqs[j] = sqs[len(sqs)-1]
				sqs = sqs[:len(sqs)-1]
			}
			var opts []option
			for _, sq := range sqs {
				opts = append(opts, option{edit: splitEdit(i, key, opp, sq.String()), weight: 1, real: true})
			}
			dims = append(dims, opts)
		case "stones":
			parts := strings.Split(val, "/")
			if len(parts) != 2 {
				continue
			}
			if opts := stoneOptions(parts[opp]); len(opts) > 0 {
				var os []option
				for _, o := range opts {
					os = append(os, option{edit: splitEdit(i, key, opp, o.text), weight: o.weight, real: true})
				}
				dims = append(dims, os)
			}
		}
	}
	// The product of the dimensions, largest weights first when there are too many.
	type combo struct {
		f      []string
		weight float64
		real   bool
	}
	combos := []combo{{f: fields, weight: 1, real: true}}
	for _, d := range dims {
		var next []combo
		for _, c := range combos {
			for _, o := range d {
				f := append([]string(nil), c.f...)
				if o.edit != nil {
					o.edit(f)
				}
				next = append(next, combo{f, c.weight * o.weight, c.real && o.real})
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
		r, err := game.Load(view.Variant(), strings.Join(c.f, " "))
		if err != nil {
			continue // a hypothesis the rules reject is no world
		}
		ws = append(ws, crownWorld{r: r, weight: c.weight, real: c.real})
	}
	if len(ws) == 0 {
		return nil, fmt.Errorf("ai: no world fits the view %q", text)
	}
	return ws, nil
}

// swapOwn edits the crown field so that our own (known) crown is on the other monarch;
// it reads the field as edited so far, so it composes with the opponent's hypothesis.
func swapOwn(i int, key string, me game.Color) func([]string) {
	return func(f []string) {
		_, val, _ := strings.Cut(f[i], "=")
		b := []byte(val)
		if b[me] == 'k' || b[me] == 'd' {
			b[me] = 'k' + 'd' - b[me]
		}
		f[i] = key + "=" + string(b)
	}
}

// splitEdit replaces side c's part of a "white/black" field.
func splitEdit(i int, key string, c game.Color, v string) func([]string) {
	return func(f []string) {
		_, val, _ := strings.Cut(f[i], "=")
		parts := strings.Split(val, "/")
		if len(parts) == 2 {
			parts[c] = v
		}
		f[i] = key + "=" + strings.Join(parts, "/")
	}
}

func provenOf(fields []string, c game.Color) game.Bitboard {
	for _, f := range fields[6:] {
		if v, ok := strings.CutPrefix(f, "proven="); ok {
			parts := strings.Split(v, "/")
			if len(parts) == 2 {
				n, err := strconv.ParseUint(parts[c], 16, 64)
				if err == nil {
					return game.Bitboard(n)
				}
			}
		}
	}
	return 0
}

type stoneOption struct {
	text   string
	weight float64
}

// stoneOptions are the hypotheses on one side's stones ("r", "e4?", "xe4?" items): exactly
// one of the three is mined, so with none known mined each unknown stone may be the one,
// or the mine still waits in reserve.
func stoneOptions(s string) []stoneOption {
	type item struct{ pre, mark string }
	var items []item
	for i := 0; i < len(s); {
		switch {
		case s[i] == 'r':
			items = append(items, item{"r", ""})
			i++
		case s[i] == 'x' && i+4 <= len(s):
			items = append(items, item{s[i : i+3], s[i+3 : i+4]})
			i += 4
		case i+3 <= len(s):
			items = append(items, item{s[i : i+2], s[i+2 : i+3]})
			i += 3
		default:
			return nil
		}
	}
	unknown, reserve, minedKnown := 0, 0, false
	for _, it := range items {
		switch it.mark {
		case "?":
			unknown++
		case "m", "M":
			minedKnown = true
		case "":
			reserve++
		}
	}
	if unknown == 0 {
		return nil
	}
	write := func(mined int) string {
		var b strings.Builder
		k := 0
		for _, it := range items {
			b.WriteString(it.pre)
			if it.mark == "?" {
				if k == mined {
					b.WriteString("m")
				} else {
					b.WriteString("u")
				}
				k++
			} else {
				b.WriteString(it.mark)
			}
		}
		return b.String()
	}
	if minedKnown {
		return []stoneOption{{write(-1), 1}}
	}
	var opts []stoneOption
	for k := 0; k < unknown; k++ {
		opts = append(opts, stoneOption{write(k), 1})
	}
	if reserve > 0 {
		opts = append(opts, stoneOption{write(-1), float64(reserve)})
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
