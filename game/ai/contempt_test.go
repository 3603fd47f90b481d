package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// Probabilistic chess: Black, a pawn down, can return its knight to g8 for the third
// time, a draw White may claim. The search sees the draw (it takes it, at 0, when a draw
// is worth an even game), and a level with contempt for a draw larger than what the pawn
// costs plays on instead.
func TestContemptAvoidsRepetition(t *testing.T) {
	r := play(t, "probabilistic", "4k1n1/ppp5/8/8/8/8/PPP4P/4K1N1 w - - 0 1",
		"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
	back := "Ng8"
	for _, c := range []struct {
		contempt int
		repeat   bool
	}{{0, true}, {200, false}} {
		res, err := NewEngine(4).Search(context.Background(), r.View(game.Black), Params{Limits: Limits{Depth: 3}, Contempt: c.contempt})
		if err != nil {
			t.Fatal(err)
		}
		m := r.MoveText(res.Move)
		if (m == back) != c.repeat || c.repeat && res.Score != 0 || !c.repeat && res.Score <= -c.contempt {
			t.Errorf("contempt %d: %s scoring %d; want the repetition %v", c.contempt, m, res.Score, c.repeat)
		}
	}
}
