package p2p

import (
	"context"
	"fmt"
	"sync"
)

// link is the life of a data channel, the same for pion's and the browser's: opened once,
// closed once, and waited for.
type link struct {
	open, closed      chan struct{}
	openOnce, closing sync.Once
}

func newLink() link { return link{open: make(chan struct{}), closed: make(chan struct{})} }

func (l *link) opened() { l.openOnce.Do(func() { close(l.open) }) }

func (l *link) shut() { l.closing.Do(func() { close(l.closed) }) }

// waitOpen returns when the data channel is open, or why it never will be.
func (l *link) waitOpen(ctx context.Context) error {
	select {
	case <-l.open:
		return nil
	case <-l.closed:
		return fmt.Errorf("the connection failed before the data channel opened")
	case <-ctx.Done():
		return ctx.Err()
	}
}
