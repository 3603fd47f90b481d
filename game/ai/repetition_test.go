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

// Probabilistic chess, from a game against the plain yardstick at 1 s (arena seed 41,
// game 15): White has won a knight (9.Nxf6) and checks with it, Nf6 and Nd5 back and forth
// while Black's king steps between e8 and e7. A third Nf6 lets Black claim the draw; the
// side a knight up must play on (before, it repeated and the game was drawn).
func TestSearchAheadAvoidsRepetition(t *testing.T) {
	r := play(t, "probabilistic", "rnb1kb1r/pppq1ppp/3pNN2/4p3/5P2/7P/PPPPP1P1/R1BQKB1R b KQ - 0 9",
		"Ke7", "Nd5", "Ke8", "Nf6", "Ke7", "Nd5", "Ke8")
	for _, d := range []int{2, 3, 4} {
		res, err := NewEngine(4).Search(context.Background(), r.View(game.White), Params{Limits: Limits{Depth: d}})
		if err != nil {
			t.Fatal(err)
		}
		if m := r.MoveText(res.Move); m == "Nf6" || res.Score < 100 {
			t.Errorf("depth %d: %s scoring %d; want a move that plays on, a knight up", d, m, res.Score)
		}
	}
}
