package match

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/aiclient"
	"github.com/quintet-chess/quintet/internal/wake"
)

// AI is the opponent of game/ai through internal/aiclient: in the browser the search
// runs in a Web Worker, so the page keeps drawing while it thinks; natively in a
// goroutine. Only the AI player's view crosses to it.
type AI struct {
	// BudgetMS is the time budget of a move in milliseconds (0: the AI's default); the
	// levels think a share of it.
	BudgetMS int64
	c        *aiclient.Client
	mu       sync.Mutex
	job      *aiclient.Job
	clock    [2]time.Duration // the next Think's time left and increment (0: untimed)
}

// SetClock says what is left on the AI's clock and its increment for the next Think
// (zero left: an untimed game); the match calls it before each request.
func (a *AI) SetClock(left, inc time.Duration) {
	a.mu.Lock()
	a.clock = [2]time.Duration{left, inc}
	a.mu.Unlock()
}

// NewAI makes the AI; in the browser its worker starts at Warm or at the first request.
func NewAI() *AI { return &AI{c: aiclient.New()} }

// Warm starts the AI's worker loading, for a game in which it will be asked for moves.
func (a *AI) Warm() { a.c.Warm() }

// Think implements Opponent.
func (a *AI) Think(view game.Rules, side game.Color, level string) <-chan Answer {
	v := view.Variant()
	var opts []string
	for k, val := range v.Options {
		opts = append(opts, k+"="+val)
	}
	sort.Strings(opts)
	var seed [8]byte
	rand.Read(seed[:])
	a.mu.Lock()
	clk := a.clock
	a.mu.Unlock()
	var clockMS int64 // 0: untimed; a timed game's last millisecond still counts as timed
	if clk[0] > 0 {
		clockMS = max(1, clk[0].Milliseconds())
	}
	job := a.c.Think(aiclient.Request{Variant: v.Name, Options: opts, Text: view.Text(),
		Player: int(side), Level: level, BudgetMS: a.BudgetMS, Seed: binary.LittleEndian.Uint64(seed[:]),
		ClockMS: clockMS, IncMS: clk[1].Milliseconds()})
	a.mu.Lock()
	a.job = job
	a.mu.Unlock()
	ch := make(chan Answer, 1)
	go func() { // waits on a channel only: no timer, no work on the page's thread
		<-job.Done()
		defer wake.Up()
		rep, _ := job.Result()
		if rep.Kind == aiclient.KindError {
			ch <- Answer{Err: errors.New(rep.Error)}
			return
		}
		ch <- Answer{Move: rep.GameMove()}
	}()
	return ch
}

// Cancel implements Opponent.
func (a *AI) Cancel() {
	a.mu.Lock()
	job := a.job
	a.job = nil
	a.mu.Unlock()
	if job != nil {
		job.Cancel()
	}
}

// Progress is the search's latest report for the status line, "" if none yet.
func (a *AI) Progress() string {
	a.mu.Lock()
	job := a.job
	a.mu.Unlock()
	if job == nil {
		return ""
	}
	rep, ok := job.Progress()
	if !ok {
		return ""
	}
	s := fmt.Sprintf("depth %d, %d positions", rep.Depth, rep.Nodes)
	if rep.Text != "" {
		s += ", best so far " + rep.Text
	}
	return s
}

// Analysis is the strongest level's search of a position someone reviews: Info gives its
// latest finished iteration while it runs.
type Analysis struct {
	job  *aiclient.Job
	view game.Rules
	side game.Color
}

// AnalysisInfo is what an analysis has found: the score in centipawns for the side that
// moves (Mate: moves to a forced win, negative when losing, 0 if none), the depth, and
// the best line as people write it.
type AnalysisInfo struct {
	Score, Mate, Depth int
	Line               []string
}

// Analyse searches view for side for up to ms milliseconds, beside any move the AI is
// thinking about.
func (a *AI) Analyse(view game.Rules, side game.Color, ms int64) *Analysis {
	v := view.Variant()
	var opts []string
	for k, val := range v.Options {
		opts = append(opts, k+"="+val)
	}
	sort.Strings(opts)
	job := a.c.Think(aiclient.Request{Variant: v.Name, Options: opts, Text: view.Text(), Player: int(side), TimeMS: ms})
	return &Analysis{job: job, view: view.Clone(), side: side}
}

// Info is the latest iteration's finding, and whether the search is over.
func (an *Analysis) Info() (AnalysisInfo, bool) {
	rep, done := an.job.Result()
	if !done {
		var ok bool
		if rep, ok = an.job.Progress(); !ok {
			return AnalysisInfo{}, false
		}
	}
	if rep.Kind == aiclient.KindError {
		return AnalysisInfo{}, true
	}
	in := AnalysisInfo{Score: rep.Score, Depth: rep.Depth, Line: lineText(an.view, an.side, rep.PV)}
	switch {
	case rep.Score > ai.MateBound:
		in.Mate = (ai.Mate - rep.Score + 1) / 2
	case rep.Score < -ai.MateBound:
		in.Mate = -(ai.Mate + rep.Score) / 2
	}
	return in, done
}

// Stop abandons the search.
func (an *Analysis) Stop() { an.job.Cancel() }

// lineText writes a line of coordinate moves as people read them, as far as it is a
// plain sequence of moves from view (it stops at a draw or reveal it cannot know).
func lineText(view game.Rules, side game.Color, pv []string) []string {
	r := view.Clone()
	var out []string
	for _, s := range pv {
		st := r.Next()
		if st.Kind != game.StepMove {
			break
		}
		p := side
		if !st.Asks(p) {
			p = p.Other()
		}
		m, err := r.ParseMove(p, s)
		if err != nil {
			break
		}
		out = append(out, r.MoveText(m))
		if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: p, Move: m}); err != nil {
			break
		}
		side = p.Other()
	}
	if len(out) == 0 && len(pv) > 0 {
		return pv[:1]
	}
	return out
}
