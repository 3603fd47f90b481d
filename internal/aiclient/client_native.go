//go:build !js

package aiclient

import (
	"context"
	"sync"

	"github.com/quintet-chess/quintet/game/ai"
)

// Client runs requests. Natively each runs on its own goroutine; one at a time shares
// the engine (and its table), so a new request cancels the one before.
type Client struct {
	mu     sync.Mutex
	eng    *ai.Engine
	last   *Job
	nextID int
}

// New makes a client. Natively nothing starts until the first request.
func New() *Client { return &Client{eng: ai.NewEngine(64)} }

// Warm does nothing natively (the browser's client starts its worker).
func (c *Client) Warm() {}

// Think starts a request and returns its job at once.
func (c *Client) Think(req Request) *Job {
	c.mu.Lock()
	if c.last != nil {
		c.last.Cancel()
		<-c.last.searching
	}
	c.nextID++
	req.ID = c.nextID
	j := newJob()
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	j.searching = make(chan struct{})
	c.last = j
	eng := c.eng
	c.mu.Unlock()
	go func() {
		defer close(j.searching)
		defer cancel()
		rep := Run(ctx, eng, req, j.report)
		j.finish(rep)
	}()
	return j
}

// Close cancels the running request.
func (c *Client) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last != nil {
		c.last.Cancel()
		<-c.last.searching
	}
}
