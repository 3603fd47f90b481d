package game

import "fmt"

// PerftRules counts the leaves of any game's tree to depth plies, through the Rules
// interface (slow: each branch is a clone). A ply is one Move step: one player's action,
// or both players' joint action when both are asked. Draw steps branch over every value
// of the first contribution (Range of them) without counting a ply; Reveal steps are
// answered from the state's own secrets. A finished game is a leaf.
func PerftRules(r Rules, depth int) (int64, error) {
	if depth <= 0 || r.Outcome().Over() {
		return 1, nil
	}
	s := r.Next()
	switch s.Kind {
	case StepOver:
		return 1, nil
	case StepDraw:
		var n int64
		for a := 0; a < s.Range; a++ {
			c := r.Clone()
			if _, err := c.Apply(Input{Kind: InputDraw, Values: [2]uint8{uint8(a), 0}}); err != nil {
				return 0, fmt.Errorf("draw %d: %w", a, err)
			}
			k, err := PerftRules(c, depth)
			if err != nil {
				return 0, err
			}
			n += k
		}
		return n, nil
	case StepReveal:
		sec, ok := r.(Secrets)
		if !ok {
			return 0, fmt.Errorf("reveal asked by a game without secrets")
		}
		val, known := sec.Secret(s)
		if !known {
			return 0, fmt.Errorf("secret %v of %v unknown to this state", s.Secret, s.Owner)
		}
		c := r.Clone()
		if _, err := c.Apply(Input{Kind: InputReveal, Player: s.Owner, Secret: val}); err != nil {
			return 0, err
		}
		return PerftRules(c, depth)
	}
	if s.Players == 3 {
		// Joint move: every pair of both players' actions.
		var n int64
		for _, w := range r.Moves(White, nil) {
			c := r.Clone()
			if _, err := c.Apply(Input{Kind: InputMove, Player: White, Move: w}); err != nil {
				return 0, err
			}
			for _, b := range c.Moves(Black, nil) {
				cc := c.Clone()
				if _, err := cc.Apply(Input{Kind: InputMove, Player: Black, Move: b}); err != nil {
					return 0, err
				}
				k, err := PerftRules(cc, depth-1)
				if err != nil {
					return 0, err
				}
				n += k
			}
		}
		return n, nil
	}
	pl := s.OnlyPlayer()
	moves := r.Moves(pl, nil)
	if depth == 1 {
		return int64(len(moves)), nil
	}
	var n int64
	for _, m := range moves {
		c := r.Clone()
		if _, err := c.Apply(Input{Kind: InputMove, Player: pl, Move: m}); err != nil {
			return 0, fmt.Errorf("%v: %w", m, err)
		}
		k, err := PerftRules(c, depth-1)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}
