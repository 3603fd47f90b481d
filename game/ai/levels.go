package ai

import (
	"fmt"
	"strings"
	"time"
)

// DefaultBudget is the time the strongest level thinks per move unless told otherwise.
const DefaultBudget = 2 * time.Second

// Level is a named set of limits, one set for chess and forced capture (whose searcher
// visits a million positions a second natively) and one for the games searched through
// the Rules interface (a few hundred thousand natively). The levels below the strongest
// are limited by depth and positions, so they play alike on any machine; "hard" is a
// fixed number of positions small enough for the strongest level's budget to buy many
// times more natively. In the slower games it also stops at half the budget, so that on
// a slow phone it still answers in time and the strongest level keeps twice its time.
type Level struct {
	Name  string
	Help  string
	Depth int
	Nodes int64
	Share float64 // of the time budget (0: no time limit)
	// The same for the games searched through the Rules interface.
	GenericDepth int
	GenericNodes int64
	GenericShare float64
	// The same for simultaneous chess when set (else the generic ones): a depth of d
	// plies searches d-1 whole turns there, so easy and medium need their own depths.
	SimulDepth int
	SimulNodes int64
	Noise      int // centipawns of random error in judging the root moves
}

// Levels are the levels from weakest to strongest.
var Levels = []Level{
	{Name: "beginner", Help: "sees one move ahead and misjudges often: beatable by a novice",
		Depth: 1, GenericDepth: 1, Noise: 300},
	{Name: "easy", Help: "looks two moves ahead and misjudges now and then",
		Depth: 2, GenericDepth: 2, SimulDepth: 3, Noise: 130},
	{Name: "medium", Help: "a few moves ahead, rarely wrong",
		Depth: 4, Nodes: 50000, GenericDepth: 3, GenericNodes: 30000,
		SimulDepth: 4, SimulNodes: 60000, Noise: 10},
	{Name: "hard", Help: "a deep search of a fixed size (at most half the budget in the slower games)",
		Nodes: 150000, GenericNodes: 150000, GenericShare: 1.0 / 2},
	{Name: "strongest", Help: "uses its whole time budget", Share: 1, GenericShare: 1},
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
	share := func(f float64) time.Duration { return time.Duration(float64(budget) * f) }
	return Params{
		Noise:         l.Noise,
		Seed:          seed,
		Limits:        Limits{Depth: l.Depth, Nodes: l.Nodes, Time: share(l.Share)},
		GenericLimits: Limits{Depth: l.GenericDepth, Nodes: l.GenericNodes, Time: share(l.GenericShare)},
		SimulLimits:   Limits{Depth: l.SimulDepth, Nodes: l.SimulNodes},
	}
}
