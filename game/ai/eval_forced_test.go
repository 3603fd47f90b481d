package ai

import (
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// forcedPositions are positions of forced capture along random games.
func forcedPositions(t *testing.T, n int) []*game.Position {
	t.Helper()
	v, _ := game.Lookup("forced")
	rg := newRNG(5)
	var out []*game.Position
	var buf [game.MaxMoves]game.Move
	for len(out) < n {
		p, err := game.ParseFEN(v, v.Start)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120; ply++ {
			ms := p.LegalMoves(buf[:0])
			if len(ms) == 0 || p.Pieces(game.White, game.King) == 0 || p.Pieces(game.Black, game.King) == 0 {
				break
			}
			p.Make(ms[rg.intn(len(ms))])
			if p.Pieces(game.White, game.King) != 0 && p.Pieces(game.Black, game.King) != 0 {
				out = append(out, p.Clone())
			}
		}
	}
	return out
}

// The trace is the evaluation: the weights times their counts, tapered and scaled as
// the evaluation does, give its score within the rounding of its divisions.
func TestForcedTraceMatchesEval(t *testing.T) {
	v, _ := game.Lookup("forced")
	e := newChessEval(v)
	f := e.forced
	if f == nil {
		t.Fatal("forced capture has no evaluation of its own")
	}
	terms := f.w.terms()
	tr := newForcedTrace(&f.w)
	for _, p := range forcedPositions(t, 3000) {
		tr.reset()
		got := f.eval(p, tr)
		want := tracedScore(tr, terms, f.full)
		if p.Side == game.Black {
			want = -want
		}
		if d := got - int(want); d < -2 || d > 2 {
			t.Fatalf("%s: eval %d, trace %.1f", p.FEN(), got, want)
		}
	}
}

// tracedScore is the score for White that the trace's counts give with the weights.
func tracedScore(tr *forcedTrace, terms []*pair, full int) float64 {
	var mg, eg float64
	for i, c := range tr.coef {
		mg += float64(c * terms[i][0])
		eg += float64(c * terms[i][1])
	}
	s := (mg*float64(tr.phase) + eg*float64(full-tr.phase)) / float64(full)
	i := 0
	if s < 0 {
		i = 1
	}
	if tr.scale[i] {
		s /= 8
	}
	if s > 300 || s < -300 {
		s += float64(tr.bonus[i])
	}
	return s
}
