package gametest

import (
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// A king stepping onto the hill wins at once and the game asks nothing more; before,
// the game is chess (its perft from the start is chess's: no king reaches the centre in
// four plies).
func TestHill(t *testing.T) {
	g, err := game.NewGameFrom(mustHill(t), "r3k3/8/8/8/8/8/4K3/7R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Ke3", "Ke7"} {
		c := g.Rules().Next().OnlyPlayer()
		m, err := g.Rules().ParseMove(c, s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
			t.Fatal(err)
		}
	}
	if g.Rules().Outcome().Over() {
		t.Fatal("over before a king reached the hill")
	}
	m, _ := g.Rules().ParseMove(game.White, "Ke4")
	if err := g.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: m}); err != nil {
		t.Fatal(err)
	}
	r := g.Rules()
	if o := r.Outcome(); o.Result != game.WhiteWins || o.Reason != "king on the hill" || r.Next().Kind != game.StepOver || len(r.Moves(game.Black, nil)) != 0 {
		t.Fatalf("after Ke4: %+v, next %v, %d moves", o, r.Next().Kind, len(r.Moves(game.Black, nil)))
	}
	start, err := game.Load(mustHill(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := game.PerftRules(start, 4); err != nil || n != 197281 {
		t.Fatalf("perft 4 = %d, %v; want chess's 197281", n, err)
	}
}

func mustHill(t *testing.T) *game.Variant {
	v, err := game.Lookup(HillName)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
