package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/gametest"
)

// The sixth game, registered in one file of game/gametest and named nowhere here, is
// played to its end by the AI against itself at the two weakest levels: the
// search, evaluation and tune come from its traits (none: the Chess tune, the default).
func TestSixthGameAIPlaysItself(t *testing.T) {
	v, err := game.Lookup(gametest.HillName)
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range Levels[:2] {
		g, err := game.NewGame(v.Name)
		if err != nil {
			t.Fatal(err)
		}
		eng := [2]*Engine{NewEngine(2), NewEngine(2)}
		for ply := 0; !g.Rules().Outcome().Over(); ply++ {
			if ply > 600 {
				t.Fatalf("level %s: no end after 600 plies: %s", lv.Name, g.Rules().Text())
			}
			c := g.Rules().Next().OnlyPlayer()
			res, err := eng[c].Search(context.Background(), g.Rules().View(c), lv.Params(v, 0, uint64(ply)))
			if err != nil {
				t.Fatalf("level %s ply %d: %v", lv.Name, ply, err)
			}
			if err := g.Apply(game.Input{Kind: game.InputMove, Player: c, Move: res.Move}); err != nil {
				t.Fatalf("level %s ply %d: the AI played %v: %v", lv.Name, ply, res.Move, err)
			}
		}
		o := g.Rules().Outcome()
		t.Logf("level %s: %d plies, %v (%s)", lv.Name, len(g.Entries()), o.Result, o.Reason)
	}
}
