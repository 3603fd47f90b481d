package main

import "testing"

// Simultaneous chess counts joint moves (every White choice × every Black choice) through
// its own state machine; the figures are those of game/testdata/simultaneous_perft.txt.
func TestPerftSimultaneous(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "2"}, "1323179"},
		{[]string{"-fen", "8/8/8/3kK3/8/8/8/8 w - - 0 1 - - 0", "-depth", "3"}, "7116"},
		{[]string{"-fen", "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 - QNrb 0", "-depth", "2", "-bench"}, "867485"},
	} {
		out, errs, code := run(t, append([]string{"perft", "-variant", "simultaneous"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		if lastLine(out) != c.want {
			t.Errorf("%v: %q, want %s", c.args, lastLine(out), c.want)
		}
	}
	for _, args := range [][]string{
		{"perft", "-variant", "simultaneous", "-divide"},
		{"perft", "-variant", "simultaneous", "-fen", "8/8/8 w - - 0 1"},
	} {
		if _, errs, code := run(t, args...); code == 0 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want an error", args, code, errs)
		}
	}
}
