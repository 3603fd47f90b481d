package match

import (
	"slices"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// TestForcedPass: in pillar chess a die face that leaves a person no move passes by
// itself — the person is never asked to press Pass — and a takeback goes past such
// passes to the person's last real move.
func TestForcedPass(t *testing.T) {
	m, _ := vsAI(t, "pillar", game.White)
	m.SetRand(&counter{})
	for i := 0; i < 300 && !m.Game().Outcome().Over() && len(m.auto) < 2; i++ {
		m.Update()
		m.Update()
		if m.ToAct()&1 == 0 {
			continue
		}
		ms := m.Game().Rules().Moves(game.White, nil)
		if len(ms) == 1 && ms[0].Kind == game.Pass {
			t.Fatalf("the person is asked to pass, with nothing else to do, at entry %d", len(m.Game().Entries()))
		}
		if err := m.Play(game.White, ms[0]); err != nil {
			t.Fatal(err)
		}
	}
	if len(m.auto) == 0 {
		t.Fatal("no pass was made for the person: the test tests nothing")
	}
	for _, i := range m.auto {
		if e := m.Game().Entries()[i]; e.Input.Player != game.White || e.Input.Move.Kind != game.Pass {
			t.Fatalf("entry %d, marked as a pass made for the person, is %+v", i, e.Input)
		}
	}
	if got := m.takebackTo(); got < 0 || slices.Contains(m.auto, got) {
		t.Fatalf("a takeback goes to entry %d (passes made for the person: %v)", got, m.auto)
	}
}
