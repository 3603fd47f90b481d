package ai

import (
	"time"

	"github.com/quintet-chess/quintet/game"
)

// A forced win in Crown is a strategy, not a line: we choose one action for all the
// hypotheses on the opponent's secrets that we cannot tell apart, while the opponent,
// who knows its own secret, may answer differently in each. The prover searches that
// game exactly (belief-state AND-OR search): a set of worlds is won in d plies when one
// move of ours, played in every world of the set, leaves for each reply of the opponent
// a set that is won in d-2 plies. A reply is legal in some worlds and not others (or
// has the same effect everywhere); the set it leads to is every world where it can be
// played, which is the hardest case for us: a win there wins in any part of it, and the
// opponent loses nothing by playing the same reply in all of them. A reveal (a monarch,
// stone or half taken, a move ending on a square) splits the set by what it shows us;
// a world where the crown falls is won and leaves the set.
//
// Only such a proof makes the search claim a win: a world searched alone may show a
// mate that needs to know which world it is (strategy fusion).

// world is one hypothesis on the opponent's secrets, with our own as they are.
type world = game.Rules

// hypotheses are the worlds consistent with view, for player me: the opponent's unknown
// secrets filled in every way the rules allow (through game.CrownGuess), each with its
// prior weight (1: the belief weights are the heuristic search's business). At most
// limit worlds; ok is false if there would be more.
func hypotheses(view game.Rules, me game.Color, limit int) (ws []world, ok bool) {
	opp := me.Other()
	st, isCrownGame := game.CrownSide(view, opp)
	if !isCrownGame {
		return nil, false
	}
	crowns := []game.PieceType{game.NoType}
	if st.Chosen && st.Crown == game.NoType {
		crowns = []game.PieceType{game.King, game.Dame}
	}
	var mines [][]bool
	unknown, minedKnown := 0, false
	for _, x := range st.Stones {
		if !x.Known {
			unknown++
		} else if x.Mined {
			minedKnown = true
		}
	}
	if unknown == 0 || minedKnown {
		mines = [][]bool{make([]bool, unknown)}
	} else {
		for k := 0; k < unknown; k++ {
			m := make([]bool, unknown)
			m[k] = true
			mines = append(mines, m)
		}
		if st.StonesLeft > 0 {
			mines = append(mines, make([]bool, unknown))
		}
	}
	squares := []game.Square{game.NoSquare}
	if st.Hidden && st.HiddenSquare == game.NoSquare {
		squares = squares[:0]
		for b := view.Variant().Mask() &^ st.Proven; b != 0; {
			squares = append(squares, b.Pop())
		}
	}
	halves := []game.PieceType{game.NoType}
	if st.Split && st.CrownedHalf == game.NoType {
		halves = []game.PieceType{game.HalfOrth, game.HalfDiag}
	}
	if len(crowns)*len(mines)*len(squares)*len(halves) > limit {
		return nil, false
	}
	for _, c := range crowns {
		for _, m := range mines {
			for _, s := range squares {
				for _, h := range halves {
					w, err := game.CrownGuess(view, opp, c, m, s, h)
					if err == nil {
						ws = append(ws, w)
					}
				}
			}
		}
	}
	return ws, len(ws) > 0
}

// prover is the exact search for a strategy that wins in every world of a set.
type prover struct {
	me    game.Color
	cl    *clock
	stop  time.Time // the prover's own share of the time (zero: none)
	nodes int64
	limit int64 // nodes (0: none)
	out   bool  // stopped: the answer is unknown
	// table: what is known of a set (by setKey): won within won plies, not won within
	// lost plies.
	table map[uint64]proofEntry
	buf   [maxPly][]game.Move
}

type proofEntry struct {
	won, lost int8 // won: plies a win was proven in (0: none); lost: most plies disproven
	move      game.Move
}

const maxProofEntries = 1 << 18 // some 10 MB; cleared when full

func newProver(me game.Color, cl *clock) *prover {
	return &prover{me: me, cl: cl, table: map[uint64]proofEntry{}}
}

// setKey is a key of a set of worlds independent of their order.
func setKey(ws []world) uint64 {
	var k uint64
	for _, w := range ws {
		h := w.Hash()
		h ^= h >> 31
		h *= 0xBF58476D1CE4E5B9
		h ^= h >> 29
		k += h
	}
	return k ^ uint64(len(ws))*0x9E3779B97F4A7C15
}

func (p *prover) poll() bool {
	p.nodes++
	if p.out {
		return true
	}
	if p.nodes&127 == 0 {
		if p.cl.ctx.Err() != nil || !p.stop.IsZero() && p.cl.now().After(p.stop) {
			p.out = true
		}
	}
	if p.limit > 0 && p.nodes >= p.limit {
		p.out = true
	}
	return p.out
}

// prove looks for a win within maxPlies (odd: our move first and last), deepening two
// plies at a time. It returns the move, the plies of the proven win (0: none found) and
// the most plies searched in full without a win.
func (p *prover) prove(ws []world, maxPlies int) (game.Move, int, int) {
	refuted := 0
	for d := 1; d <= maxPlies; d += 2 {
		t0 := p.cl.now()
		ok, m := p.or(ws, d)
		if p.out {
			break
		}
		if ok {
			return m, d, refuted
		}
		refuted = d
		// Two plies more cost at least as much again (often hundreds of times as
		// much, but a proof is found before the whole tree is seen): an iteration
		// that cannot end before the prover's time leaves that time to the
		// heuristic search.
		if took := p.cl.now().Sub(t0); !p.stop.IsZero() && p.cl.now().Add(took).After(p.stop) {
			break
		}
	}
	return game.NullMove, 0, refuted
}

// or: our move, in every world of ws (all at our Move step, none over), d plies left.
func (p *prover) or(ws []world, d int) (bool, game.Move) {
	if d <= 0 || p.poll() {
		return false, game.NullMove
	}
	key := setKey(ws)
	e, seen := p.table[key]
	if seen {
		if e.won > 0 && int(e.won) <= d {
			return true, e.move
		}
		if int(e.lost) >= d {
			return false, game.NullMove
		}
	}
	// A set is won only if each of its worlds is won alone: a cheap refutation first.
	if len(ws) > 1 && d > 1 {
		for i := range ws {
			if ok, _ := p.or(ws[i:i+1], d); !ok {
				if !p.out {
					p.record(key, false, d, game.NullMove)
				}
				return false, game.NullMove
			}
		}
	}
	moves := ws[0].Moves(p.me, p.buf[d%maxPly][:0])
	p.buf[d%maxPly] = moves
	order := p.orderOurs(ws[0], moves, e.move)
	for _, i := range order {
		m := moves[i]
		if p.afterOurs(ws, m, d-1) {
			p.record(key, true, d, m)
			return true, m
		}
		if p.out {
			return false, game.NullMove
		}
	}
	p.record(key, false, d, game.NullMove)
	return false, game.NullMove
}

func (p *prover) record(key uint64, won bool, d int, m game.Move) {
	if len(p.table) >= maxProofEntries {
		clear(p.table)
	}
	e := p.table[key]
	if won {
		if e.won == 0 || int(e.won) > d {
			e.won, e.move = int8(d), m
		}
	} else if int(e.lost) < d {
		e.lost = int8(d)
	}
	p.table[key] = e
}

// afterOurs: our move m played in every world of ws; is every world then won within d
// more plies (the opponent's move first)?
func (p *prover) afterOurs(ws []world, m game.Move, d int) bool {
	next, ok, revealed := p.playAll(ws, p.me, m)
	if !ok {
		return false
	}
	if len(next) == 0 {
		return true
	}
	for _, g := range p.split(next, revealed) {
		if !p.and(g, d) {
			return false
		}
	}
	return true
}

// and: the opponent's move in every world of ws, d plies left: won if every reply,
// in the worlds where it can be played, leaves sets we win within d-1.
func (p *prover) and(ws []world, d int) bool {
	if d <= 1 || p.poll() {
		return false
	}
	opp := p.me.Other()
	var replies []game.Move
	for _, w := range ws {
		for _, r := range w.Moves(opp, p.buf[d%maxPly][:0]) {
			if !containsMove(replies, r) {
				replies = append(replies, r)
			}
		}
	}
	if len(replies) == 0 {
		return false // not over yet no move: nothing to prove here
	}
	for _, r := range replies {
		next, ok, revealed := p.playAll(ws, opp, r)
		if !ok {
			return false
		}
		for _, g := range p.split(next, revealed) {
			if won, _ := p.or(g, d-1); !won {
				return false
			}
		}
	}
	return true
}

// playAll plays c's move m in each world of ws where it is legal, answering the reveals
// it asks for from the world's own secrets. It returns the worlds still going on; ok is
// false if some world ended other than in our win (or no world could play m).
func (p *prover) playAll(ws []world, c game.Color, m game.Move) (next []world, ok, revealed bool) {
	played := 0
	for _, w := range ws {
		x := w.Clone()
		if !game.CrownPlay(x, game.Input{Kind: game.InputMove, Player: c, Move: m}) {
			continue
		}
		played++
		for !x.Outcome().Over() && x.Next().Kind == game.StepReveal {
			st := x.Next()
			sec, isSec := x.(game.Secrets)
			if !isSec {
				return nil, false, revealed
			}
			v, known := sec.Secret(st)
			if !known {
				return nil, false, revealed
			}
			if _, err := x.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: v}); err != nil {
				return nil, false, revealed
			}
			revealed = true
		}
		if o := x.Outcome(); o.Over() {
			if o.Result != game.WinFor(p.me) {
				return nil, false, revealed
			}
			continue
		}
		if x.Next().Kind != game.StepMove {
			return nil, false, revealed
		}
		next = append(next, x)
	}
	return next, played > 0, revealed
}

// split groups worlds by what we see of them. Without a reveal they all look the same.
func (p *prover) split(ws []world, revealed bool) [][]world {
	if !revealed || len(ws) < 2 {
		return [][]world{ws}
	}
	var keys []uint64
	var groups [][]world
	for _, w := range ws {
		k := w.View(p.me).Hash()
		i := 0
		for i < len(keys) && keys[i] != k {
			i++
		}
		if i == len(keys) {
			keys = append(keys, k)
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], w)
	}
	return groups
}

func containsMove(ms []game.Move, m game.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// orderOurs is the order in which our moves are tried: the table's move, captures of
// monarchs, other captures, moves that attack enemy monarchs, the rest.
func (p *prover) orderOurs(w world, moves []game.Move, first game.Move) []int {
	pos := w.Position()
	opp := p.me.Other()
	mon := pos.Pieces(opp, game.King) | pos.Pieces(opp, game.Dame) | pos.Pieces(opp, game.HalfOrth) | pos.Pieces(opp, game.HalfDiag)
	occ := pos.Occupied()
	keys := make([]int, len(moves))
	order := make([]int, len(moves))
	for i, m := range moves {
		order[i] = i
		k := 0
		switch {
		case m == first:
			k = 1 << 20
		case m.To < game.NoSquare && mon.Has(m.To):
			k = 1 << 18
		case m.To < game.NoSquare && pos.At(m.To) != game.NoPiece && pos.At(m.To).Color() == opp:
			k = 1<<16 + pos.V.Pieces[pos.At(m.To).Type()].Value
		}
		if m.From < game.NoSquare && m.To < game.NoSquare && pos.At(m.From) != game.NoPiece {
			att := pos.Attacks(pos.At(m.From), m.To, occ&^game.Bit(m.From))
			k += 256 * (att & mon).Count()
		}
		keys[i] = k
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && keys[order[j]] > keys[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}
