package ai

import (
	"fmt"
	"strings"
	"time"
)

// DefaultBudget is the time the strongest level thinks per move unless told otherwise.
const DefaultBudget = 2 * time.Second

// Level is a named set of limits. The weaker levels are limited by depth and positions,
// so they play alike on any machine; the strongest takes the time budget, which on any
// machine fast enough to play in a browser is many times the positions of "hard".
type Level struct {
	Name  string
	Help  string
	Depth int
	Nodes int64
	Share float64 // of the time budget (0: no time limit)
	Noise int     // centipawns of random error in judging the root moves
}

// Levels are the levels from weakest to strongest.
var Levels = []Level{
	{Name: "beginner", Help: "sees one move ahead and misjudges often: beatable by a novice", Depth: 1, Noise: 300},
	{Name: "easy", Help: "looks two moves ahead and misjudges now and then", Depth: 2, Noise: 130},
	{Name: "medium", Help: "a few moves ahead, rarely wrong", Depth: 4, Nodes: 50000, Noise: 10},
	{Name: "hard", Help: "a deep search of a fixed size (150 000 positions)", Nodes: 150000},
	{Name: "strongest", Help: "uses its whole time budget", Share: 1},
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

// Params are the search parameters of the level with the given time budget (the
// default if budget ≤ 0) and seed.
func (l Level) Params(budget time.Duration, seed uint64) Params {
	if budget <= 0 {
		budget = DefaultBudget
	}
	p := Params{Noise: l.Noise, Seed: seed}
	p.Limits.Depth = l.Depth
	p.Limits.Nodes = l.Nodes
	if l.Share > 0 {
		p.Limits.Time = time.Duration(float64(budget) * l.Share)
	}
	return p
}
