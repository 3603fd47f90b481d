package game

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestPillarGolden replays testdata/pillar_golden.txt through a Game: every record, every
// announcement and every position must be as written; after each roll every action is of
// the rolled type or below; the game then survives a PGN round trip.
func TestPillarGolden(t *testing.T) {
	f, err := os.Open("testdata/pillar_golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := NewGame("pillar")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		parts := strings.Split(text, " ; ")
		if len(parts) != 4 {
			t.Fatalf("line %d: want input ; record ; events ; position", line)
		}
		in, wantRec, wantEv, wantPos := parts[0], parts[1], parts[2], parts[3]
		r := g.Rules().(*pillarRules)
		if face, ok := strings.CutPrefix(in, "roll "); ok {
			i := strings.Index("KQRNPX", strings.Replace(face, "skip", "X", 1))
			if err := g.Apply(Input{Kind: InputDraw, Values: [2]uint8{uint8(i), 0}}); err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			top := r.cfg.face(r.die)
			for _, m := range r.moves {
				if m.Kind != Pass && (top == NoType || m.Promo2 > top || (m.Kind != Castle && r.pos.At(m.From).Type() > top)) {
					t.Errorf("line %d: %s allowed by a %s face", line, r.moveBody(m), face)
				}
			}
		} else if err := g.PlayText(in); err != nil {
			t.Fatalf("line %d: %s: %v", line, in, err)
		}
		e := g.Entries()[len(g.Entries())-1]
		var ev []string
		for _, x := range e.Record.Events {
			if x.Kind == EventCheck || x.Kind == EventGardez {
				ev = append(ev, x.Text)
			}
		}
		if len(ev) == 0 {
			ev = []string{"-"}
		}
		if e.Record.Text != wantRec || strings.Join(ev, ",") != wantEv || g.Rules().Text() != wantPos {
			t.Errorf("line %d: %s gave %q %v %q,\nwant %q %s %q", line, in, e.Record.Text, ev, g.Rules().Text(), wantRec, wantEv, wantPos)
		}
		n++
	}
	if n < 30 {
		t.Fatalf("golden game has only %d inputs", n)
	}
	h, err := ParsePGN(g.PGN())
	if err != nil || h.Rules().Text() != g.Rules().Text() || h.Rules().Hash() != g.Rules().Hash() {
		t.Fatalf("PGN round trip: %v\n%s", err, g.PGN())
	}
}
