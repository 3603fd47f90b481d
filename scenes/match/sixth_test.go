package match

import (
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game/gametest"
)

// The sixth game, registered in one file of game/gametest and named nowhere in the page,
// is played to its end through the match driver the page uses, the real AI (natively in
// a goroutine, as in the page's worker) in both seats.
func TestSixthGameThroughMatch(t *testing.T) {
	m, err := New(Config{Variant: gametest.HillName, Seats: [2]Seat{{Level: "beginner"}, {Level: "beginner"}}}, NewAI())
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	last, still := 0, 0
	for !m.Game().Outcome().Over() {
		m.Update()
		if m.Err() != nil {
			t.Fatal(m.Err())
		}
		if n := len(m.Game().Entries()); n != last {
			last, still = n, 0
		} else if still++; still > 20000 { // some 20 s without a move: stalled
			t.Fatalf("no move for 20000 updates after %d plies", n)
		}
		time.Sleep(time.Millisecond)
	}
	o := m.Game().Outcome()
	if m.Game().Variant().Name != gametest.HillName || len(m.Game().Entries()) == 0 {
		t.Fatalf("played %s, %d plies", m.Game().Variant().Name, len(m.Game().Entries()))
	}
	t.Logf("%d plies, %v (%s)", len(m.Game().Entries()), o.Result, o.Reason)
}
