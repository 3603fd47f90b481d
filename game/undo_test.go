package game

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// undoSame says how two states differ ("" if they do not): hash, text, outcome, step and
// both players' actions.
func undoSame(a, b Rules) string {
	switch {
	case a.Hash() != b.Hash():
		return "hash"
	case a.Text() != b.Text():
		return "text " + a.Text() + " vs " + b.Text()
	case a.Outcome() != b.Outcome():
		return "outcome"
	case a.Next() != b.Next():
		return "step"
	}
	for c := White; c <= Black; c++ {
		if !slices.Equal(a.Moves(c, nil), b.Moves(c, nil)) {
			return "moves of " + c.String()
		}
	}
	return ""
}

// undoInputs are every input the state's step accepts: each action, or each draw value.
func undoInputs(r Rules) []Input {
	st := r.Next()
	var ins []Input
	switch st.Kind {
	case StepDraw:
		for a := 0; a < st.Range; a++ {
			ins = append(ins, Input{Kind: InputDraw, Values: [2]uint8{uint8(a), 0}})
		}
	case StepMove:
		c := st.OnlyPlayer()
		for _, m := range r.Moves(c, nil) {
			ins = append(ins, Input{Kind: InputMove, Player: c, Move: m})
		}
	}
	return ins
}

// testUndo walks random games of v: at every state each input played in place gives the
// state Clone and Apply give, and Undo restores the state; a random line a few inputs
// deep played and taken back restores it too.
func testUndo(t *testing.T, v *Variant, games, plies int) {
	t.Helper()
	for seed := uint64(0); seed < uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 17))
		r, err := Load(v, "")
		if err != nil {
			t.Fatal(err)
		}
		u := r.(Undoer)
		for ply := 0; ply < plies && !r.Outcome().Over(); ply++ {
			before := r.Clone()
			ins := undoInputs(r)
			for _, in := range ins {
				want := r.Clone()
				if _, err := want.Apply(in); err != nil {
					t.Fatalf("seed %d: %q: apply %+v: %v", seed, r.Text(), in, err)
				}
				u.Play(in)
				if d := undoSame(r, want); d != "" {
					t.Fatalf("seed %d: %q: play %+v differs from apply: %s", seed, before.Text(), in, d)
				}
				u.Undo()
				if d := undoSame(r, before); d != "" {
					t.Fatalf("seed %d: %q: undo of %+v differs: %s", seed, before.Text(), in, d)
				}
			}
			// A line of up to six inputs, taken back.
			n := 0
			for ; n < 6 && !r.Outcome().Over(); n++ {
				l := undoInputs(r)
				u.Play(l[rng.IntN(len(l))])
			}
			for ; n > 0; n-- {
				u.Undo()
			}
			if d := undoSame(r, before); d != "" {
				t.Fatalf("seed %d: %q: a line taken back differs: %s", seed, before.Text(), d)
			}
			if _, err := r.Apply(ins[rng.IntN(len(ins))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestProbUndo(t *testing.T) {
	for _, opts := range [][]string{nil, {"table=values"}} {
		v, err := Lookup("probabilistic", opts...)
		if err != nil {
			t.Fatal(err)
		}
		testUndo(t, v, 12, 160)
	}
}

func TestPillarUndo(t *testing.T) {
	for _, opts := range [][]string{nil, {"board=8x8"}, {"combinatorics=on"}, {"nodice=on"}} {
		v, err := Lookup("pillar", opts...)
		if err != nil {
			t.Fatal(err)
		}
		testUndo(t, v, 8, 160)
	}
}

// Play and Undo allocate nothing once the buffers have grown.
func TestUndoAllocs(t *testing.T) {
	for _, name := range []string{"probabilistic", "pillar"} {
		v, _ := Lookup(name)
		r, err := Load(v, "")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < 30 && !r.Outcome().Over(); i++ {
			ins := undoInputs(r)
			if _, err := r.Apply(ins[rng.IntN(len(ins))]); err != nil {
				t.Fatal(err)
			}
		}
		u := r.(Undoer)
		ins := undoInputs(r)
		allocs := testing.AllocsPerRun(20, func() {
			for _, in := range ins {
				u.Play(in)
				u.Undo()
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %.0f allocations per round of Play and Undo over %d inputs, want none", name, allocs, len(ins))
		}
	}
}
