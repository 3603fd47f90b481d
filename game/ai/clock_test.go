package ai

import (
	"context"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// fakeTime is a clock that moves on by step each time it is read: the searches read it
// every few hundred nodes, so time is proportional to the work done.
type fakeTime struct {
	t    time.Time
	step time.Duration
}

func (f *fakeTime) now() time.Time {
	f.t = f.t.Add(f.step)
	return f.t
}

// TestSearchUsesItsTime: with a move time T, each game's search thinks at least 90% of
// T and stops within a reading of the clock after T, whatever its iterations cost (the
// clock is the test's own, so the check is of the logic, not of the machine).
func TestSearchUsesItsTime(t *testing.T) {
	const budget = 100 * time.Millisecond
	for _, c := range []struct {
		variant, text string
		step          time.Duration
	}{
		{"chess", "", 500 * time.Microsecond},
		{"forced", "", 500 * time.Microsecond},
		{"probabilistic", "", 250 * time.Microsecond},
		{"pillar", "", 250 * time.Microsecond},
		{"crown", "rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKBNR w KDAHkdah - 0 1 crown=k?", 250 * time.Microsecond},
		{"simultaneous", "", 250 * time.Microsecond},
	} {
		r := load(t, c.variant, c.text)
		if r.Next().Kind == game.StepDraw {
			if _, err := r.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{2, 0}}); err != nil {
				t.Fatal(err)
			}
		}
		e := NewEngine(4)
		ft := &fakeTime{t: time.Unix(0, 0), step: c.step}
		e.now = ft.now
		st := r.Next()
		p := Params{Limits: Limits{Time: budget}, Player: st.OnlyPlayer()}
		res, err := e.Search(context.Background(), r.View(p.Player), p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Time < budget*9/10 || res.Time > budget+2*c.step {
			t.Errorf("%s: thought %v of %v (depth %d)", c.variant, res.Time, budget, res.Depth)
		}
	}
}
