package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Clock times in the ply log: a timed game records, with each player's decision, what
// was left on that player's clock after it (the increment included), and the PGN writes
// it after the move as lichess does: {[%clk 0:02:58]}. A simultaneous turn is one word
// for two decisions: its comment holds both times, White's first: {[%clk 0:02:58 0:02:55]}.
// A sealed move is written with the turn that resolved it, so its time appears only then.

// SetClock records that after entry i its player had left on the clock.
func (g *Game) SetClock(i int, left time.Duration) {
	if i >= 0 && i < len(g.entries) {
		g.entries[i].clock, g.entries[i].timed = max(0, left), true
	}
}

// Clock is what the entry's player had left after it, ok false in an untimed game or
// for an automatic step.
func (e Entry) Clock() (time.Duration, bool) { return e.clock, e.timed }

// simultaneousPair reports whether entry i resolved a simultaneous turn written as one
// word: it and the entry before it are the two players' moves, the first sealed with no
// text of its own (Black chose first; a turn White chose first is written move by move).
func (g *Game) simultaneousPair(i int) bool {
	if i < 1 || i >= len(g.entries) {
		return false
	}
	a, b := g.entries[i-1], g.entries[i]
	return a.Input.Kind == InputMove && b.Input.Kind == InputMove && a.Record.Text == "" &&
		b.Record.Text != "" && a.Input.Player != b.Input.Player
}

// turnClocks is the %clk value written after the move of entry i: its player's time, or
// for a simultaneous turn both players' (White's first; when only the resolving move has
// one, that one alone, as older pages wrote it). "" when none.
func (g *Game) turnClocks(i int) string {
	if !g.simultaneousPair(i) {
		if d, ok := g.entries[i].Clock(); ok {
			return PGNClock(d)
		}
		return ""
	}
	var by [2]string
	for _, e := range g.entries[i-1 : i+1] {
		d, ok := e.Clock()
		if !ok { // one time only (a game read from an older export): the resolving move's
			if d, ok := g.entries[i].Clock(); ok {
				return PGNClock(d)
			}
			return ""
		}
		by[e.Input.Player] = PGNClock(d)
	}
	return by[White] + " " + by[Black]
}

// PGNClock writes a remaining time as a PGN %clk command does: "0:02:58" (whole seconds,
// rounded down, as lichess writes them).
func PGNClock(d time.Duration) string {
	s := max(0, int(d/time.Second))
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// ParsePGNClock reads a %clk value ("0:02:58", "1:05:00.5").
func ParsePGNClock(s string) (time.Duration, error) {
	if len(s) > 16 {
		return 0, errors.New("%clk value too long")
	}
	f := strings.Split(s, ":")
	bad := fmt.Errorf("%%clk %q: want h:mm:ss", s)
	if len(f) != 3 || f[0] == "" || len(f[1]) != 2 || len(f[2]) < 2 {
		return 0, bad
	}
	h, err1 := strconv.Atoi(f[0])
	m, err2 := strconv.Atoi(f[1])
	sec, err3 := strconv.ParseFloat(f[2], 64)
	if err1 != nil || err2 != nil || err3 != nil || h < 0 || h > 99 || m < 0 || m > 59 || !(sec >= 0 && sec < 60) {
		return 0, bad
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec*float64(time.Second)).Round(time.Millisecond), nil
}
