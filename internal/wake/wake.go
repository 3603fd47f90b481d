// Package wake lets what arrives by itself wake the app's loop. The page sleeps while
// nothing changes (scenes.App: an update only on input, or a few times a second), so a
// reply from the AI's worker, a peer's message or a page's callback would otherwise wait
// for the next of those updates to be seen. Up asks for an update now.
package wake

import "sync/atomic"

var up atomic.Pointer[func()]

// Set makes Up call f (the app: ebiten.ScheduleFrame). Without it Up does nothing, as in
// the native programs and tests, whose loops never sleep.
func Set(f func()) { up.Store(&f) }

// Up asks the app for an update soon: something it should see has arrived. It is cheap,
// and harmless when the app is awake.
func Up() {
	if f := up.Load(); f != nil {
		(*f)()
	}
}
