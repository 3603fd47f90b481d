package main

import (
	"log"
	"sort"
	"sync"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/aiclient"
)

// aiOpponent plays the AI seats through internal/aiclient: in the browser the search runs
// in a Web Worker (its own wasm), so the page keeps drawing; natively in a goroutine.
type aiOpponent struct {
	client *aiclient.Client
	mu     sync.Mutex
	job    *aiclient.Job
}

func newAIOpponent() *aiOpponent { return &aiOpponent{client: aiclient.New()} }

// Think implements match.Opponent: it sends the player's view, never the referee's state.
func (o *aiOpponent) Think(view game.Rules, side game.Color, level string) <-chan game.Move {
	v := view.Variant()
	opts := make([]string, 0, len(v.Options))
	for k, val := range v.Options {
		opts = append(opts, k+"="+val)
	}
	sort.Strings(opts)
	job := o.client.Think(aiclient.Request{
		Variant: v.Name, Options: opts, Text: view.Text(), Player: int(side), Level: level,
	})
	o.mu.Lock()
	o.job = job
	o.mu.Unlock()
	ch := make(chan game.Move, 1)
	go func() {
		<-job.Done()
		r, _ := job.Result()
		if r.Kind != aiclient.KindResult {
			log.Printf("AI: %s", r.Error) // cancelled, or the worker failed
			return
		}
		ch <- r.GameMove()
	}()
	return ch
}

// Cancel implements match.Opponent.
func (o *aiOpponent) Cancel() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.job != nil {
		o.job.Cancel()
		o.job = nil
	}
}
