package rulestext

import (
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// TestDiagramsLoad checks every diagram: its position loads in its game and its squares
// are squares of the board; and every registered game has rules.
func TestDiagramsLoad(t *testing.T) {
	for name, items := range Games {
		for i, it := range items {
			dg := it.Diagram
			if dg == nil {
				continue
			}
			v, err := game.Lookup(name, dg.Options...)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if _, err := game.Load(v, dg.Pos); err != nil {
				t.Errorf("%s item %d: position %q: %v", name, i, dg.Pos, err)
			}
			sqs := dg.Marks
			for _, a := range dg.Arrows {
				sqs = append(sqs, a[0], a[1])
			}
			for _, s := range sqs {
				if sq, err := game.ParseSquare(s); err != nil || !v.OnBoard(sq) {
					t.Errorf("%s item %d: %q is not a square of the board", name, i, s)
				}
			}
		}
	}
	for _, n := range game.Names() {
		if _, ok := Games[n]; !ok {
			t.Errorf("game %s has no rules text", n)
		}
	}
}
