package game

import (
	"bufio"
	"os"
	"strconv"
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
	f, err := os.Open("testdata/pillar_perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []pillarPerftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		parts := strings.Split(text, ";")
		if len(parts) < 3 {
			t.Fatalf("pillar_perft.txt:%d: want options ; text ; D<n> <count>", line)
		}
		var s pillarSetup
		if o := strings.TrimSpace(parts[0]); o != "-" {
			s.opts = strings.Fields(o)
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
		for _, d := range parts[2:] {
			fs := strings.Fields(d)
			if len(fs) != 2 || fs[0][0] != 'D' {
				t.Fatalf("pillar_perft.txt:%d: bad depth field %q", line, d)
			}
			depth, err1 := strconv.Atoi(fs[0][1:])
			nodes, err2 := strconv.ParseInt(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("pillar_perft.txt:%d: bad depth field %q", line, d)
			}
			cases = append(cases, pillarPerftCase{line, s, strings.TrimSpace(parts[1]), depth, nodes})
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
