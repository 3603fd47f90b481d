package saved

import (
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

var when = time.Date(2026, 12, 1, 21, 30, 0, 0, time.UTC)

// foolsMate is a finished chess game: Black mates on move 2.
func foolsMate(t testing.TB) *game.Game {
	g, err := game.NewGame("chess")
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "f3", "e5", "g4", "Qh4#")
	return g
}

func TestArchiveRoundTrip(t *testing.T) {
	var a Archive
	a.Add(Finished(foolsMate(t), nil, game.White, "easy", false, when))
	c, _ := game.NewGame("crown")
	play(t, c, "crown:K", "crown:D", "e4")
	if err := c.Apply(game.Input{Kind: game.InputResign, Player: game.White}); err != nil {
		t.Fatal(err)
	}
	a.Add(Finished(c, nil, game.Black, "person", false, when.Add(time.Hour)))
	text := EncodeArchive(a)
	back, err := DecodeArchive(text, levels)
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, text)
	}
	if len(back.Games) != 2 {
		t.Fatalf("%d games, want 2", len(back.Games))
	}
	x := back.Games[0]
	if x.Date != "2026-12-01 21:30" || x.Opponent != "easy" || x.Result != "0-1" || x.Reason != "checkmate" || x.Variant != "chess" {
		t.Errorf("first game: %s %s %s %s %s", x.Date, x.Opponent, x.Result, x.Reason, x.Variant)
	}
	y := back.Games[1]
	if y.Opponent != "person" || y.Result != "0-1" || y.HumanColor() != game.Black {
		t.Errorf("second game: %s %s %s", y.Opponent, y.Result, y.Human)
	}
	g, err := y.Check(levels)
	if err != nil || g.Rules().Hash() != c.Rules().Hash() {
		t.Errorf("second game replayed: %v", err)
	}
	// A game with a friend over the network: no level, this device's side.
	f := Finished(foolsMate(t), nil, game.Black, "friend", false, when)
	if f.Level != "" || f.Opponent != "friend" {
		t.Errorf("friend game: level %q, opponent %q", f.Level, f.Opponent)
	}
	if _, err := f.Check(levels); err != nil {
		t.Errorf("friend game refused: %v", err)
	}
	f.Level = "easy"
	if _, err := f.Check(levels); err == nil {
		t.Error("a friend game with an AI level accepted")
	}
}

func TestArchiveCapEvictsOldest(t *testing.T) {
	var a Archive
	for i := range MaxArchived + 7 {
		a.Add(Finished(foolsMate(t), nil, game.White, "easy", false, when.Add(time.Duration(i)*time.Minute)))
	}
	if len(a.Games) != MaxArchived {
		t.Fatalf("%d games kept, want %d", len(a.Games), MaxArchived)
	}
	if first := a.Games[0].Date; first != when.Add(7*time.Minute).Format(DateLayout) {
		t.Errorf("oldest kept %s: the 7 oldest should be gone", first)
	}
	// The byte cap: the oldest go until the text fits.
	one := len(EncodeArchive(Archive{Games: a.Games[:1]}))
	b := Archive{}
	for i := range 10 {
		b.add(Finished(foolsMate(t), nil, game.White, "easy", false, when.Add(time.Duration(i)*time.Minute)), 100, 3*one)
	}
	if n := len(EncodeArchive(b)); n > 3*one || len(b.Games) != 3 || b.Games[0].Date != when.Add(7*time.Minute).Format(DateLayout) {
		t.Errorf("byte cap %d: %d games in %d bytes, oldest %s; want the 3 newest", 3*one, len(b.Games), n, b.Games[0].Date)
	}
	if _, err := DecodeArchive(EncodeArchive(b), levels); err != nil {
		t.Errorf("capped archive does not read back: %v", err)
	}
}

func TestArchiveRefusesDamage(t *testing.T) {
	var a Archive
	a.Add(Finished(foolsMate(t), nil, game.White, "easy", false, when))
	good := EncodeArchive(a)
	cases := map[string]string{
		"version":      strings.Replace(good, `{"v":2,"games"`, `{"v":3,"games"`, 1),
		"unknown":      strings.Replace(good, `"date"`, `"x":1,"date"`, 1),
		"result":       strings.Replace(good, `"0-1"`, `"1-0"`, 1),
		"reason":       strings.Replace(good, `"checkmate"`, `"stalemate"`, 1),
		"opponent":     strings.Replace(good, `"opponent":"easy"`, `"opponent":"god"`, 1),
		"date":         strings.Replace(good, `2026-12-01`, `yesterday`, 1),
		"illegal move": strings.Replace(good, `[0,0,13,21`, `[0,0,13,45`, 1),
		"trailing":     good + "{}",
		"too big":      `{"v":1,"games":[` + strings.Repeat(" ", MaxArchiveLen) + `]}`,
	}
	short := a
	short.Games = []Archived{a.Games[0]}
	short.Games[0].Log = short.Games[0].Log[:3]
	cases["not over"] = EncodeArchive(short)
	archiveRefuses(t, good, cases)
}

func FuzzDecodeArchive(f *testing.F) {
	var a Archive
	a.Add(Finished(foolsMate(f), nil, game.White, "easy", false, when))
	f.Add(EncodeArchive(a))
	f.Add(`{"v":1,"games":[]}`)
	f.Add(`{"v":1,"games":[{"v":1,"variant":"chess","human":"white","level":"","opponent":"person","date":"2026-01-01 00:00","result":"1-0","reason":"resignation","log":[[4,1]]}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		a, err := DecodeArchive(text, levels)
		if err != nil {
			return
		}
		b, err := DecodeArchive(EncodeArchive(a), levels)
		if err != nil || len(b.Games) != len(a.Games) {
			t.Fatalf("accepted archive does not round-trip: %v", err)
		}
	})
}

// TestArchiveSettled: a friend game settled outside its moves reads back with the
// record's result; one whose moves do end it, or that is not a friend's, is damage.
func TestArchiveSettled(t *testing.T) {
	g, _ := game.NewGame("chess")
	play(t, g, "e4", "e5")
	x := Finished(g, nil, game.White, "friend", false, when)
	x.Result, x.Reason, x.Settled = "1-0", "black did not send a move in time", true
	var a Archive
	a.Add(x)
	back, err := DecodeArchive(EncodeArchive(a), levels)
	if err != nil || len(back.Games) != 1 || !back.Games[0].Settled || back.Games[0].Reason != x.Reason {
		t.Fatalf("read back %+v, %v", back, err)
	}
	notFriend := x
	notFriend.Opponent, notFriend.Level = "easy", "easy"
	over := Finished(foolsMate(t), nil, game.White, "friend", false, when)
	over.Settled = true
	noReason := x
	noReason.Reason = ""
	for name, y := range map[string]Archived{"not a friend's": notFriend, "over by its moves": over, "no reason": noReason} {
		if _, err := y.Check(levels); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// archiveRefuses checks that every damaged copy of the archive good is refused.
func archiveRefuses(t *testing.T, good string, damaged map[string]string) {
	t.Helper()
	for name, text := range damaged {
		if text == good {
			t.Fatalf("%s: the damage did not apply to %s", name, good)
		}
		if _, err := DecodeArchive(text, levels); err == nil {
			t.Errorf("%s: accepted", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}
