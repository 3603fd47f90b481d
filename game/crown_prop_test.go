package game

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// crownCombos are every kind with and without paratroopers.
var crownCombos = func() [][]string {
	var out [][]string
	for _, k := range crownKindNames {
		for _, p := range []string{"off", "on"} {
			out = append(out, []string{"kind=" + k, "paratrooper=" + p})
		}
	}
	return out
}()

// crownPick chooses a random action, preferring captures and the sub-variants' powers
// half of the time so that random games reach them.
func crownPick(rng *rand.Rand, r *crownRules, ms []Move) Move {
	if rng.IntN(2) == 0 {
		var hot []Move
		for _, m := range ms {
			if m.Kind != Normal && m.Kind != Double || r.pos.At(m.To) != NoPiece {
				hot = append(hot, m)
			}
		}
		if len(hot) > 0 {
			return hot[rng.IntN(len(hot))]
		}
	}
	return ms[rng.IntN(len(ms))]
}

// crownPlayRandom plays a seeded random game on a referee Game (Playout): the secrets
// are drawn from the RNG as the actions that fix them are picked (crownPick); reveals
// are answered from the referee. check runs after every input; stats counts what
// happened.
func crownPlayRandom(t *testing.T, opts []string, seed uint64, plies int, stats map[string]int, check func(g *Game)) *Game {
	t.Helper()
	g, err := NewGame("crown", opts...)
	if err != nil {
		t.Fatal(err)
	}
	choose := func(g *Game, c Color, ms []Move, rng *rand.Rand) Move {
		m := crownPick(rng, g.Rules().(*crownRules), ms)
		k := m.Kind.String()
		if m.Kind == ParaMove && m.Via != NoSquare {
			k += " capturing first"
		}
		if m.Kind == ParaMove && m.To == NoSquare {
			k += " to reserve"
		}
		stats[k]++
		return m
	}
	asked := g.Next()
	counted := func(g *Game) {
		if es := g.Entries(); es[len(es)-1].Input.Kind == InputReveal {
			stats["reveal "+asked.Secret.String()]++
		}
		asked = g.Next()
		check(g)
	}
	if err := Playout(g, rand.New(rand.NewPCG(seed, 0xC0)), plies, choose, counted); err != nil {
		t.Fatal(err)
	}
	return g
}

// crownFinish ends a game by resignation if it runs, then reveals every secret.
func crownFinish(t *testing.T, g *Game) {
	t.Helper()
	if !g.Outcome().Over() {
		for g.Next().Kind == StepReveal {
			v, _ := g.Rules().(Secrets).Secret(g.Next())
			if err := g.Apply(Input{Kind: InputReveal, Secret: v}); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Outcome().Over() {
			if err := g.Apply(Input{Kind: InputResign, Player: g.Position().Side}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for st := g.Next(); st.Kind == StepReveal; st = g.Next() {
		v, ok := g.Rules().(Secrets).Secret(st)
		if !ok {
			t.Fatalf("final reveal %+v unknown", st)
		}
		if err := g.Apply(Input{Kind: InputReveal, Secret: v}); err != nil {
			t.Fatal(err)
		}
	}
}

func (k SecretKind) String() string {
	return [...]string{"none", "crown", "mine", "square", "half"}[k]
}

func (k MoveKind) String() string {
	return [...]string{"normal", "double", "en passant", "castle", "pass", "drop", "choose", "stone",
		"hide", "split", "paratrooper", "strike", "decline", "defence"}[k]
}

// TestCrownRandomGames: over seeded random games of every combination, after every input
// the position text reads back to the same state, the incremental hash is right and the
// views never leak; at the end the ply log replays to the same hashes and the PGN reads
// back to the same game.
func TestCrownRandomGames(t *testing.T) {
	seeds, plies := uint64(12), 300
	if testing.Short() {
		seeds = 4
	}
	for _, opts := range crownCombos {
		stats := map[string]int{}
		for seed := uint64(0); seed < seeds; seed++ {
			var hashes []uint64
			g := crownPlayRandom(t, opts, seed, plies, stats, func(g *Game) {
				r := g.Rules().(*crownRules)
				hashes = append(hashes, r.Hash())
				crownCheckState(t, r)
			})
			crownFinish(t, g)
			stats[g.Outcome().Reason]++
			// Replay the ply log.
			rr, _ := Load(g.Variant(), "")
			for i, e := range g.Entries() {
				if _, err := rr.Apply(e.Input); err != nil {
					t.Fatalf("%v seed %d: replaying input %d: %v", opts, seed, i, err)
				}
				if i < len(hashes) && rr.Hash() != hashes[i] {
					t.Fatalf("%v seed %d: replay differs at input %d", opts, seed, i)
				}
			}
			if rr.Hash() != g.Rules().Hash() || rr.Text() != g.Rules().Text() {
				t.Fatalf("%v seed %d: replay ends elsewhere", opts, seed)
			}
			// PGN round trip: every secret was revealed, so the import knows them all too.
			text := g.PGN()
			h, err := ParsePGN(text)
			if err != nil {
				t.Fatalf("%v seed %d: %v\n%s", opts, seed, err, text)
			}
			if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() || h.PGN() != text {
				t.Fatalf("%v seed %d: PGN round trip differs\n%s\n%s\n%s", opts, seed, text, g.Rules().Text(), h.Rules().Text())
			}
			if strings.Contains(g.Rules().Text(), "?") {
				t.Fatalf("%v seed %d: secrets left unrevealed at the end: %s", opts, seed, g.Rules().Text())
			}
		}
		t.Logf("%v: %v", opts, stats)
		// The random games must reach what the kind is about.
		need := map[string][]string{
			"kind=stones": {"stone", "reveal mine"}, "kind=hidden": {"hide", "reveal square"},
			"kind=split": {"split", "reveal half"}, "paratrooper=on": {"drop", "paratrooper capturing first", "paratrooper to reserve"},
		}
		for _, o := range append(opts, "kind=base") {
			for _, k := range need[o] {
				if stats[k] == 0 && !testing.Short() {
					t.Errorf("%v: the random games never had %q", opts, k)
				}
			}
		}
		if stats["reveal crown"] == 0 || stats["castle"] == 0 {
			t.Errorf("%v: no crown reveal or castling in the random games", opts)
		}
	}
}

// crownCheckState checks one state: text round trip, hash, notation, and views.
func crownCheckState(t *testing.T, r *crownRules) {
	t.Helper()
	text := r.Text()
	l, err := Load(r.pos.V, text)
	if err != nil {
		t.Fatalf("reading own text %q: %v", text, err)
	}
	if l.Text() != text || l.Hash() != r.Hash() || l.Next() != r.Next() || l.Outcome() != r.Outcome() {
		t.Fatalf("text round trip:\n%s\n%s", text, l.Text())
	}
	if r.pos.computeHash() != r.pos.hash {
		t.Fatalf("incremental hash differs: %s", text)
	}
	st := r.Next()
	if st.Kind == StepMove {
		pl := st.OnlyPlayer()
		ms, lm := r.Moves(pl, nil), l.Moves(pl, nil)
		if !slices.Equal(ms, lm) {
			t.Fatalf("moves differ after reading %s", text)
		}
		// Actions' notation reads back to them (sealed when they have a secret): a few
		// per position, every one over the games.
		for i, m := range ms {
			if (i+len(r.reps))%7 != 0 {
				continue
			}
			for _, s := range []string{r.MoveText(m), r.moveToken(m), crownUCI(m)} {
				got, err := r.ParseMove(pl, s)
				if err != nil || got != crownSeal(m) {
					t.Fatalf("%q (%v) reads as %v, %v in %s", s, m, got, err, text)
				}
			}
			if crownHasSecret(m) {
				got, err := r.ParseMove(pl, r.moveToken(m)+":"+crownSecretText(m))
				if err != nil || got != m {
					t.Fatalf("%q with its secret reads as %v, %v", r.moveToken(m), got, err)
				}
			}
		}
	}
	for p := White; p <= Black; p++ {
		crownCheckView(t, r, p)
	}
}

// crownCheckView: the view of player p is the same whatever the opponent's unrevealed
// secrets are, says nothing about them, and asks what the referee asks.
func crownCheckView(t *testing.T, r *crownRules, p Color) {
	t.Helper()
	o := p.Other()
	v := r.View(p).(*crownRules)
	twin := r.clone()
	s := &twin.side[o]
	if !s.crownPublic && s.crownKnown {
		s.crown ^= 1
	}
	for i := range s.stones {
		if !s.stones[i].public {
			s.stones[i].mined = !s.stones[i].mined
		}
	}
	if s.hid && !s.hidePublic {
		s.hideSq = (s.hideSq + 1) % 64
	}
	if s.split && !s.halfPublic {
		s.half ^= 1
	}
	tv := twin.View(p).(*crownRules)
	if v.Text() != tv.Text() || v.Hash() != tv.Hash() || v.Next() != r.Next() {
		t.Fatalf("%v's view depends on %v's secrets:\n%s\n%s", p, o, v.Text(), tv.Text())
	}
	st := r.Next()
	if st.Kind == StepMove {
		pl := st.OnlyPlayer()
		a, b := v.Moves(pl, nil), tv.Moves(pl, nil)
		if !slices.Equal(a, b) {
			t.Fatalf("%v's view lists different moves for %v", p, pl)
		}
		for _, m := range a {
			if v.MoveText(m) != tv.MoveText(m) {
				t.Fatalf("move text depends on secrets")
			}
		}
	}
	// The view cannot answer the opponent's unrevealed secrets.
	vs := &v.side[o]
	asks := []Step{}
	if vs.chosen && !vs.crownPublic {
		asks = append(asks, Step{Kind: StepReveal, Owner: o, Secret: SecretCrown, Square: NoSquare})
	}
	for _, x := range vs.stones {
		if x.state != stoneReserve && !x.public {
			asks = append(asks, Step{Kind: StepReveal, Owner: o, Secret: SecretMine, Square: x.sq})
		}
	}
	if vs.hid && !vs.hidePublic {
		asks = append(asks, Step{Kind: StepReveal, Owner: o, Secret: SecretSquare, Square: NoSquare},
			Step{Kind: StepReveal, Owner: o, Secret: SecretSquare, Square: r.side[o].hideSq})
	}
	if vs.split && !vs.halfPublic {
		asks = append(asks, Step{Kind: StepReveal, Owner: o, Secret: SecretHalf, Square: NoSquare})
	}
	for _, a := range asks {
		if _, ok := v.Secret(a); ok {
			t.Fatalf("%v's view answers %v's %v", p, o, a.Secret)
		}
	}
	// Its own secrets it knows as the referee does.
	own := r.side[p]
	if own.chosen && own.crownKnown && !v.side[p].crownKnown {
		t.Fatalf("%v's view forgot its own crown", p)
	}
}

// TestCrownViewsPlay plays random games the way two peers would: each holds only its
// own view, sends its moves sealed to the other, answers reveals from its own secrets.
// Both views must stay equal to the referee's views of the same game, and every record
// must read the same in all three.
func TestCrownViewsPlay(t *testing.T) {
	for _, opts := range crownCombos {
		for seed := uint64(0); seed < 6; seed++ {
			ref := crownLoad(t, strings.Join(opts, " "), "")
			views := [2]Rules{ref.View(White), ref.View(Black)}
			rng := rand.New(rand.NewPCG(seed, 0x5EE))
			for i := 0; i < 400 && ref.Next().Kind != StepOver; i++ {
				st := ref.Next()
				var ins [3]Input // referee, White's view, Black's view
				if st.Kind == StepReveal {
					// The owner's view answers; at the end a finished game asks too.
					v, ok := views[st.Owner].(Secrets).Secret(st)
					rv, _ := ref.Secret(st)
					if !ok || v != rv {
						t.Fatalf("%v seed %d: %v's view answers %d,%v; referee %d", opts, seed, st.Owner, v, ok, rv)
					}
					in := Input{Kind: InputReveal, Secret: v}
					ins = [3]Input{in, in, in}
				} else {
					pl := st.OnlyPlayer()
					own := views[pl].Moves(pl, nil)
					m := crownPick(rng, views[pl].(*crownRules), own)
					in := Input{Kind: InputMove, Player: pl, Move: m}
					sealed := in
					sealed.Move = crownSeal(m)
					ins = [3]Input{in, in, in}
					ins[1+int(pl.Other())] = sealed
				}
				var recs [3]Record
				for k, r := range []Rules{ref, views[White], views[Black]} {
					rec, err := r.Apply(ins[k])
					if err != nil {
						t.Fatalf("%v seed %d: state %d refuses %+v: %v\n%s", opts, seed, k, ins[k], err, r.Text())
					}
					recs[k] = rec
				}
				if recs[0].Text != recs[1].Text || recs[0].Text != recs[2].Text || recs[0].PGN != recs[2].PGN {
					t.Fatalf("%v seed %d: records differ: %+v", opts, seed, recs)
				}
				for p := White; p <= Black; p++ {
					want := ref.View(p)
					if views[p].Text() != want.Text() || views[p].Hash() != want.Hash() || views[p].Next() != ref.Next() {
						t.Fatalf("%v seed %d: %v's view drifted:\n%s\n%s", opts, seed, p, views[p].Text(), want.Text())
					}
				}
			}
		}
	}
}

// TestCrownGuess: filling a view's unknown opponent secrets with the true values gives
// the referee's state back; an impossible guess is refused.
func TestCrownGuess(t *testing.T) {
	for _, opts := range crownCombos {
		for seed := uint64(20); seed < 24; seed++ {
			crownPlayRandom(t, opts, seed, 150, map[string]int{}, func(g *Game) {
				r := g.Rules().(*crownRules)
				for p := White; p <= Black; p++ {
					o := p.Other()
					s := &r.side[o]
					var mined []bool
					for _, x := range s.stones {
						if x.state != stoneReserve && !x.public {
							mined = append(mined, x.mined)
						}
					}
					got, err := CrownGuess(r.View(p), o, King+PieceType(s.crown), mined, s.hideSq, HalfOrth+PieceType(s.half))
					if err != nil {
						t.Fatalf("%v: guessing the truth: %v\n%s", opts, err, r.Text())
					}
					if got.Hash() != r.Hash() || got.Text() != r.Text() {
						t.Fatalf("%v: the guess differs from the referee:\n%s\n%s", opts, got.Text(), r.Text())
					}
					if s.hid && !s.hidePublic {
						if _, err := CrownGuess(r.View(p), o, King, mined, s.proven.First(), HalfOrth); err == nil {
							t.Fatal("a hidden crown on a proven square accepted")
						}
					}
					if len(mined) > 0 {
						all := make([]bool, len(mined))
						for i := range all {
							all[i] = true
						}
						if _, err := CrownGuess(r.View(p), o, King+PieceType(s.crown), append(all, true), s.hideSq, HalfOrth); len(mined) > 1 && err == nil {
							t.Fatal("two mined stones accepted")
						}
					}
				}
			})
		}
	}
}
