package game

import "testing"

// CrownPlay leaves a state exactly as Apply does (text and hash), for every legal
// action at every move of seeded random games of each Crown kind, and refuses what
// Apply refuses (the other player's move), changing nothing.
func TestCrownPlayIsApply(t *testing.T) {
	stats := map[string]int{}
	for i, opts := range crownCombos {
		crownPlayRandom(t, opts, uint64(40+i), 120, stats, func(g *Game) {
			r := g.Rules().(*crownRules)
			st := r.Next()
			if st.Kind != StepMove {
				return
			}
			c := st.OnlyPlayer()
			for _, m := range r.Moves(c, nil) {
				a, b := r.clone(), r.clone()
				_, err := a.Apply(Input{Kind: InputMove, Player: c, Move: m})
				ok := CrownPlay(b, Input{Kind: InputMove, Player: c, Move: m})
				if ok != (err == nil) || ok && (a.Hash() != b.Hash() || a.Text() != b.Text()) {
					t.Fatalf("%s: %v: Apply %v → %s; CrownPlay %v → %s", r.Text(), m, err, a.Text(), ok, b.Text())
				}
			}
			if ms := r.Moves(c, nil); len(ms) > 0 {
				b := r.clone()
				if CrownPlay(b, Input{Kind: InputMove, Player: c.Other(), Move: ms[0]}) || b.Text() != r.Text() {
					t.Fatalf("%s: the other player's move was played", r.Text())
				}
			}
		})
	}
}
