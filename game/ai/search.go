package ai

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// Scores are in centipawns from the searching player's side. A won game is scored near
// Mate, less the plies it takes, so shorter wins score higher.
const (
	Mate      = 32000
	MateBound = Mate - 1000 // scores beyond ±MateBound are forced wins or losses
	maxPly    = 128
)

// Limits bound a search. Zero fields do not limit; a search with no limit at all stops at
// maxPly, so callers give at least one. The first iteration always completes, so a move
// comes back however tight the limits are.
type Limits struct {
	Time  time.Duration // wall time for the whole search
	Nodes int64         // positions visited
	Depth int           // plies of full-width search
}

// Info is a progress report: the best line after a completed iteration.
type Info struct {
	Depth int
	Score int // centipawns (or near ±Mate) for the player searched for
	Nodes int64
	Time  time.Duration
	PV    []game.Move // best line, first move first
}

// Params are the inputs of Search besides the view.
type Params struct {
	Limits Limits
	// Player is whom to search for when both players are asked at once (simultaneous
	// chess); otherwise the player the view asks to move.
	Player game.Color
	// Progress, if set, is called after each completed iteration (on the search's own
	// goroutine; it must be quick).
	Progress func(Info)
	// Noise is the spread in centipawns of random error added to the root moves' scores:
	// how a weak level makes human-like mistakes. Zero for exact play.
	Noise int
	// Overlook is the percentage of its moves a weak level does not see at all (never a
	// capture of the king): its big mistakes, which set levels apart in the games where
	// luck evens out small ones.
	Overlook int
	// Seed feeds every random choice (noise, mixed strategies, sampled secrets): the same
	// seed and limits give the same move.
	Seed uint64
}

// Result is the chosen action and the last progress report.
type Result struct {
	Move game.Move
	Info
}

// ErrNoMove is returned when the view asks the player nothing or the player has no action.
var ErrNoMove = errors.New("ai: no action to choose")

// Engine holds what survives between searches: the transposition table and the
// per-game searchers. An Engine is not safe for concurrent use; use one per goroutine.
type Engine struct {
	tt      *table
	chess   *chessSearcher
	generic *genericSearcher
	evals   map[*game.Variant]func(game.Rules, game.Color) int
	now     func() time.Time // the clock, time.Now unless a test sets one
}

// NewEngine makes an engine with a transposition table of about ttMB megabytes
// (rounded down to a power of two entries; 16 if ttMB ≤ 0).
func NewEngine(ttMB int) *Engine {
	if ttMB <= 0 {
		ttMB = 16
	}
	return &Engine{tt: newTable(ttMB)}
}

// Clear forgets everything learnt (a new game).
func (e *Engine) Clear() {
	e.tt.clear()
	e.chess = nil
	e.generic = nil
}

// Search chooses an action for the player asked to move in view, which must be what that
// player may see (Rules.View): the engine never reads a secret it is not shown.
func (e *Engine) Search(ctx context.Context, view game.Rules, p Params) (Result, error) {
	if view.Outcome().Over() {
		return Result{}, ErrNoMove
	}
	st := view.Next()
	if st.Kind != game.StepMove {
		return Result{}, fmt.Errorf("ai: the game needs a %v, not a move", st.Kind)
	}
	if st.Players != 3 {
		p.Player = st.OnlyPlayer()
	} else if !st.Asks(p.Player) {
		return Result{}, ErrNoMove
	}
	if len(view.Moves(p.Player, nil)) == 0 {
		return Result{}, ErrNoMove
	}
	if isChessCore(view) {
		cl := e.clock(ctx, p.Limits)
		if e.chess == nil {
			e.chess = newChessSearcher(e.tt)
		}
		return e.chess.search(cl, view.Position(), p), nil
	}
	cl := e.clock(ctx, p.Limits)
	if e.generic == nil {
		e.generic = newGenericSearcher(e.tt)
	}
	e.generic.eval = e.evaluator(view.Variant())
	switch {
	case isCrown(view):
		return e.generic.searchCrown(cl, view, p)
	case isSimultaneous(view):
		return e.generic.searchSimul(cl, view, p)
	}
	return e.generic.search(cl, view, p), nil
}

func (e *Engine) clock(ctx context.Context, l Limits) *clock {
	if e.now != nil {
		return newClockAt(ctx, l, e.now)
	}
	return newClock(ctx, l)
}

// evaluator is the evaluation of a variant's positions for a player, built once.
func (e *Engine) evaluator(v *game.Variant) func(game.Rules, game.Color) int {
	if f, ok := e.evals[v]; ok {
		return f
	}
	if e.evals == nil {
		e.evals = map[*game.Variant]func(game.Rules, game.Color) int{}
	}
	f := newRulesEval(v)
	e.evals[v] = f
	return f
}

// Search is Engine.Search on a fresh engine with a small table.
func Search(ctx context.Context, view game.Rules, p Params) (Result, error) {
	return NewEngine(8).Search(ctx, view, p)
}

// isChessCore reports whether the view is plain chess rules (chess, forced capture),
// which the fast searcher plays on the position directly.
func isChessCore(r game.Rules) bool {
	return r.Variant().Load == nil
}

// softMargin: no new iteration starts in the last 1/softMargin of the time. An
// iteration cut short at the deadline still counts for the root moves it finished, so
// the search thinks to the end of its time rather than stopping when the next iteration
// looks too long; the last few percent are not worth its setting up.
const softMargin = 20

// answerMargin is kept back from the time (at most a fortieth of it) for the answer to
// reach the caller: stopping the search, the move sent, a busy machine's scheduling.
const answerMargin = 10 * time.Millisecond

// clock decides when a search must stop: time, nodes, or the context. The deadline is
// checked inside the search every few hundred nodes (a millisecond or two), so a search
// ends within a few milliseconds of its time.
type clock struct {
	ctx      context.Context
	start    time.Time
	limits   Limits
	deadline time.Time
	soft     time.Time // no new iteration starts after this
	stopped  bool
	// firstDone is set once the first iteration is complete: until then nothing stops
	// the search, so that there is always a move to return.
	firstDone bool
	now       func() time.Time // time.Now; tests give a clock of their own
}

func newClock(ctx context.Context, l Limits) *clock {
	return newClockAt(ctx, l, time.Now)
}

func newClockAt(ctx context.Context, l Limits, now func() time.Time) *clock {
	c := &clock{ctx: ctx, start: now(), limits: l, now: now}
	if l.Time > 0 {
		c.deadline = c.start.Add(l.Time - min(l.Time/40, answerMargin))
		c.soft = c.start.Add(l.Time - l.Time/softMargin)
	}
	return c
}

// check is called every few thousand nodes; it latches stopped.
func (c *clock) check(nodes int64) bool {
	if c.stopped {
		return true
	}
	if !c.firstDone {
		return false
	}
	if c.limits.Nodes > 0 && nodes >= c.limits.Nodes {
		c.stopped = true
	} else if !c.deadline.IsZero() && c.now().After(c.deadline) {
		c.stopped = true
	} else if c.ctx.Err() != nil {
		c.stopped = true
	}
	return c.stopped
}

// another reports whether an iteration at depth d may start.
func (c *clock) another(d int, nodes int64) bool {
	if d > 1 {
		c.firstDone = true
	}
	if c.check(nodes) {
		return false
	}
	if c.limits.Depth > 0 && d > c.limits.Depth {
		return false
	}
	if !c.soft.IsZero() && c.now().After(c.soft) {
		return false
	}
	return d < maxPly-8
}

func (c *clock) elapsed() time.Duration { return c.now().Sub(c.start) }
