package game

import (
	"reflect"
	"testing"
)

// TestKnownHidesOnlyTheSecret plays, for every kind of secret, the same public action
// with each secret value and checks that the other player's log (Known) is the same
// whatever the value, while the mover's own log keeps it.
func TestKnownHidesOnlyTheSecret(t *testing.T) {
	cases := []struct {
		name, opts, start string
		a, b              string // the same public action, two secrets
	}{
		{"crown choice", "", "", "crown:K", "crown:D"},
		{"mined stone", "kind=stones", "4k3/8/8/8/8/8/8/3DK3 b - - 0 10 crown=kK monarchs=e1d1/e8 lost=b", "S@e4:1", "S@e4:0"},
		{"hidden square", "kind=hidden", "r2dk3/8/8/8/8/8/7P/4K3 w - - 0 10 crown=Kd monarchs=e1/e8d8 lost=w", "hide:c5", "hide:d5"},
		{"crowned half", "kind=split", "4k3/8/8/8/4K3/8/8/r7 w - - 0 10 crown=Kk monarchs=e4/e8 lost=w", "Ke4/Xf5:O", "Ke4/Xf5:X"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			play := func(text string) (*Game, Color) {
				v, err := Lookup("crown", fieldsOf(c.opts)...)
				if err != nil {
					t.Fatal(err)
				}
				g, err := NewGameFrom(v, c.start)
				if err != nil {
					t.Fatal(err)
				}
				mover := g.Next().OnlyPlayer()
				if err := g.PlayText(text); err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				return g, mover
			}
			ga, mover := play(c.a)
			gb, _ := play(c.b)
			ka, kb := ga.Known(mover.Other()), gb.Known(mover.Other())
			if !reflect.DeepEqual(ka, kb) {
				t.Fatalf("the other player's log depends on the secret:\n%+v\n%+v", ka, kb)
			}
			if reflect.DeepEqual(ga.Known(mover), gb.Known(mover)) {
				t.Fatal("the mover's own log lost its secret")
			}
			if !reflect.DeepEqual(ga.Known(mover), ga.Entries()) {
				t.Fatal("the mover's own log differs from the referee's")
			}
		})
	}
}

// TestKnownSealedChoice: in simultaneous chess the first choice of a turn is nobody
// else's business until the second resolves both.
func TestKnownSealedChoice(t *testing.T) {
	first := func(uci string) *Game {
		g, err := NewGame("simultaneous")
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.Rules().ParseMove(Black, uci)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(Input{Kind: InputMove, Player: Black, Move: m}); err != nil {
			t.Fatal(err)
		}
		return g
	}
	ga, gb := first("a7a5"), first("e7e5")
	if k := ga.Known(White); len(k) != 0 || !reflect.DeepEqual(k, gb.Known(White)) {
		t.Fatalf("White knows Black's sealed choice: %+v", k)
	}
	if k := ga.Known(Black); len(k) != 1 || k[0].Input.Move.To != Sq(0, 4) {
		t.Fatalf("Black's own choice missing from its log: %+v", k)
	}
	m, err := ga.Rules().ParseMove(White, "e2e4")
	if err != nil {
		t.Fatal(err)
	}
	if err := ga.Apply(Input{Kind: InputMove, Player: White, Move: m}); err != nil {
		t.Fatal(err)
	}
	for c := White; c <= Black; c++ {
		if k := ga.Known(c); len(k) != 2 {
			t.Fatalf("%v after the turn resolved: %d entries, want both choices", c, len(k))
		}
	}
}

func fieldsOf(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
