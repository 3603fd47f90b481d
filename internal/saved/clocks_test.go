package saved

import (
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// timedSimul is a finished timed game of simultaneous chess with a time after every
// move, both players' in each turn (Black sealed first in the second turn): the fool's
// mate of the simultaneous board is long, so a resignation ends it.
func timedSimul(t *testing.T) *game.Game {
	t.Helper()
	g, err := game.NewGame("simultaneous")
	if err != nil {
		t.Fatal(err)
	}
	g.Tags["TimeControl"] = "180+2"
	left := 182 * time.Second
	for _, mv := range []struct {
		c    game.Color
		text string
	}{{game.White, "e2e4"}, {game.Black, "e7e5"}, {game.Black, "g8f6"}, {game.White, "g1f3"}} {
		m, err := g.Rules().ParseMove(mv.c, mv.text)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(game.Input{Kind: game.InputMove, Player: mv.c, Move: m}); err != nil {
			t.Fatal(err)
		}
		left -= 3500 * time.Millisecond
		g.SetClock(len(g.Entries())-1, left)
	}
	if err := g.Apply(game.Input{Kind: game.InputResign, Player: game.Black}); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestArchiveKeepsClocks: a timed game archived keeps each decision's time and its time
// control; reopened, it exports the same PGN, %clk and TimeControl included.
func TestArchiveKeepsClocks(t *testing.T) {
	for _, g := range []*game.Game{timedSimul(t), timedChess(t)} {
		var a Archive
		a.Add(Finished(g, nil, game.White, "friend", false, when))
		text := EncodeArchive(a)
		if !strings.Contains(text, `"tc":"3+2"`) || !strings.Contains(text, `"clk":[`) {
			t.Fatalf("the archive keeps no clocks: %s", text)
		}
		b, err := DecodeArchive(text, levels)
		if err != nil {
			t.Fatal(err)
		}
		h, err := b.Games[0].Check(levels)
		if err != nil {
			t.Fatal(err)
		}
		want, got := g.PGN(), h.PGN()
		if got != want {
			t.Errorf("reopened, the PGN differs:\n%s\nwant\n%s", got, want)
		}
		for _, s := range []string{"[TimeControl \"180+2\"]", "{[%clk 0:02:58]}"} {
			if !strings.Contains(got, s) {
				t.Errorf("the reopened PGN has no %s:\n%s", s, got)
			}
		}
		if g.Variant().Name == "simultaneous" && !strings.Contains(strings.Join(strings.Fields(got), " "), "2. Nf3 Nf6 {[%clk 0:02:48 0:02:51]}") {
			t.Errorf("the simultaneous turn has not both players' times:\n%s", got)
		}
	}
}

// timedChess is a fool's mate with a time after each move.
func timedChess(t *testing.T) *game.Game {
	t.Helper()
	g := foolsMate(t)
	g.Tags["TimeControl"] = "180+2"
	for i := range g.Entries() {
		g.SetClock(i, 178*time.Second-time.Duration(i)*time.Second)
	}
	return g
}

// TestClocksRefused: clock times that cannot belong to the log are refused; a record of
// version 1 (no clock times) still reads.
func TestClocksRefused(t *testing.T) {
	var a Archive
	a.Add(Finished(timedChess(t), nil, game.White, "easy", false, when))
	good := EncodeArchive(a)
	archiveRefuses(t, good, map[string]string{
		"one short":        strings.Replace(good, `"clk":[178000,`, `"clk":[`, 1),
		"below -1":         strings.Replace(good, `"clk":[178000,`, `"clk":[-2,`, 1),
		"too long":         strings.Replace(good, `"clk":[178000,`, `"clk":[`+"99999999999999"+`,`, 1),
		"no time control":  strings.Replace(good, `"tc":"3+2",`, ``, 1),
		"bad time control": strings.Replace(good, `"tc":"3+2"`, `"tc":"fast"`, 1),
	})
	old := `{"v":1,"games":[{"v":1,"variant":"chess","human":"white","level":"easy","log":[[0,0,13,21,0,0,0,0,0,0],[0,1,52,36,1,0,0,0,0,0],[0,0,14,30,1,0,0,0,0,0],[0,1,59,31,0,0,0,0,0,0]],"date":"2026-12-01 21:30","opponent":"easy","result":"0-1","reason":"checkmate"}]}`
	if b, err := DecodeArchive(old, levels); err != nil || len(b.Games) != 1 {
		t.Errorf("an archive of version 1: %v", err)
	}
	g, _ := game.NewGame("chess")
	play(t, g, "e4")
	v1 := strings.Replace(EncodeGame(FromGame(g, nil, game.White, "easy", false)), `"v":2`, `"v":1`, 1)
	if _, _, err := DecodeGame(v1, levels); err != nil {
		t.Errorf("a saved game of version 1: %v", err)
	}
}
