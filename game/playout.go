package game

import (
	"fmt"
	"math/rand/v2"
)

// Chooser picks player c's action among its legal actions ms (never empty) in game g.
type Chooser func(g *Game, c Color, ms []Move, rng *rand.Rand) Move

// Uniform is the Chooser of any legal action with equal chance.
func Uniform(g *Game, c Color, ms []Move, rng *rand.Rand) Move { return ms[rng.IntN(len(ms))] }

// Playout plays game g on for up to steps steps as a referee that holds every secret,
// seeded by rng, so that a test or a tool gets a game of any registered game without
// knowing it: a draw's values come from rng (one for a die, one per player otherwise),
// a reveal is answered with the referee's secret, and each player asked chooses with
// choose (nil: Uniform) — both, in an order drawn from rng, at a step that asks both at
// once. check, if set, runs after every input. It stops when the game asks nothing more
// (StepOver: a game whose outcome is decided may still ask the final reveals).
func Playout(g *Game, rng *rand.Rand, steps int, choose Chooser, check func(*Game)) error {
	if choose == nil {
		choose = Uniform
	}
	apply := func(in Input) error {
		if err := g.Apply(in); err != nil {
			return fmt.Errorf("%s: %+v: %w", g.Rules().Text(), in, err)
		}
		if check != nil {
			check(g)
		}
		return nil
	}
	for i := 0; i < steps; i++ {
		st := g.Next()
		switch st.Kind {
		case StepOver:
			return nil
		case StepDraw:
			in := Input{Kind: InputDraw}
			in.Values[0] = uint8(rng.IntN(st.Range))
			if st.Draw != DrawDie {
				in.Values[1] = uint8(rng.IntN(st.Range))
			}
			if err := apply(in); err != nil {
				return err
			}
		case StepReveal:
			s, ok := g.Rules().(Secrets)
			if !ok {
				return fmt.Errorf("%s asks a reveal but keeps no secrets", g.Variant().Name)
			}
			v, ok := s.Secret(st)
			if !ok {
				return fmt.Errorf("the referee does not know %+v: %s", st, g.Rules().Text())
			}
			if err := apply(Input{Kind: InputReveal, Player: st.Owner, Secret: v}); err != nil {
				return err
			}
		case StepMove:
			order := []Color{st.OnlyPlayer()}
			if st.Players == 3 {
				first := Color(rng.IntN(2))
				order = []Color{first, first.Other()}
			}
			for _, c := range order {
				ms := g.LegalMoves(c)
				if len(ms) == 0 {
					return fmt.Errorf("%v is asked to move and has no action: %s", c, g.Rules().Text())
				}
				if err := apply(Input{Kind: InputMove, Player: c, Move: choose(g, c, ms, rng)}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
