package saved

import (
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

var levels = []string{"beginner", "easy", "medium", "hard", "strongest"}

// play makes moves written as the game reads them (typed forms with secrets: "crown:D").
func play(t testing.TB, g *game.Game, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		if err := g.PlayText(mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
}

func TestGameRoundTripKeepsSecrets(t *testing.T) {
	g, err := game.NewGame("crown", "kind=stones")
	if err != nil {
		t.Fatal(err)
	}
	// White (the person) crowns the King, Black (the AI) the Dame: the saved log must
	// bring back Black's secret, or the rules could not answer a later reveal.
	play(t, g, "crown:K", "crown:D", "e4", "e5", "Nf3")
	s := FromGame(g, []string{"kind=stones"}, game.White, "easy", false)
	text := EncodeGame(s)
	back, h, err := DecodeGame(text, levels)
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, text)
	}
	if back.Level != "easy" || back.HumanColor() != game.White || back.Variant != "crown" {
		t.Errorf("fields: %+v", back)
	}
	if h.Rules().Hash() != g.Rules().Hash() || len(h.Entries()) != len(g.Entries()) {
		t.Fatalf("replayed game differs: %s vs %s", h.Rules().Text(), g.Rules().Text())
	}
	st, ok := game.CrownSide(h.Rules(), game.Black)
	if !ok || st.Crown != game.Dame {
		t.Errorf("Black's crown after the replay: %+v", st)
	}
	for i, e := range h.Entries() {
		if e.Record.Text != g.Entries()[i].Record.Text {
			t.Errorf("entry %d: %q, want %q", i, e.Record.Text, g.Entries()[i].Record.Text)
		}
	}
}

func TestGameRoundTripDrawsAndStart(t *testing.T) {
	v, err := game.Lookup("probabilistic")
	if err != nil {
		t.Fatal(err)
	}
	start := "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	g, err := game.NewGameFrom(v, start)
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "exd5")
	if err := g.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{2, 1}}); err != nil {
		t.Fatal(err)
	}
	s := FromGame(g, nil, game.Black, "hard", true)
	back, h, err := DecodeGame(EncodeGame(s), levels)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Pick || back.HumanColor() != game.Black || back.Start != start {
		t.Errorf("fields: %+v", back)
	}
	if h.Rules().Hash() != g.Rules().Hash() {
		t.Errorf("replay differs")
	}
}

func TestGameRefusesDamage(t *testing.T) {
	g, _ := game.NewGame("chess")
	play(t, g, "e4", "e5")
	good := EncodeGame(FromGame(g, nil, game.White, "medium", false))
	for name, text := range map[string]string{
		"empty":         "",
		"garbage":       "}{not json",
		"truncated":     good[:len(good)/2],
		"old version":   strings.Replace(good, `"v":2`, `"v":0`, 1),
		"newer version": strings.Replace(good, `"v":2`, `"v":3`, 1),
		"unknown field": strings.Replace(good, `{"v":2`, `{"v":2,"x":3`, 1),
		"trailing":      good + `{}`,
		"bad level":     strings.Replace(good, `"medium"`, `"godlike"`, 1),
		"bad side":      strings.Replace(good, `"white"`, `"green"`, 1),
		"bad variant":   strings.Replace(good, `"chess"`, `"checkers"`, 1),
		"illegal move":  strings.Replace(good, `[0,0,12,28`, `[0,0,12,44`, 1),
		"out of range":  strings.Replace(good, `[0,0,12,28`, `[0,0,300,28`, 1),
		"short entry":   strings.Replace(good, `[0,0,12,28,1,0,0,0,0,0]`, `[0,0,12]`, 1),
		"too long":      `{"v":1,"variant":"` + strings.Repeat("a", MaxGameLen) + `"}`,
		"wrong type":    `{"v":"1"}`,
	} {
		if _, _, err := DecodeGame(text, levels); err == nil {
			t.Errorf("%s: accepted %.200q", name, text)
		}
	}
	if _, _, err := DecodeGame(good, levels); err != nil {
		t.Fatalf("the good record is refused: %v\n%s", err, good)
	}
}

func TestGameOverIsNotResumed(t *testing.T) {
	g, _ := game.NewGame("chess")
	play(t, g, "f3", "e5", "g4", "Qh4#")
	if _, _, err := DecodeGame(EncodeGame(FromGame(g, nil, game.White, "easy", false)), levels); err == nil {
		t.Error("a finished game was accepted for resuming")
	}
}

func TestSettings(t *testing.T) {
	langs := []string{"en", "ru"}
	s := Settings{Lang: "ru", Sound: "off", Flip: true, Board: "green", Pieces: "letters"}
	back, err := DecodeSettings(EncodeSettings(s), langs)
	if err != nil || back.Lang != "ru" || back.Sound != "off" || !back.Flip || back.Board != "green" || back.Pieces != "letters" {
		t.Fatalf("%+v %v", back, err)
	}
	for _, bad := range []string{"", "null", "[]", `{"v":1,"lang":"xx"}`, `{"v":1,"sound":"loud"}`, `{"v":9}`, `{"v":1,"flip":"yes"}`,
		`{"v":1,"board":"pink"}`, `{"v":1,"pieces":"emoji"}`,
		`{"v":1,"lang":"` + strings.Repeat("r", MaxSettingsLen) + `"}`} {
		if _, err := DecodeSettings(bad, langs); err == nil {
			t.Errorf("accepted %.80q", bad)
		}
	}
}

// FuzzDecode: any stored text gives a record or an error, never a panic, and an accepted
// game encodes to a record that decodes to the same position.
func FuzzDecode(f *testing.F) {
	g, _ := game.NewGame("crown")
	play(f, g, "crown:K", "crown:D", "e4")
	f.Add(EncodeGame(FromGame(g, nil, game.White, "easy", false)))
	p, _ := game.NewGame("pillar")
	f.Add(EncodeGame(FromGame(p, nil, game.Black, "hard", false)))
	f.Add(EncodeSettings(Settings{Lang: "ru", Sound: "off"}))
	f.Add(`{"v":1,"variant":"simultaneous","human":"white","level":"easy","log":[[0,0,12,28,1,0,0,0,0,0]]}`)
	f.Fuzz(func(t *testing.T, text string) {
		DecodeSettings(text, []string{"en", "ru"})
		s, h, err := DecodeGame(text, levels)
		if err != nil {
			return
		}
		_, h2, err := DecodeGame(EncodeGame(s), levels)
		if err != nil || h2.Rules().Hash() != h.Rules().Hash() {
			t.Fatalf("accepted record does not round-trip: %v", err)
		}
	})
}
