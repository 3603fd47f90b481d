package saved

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/tinyjson/jsontest"
)

// TestRecordsAsEncodingJSON: the hand-written writers give the bytes encoding/json gave
// (records stored by earlier pages), and encoding/json's text reads back the same.
func TestRecordsAsEncodingJSON(t *testing.T) {
	var full Settings
	jsontest.Fill(&full) // every field: one added without its line in json.go fails
	for _, s := range []Settings{{}, {Lang: "ru", Sound: "off", Flip: true, Anim: "fast"}, {Lang: "en", Anim: "off"}, full} {
		s.V = SettingsVersion
		want, _ := json.Marshal(s)
		if got := EncodeSettings(s); got != string(want) {
			t.Errorf("settings %s, encoding/json %s", got, want)
		}
		var back Settings
		err := decode(string(want), MaxSettingsLen, back.read)
		if err != nil || back != s {
			t.Errorf("settings %s read as %+v, %v", want, back, err)
		}
	}

	g, err := game.NewGame("crown", "kind=stones")
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "crown:K", "crown:D", "e4", "e5", "Nf3")
	saved := FromGame(g, []string{"kind=stones"}, game.White, "easy", true)
	h, _ := game.NewGame("chess")
	play(t, h, "f3", "e5", "g4", "Qh4#")
	var a Archive
	a.Add(Finished(h, nil, game.Black, "person", false, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
	a.Add(Finished(h, nil, game.White, "hard", false, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
	a.V = Version
	for i := range a.Games {
		a.Games[i].V = Version
	}
	var fullGame Game
	jsontest.Fill(&fullGame)
	fullGame.V = Version // EncodeGame writes the version it knows
	for _, s := range []Game{saved, fullGame, {V: Version, Variant: "chess", Human: "black", Level: "hard", Start: "8/8 <&>", Log: []Entry{}}} {
		want, _ := json.Marshal(s)
		if got := EncodeGame(s); got != string(want) {
			t.Errorf("game %s, encoding/json %s", got, want)
		}
		var back Game
		if err := decode(string(want), MaxGameLen, back.read); err != nil || !reflect.DeepEqual(back, s) {
			t.Errorf("game %s read as %+v, %v", want, back, err)
		}
	}
	want, _ := json.Marshal(a)
	if got := EncodeArchive(a); got != string(want) {
		t.Errorf("archive %s, encoding/json %s", got, want)
	}
	back, err := DecodeArchive(string(want), levels)
	if err != nil || !reflect.DeepEqual(back, a) {
		t.Errorf("archive %s read as %+v, %v", want, back, err)
	}
}

// TestRecordsRefuseUnknownFields: a field the page does not know is damage.
func TestRecordsRefuseUnknownFields(t *testing.T) {
	if _, err := DecodeSettings(`{"v":1,"colour":"red"}`, []string{"en"}); err == nil {
		t.Error("settings with an unknown field were read")
	}
	if _, _, err := DecodeGame(`{"v":1,"variant":"chess","human":"white","level":"easy","log":[],"x":1}`, levels); err == nil {
		t.Error("a game with an unknown field was read")
	}
	if _, err := DecodeArchive(`{"v":1,"games":[],"x":1}`, levels); err == nil {
		t.Error("an archive with an unknown field was read")
	}
}
