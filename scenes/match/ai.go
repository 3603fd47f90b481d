package match

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/aiclient"
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
}

// NewAI starts the AI (in the browser its worker begins loading at once).
func NewAI() *AI { return &AI{c: aiclient.New()} }

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
	job := a.c.Think(aiclient.Request{Variant: v.Name, Options: opts, Text: view.Text(),
		Player: int(side), Level: level, BudgetMS: a.BudgetMS, Seed: binary.LittleEndian.Uint64(seed[:])})
	a.mu.Lock()
	a.job = job
	a.mu.Unlock()
	ch := make(chan Answer, 1)
	go func() { // waits on a channel only: no timer, no work on the page's thread
		<-job.Done()
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
