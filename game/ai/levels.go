package ai

import (
	"cmp"
	"fmt"
	"strings"
	"time"
)

// DefaultBudget is the time the strongest level thinks per move unless told otherwise.
const DefaultBudget = 2 * time.Second

// Tune is how a level plays one kind of game: its limits and its errors.
type Tune struct {
	Depth int     // plies of full-width search (simultaneous chess: d plies are d-1 turns)
	Nodes int64   // positions visited
	Share float64 // of the time budget (0: no time limit)
	Noise int     // centipawns of random error in judging the root moves
	// Overlook is the percentage of its moves the level does not see (Params.Overlook).
	Overlook int
	Help     string // what the level is like in this kind of game, when Level.Help is not
}

// Level is a named set of tunes, one per kind of game, because the games differ in what
// a limit buys: chess and forced capture are searched a million positions a second
// natively, the others through the Rules interface at a few hundred thousand; in a
// simultaneous turn a ply is a matrix game; and where luck decides much (probabilistic
// and pillar chess) depth buys little, so the weaker levels are set apart by their
// errors more than by their depth. The levels below the strongest are limited by depth
// and positions, so they play alike on any machine.
type Level struct {
	Name   string
	Help   string
	Chess  Tune // chess and forced capture
	Crown  Tune
	Chance Tune // probabilistic chess
	Pillar Tune
	Simul  Tune
}

// Helps shared by several tunes.
const (
	helpBeginnerOverlooks = "sees one move ahead, overlooks many of its moves and misjudges often: beatable by a novice"
	helpEasyOverlooks     = "looks two moves ahead, overlooks many of its moves and misjudges now and then"
)

// Levels are the levels from weakest to strongest. Each level is to beat the one below
// it by at least 70% in every game, measured with `quintet arena` (docs/levels.md has
// the matches and what they taught). In probabilistic chess a deeper
// search gains little against luck (three plies score 60% against one over 100 games),
// so there the levels below the strongest all look one move ahead and differ in how
// many of their moves they overlook and how much they misjudge.
var Levels = []Level{
	{Name: "beginner", Help: "sees one move ahead and misjudges often: beatable by a novice",
		Chess:  Tune{Depth: 1, Noise: 300},
		Crown:  Tune{Depth: 1, Noise: 300},
		Chance: Tune{Depth: 1, Noise: 300, Overlook: 95, Help: "one move ahead, and sees few of its moves: beatable by a novice"},
		Pillar: Tune{Depth: 1, Noise: 300, Overlook: 50, Help: helpBeginnerOverlooks},
		Simul:  Tune{Depth: 1, Noise: 300, Overlook: 60, Help: helpBeginnerOverlooks}},
	{Name: "easy", Help: "looks two moves ahead and misjudges now and then",
		Chess:  Tune{Depth: 2, Noise: 130},
		Crown:  Tune{Depth: 2, Noise: 130},
		Chance: Tune{Depth: 1, Noise: 300, Overlook: 85, Help: "one move ahead, overlooks most of its moves and misjudges often"},
		Pillar: Tune{Depth: 2, Noise: 130, Overlook: 50, Help: helpEasyOverlooks},
		Simul:  Tune{Depth: 2, Noise: 130, Overlook: 35, Help: "one move ahead, overlooks some of its moves and misjudges now and then"}},
	{Name: "medium", Help: "a few moves ahead, rarely wrong",
		Chess:  Tune{Depth: 4, Nodes: 50000, Noise: 10},
		Crown:  Tune{Depth: 3, Nodes: 30000, Noise: 10},
		Chance: Tune{Depth: 1, Noise: 100, Overlook: 75, Help: "one move ahead, overlooks many of its moves and misjudges now and then"},
		Pillar: Tune{Depth: 3, Nodes: 30000, Noise: 10, Overlook: 20, Help: "a few moves ahead, overlooks some of its moves"},
		Simul:  Tune{Depth: 3, Noise: 10, Overlook: 40, Help: "two moves ahead, overlooks some of its moves"}},
	{Name: "hard", Help: "a deep search of a fixed size (at most half the budget in the slower games)",
		Chess:  Tune{Nodes: 150000},
		Crown:  Tune{Nodes: 150000, Share: 1.0 / 2},
		Chance: Tune{Depth: 1, Overlook: 60, Help: "one move ahead with every capture's odds, and sees less than half its moves"},
		Pillar: Tune{Nodes: 150000, Share: 1.0 / 2, Overlook: 7, Help: "a deep search of a fixed size (at most half the budget); overlooks a few of its moves"},
		Simul:  Tune{Depth: 4, Help: "two moves ahead over more candidates, without mistakes"}},
	{Name: "strongest", Help: "uses its whole time budget",
		Chess:  Tune{Share: 1},
		Crown:  Tune{Share: 1},
		Chance: Tune{Share: 1},
		Pillar: Tune{Share: 1},
		Simul:  Tune{Share: 1}},
}

// LevelByName finds a level (case-insensitive).
func LevelByName(name string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(l.Name, name) {
			return l, nil
		}
	}
	names := make([]string, len(Levels))
	for i, l := range Levels {
		names[i] = l.Name
	}
	return Level{}, fmt.Errorf("unknown level %q (known: %s)", name, strings.Join(names, ", "))
}

// HelpFor is the line that tells people what the level is like in the game of that name.
func (l Level) HelpFor(variant string) string {
	return cmp.Or(l.For(variant).Help, l.Help)
}

// For is the level's tune for the game of that name.
func (l Level) For(variant string) Tune {
	switch variant {
	case "crown":
		return l.Crown
	case "probabilistic":
		return l.Chance
	case "pillar":
		return l.Pillar
	case "simultaneous":
		return l.Simul
	}
	return l.Chess
}

// Params are the search parameters of the level in the game of that name with the given
// time budget (the default if budget ≤ 0) and seed.
func (l Level) Params(variant string, budget time.Duration, seed uint64) Params {
	if budget <= 0 {
		budget = DefaultBudget
	}
	t := l.For(variant)
	return Params{
		Noise:    t.Noise,
		Overlook: t.Overlook,
		Seed:     seed,
		Limits:   Limits{Depth: t.Depth, Nodes: t.Nodes, Time: time.Duration(float64(budget) * t.Share)},
	}
}
