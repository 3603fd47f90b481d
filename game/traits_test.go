package game

import (
	"slices"
	"testing"
)

// The games' traits hold with their options too (Lookup with options builds a new
// Variant), since the AI and the screens choose by them.
func TestTraitsWithOptions(t *testing.T) {
	for _, c := range []struct {
		name string
		opts []string
		want Traits
	}{
		{"chess", nil, Traits{}},
		{"forced", nil, Traits{}},
		{"crown", []string{"kind=hidden", "paratrooper=on"}, Traits{Secrets: true}},
		{"probabilistic", []string{"table=values"}, Traits{Attempts: true}},
		{"pillar", []string{"board=8x8"}, Traits{TurnDie: true}},
		{"simultaneous", []string{"noprogress=off"}, Traits{Joint: true}},
	} {
		for _, opts := range [][]string{nil, c.opts} {
			v, err := Lookup(c.name, opts...)
			if err != nil {
				t.Fatal(err)
			}
			if v.Traits != c.want {
				t.Errorf("%s %v: traits %+v, want %+v", c.name, opts, v.Traits, c.want)
			}
		}
	}
}

func TestMenu(t *testing.T) {
	m := Menu()
	if len(m) != len(Names()) || m[0] != "chess" || m[1] != "forced" || !slices.IsSorted(m[2:]) {
		t.Errorf("Menu() = %v, want chess, forced, then the rest by name", m)
	}
}
