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

// TestClockPGNSimultaneous: a simultaneous turn is one word for both decisions; its
// comment carries both times, White's first, whichever side sealed first, and reads back
// onto both moves. A sealed move alone (its turn not resolved) writes no time.
func TestClockPGNSimultaneous(t *testing.T) {
	g, err := NewGame("simultaneous")
	if err != nil {
		t.Fatal(err)
	}
	g.Tags["TimeControl"] = "300+3"
	play := func(c Color, text string, left time.Duration) {
		t.Helper()
		m, err := g.Rules().ParseMove(c, text)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(Input{Kind: InputMove, Player: c, Move: m}); err != nil {
			t.Fatal(err)
		}
		g.SetClock(len(g.Entries())-1, left)
	}
	play(White, "e2e4", 301*time.Second)
	play(Black, "e7e5", 299*time.Second)
	play(Black, "g8f6", 290*time.Second) // Black sealed first this turn
	play(White, "g1f3", 280*time.Second)
	play(Black, "f8c5", 260*time.Second) // sealed, its turn not resolved: no time may show
	text := g.PGN()
	flat := strings.Join(strings.Fields(text), " ")
	if !strings.Contains(flat, "1. e4 {[%clk 0:05:01]} 1... e5 {[%clk 0:04:59]} 2. Nf3 Nf6 {[%clk 0:04:40 0:04:50]}") {
		t.Fatalf("PGN without both players' times for each turn:\n%s", text)
	}
	if strings.Contains(flat, "0:04:20") {
		t.Fatalf("the time of a sealed move shows before its turn resolved:\n%s", text)
	}
	h, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Color][]time.Duration{White: {301 * time.Second, 280 * time.Second}, Black: {299 * time.Second, 290 * time.Second}}
	got := map[Color][]time.Duration{}
	if n := len(h.Entries()); n != 4 {
		t.Fatalf("%d entries read back, want the 4 of the two resolved turns", n)
	}
	for _, e := range h.Entries() {
		d, ok := e.Clock()
		if !ok {
			t.Fatalf("entry %+v read back without its time", e.Input)
		}
		got[e.Input.Player] = append(got[e.Input.Player], d)
	}
	for c := White; c <= Black; c++ {
		if len(got[c]) != 2 || got[c][0] != want[c][0] || got[c][1] != want[c][1] {
			t.Errorf("%v's times read back %v, want %v", c, got[c], want[c])
		}
	}
	if _, err := ParsePGN("1. e4 {[%clk 0:01:00 0:01:00]} *"); err == nil {
		t.Error("two times after a chess move read")
	}
}
