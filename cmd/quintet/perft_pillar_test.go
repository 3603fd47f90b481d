package main

import (
	"strings"
	"testing"
)

// Pillar chess goes through game.PerftRules: the die face in the position text fixes the
// first roll; deeper turns branch over all faces.
func TestPerftPillar(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "pillar", "-fen", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - K 1", "-depth", "1"}, "31"},
		{[]string{"-variant", "pillar", "-fen", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - X 1", "-depth", "3"}, "11768"},
		{[]string{"-variant", "pillar", "-depth", "1"}, "110"},
		{[]string{"-variant", "pillar", "-options", "board=8x8", "-depth", "1"}, "167"},
		{[]string{"-variant", "pillar", "-options", "board=8x8 combinatorics=on", "-fen", "4k3/8/8/3(pQ)4/8/8/8/4K3 w - - Q 1", "-depth", "1"}, "54"},
	} {
		out, errs, code := run(t, append([]string{"perft"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		if got := lastLine(out); got != c.want {
			t.Errorf("%v: %q, want %s", c.args, got, c.want)
		}
	}
}

func TestPerftPillarDivide(t *testing.T) {
	out, errs, code := run(t, "perft", "-variant", "pillar", "-depth", "1", "-divide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 7 || lines[0] != "draw 0 (rolled K): 31" || lines[5] != "draw 5 (rolled skip, no move): 1" || lines[6] != "110" {
		t.Errorf("divide by faces:\n%s", out)
	}
	out, _, _ = run(t, "perft", "-variant", "pillar", "-fen", "3k2/6/(nP)p4/6/6/3K2 b - a3 P 1", "-depth", "2", "-divide")
	if !strings.Contains(out, "b4xa3ep: ") || lastLine(out) != "20" {
		t.Errorf("divide by moves:\n%s", out)
	}
	if _, errs, code := run(t, "perft", "-variant", "pillar", "-options", "board=9x9"); code == 0 || !strings.Contains(errs, "board") {
		t.Errorf("bad option accepted: %s", errs)
	}
}
