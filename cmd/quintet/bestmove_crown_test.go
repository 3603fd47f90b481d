package main

import (
	"strings"
	"testing"
)

// The source's Crown problem (seeds 001): White wins in 4 whichever black monarch is
// crowned, only by 1.Ng6. 1.Ra8 mates in 3 in each world alone but not when the crown
// is unknown. bestmove plays the fork and claims the mate in 4 it proved (in 0.3 s on
// an idle machine at the default 2 s budget).
func TestBestmoveCrownProblem(t *testing.T) {
	// A node limit, not the default time, so that a busy machine cannot change the answer.
	out, errs, code := run(t, "bestmove", "-variant", "crown", "-nodes", "300000", "-fen", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1 crown=k?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if l := lastLine(out); l != "h4g6" {
		t.Errorf("bestmove %q, want h4g6\n%s", l, out)
	}
	if !strings.Contains(out, "score mate 4 ") {
		t.Errorf("no mate 4 claimed:\n%s", out)
	}
}
