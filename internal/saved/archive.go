package saved

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// The archive is the finished games a person played on this device, newest last, each a
// saved game with when it ended, its opponent and its result. It is capped: at most
// MaxArchived games and MaxArchiveLen bytes of stored text, the oldest dropped first.
const (
	MaxArchived   = 100
	MaxArchiveLen = 2 << 20
)

// Archived is one finished game.
type Archived struct {
	Game
	Date     string `json:"date"`     // when it ended, UTC, "2006-01-02 15:04"
	Opponent string `json:"opponent"` // an AI level, "person" (two people on this device) or "friend" (over the network)
	Result   string `json:"result"`   // "1-0", "0-1", "1/2-1/2"
	Reason   string `json:"reason"`   // the rules' words: "checkmate", "resignation", …
	// Settled: a friend game that ended outside the moves (a claim past a deadline, a
	// detected fault): its moves replay without ending it, and the result is the record's.
	Settled bool `json:"settled,omitempty"`
}

// DateLayout is the form of Archived.Date.
const DateLayout = "2006-01-02 15:04"

// Archive is the stored list.
type Archive struct {
	V     int        `json:"v"`
	Games []Archived `json:"games"`
}

// Finished records g, a finished game, for the archive. opponent is the AI's level or
// "person" or "friend"; for two people on the device human is the side at the bottom of
// the board, with a friend this device's side.
func Finished(g *game.Game, options []string, human game.Color, opponent string, pick bool, at time.Time) Archived {
	level := opponent
	if opponent == "person" || opponent == "friend" {
		level = ""
	}
	o := g.Outcome()
	return Archived{Game: FromGame(g, options, human, level, pick), Date: at.UTC().Format(DateLayout),
		Opponent: opponent, Result: o.Result.String(), Reason: o.Reason}
}

// Add appends a to the archive and drops the oldest games until it fits the caps.
func (a *Archive) Add(x Archived) { a.add(x, MaxArchived, MaxArchiveLen) }

func (a *Archive) add(x Archived, maxGames, maxLen int) {
	a.Games = append(a.Games, x)
	if n := len(a.Games) - maxGames; n > 0 {
		a.Games = slices.Delete(a.Games, 0, n)
	}
	for len(a.Games) > 0 && len(EncodeArchive(*a)) > maxLen {
		a.Games = slices.Delete(a.Games, 0, 1) // (a game larger than the whole room is not kept)
	}
}

// EncodeArchive writes the archive as stored text.
func EncodeArchive(a Archive) string {
	a.V = Version
	if a.Games == nil {
		a.Games = []Archived{}
	}
	for i := range a.Games {
		a.Games[i].V = Version
	}
	return string(a.appendJSON(nil))
}

// DecodeArchive reads the stored archive and checks every game in it: its fields, and that
// its log replays through the rules to the result it claims. levels are the AI's level
// names. The archive is one record: any damaged game refuses the whole of it.
func DecodeArchive(text string, levels []string) (Archive, error) {
	var a Archive
	if err := decode(text, MaxArchiveLen, a.read); err != nil {
		return Archive{}, fmt.Errorf("archive: %w", err)
	}
	if !readable(a.V) {
		return Archive{}, fmt.Errorf("archive: version %d, want %d (or %d)", a.V, Version, oldVersion)
	}
	if len(a.Games) > MaxArchived {
		return Archive{}, fmt.Errorf("archive: %d games, more than %d", len(a.Games), MaxArchived)
	}
	for i, x := range a.Games {
		if _, err := x.Check(levels); err != nil {
			return Archive{}, fmt.Errorf("archive: game %d: %w", i+1, err)
		}
	}
	return a, nil
}

// Check verifies one archived game and gives it replayed.
func (x Archived) Check(levels []string) (*game.Game, error) {
	if !readable(x.V) {
		return nil, fmt.Errorf("version %d, want %d (or %d)", x.V, Version, oldVersion)
	}
	if x.Human != "white" && x.Human != "black" {
		return nil, fmt.Errorf("side %q", x.Human)
	}
	switch {
	case x.Opponent == "person" || x.Opponent == "friend":
		if x.Level != "" {
			return nil, fmt.Errorf("a level %q in a game of two people", x.Level)
		}
	case !slices.Contains(levels, x.Opponent) || x.Level != x.Opponent:
		return nil, fmt.Errorf("opponent %q", x.Opponent)
	}
	if _, err := time.Parse(DateLayout, x.Date); err != nil {
		return nil, fmt.Errorf("date %q", x.Date)
	}
	if len(x.Log) > MaxEntries || len(x.Options) > 32 || len(x.Reason) > 64 {
		return nil, errors.New("too long")
	}
	g, err := x.Replay()
	if err != nil {
		return nil, err
	}
	o := g.Outcome()
	if x.Settled {
		switch {
		case x.Opponent != "friend":
			return nil, errors.New("a game settled outside the moves that is not a friend's")
		case o.Over():
			return nil, fmt.Errorf("settled outside the moves, but the moves end it (%s)", o.Reason)
		case x.Result != "1-0" && x.Result != "0-1" && x.Result != "1/2-1/2" || x.Reason == "":
			return nil, fmt.Errorf("result %q (%q)", x.Result, x.Reason)
		}
		return g, nil
	}
	if !o.Over() {
		return nil, errors.New("the game is not over")
	}
	if o.Result.String() != x.Result || o.Reason != x.Reason {
		return nil, fmt.Errorf("result %s (%s), the moves give %s (%s)", x.Result, x.Reason, o.Result, o.Reason)
	}
	return g, nil
}
