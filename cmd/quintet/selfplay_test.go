package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// TestSelfplay: every line is a position of forced capture where the side to move has
// nothing to take, with a result of the game it came from; the file is the same
// whatever the number of workers.
func TestSelfplay(t *testing.T) {
	args := []string{"selfplay", "-variant", "forced", "-games", "6", "-nodes", "400", "-seed", "3"}
	out, errs, code := run(t, append(args, "-workers", "1")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if again, _, _ := run(t, append(args, "-workers", "3")...); again != out {
		t.Error("three workers wrote another file than one")
	}
	v, _ := game.Lookup("forced")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 6 {
		t.Fatalf("%d positions of 6 games", len(lines))
	}
	results := map[float64]int{}
	var buf [game.MaxMoves]game.Move
	for _, l := range lines {
		fen, res, _, err := parseSelfplayLine(l)
		if err != nil {
			t.Fatal(err)
		}
		p, err := game.ParseFEN(v, fen)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if n := len(p.Captures(buf[:0])); n > 0 {
			t.Errorf("%s: the side to move has %d captures", fen, n)
		}
		if res != 0 && res != 0.5 && res != 1 {
			t.Errorf("%q: result %v", l, res)
		}
		results[res]++
	}
	if len(results) < 2 {
		t.Errorf("every position has the result of %v", results)
	}
	if _, errs, code := run(t, "selfplay", "-variant", "crown", "-games", "1"); code == 0 {
		t.Errorf("selfplay accepted Crown: %s", errs)
	}
}

// parseSelfplayLine reads one line of runSelfplay's output.
func parseSelfplayLine(line string) (fen string, result float64, score int, err error) {
	f := strings.Split(line, ";")
	if len(f) != 3 {
		return "", 0, 0, fmt.Errorf("line %q: want FEN;RESULT;SCORE", line)
	}
	if result, err = strconv.ParseFloat(f[1], 64); err != nil {
		return "", 0, 0, err
	}
	if result != 0 && result != 0.5 && result != 1 {
		return "", 0, 0, fmt.Errorf("line %q: a result is 0, 0.5 or 1", line)
	}
	if score, err = strconv.Atoi(f[2]); err != nil {
		return "", 0, 0, err
	}
	return f[0], result, score, nil
}
