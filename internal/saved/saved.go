// Package saved is what the page remembers between visits: the settings, and an
// unfinished game against the AI. Both are stored as text (localStorage in the browser)
// that anything may have changed, so the decoders are strict: a size limit, a version, every
// field checked, and a game is only accepted once its whole log replays through the rules.
// A damaged record gives an error, never a panic; the page then says so and starts afresh.
package saved

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// Version is the format of saved games and of the archive. 2 added the clock time of
// each entry (Game.Clocks); a record of version 1 has none and reads as before. A record
// of any other version is refused (a newer page's record read by an older one), like a
// damaged one.
const Version = 2

// oldVersion is the earlier format that still reads: a game or archive without clock
// times.
const oldVersion = 1

// SettingsVersion is the format of the settings record (unchanged by Version 2).
const SettingsVersion = 1

// readable reports whether a saved game or archive of version v reads.
func readable(v int) bool { return v == Version || v == oldVersion }

// Size limits of the stored texts: settings are a few fields; a game is at most
// MaxEntries inputs of about 40 bytes.
const (
	MaxSettingsLen = 1 << 10
	MaxGameLen     = 1 << 20
	MaxEntries     = 20000
)

// Settings are the person's choices that outlive a game.
type Settings struct {
	V     int    `json:"v"`
	Lang  string `json:"lang,omitempty"`  // "en", "ru"; "" not chosen yet (the browser's language)
	Sound string `json:"sound,omitempty"` // "on", "off"; "" on
	Flip  bool   `json:"flip,omitempty"`  // the board turned from its usual side
	Anim  string `json:"anim,omitempty"`  // animations: "normal", "fast", "off"; "" normal
	Clock string `json:"tc,omitempty"`    // the time control last chosen ("3+2", "-" none); "" not chosen
	// Board is the board's colours and Pieces the piece set (scenes/theme.go):
	// BoardThemes and PieceSets, "" the first of each.
	Board  string `json:"board,omitempty"`
	Pieces string `json:"pieces,omitempty"`
}

// The board themes and piece sets a person may choose, the default first.
var (
	BoardThemes = []string{"brown", "green"}
	PieceSets   = []string{"drawn", "letters"}
)

// EncodeSettings writes settings as stored text.
func EncodeSettings(s Settings) string {
	s.V = SettingsVersion
	return string(s.appendJSON(nil))
}

// DecodeSettings reads stored settings; langs are the languages the page knows.
func DecodeSettings(text string, langs []string) (Settings, error) {
	var s Settings
	if err := decode(text, MaxSettingsLen, s.read); err != nil {
		return Settings{}, fmt.Errorf("settings: %w", err)
	}
	if s.V != SettingsVersion {
		return Settings{}, fmt.Errorf("settings: version %d, want %d", s.V, SettingsVersion)
	}
	if s.Lang != "" && !slices.Contains(langs, s.Lang) {
		return Settings{}, fmt.Errorf("settings: unknown language %q", s.Lang)
	}
	if s.Sound != "" && s.Sound != "on" && s.Sound != "off" {
		return Settings{}, fmt.Errorf("settings: sound %q", s.Sound)
	}
	if !slices.Contains([]string{"", "normal", "fast", "off"}, s.Anim) {
		return Settings{}, fmt.Errorf("settings: animations %q", s.Anim)
	}
	if _, err := clock.Parse(s.Clock); err != nil {
		return Settings{}, fmt.Errorf("settings: %v", err)
	}
	if s.Board != "" && !slices.Contains(BoardThemes, s.Board) {
		return Settings{}, fmt.Errorf("settings: board %q", s.Board)
	}
	if s.Pieces != "" && !slices.Contains(PieceSets, s.Pieces) {
		return Settings{}, fmt.Errorf("settings: pieces %q", s.Pieces)
	}
	return s, nil
}

// Game is an unfinished game against the AI: the game and its options, the person's colour,
// the AI's level, the start position and every input of the log. The log holds the
// inputs as the referee applied them, secrets included (the AI's crown choice, its mined
// stone): the rules need them to go on, and a PGN seals them (an unfinished Crown game read
// from PGN cannot answer its own reveals). The page never shows them; see View.
type Game struct {
	V       int      `json:"v"`
	Variant string   `json:"variant"`
	Options []string `json:"options,omitempty"` // "key=value"
	Human   string   `json:"human"`             // "white" or "black": the person's side
	Level   string   `json:"level"`             // the AI's level
	Pick    bool     `json:"pick,omitempty"`    // the person picks capture numbers
	Start   string   `json:"start,omitempty"`   // position text of the start, "" for the game's own
	Log     []Entry  `json:"log"`
	// Clock is the time control of a timed game ("3+2"), Left each side's time left in
	// milliseconds when it was saved (White, Black).
	Clock string  `json:"tc,omitempty"`
	Left  []int64 `json:"leftMs,omitempty"`
	// Clocks is, per entry of Log, what its player had left on the clock after it, in
	// milliseconds (the PGN's %clk), -1 for an entry without one (an automatic step, a
	// sealed move not yet revealed); empty in an untimed game.
	Clocks []int64 `json:"clk,omitempty"`
}

// Entry is one input, as numbers: kind, player, then by kind the move (from, to, move kind,
// promotion, via, via2, n, promo2), the draw's two values, or the revealed secret.
type Entry []uint64

// FromGame records g (a game in progress) as a saved game.
func FromGame(g *game.Game, options []string, human game.Color, level string, pick bool) Game {
	s := Game{V: Version, Variant: g.Variant().Name, Options: options, Human: colorWord(human),
		Level: level, Pick: pick, Start: g.StartText()}
	s.Log = make([]Entry, 0, len(g.Entries()))
	timed := false
	for _, e := range g.Entries() {
		s.Log = append(s.Log, entryOf(e.Input))
		_, ok := e.Clock()
		timed = timed || ok
	}
	if timed {
		for _, e := range g.Entries() {
			ms := int64(-1)
			if d, ok := e.Clock(); ok {
				ms = d.Milliseconds()
			}
			s.Clocks = append(s.Clocks, ms)
		}
	}
	if c, err := clock.ParsePGN(g.Tags["TimeControl"]); err == nil && c.On() {
		s.Clock = c.String()
	}
	return s
}

func colorWord(c game.Color) string {
	if c == game.Black {
		return "black"
	}
	return "white"
}

func entryOf(in game.Input) Entry {
	e := Entry{uint64(in.Kind), uint64(in.Player)}
	switch in.Kind {
	case game.InputMove:
		m := in.Move
		e = append(e, uint64(m.From), uint64(m.To), uint64(m.Kind), uint64(m.Promo), uint64(m.Via), uint64(m.Via2), uint64(m.N), uint64(m.Promo2))
	case game.InputDraw:
		e = append(e, uint64(in.Values[0]), uint64(in.Values[1]))
	case game.InputReveal:
		e = append(e, in.Secret)
	}
	return e
}

// input is an entry as the game's input, checking every number's range (the rules then
// check that it is legal).
func (e Entry) input() (game.Input, error) {
	if len(e) < 2 {
		return game.Input{}, errors.New("an entry without kind and player")
	}
	small := func(xs ...uint64) bool {
		for _, x := range xs {
			if x > 255 {
				return false
			}
		}
		return true
	}
	if e[0] > uint64(game.InputFlag) || e[1] > 1 {
		return game.Input{}, fmt.Errorf("entry %v: bad kind or player", []uint64(e))
	}
	in := game.Input{Kind: game.InputKind(e[0]), Player: game.Color(e[1])}
	want := map[game.InputKind]int{game.InputMove: 10, game.InputDraw: 4, game.InputReveal: 3}[in.Kind]
	if want == 0 {
		want = 2
	}
	if len(e) != want {
		return game.Input{}, fmt.Errorf("entry %v: %d numbers, want %d", []uint64(e), len(e), want)
	}
	switch in.Kind {
	case game.InputMove:
		if !small(e[2:]...) {
			return game.Input{}, fmt.Errorf("entry %v: value out of range", []uint64(e))
		}
		in.Move = game.Move{From: game.Square(e[2]), To: game.Square(e[3]), Kind: game.MoveKind(e[4]),
			Promo: game.PieceType(e[5]), Via: game.Square(e[6]), Via2: game.Square(e[7]), N: uint8(e[8]), Promo2: game.PieceType(e[9])}
	case game.InputDraw:
		if !small(e[2:]...) {
			return game.Input{}, fmt.Errorf("entry %v: value out of range", []uint64(e))
		}
		in.Values = [2]uint8{uint8(e[2]), uint8(e[3])}
	case game.InputReveal:
		in.Secret = e[2]
	}
	return in, nil
}

// Inputs are the log's inputs, each checked for range.
func (s Game) Inputs() ([]game.Input, error) {
	out := make([]game.Input, 0, len(s.Log))
	for i, e := range s.Log {
		in, err := e.input()
		if err != nil {
			return nil, fmt.Errorf("saved game: entry %d: %w", i+1, err)
		}
		out = append(out, in)
	}
	return out, nil
}

// HumanColor is the person's side.
func (s Game) HumanColor() game.Color {
	if s.Human == "black" {
		return game.Black
	}
	return game.White
}

// EncodeGame writes a saved game as stored text.
func EncodeGame(s Game) string {
	s.V = Version
	o := tinyjson.Begin(nil)
	s.appendFields(o)
	return string(o.End())
}

// DecodeGame reads a stored game and checks it: version, fields, and that the whole log
// replays through the rules (the replayed game is returned with it). levels are the AI's
// level names.
func DecodeGame(text string, levels []string) (Game, *game.Game, error) {
	var s Game
	if err := decode(text, MaxGameLen, s.read); err != nil {
		return Game{}, nil, fmt.Errorf("saved game: %w", err)
	}
	if !readable(s.V) {
		return Game{}, nil, fmt.Errorf("saved game: version %d, want %d (or %d)", s.V, Version, oldVersion)
	}
	if s.Human != "white" && s.Human != "black" {
		return Game{}, nil, fmt.Errorf("saved game: side %q", s.Human)
	}
	if !slices.Contains(levels, s.Level) {
		return Game{}, nil, fmt.Errorf("saved game: unknown AI level %q", s.Level)
	}
	if len(s.Log) > MaxEntries || len(s.Options) > 32 {
		return Game{}, nil, errors.New("saved game: too long")
	}
	if c, err := clock.Parse(s.Clock); err != nil {
		return Game{}, nil, fmt.Errorf("saved game: %v", err)
	} else if len(s.Left) != 0 && (len(s.Left) != 2 || !c.On()) {
		return Game{}, nil, errors.New("saved game: clock times without a time control")
	}
	for _, l := range s.Left {
		if l < 0 || l > int64(2*clock.MaxBase/time.Millisecond) {
			return Game{}, nil, fmt.Errorf("saved game: clock time %d ms", l)
		}
	}
	g, err := s.Replay()
	if err != nil {
		return Game{}, nil, err
	}
	if g.Outcome().Over() {
		return Game{}, nil, errors.New("saved game: the game is over")
	}
	return s, g, nil
}

// Replay plays the saved log from its start through the rules; each input must be legal.
func (s Game) Replay() (*game.Game, error) {
	for _, o := range s.Options {
		if !strings.Contains(o, "=") {
			return nil, fmt.Errorf("saved game: option %q", o)
		}
	}
	v, err := game.Lookup(s.Variant, s.Options...)
	if err != nil {
		return nil, fmt.Errorf("saved game: %w", err)
	}
	g, err := game.NewGameFrom(v, s.Start)
	if err != nil {
		return nil, fmt.Errorf("saved game: start: %w", err)
	}
	ins, err := s.Inputs()
	if err != nil {
		return nil, err
	}
	c, err := clock.Parse(s.Clock)
	if err != nil {
		return nil, fmt.Errorf("saved game: %v", err)
	}
	if len(s.Clocks) > 0 && (len(s.Clocks) != len(s.Log) || !c.On()) {
		return nil, fmt.Errorf("saved game: %d clock times for %d entries of a game with time control %q", len(s.Clocks), len(s.Log), s.Clock)
	}
	for i, ms := range s.Clocks {
		if ms < -1 || ms > maxClockMs {
			return nil, fmt.Errorf("saved game: entry %d: clock time %d ms", i+1, ms)
		}
	}
	if c.On() {
		g.Tags["TimeControl"] = c.PGN()
	}
	for i, in := range ins {
		if err := g.Apply(in); err != nil {
			return nil, fmt.Errorf("saved game: entry %d: %w", i+1, err)
		}
		if i < len(s.Clocks) && s.Clocks[i] >= 0 {
			g.SetClock(i, time.Duration(s.Clocks[i])*time.Millisecond)
		}
	}
	return g, nil
}

// maxClockMs bounds a stored clock time: the longest base and every increment of the
// longest game.
const maxClockMs = int64((clock.MaxBase + MaxEntries*clock.MaxInc) / time.Millisecond)
