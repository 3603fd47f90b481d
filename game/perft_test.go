package game

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	variant, fen string
	depth        int
	nodes        int64
}

// perftLine is one line of a perft data file: "head ; text ; D1 n ; D2 n …", where head
// names the game or its options and text is the position.
type perftLine struct {
	line       int
	head, text string
	depths     []int
	counts     []int64
}

// readPerftFile reads testdata/name, skipping blank lines and # comments.
func readPerftFile(t testing.TB, name string) []perftLine {
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []perftLine
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		parts := strings.Split(text, ";")
		if len(parts) < 3 {
			t.Fatalf("%s:%d: want head ; text ; D<n> <count>", name, line)
		}
		l := perftLine{line: line, head: strings.TrimSpace(parts[0]), text: strings.TrimSpace(parts[1])}
		for _, d := range parts[2:] {
			f := strings.Fields(d)
			if len(f) != 2 || f[0][0] != 'D' {
				t.Fatalf("%s:%d: bad depth field %q", name, line, d)
			}
			depth, err1 := strconv.Atoi(f[0][1:])
			nodes, err2 := strconv.ParseInt(f[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s:%d: bad depth field %q", name, line, d)
			}
			l.depths, l.counts = append(l.depths, depth), append(l.counts, nodes)
		}
		lines = append(lines, l)
	}
	return lines
}

// readPerftSuite reads testdata/perft.txt: "variant ; fen ; D1 n ; D2 n …" per line.
func readPerftSuite(t testing.TB) []perftCase {
	var cases []perftCase
	for _, l := range readPerftFile(t, "perft.txt") {
		for i, d := range l.depths {
			cases = append(cases, perftCase{l.head, l.text, d, l.counts[i]})
		}
	}
	return cases
}

func TestPerftSuite(t *testing.T) {
	for _, c := range readPerftSuite(t) {
		v, err := Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseFEN(v, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		before, hash := p.FEN(), p.Hash()
		if got := p.Perft(c.depth); got != c.nodes {
			t.Errorf("%s %q depth %d: %d nodes, want %d", c.variant, c.fen, c.depth, got, c.nodes)
		}
		if p.FEN() != before || p.Hash() != hash || p.Ply() != 0 {
			t.Errorf("%s %q: position changed by perft: %s", c.variant, c.fen, p.FEN())
		}
	}
}

// The generic perft through Rules agrees with the fast one (king captures end the game
// in both).
func TestPerftRulesAgrees(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		depth        int
	}{{"chess", kiwipete, 3}, {"forced", StartFEN, 4}, {"forced", "4k3/8/4Q3/8/8/8/8/4K3 w - - 0 1", 3}} {
		v, _ := Lookup(c.variant)
		r, err := NewChessRules(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, err := PerftRules(r, c.depth)
		want := r.Position().Perft(c.depth)
		if err != nil || got != want {
			t.Errorf("%s %s d%d: PerftRules %d (%v), Perft %d", c.variant, c.fen, c.depth, got, err, want)
		}
	}
}
