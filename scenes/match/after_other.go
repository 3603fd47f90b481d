//go:build !js

package match

import "time"

// after calls f after d unless stop is closed first.
func after(d time.Duration, stop <-chan struct{}, f func()) {
	go func() {
		select {
		case <-time.After(d):
			f()
		case <-stop:
		}
	}()
}
