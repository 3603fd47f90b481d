package gametest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// The properties every registered game must have, driven by the registry (game.Names,
// each with every value of its options that have a few): a new game gets them by being
// registered. Each test plays seeded games through game.Playout, leaning to captures so
// that games end, and checks after every input:
//
//   - the position text reads back to the same text and hash;
//   - a player's view and log (game.Game.Known) are the same whichever of the actions
//     the player cannot tell apart the opponent took: another secret value of a sealed
//     action (game.Sealer), another choice at a step that asks both at once;
//   - a view cannot answer the reveal of the opponent's secret;
//   - now and then, the AI, given a player's view, returns an action the referee takes;
//
// and at the end that replaying the log reproduces every hash, and that the finished
// game's PGN reads back to the same game and writes back the same words.

// setups are the games and option sets played: each game as it starts, and once with
// each value of an option that has at most four.
func setups(t *testing.T) []*game.Variant {
	var vs []*game.Variant
	for _, n := range game.Names() {
		v, err := game.Lookup(n)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
		for _, o := range v.OptionHelp {
			if len(o.Values) > 4 {
				continue
			}
			for _, val := range o.Values {
				if val == o.Default {
					continue
				}
				w, err := game.Lookup(n, o.Key+"="+val)
				if err != nil {
					t.Fatalf("%s %s=%s: %v", n, o.Key, val, err)
				}
				vs = append(vs, w)
			}
		}
	}
	return vs
}

func setupName(v *game.Variant) string {
	s := v.Name
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range v.Options {
			if !yield(k) {
				return
			}
		}
	}) {
		s += " " + k + "=" + v.Options[k]
	}
	return s
}

// capturing picks a capture half of the time when there is one.
func capturing(g *game.Game, c game.Color, ms []game.Move, rng *rand.Rand) game.Move {
	if rng.IntN(2) == 0 {
		p := g.Position()
		var caps []game.Move
		for _, m := range ms {
			if m.To < game.NoSquare && p.At(m.To) != game.NoPiece && p.At(m.To).Color() != c {
				caps = append(caps, m)
			}
		}
		if len(caps) > 0 {
			return caps[rng.IntN(len(caps))]
		}
	}
	return ms[rng.IntN(len(ms))]
}

// lookAlike are the actions other than m in ms that c's opponent cannot tell from m.
func lookAlike(g *game.Game, c game.Color, m game.Move, ms []game.Move) []game.Move {
	var out []game.Move
	joint := g.Next().Players == 3
	s, sealed := g.Rules().(game.Sealer)
	for _, m2 := range ms {
		if m2 != m && (joint || sealed && s.Seal(m2) == s.Seal(m)) {
			out = append(out, m2)
		}
	}
	return out
}

// seenBy is what player o may see of g: its view's text, hash and actions, and its log.
func seenBy(g *game.Game, o game.Color) string {
	v := g.Rules().View(o)
	var log []string
	for _, e := range g.Known(o) {
		log = append(log, fmt.Sprintf("%+v", e.Input))
	}
	return fmt.Sprintf("%s %x %v %v", v.Text(), v.Hash(), v.Moves(o, nil), log)
}

func TestEveryGameProperties(t *testing.T) {
	for _, v := range setups(t) {
		t.Run(setupName(v), func(t *testing.T) {
			ended, alike, searched := 0, 0, 0
			for seed := range uint64(3) {
				g, err := game.NewGameFrom(v, "")
				if err != nil {
					t.Fatal(err)
				}
				hashes := []uint64{g.Rules().Hash()}
				eng := ai.NewEngine(1)
				choose := func(g *game.Game, c game.Color, ms []game.Move, rng *rand.Rand) game.Move {
					m := capturing(g, c, ms, rng)
					others := lookAlike(g, c, m, ms)
					if len(others) > 0 {
						alike++
						m2 := others[rng.IntN(len(others))]
						a, b := g.Clone(), g.Clone()
						if err := a.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
							t.Fatal(err)
						}
						if err := b.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m2}); err != nil {
							t.Fatal(err)
						}
						if sa, sb := seenBy(a, c.Other()), seenBy(b, c.Other()); sa != sb {
							t.Fatalf("%v sees %v's %v and %v apart:\n%s\n%s", c.Other(), c, m, m2, sa, sb)
						}
					}
					if len(g.Entries())%15 == 7 {
						searched++
						res, err := eng.Search(context.Background(), g.Rules().View(c), ai.Params{Player: c, Limits: ai.Limits{Depth: 2, Nodes: 3000}, Seed: rng.Uint64()})
						if err != nil {
							t.Fatalf("the AI for %v: %v at %s", c, err, g.Rules().Text())
						}
						if err := g.Clone().Apply(game.Input{Kind: game.InputMove, Player: c, Move: res.Move}); err != nil {
							t.Fatalf("the AI for %v chose %v, which the referee refuses: %v at %s", c, res.Move, err, g.Rules().Text())
						}
					}
					return m
				}
				check := func(g *game.Game) {
					r := g.Rules()
					hashes = append(hashes, r.Hash())
					q, err := game.Load(v, r.Text())
					if err != nil {
						t.Fatalf("reading its own text %q: %v", r.Text(), err)
					}
					if q.Text() != r.Text() || q.Hash() != r.Hash() {
						t.Fatalf("text round trip: %q (%x) read back as %q (%x)", r.Text(), r.Hash(), q.Text(), q.Hash())
					}
					if st := r.Next(); st.Kind == game.StepReveal {
						if s, ok := r.View(st.Owner.Other()).(game.Secrets); ok {
							if _, known := s.Secret(st); known {
								t.Fatalf("%v's view answers the reveal of %v's secret %v at %s", st.Owner.Other(), st.Owner, st.Secret, r.Text())
							}
						}
					}
				}
				rng := rand.New(rand.NewPCG(seed, 18))
				if err := game.Playout(g, rng, 300, choose, check); err != nil {
					t.Fatal(err)
				}
				if g.Outcome().Over() {
					ended++
				}
				finish(t, g, rng, check)
				// Replay.
				r, err := game.Load(v, "")
				if err != nil {
					t.Fatal(err)
				}
				for i, e := range g.Entries() {
					if _, err := r.Apply(e.Input); err != nil {
						t.Fatalf("replay input %d %+v: %v", i+1, e.Input, err)
					}
					if r.Hash() != hashes[i+1] {
						t.Fatalf("replay input %d: hash %x, played %x", i+1, r.Hash(), hashes[i+1])
					}
				}
				// PGN.
				text := g.PGN()
				h, err := game.ParsePGN(text)
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, text)
				}
				if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() || len(h.Entries()) != len(g.Entries()) {
					t.Fatalf("seed %d: the PGN reads back as another game: %v vs %v\n%s", seed, h.Outcome(), g.Outcome(), text)
				}
				// The words must be the same; where lines break may not be, the first time
				// (a joint turn the second player sealed first is one word for the line
				// breaker, two once imported), and is from then on.
				if again := h.PGN(); strings.Join(strings.Fields(again), " ") != strings.Join(strings.Fields(text), " ") {
					t.Fatalf("seed %d: the PGN does not write back the same:\n%s\n---\n%s", seed, text, again)
				}
				if h2, err := game.ParsePGN(h.PGN()); err != nil || h2.PGN() != h.PGN() {
					t.Fatalf("seed %d: the PGN of an imported game does not write back the same (%v)", seed, err)
				}
			}
			t.Logf("3 games, %d ended by play; %d choices checked against a look-alike; %d searches", ended, alike, searched)
		})
	}
}

// finish ends a game still running by a resignation (once the step in hand allows it)
// and answers whatever the game still asks: the final reveals.
func finish(t *testing.T, g *game.Game, rng *rand.Rand, check func(*game.Game)) {
	t.Helper()
	for i := 0; !g.Outcome().Over(); i++ {
		st := g.Next()
		if st.Kind == game.StepMove && g.Apply(game.Input{Kind: game.InputResign, Player: st.OnlyPlayer()}) == nil {
			check(g)
			break
		}
		if i > 20 {
			t.Fatalf("cannot end the game at %s", g.Rules().Text())
		}
		if err := game.Playout(g, rng, 1, nil, check); err != nil {
			t.Fatal(err)
		}
	}
	if err := game.Playout(g, rng, 1000, nil, check); err != nil {
		t.Fatal(err)
	}
	if st := g.Next(); st.Kind != game.StepOver {
		t.Fatalf("the game ended but still asks a %v", st.Kind)
	}
}
