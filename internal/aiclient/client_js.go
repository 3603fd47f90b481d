//go:build js

package aiclient

import (
	"sync"
	"syscall/js"

	"github.com/quintet-chess/quintet/internal/wake"
)

// WorkerURL is the script of the AI's Web Worker, relative to the page, used when the
// page does not define quintetNewAIWorker.
var WorkerURL = "aiworker.js"

// Client sends requests to the AI's Web Worker, so that no search ever runs on the
// page's main thread (Go's wasm runtime cannot pre-empt a busy goroutine: a search there
// would freeze the frames). Replies arrive as worker messages and fill the jobs.
type Client struct {
	mu     sync.Mutex
	worker js.Value
	onmsg  js.Func
	jobs   map[int]*Job
	nextID int
}

// New makes a client. Its worker starts at Warm or at the first request: a page with no
// AI in its game (a friend's, two players on one device) never pays for a second Go
// runtime and its heap.
func New() *Client {
	c := &Client{jobs: map[int]*Job{}}
	c.onmsg = wake.FuncOf(func(this js.Value, args []js.Value) any {
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		rep, err := Decode[Reply](data.String())
		if err != nil {
			return nil
		}
		c.mu.Lock()
		j := c.jobs[rep.ID]
		if rep.Kind == KindResult || rep.Kind == KindError {
			delete(c.jobs, rep.ID)
		}
		c.mu.Unlock()
		if j == nil {
			if rep.Kind == KindError && rep.ID == 0 {
				c.failAll(rep.Error) // the worker could not start
			}
			return nil
		}
		if rep.Kind == KindProgress {
			j.report(rep)
		} else {
			j.finish(rep)
		}
		return nil
	})
	return c
}

// Warm starts the worker now, so that it has loaded by the time a move is asked for.
func (c *Client) Warm() {
	c.mu.Lock()
	c.start()
	c.mu.Unlock()
}

// start creates the worker; c.mu is held. The page's quintetNewAIWorker (index.html)
// starts one on the page's own compiled main.wasm, of the page's build; without it (a page
// of its own) the worker loads the build itself.
func (c *Client) start() {
	if c.worker.Truthy() {
		return
	}
	if f := js.Global().Get("quintetNewAIWorker"); f.Type() == js.TypeFunction {
		c.worker = f.Invoke()
	} else {
		c.worker = js.Global().Get("Worker").New(WorkerURL)
	}
	c.worker.Set("onmessage", c.onmsg)
}

// Think posts a request to the worker and returns its job at once.
func (c *Client) Think(req Request) *Job {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.start()
	c.nextID++
	req.ID = c.nextID
	j := newJob()
	id := req.ID
	// A worker busy in a search cannot read a message until it is done, so cancelling
	// a running job ends the worker; the next request starts a fresh one.
	j.cancel = func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if _, running := c.jobs[id]; !running {
			return
		}
		delete(c.jobs, id)
		c.stop()
	}
	c.jobs[id] = j
	c.worker.Call("postMessage", Encode(req))
	return j
}

// stop terminates the worker and fails the jobs it held; c.mu is held.
func (c *Client) stop() {
	if !c.worker.Truthy() {
		return
	}
	c.worker.Call("terminate")
	c.worker = js.Undefined()
	for id, j := range c.jobs {
		delete(c.jobs, id)
		j.finish(Reply{ID: id, Kind: KindError, Error: "cancelled"})
	}
}

func (c *Client) failAll(msg string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, j := range c.jobs {
		delete(c.jobs, id)
		j.finish(Reply{ID: id, Kind: KindError, Error: msg})
	}
}

// Close ends the worker.
func (c *Client) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stop()
}
