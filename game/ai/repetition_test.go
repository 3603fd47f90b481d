package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// Probabilistic chess: Black, a pawn down, can return its knight to g8 for the third
// time, a draw White may claim (and Black too). The search sees the draw and takes it,
// at 0, over the lost pawn's score (before, it looked past the repetition and played on).
func TestSearchSeesRepetition(t *testing.T) {
	r := play(t, "probabilistic", "4k1n1/ppp5/8/8/8/8/PPP4P/4K1N1 w - - 0 1",
		"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
	res, err := NewEngine(4).Search(context.Background(), r.View(game.Black), Params{Limits: Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.MoveText(res.Move); m != "Ng8" || res.Score != 0 {
		t.Errorf("%s scoring %d; want Ng8, the draw, at 0", m, res.Score)
	}
}
