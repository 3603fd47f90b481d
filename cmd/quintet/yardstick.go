package main

import (
	"context"
	"math"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// yardstickPlayer ("plain" in arena) is a deliberately plain player, written apart from
// game/ai, to measure the AI against in the games of luck and sealed moves: expectimax
// over the Rules interface (chance nodes at the true odds, every value of a draw
// equally likely; no pruning, no table), deepened a ply at a time while its time lasts
// and at most to depth; in simultaneous chess a one-turn matrix game over its best
// candidates a side, solved by regret matching. Its evaluation is material and
// mobility (squares attacked).
type yardstickPlayer struct {
	depth int
	time  time.Duration
	cands int
	seed  uint64
	moves uint64
}

const (
	plainWin        = 1_000_000
	plainCandidates = 12
	plainIters      = 3000
)

func (y *yardstickPlayer) name() string   { return "plain" }
func (y *yardstickPlayer) close()         {}
func (y *yardstickPlayer) newGame() error { return nil }

func (y *yardstickPlayer) choose(view game.Rules, side game.Color, _ *game.Game) (game.Move, error) {
	y.moves++
	if view.Next().Players == 3 {
		return y.simultaneous(view, side)
	}
	moves := view.Moves(side, nil)
	if len(moves) == 0 {
		return game.NullMove, nil
	}
	ctx := context.Background()
	if y.time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, y.time)
		defer cancel()
	}
	best := moves[0]
	for d := 1; d <= y.depth; d++ {
		bm, bv, done := game.NullMove, math.Inf(-1), true
		for _, m := range moves {
			c := view.Clone()
			if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: side, Move: m}); err != nil {
				continue
			}
			v, ok := y.value(ctx, c, side, d-1, 1)
			if !ok {
				done = false
				break
			}
			if v > bv {
				bm, bv = m, v
			}
		}
		if !done {
			break
		}
		best = bm
		if bv > plainWin/2 {
			break
		}
	}
	return best, nil
}

// value is the expectimax value of r for me with depth decision plies left; ok is false
// once time ran out.
func (y *yardstickPlayer) value(ctx context.Context, r game.Rules, me game.Color, depth, ply int) (float64, bool) {
	if ctx.Err() != nil {
		return 0, false
	}
	if o := r.Outcome(); o.Over() {
		switch o.Result {
		case game.WinFor(me):
			return plainWin - float64(ply), true
		case game.WinFor(me.Other()):
			return -plainWin + float64(ply), true
		}
		return 0, true
	}
	st := r.Next()
	switch st.Kind {
	case game.StepDraw:
		sum, n := 0.0, 0
		for a := 0; a < st.Range; a++ {
			c := r.Clone()
			if _, err := c.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(a), 0}}); err != nil {
				continue
			}
			v, ok := y.value(ctx, c, me, depth, ply)
			if !ok {
				return 0, false
			}
			sum += v
			n++
		}
		if n == 0 {
			return plainEval(r.Position(), me), true
		}
		return sum / float64(n), true
	case game.StepMove:
	default:
		return plainEval(r.Position(), me), true
	}
	if depth <= 0 || st.Players == 3 {
		return plainEval(r.Position(), me), true
	}
	c := st.OnlyPlayer()
	moves := r.Moves(c, nil)
	if len(moves) == 0 {
		return plainEval(r.Position(), me), true
	}
	best := math.Inf(1)
	if c == me {
		best = math.Inf(-1)
	}
	for _, m := range moves {
		x := r.Clone()
		if _, err := x.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
			continue
		}
		v, ok := y.value(ctx, x, me, depth-1, ply+1)
		if !ok {
			return 0, false
		}
		if c == me && v > best || c != me && v < best {
			best = v
		}
	}
	return best, true
}

// plainEval is material (the variant's piece values) and mobility (four centipawns a
// square attacked, not our own), from me's side.
func plainEval(p *game.Position, me game.Color) float64 {
	occ := p.Occupied()
	v := 0
	for c := game.White; c <= game.Black; c++ {
		s := 0
		for b := p.ByColor(c); b != 0; {
			sq := b.Pop()
			pc := p.At(sq)
			if pc.Type() != game.King {
				s += p.V.Pieces[pc.Type()].Value
			}
			s += 4 * (p.Attacks(pc, sq, occ) &^ p.ByColor(c)).Count()
		}
		if c == me {
			v += s
		} else {
			v -= s
		}
	}
	return float64(v)
}

// simultaneous: the best candidates a side by the evaluation after the move alone, the
// matrix of evaluations after each pair, regret matching, a move drawn from the average
// strategy.
func (y *yardstickPlayer) simultaneous(view game.Rules, me game.Color) (game.Move, error) {
	base, err := game.NewSimulRules(view.Variant(), view.Text())
	if err != nil {
		return game.NullMove, err
	}
	mine := y.candidates(base, me)
	theirs := y.candidates(base, me.Other())
	if len(mine) == 0 {
		return game.NullMove, nil
	}
	if len(theirs) == 0 {
		theirs = []game.Move{{Kind: game.Pass}}
	}
	pay := make([][]float64, len(mine))
	for i, m := range mine {
		pay[i] = make([]float64, len(theirs))
		for j, o := range theirs {
			s := *base
			if me == game.White {
				s.PlayJoint(m, o)
			} else {
				s.PlayJoint(o, m)
			}
			pay[i][j] = y.simulValue(&s, me)
		}
	}
	x := regretMatching(pay, plainIters)
	u := float64(splitmix(y.seed+y.moves*0x9E3779B97F4A7C15)>>11) / (1 << 53)
	for i, p := range x {
		if u -= p; u < 0 {
			return mine[i], nil
		}
	}
	return mine[len(mine)-1], nil
}

func (y *yardstickPlayer) simulValue(s *game.SimulRules, me game.Color) float64 {
	if o := s.Outcome(); o.Over() {
		switch o.Result {
		case game.WinFor(me):
			return plainWin
		case game.WinFor(me.Other()):
			return -plainWin
		}
		return 0
	}
	return plainEval(s.Position(), me)
}

// candidates are c's moves best by the evaluation after each alone (the other side
// passing), at most y.cands.
func (y *yardstickPlayer) candidates(base *game.SimulRules, c game.Color) []game.Move {
	all := base.LegalMoves(c, nil)
	type scored struct {
		m game.Move
		v float64
	}
	var ss []scored
	pass := game.Move{Kind: game.Pass}
	for _, m := range all {
		s := *base
		if c == game.White {
			s.PlayJoint(m, pass)
		} else {
			s.PlayJoint(pass, m)
		}
		ss = append(ss, scored{m, y.simulValue(&s, c)})
	}
	for i := 1; i < len(ss); i++ {
		for j := i; j > 0 && ss[j].v > ss[j-1].v; j-- {
			ss[j], ss[j-1] = ss[j-1], ss[j]
		}
	}
	n := min(len(ss), y.cands)
	out := make([]game.Move, n)
	for i := range out {
		out[i] = ss[i].m
	}
	return out
}

// regretMatching is the row player's average strategy after iters rounds of regret
// matching by both players on the zero-sum matrix pay (row's payoff).
func regretMatching(pay [][]float64, iters int) []float64 {
	n, m := len(pay), len(pay[0])
	rr, cr := make([]float64, n), make([]float64, m)
	avg := make([]float64, n)
	x, yv := make([]float64, n), make([]float64, m)
	norm := func(reg, out []float64) {
		s := 0.0
		for _, r := range reg {
			s += max(r, 0)
		}
		for i, r := range reg {
			if s > 0 {
				out[i] = max(r, 0) / s
			} else {
				out[i] = 1 / float64(len(out))
			}
		}
	}
	for it := 0; it < iters; it++ {
		norm(rr, x)
		norm(cr, yv)
		rowVal := make([]float64, n)
		colVal := make([]float64, m)
		total := 0.0
		for i := range pay {
			for j, v := range pay[i] {
				rowVal[i] += yv[j] * v
				colVal[j] -= x[i] * v
			}
			total += x[i] * rowVal[i]
		}
		for i := range rr {
			rr[i] += rowVal[i] - total
			avg[i] += x[i]
		}
		for j := range cr {
			cr[j] += colVal[j] + total
		}
	}
	s := 0.0
	for _, a := range avg {
		s += a
	}
	for i := range avg {
		avg[i] /= s
	}
	return avg
}
