package ai

import "github.com/quintet-chess/quintet/game"

// Greedy is the one-ply greedy player, the yardstick of the levels: it takes the action
// that leaves it the most material right away (in expectation over a chance draw that
// follows), a win above all, ties broken at random by r. It is not one of the levels.
func Greedy(view game.Rules, player game.Color, seed uint64) (game.Move, error) {
	moves := view.Moves(player, nil)
	if len(moves) == 0 {
		return game.NullMove, ErrNoMove
	}
	rg := newRNG(seed ^ view.Hash())
	best, bv, ties := moves[0], -1<<60, 0
	for _, m := range moves {
		c := view.Clone()
		if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: player, Move: m}); err != nil {
			continue
		}
		v := expectedMaterial(c, player, 2)
		switch {
		case v > bv:
			best, bv, ties = m, v, 1
		case v == bv:
			// Reservoir sampling among equals.
			ties++
			if rg.intn(ties) == 0 {
				best = m
			}
		}
	}
	return best, nil
}

// expectedMaterial is player's material lead after the chance draws and reveals that
// follow (averaged over a draw's values), or a large score once the game is over.
func expectedMaterial(r game.Rules, player game.Color, budget int) int {
	if o := r.Outcome(); o.Over() {
		switch o.Result {
		case game.WinFor(player):
			return 1 << 40
		case game.WinFor(player.Other()):
			return -1 << 40
		}
		return 0
	}
	st := r.Next()
	if budget > 0 && st.Kind == game.StepDraw && st.Range > 0 {
		sum := 0
		for a := 0; a < st.Range; a++ {
			c := r.Clone()
			if _, err := c.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(a), 0}}); err != nil {
				return Material(r, player)
			}
			sum += expectedMaterial(c, player, budget-1)
		}
		return sum / st.Range
	}
	return Material(r, player)
}

// Material is the material of player minus the opponent's, by the variant's piece
// values (pieces under others in towers count for their colour too).
func Material(r game.Rules, player game.Color) int {
	p := r.Position()
	v := p.V
	s := 0
	for b := p.Occupied(); b != 0; {
		sq := b.Pop()
		pc := p.At(sq)
		val := v.Pieces[pc.Type()].Value
		if pc.Color() == player {
			s += val
		} else {
			s -= val
		}
		if p.Under != nil {
			t := &p.Under[sq]
			for i := 0; i < int(t.N); i++ {
				u := t.P[i]
				if u.Color() == player {
					s += v.Pieces[u.Type()].Value
				} else {
					s -= v.Pieces[u.Type()].Value
				}
			}
		}
	}
	return s
}
