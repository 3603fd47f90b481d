package ai

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

type tactic struct {
	line    int
	variant string
	fen     string
	plies   int
}

func loadTactics(t *testing.T, name string) []tactic {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ts []tactic
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		parts := strings.Split(l, ";")
		if len(parts) < 3 {
			t.Fatalf("%s:%d: want variant; position; plies", name, n)
		}
		k, err := strconv.Atoi(strings.TrimSpace(parts[2]))
		if err != nil || k < 1 || k%2 == 0 {
			t.Fatalf("%s:%d: plies %q: want an odd number", name, n, parts[2])
		}
		ts = append(ts, tactic{n, strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), k})
	}
	return ts
}

// The solver below is independent of the engine: plain AND/OR search to a fixed depth,
// with the rules' own outcome (king captured, checkmate) as the only knowledge.

// winsWithin reports whether the side to move wins within n plies; if so, by which move.
func winsWithin(r game.Rules, n int) (game.Move, bool) {
	c := r.Next().OnlyPlayer()
	for _, m := range r.Moves(c, nil) {
		if moveWinsWithin(r, m, n) {
			return m, true
		}
	}
	return game.NullMove, false
}

// moveWinsWithin reports whether m, by the side to move, wins within n plies.
func moveWinsWithin(r game.Rules, m game.Move, n int) bool {
	c := r.Next().OnlyPlayer()
	x := r.Clone()
	if _, err := x.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
		return false
	}
	if o := x.Outcome(); o.Over() {
		return o.Result == game.WinFor(c)
	}
	if n <= 1 {
		return false
	}
	// Every reply must lose within n-1 plies.
	for _, reply := range x.Moves(c.Other(), nil) {
		y := x.Clone()
		if _, err := y.Apply(game.Input{Kind: game.InputMove, Player: c.Other(), Move: reply}); err != nil {
			return false
		}
		if o := y.Outcome(); o.Over() {
			if o.Result != game.WinFor(c) {
				return false
			}
			continue
		}
		if _, ok := winsWithin(y, n-2); !ok {
			return false
		}
	}
	return true
}

func TestTactics(t *testing.T) {
	for _, tc := range loadTactics(t, "testdata/tactics.txt") {
		v, err := game.Lookup(tc.variant)
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		r, err := game.Load(v, tc.fen)
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		if _, ok := winsWithin(r, tc.plies); !ok {
			t.Errorf("line %d: the solver finds no win within %d plies: bad data", tc.line, tc.plies)
			continue
		}
		side := r.Next().OnlyPlayer()
		res, err := NewEngine(8).Search(context.Background(), r.View(side), Params{Limits: Limits{Depth: tc.plies + 2, Nodes: 2_000_000}})
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		if !moveWinsWithin(r, res.Move, tc.plies) {
			t.Errorf("line %d (%s %s): AI played %v (score %d, depth %d), which does not win within %d plies",
				tc.line, tc.variant, tc.fen, res.Move, res.Score, res.Depth, tc.plies)
		}
		if res.Score < MateBound {
			t.Errorf("line %d: AI's score %d does not see the win", tc.line, res.Score)
		}
	}
}
