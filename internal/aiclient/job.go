package aiclient

import "sync"

// Job is one request in flight. The UI polls it once a frame: Progress for the line to
// show, Result once the action is chosen. Its methods are safe from any goroutine.
type Job struct {
	mu       sync.Mutex
	progress Reply
	seen     bool
	result   Reply
	finished bool
	done     chan struct{}
	cancel   func()
	// searching is closed when the engine is free again (native: the goroutine ended).
	searching chan struct{}
}

func newJob() *Job { return &Job{done: make(chan struct{})} }

// Progress is the latest progress report, if any came.
func (j *Job) Progress() (Reply, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.progress, j.seen
}

// Result is the final reply (a result or an error) once the job is finished.
func (j *Job) Result() (Reply, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.result, j.finished
}

// Done is closed when the job has finished.
func (j *Job) Done() <-chan struct{} { return j.done }

// Wait blocks until the job finishes and returns its reply (native code and tests; the
// browser's main thread must poll instead).
func (j *Job) Wait() Reply {
	<-j.done
	r, _ := j.Result()
	return r
}

// Cancel abandons the job: it finishes with an error reply if it had not finished.
func (j *Job) Cancel() {
	if j.cancel != nil {
		j.cancel()
	}
	j.finish(Reply{Kind: KindError, Error: "cancelled"})
}

func (j *Job) report(r Reply) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if !j.finished {
		j.progress, j.seen = r, true
	}
}

// finish records the final reply; only the first counts.
func (j *Job) finish(r Reply) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.finished {
		return
	}
	j.result, j.finished = r, true
	close(j.done)
}
