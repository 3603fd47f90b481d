package ai

import (
	"time"

	"github.com/quintet-chess/quintet/game"
)

// Time planning on a clock: how long the AI thinks over a move given what is left on its
// clock and the increment it gains after the move. A move costs more than its search —
// the worker's round trip, the search's last look at the clock, a frame of the page on a
// slow phone — so the plan keeps a reserve for that cost over many moves to come, and
// spends a share of the rest, more when an increment refills the clock.

const (
	// moveCost is what a move costs beyond its search, as budgeted (a slow phone's).
	moveCost = 50 * time.Millisecond
	// reserveMoves is how many moves the reserve pays that cost for.
	reserveMoves = 150
	// movesToGo is the share of the usable time one move may spend: 1/movesToGo.
	movesToGo = 35
	// MinThink is the least time a move is given: a shallow search still answers.
	MinThink = 10 * time.Millisecond
)

// MoveTime is the time to think over one move with left on the clock and inc added after
// each move.
func MoveTime(left, inc time.Duration) time.Duration {
	reserve := min(left*9/10, reserveMoves*moveCost)
	usable := left - reserve
	if usable <= 0 {
		return MinThink
	}
	t := usable/movesToGo + inc*3/4
	t = min(t, usable/2)
	return max(t, MinThink)
}

// TimedParams are level l's parameters for a move on a clock: the level's own limits,
// its time share taken of the planned move time, and never more time than the plan (a
// level limited by depth or positions alone is capped too, so no level loses on time).
func (l Level) TimedParams(v *game.Variant, left, inc time.Duration, seed uint64) Params {
	plan := MoveTime(left, inc)
	p := l.Params(v, plan, seed)
	if p.Limits.Time <= 0 || p.Limits.Time > plan {
		p.Limits.Time = plan
	}
	return p
}
