package prefs

import (
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/scenes/match"
)

// TestFinishedGamesArchived: a game against the AI and one of two people are archived
// when they end, once each; a takeback and a new end replace the record; an opened game
// is not archived again; the archive survives a new Load.
func TestFinishedGamesArchived(t *testing.T) {
	st := NewMemory()
	p := Load(st, nil)
	p.now = func() time.Time { return time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC) }
	a := vsAI(t, "chess", game.White)
	p.Keep(a)
	if len(p.Archive().Games) != 0 {
		t.Fatal("an unfinished game was archived")
	}
	for _, mv := range []string{"f3", "e5", "g4", "Qh4#"} {
		if err := a.Game().PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	p.Keep(a)
	p.Keep(a)
	h, err := match.New(match.Config{Variant: "forced", Seats: [2]match.Seat{{Human: true}, {Human: true}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.Keep(h)
	if err := h.PlayText(game.White, "e4"); err != nil {
		t.Fatal(err)
	}
	if err := h.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	p.Keep(h)
	if st.Get(KeyGame) != "" {
		t.Error("a finished game is still kept to resume")
	}
	got := Load(st, nil).Archive()
	if len(got.Games) != 2 {
		t.Fatalf("%d games archived, want 2: %s", len(got.Games), st.Get(KeyArchive))
	}
	x, y := got.Games[0], got.Games[1]
	if x.Variant != "chess" || x.Opponent != "hard" || x.Result != "0-1" || x.Reason != "checkmate" || x.Date != "2026-12-01 22:00" {
		t.Errorf("first: %s %s %s %s %s", x.Variant, x.Opponent, x.Result, x.Reason, x.Date)
	}
	if y.Variant != "forced" || y.Opponent != "person" || y.Result != "0-1" {
		t.Errorf("second: %s %s %s", y.Variant, y.Opponent, y.Result)
	}
	// Taken back and lost again otherwise: the record is replaced, not added.
	if err := h.Takeback(); err != nil {
		t.Fatal(err)
	}
	p.Keep(h)
	if err := h.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	p.Keep(h)
	if g := p.Archive().Games; len(g) != 2 || g[1].Result != "1-0" || len(g[1].Log) != len(h.Game().Entries()) {
		t.Errorf("after a takeback and a new end: %d games, last %s", len(g), g[len(g)-1].Result)
	}
	// Opened for review: neither kept nor archived again, its moves as played.
	o, err := p.Open(x, still{})
	if err != nil {
		t.Fatal(err)
	}
	p.Keep(o)
	if n := len(p.Archive().Games); n != 2 {
		t.Errorf("opening an archived game archived it again: %d games", n)
	}
	if o.Game().Rules().Hash() != a.Game().Rules().Hash() || !o.Game().Outcome().Over() || !o.Config().Seats[game.White].Human {
		t.Errorf("opened game differs: %s", o.Game().Rules().Text())
	}
}

func TestDamagedArchive(t *testing.T) {
	st := NewMemory()
	st.Set(KeyArchive, `{"v":1,"games":[{"v":1}]}`)
	p := Load(st, nil)
	if n := len(p.Archive().Games); n != 0 {
		t.Errorf("%d games from a damaged archive", n)
	}
	if n := p.Notice(); !strings.Contains(n, "archive") {
		t.Errorf("notice %q", n)
	}
	if st.Get(KeyArchive) != "" {
		t.Error("the damaged archive was not dropped")
	}
}
