package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// TestBalancedOpening: the opening has its plies, is the same for the same seed (both
// games of a pair), and a search at the judge's depth scores it within the margin, while
// the plain random openings of the same seeds are often far outside it.
func TestBalancedOpening(t *testing.T) {
	v, err := game.Lookup("forced")
	if err != nil {
		t.Fatal(err)
	}
	score := func(line []game.Move) int {
		g, err := game.NewGameFrom(v, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range line {
			if err := g.Apply(game.Input{Kind: game.InputMove, Player: g.Next().OnlyPlayer(), Move: m}); err != nil {
				t.Fatalf("%v: %v", line, err)
			}
		}
		r, err := ai.Search(context.Background(), g.Rules().View(g.Next().OnlyPlayer()), ai.Params{Limits: ai.Limits{Depth: 6}})
		if err != nil {
			t.Fatal(err)
		}
		return r.Score
	}
	redrawn := 0
	for seed := uint64(1); seed <= 12; seed++ {
		line, tries, err := balancedOpening(v, newReferee(seed), 4, 60, 6)
		if err != nil {
			t.Fatal(err)
		}
		again, _, _ := balancedOpening(v, newReferee(seed), 4, 60, 6)
		if len(line) != 4 || !slices.Equal(line, again) {
			t.Fatalf("seed %d: %v, then %v", seed, line, again)
		}
		if sc := score(line); abs(sc) > 60 {
			t.Errorf("seed %d: %v scores %d", seed, line, sc)
		}
		redrawn += tries - 1
	}
	if redrawn == 0 {
		t.Error("no random opening of 12 seeds was out of the margin: the judge judges nothing")
	}
	out, errs, code := run(t, "arena", "-variant", "forced", "-a", "greedy", "-b", "random", "-games", "2", "-balance", "60", "-balance-depth", "4")
	if code != 0 || !strings.Contains(out, "judged within 60 centipawns at depth 4") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
	if _, errs, code := run(t, "arena", "-variant", "probabilistic", "-games", "2", "-balance", "60"); code == 0 {
		t.Errorf("-balance accepted for a game of chance: %s", errs)
	}
}
