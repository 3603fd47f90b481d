package game

import (
	"strings"
	"testing"
)

type pillarPerftCase struct {
	line  int
	setup pillarSetup
	text  string
	depth int
	nodes int64
}

// readPillarPerft reads testdata/pillar_perft.txt: "options ; text ; D<n> <count> …".
func readPillarPerft(t *testing.T) []pillarPerftCase {
	var cases []pillarPerftCase
	for _, l := range readPerftFile(t, "pillar_perft.txt") {
		var s pillarSetup
		if l.head != "-" {
			s.opts = strings.Fields(l.head)
		}
		for _, o := range s.opts {
			switch o {
			case "board=8x8":
				s.big = true
			case "combinatorics=on":
				s.combi = true
			case "nodice=on":
				s.nodice = true
			case "promotion=alone":
				s.alone = true
			}
		}
		for i, d := range l.depths {
			cases = append(cases, pillarPerftCase{l.line, s, l.text, d, l.counts[i]})
		}
	}
	return cases
}

// TestPillarPerft checks the suite's counts with the package (PerftRules) and with the
// independent reference generator.
func TestPillarPerft(t *testing.T) {
	for _, c := range readPillarPerft(t) {
		r := loadPillarT(t, c.setup, c.text)
		before := r.Text()
		n, err := PerftRules(r, c.depth)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		if n != c.nodes {
			t.Errorf("line %d: %s %q D%d = %d, want %d", c.line, c.setup, c.text, c.depth, n, c.nodes)
		}
		if f := r.Perft(c.depth); f != c.nodes {
			t.Errorf("line %d: %s %q D%d = %d by make/unmake, want %d", c.line, c.setup, c.text, c.depth, f, c.nodes)
		}
		if r.Text() != before {
			t.Errorf("line %d: perft changed the position", c.line)
		}
		b, err := parsePref(c.text, c.setup.big, c.setup.combi, c.setup.nodice, c.setup.alone)
		if err != nil {
			t.Fatal(err)
		}
		if m := b.perft(c.depth); m != c.nodes {
			t.Errorf("line %d: reference %q D%d = %d, want %d", c.line, c.text, c.depth, m, c.nodes)
		}
	}
}
