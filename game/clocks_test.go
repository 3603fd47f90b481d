package game

import (
	"strings"
	"testing"
	"time"
)

// TestClockPGN: a timed game's PGN has a %clk after each move as lichess writes it, the
// TimeControl tag, "Time forfeit" for a flag, and reads back with the same clocks.
func TestClockPGN(t *testing.T) {
	g, err := NewGame("chess")
	if err != nil {
		t.Fatal(err)
	}
	g.Tags["TimeControl"] = "180+2"
	for i, m := range []string{"e4", "e5", "Nf3"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
		g.SetClock(i, 178*time.Second+900*time.Millisecond-time.Duration(i)*time.Minute)
	}
	if err := g.Apply(Input{Kind: InputFlag, Player: Black}); err != nil {
		t.Fatal(err)
	}
	text := g.PGN()
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{`[TimeControl "180+2"]`, `[Termination "Time forfeit"]`,
		"1. e4 {[%clk 0:02:58]} 1... e5 {[%clk 0:01:58]} 2. Nf3 {[%clk 0:00:58]} {[%flag b] black ran out of time} 1-0"} {
		if !strings.Contains(flat, want) {
			t.Errorf("PGN without %q:\n%s", want, text)
		}
	}
	h, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range h.Entries()[:3] {
		d, ok := e.Clock()
		if want := 178*time.Second - time.Duration(i)*time.Minute; !ok || d != want {
			t.Errorf("entry %d read back with clock %v %v, want %v", i, d, ok, want)
		}
	}
	// Lichess's own spacing reads too; a bad value is refused with a clear error.
	if _, err := ParsePGN("1. e4 { [%clk 0:00:30] } 1... e5 { [%clk 0:00:29.5] } *"); err != nil {
		t.Errorf("lichess clocks: %v", err)
	}
	if _, err := ParsePGN("1. e4 {[%clk 0:61:00]} *"); err == nil || !strings.Contains(err.Error(), "h:mm:ss") {
		t.Errorf("a bad clock: %v", err)
	}
}
