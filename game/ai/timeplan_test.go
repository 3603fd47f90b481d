package ai

import (
	"context"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// TestMoveTimeNeverFlags plays 200 moves at 1+0 and at 3+2 on a fake clock, each move
// costing its planned time, a tenth more (the search stops just after its limit) and a
// slow phone's 50 ms besides: the clock never falls, and the first move thinks a
// sensible share (not all of it, not nothing).
func TestMoveTimeNeverFlags(t *testing.T) {
	for _, c := range []struct{ base, inc time.Duration }{{time.Minute, 0}, {3 * time.Minute, 2 * time.Second}, {10 * time.Second, 0}} {
		left := c.base
		first := MoveTime(left, c.inc)
		if first < c.base/200 || first > c.base/10 {
			t.Errorf("%v+%v: the first move thinks %v", c.base, c.inc, first)
		}
		moves := 200
		if c.base < time.Minute {
			moves = 100 // ten seconds pay a phone's cost of 200 moves, no more
		}
		for i := 0; i < moves; i++ {
			plan := MoveTime(left, c.inc)
			left -= plan + plan/10 + 50*time.Millisecond
			if left <= 0 {
				t.Fatalf("%v+%v: flag on move %d (planned %v)", c.base, c.inc, i+1, plan)
			}
			left += c.inc
		}
		t.Logf("%v+%v: first move %v, %v left after %d moves", c.base, c.inc, first, left.Round(time.Millisecond), moves)
	}
}

// TestTimedParamsCap: every level's limits on a clock stay within the plan, also the
// levels limited by positions alone, and the search keeps to it on a fake clock.
func TestTimedParamsCap(t *testing.T) {
	for _, l := range Levels {
		for _, name := range game.Names() {
			v, err := game.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			p := l.TimedParams(v, 5*time.Second, 0, 1)
			if p.Limits.Time <= 0 || p.Limits.Time > MoveTime(5*time.Second, 0) {
				t.Errorf("%s %s: time limit %v, plan %v", l.Name, name, p.Limits.Time, MoveTime(5*time.Second, 0))
			}
		}
	}
	// The strongest level at 1.5 s left thinks no longer than planned (the clock is the
	// test's: each reading moves it on, so time is work done).
	r := load(t, "chess", "")
	e := NewEngine(1)
	ft := &fakeTime{t: time.Unix(0, 0), step: 200 * time.Microsecond}
	e.now = ft.now
	p := Levels[len(Levels)-1].TimedParams(r.Variant(), 1500*time.Millisecond, 0, 1)
	start := ft.t
	res, err := e.Search(context.Background(), r, p)
	if err != nil || res.Move == game.NullMove {
		t.Fatalf("search: %v %v", res.Move, err)
	}
	if took := ft.t.Sub(start); took > p.Limits.Time+time.Millisecond {
		t.Fatalf("searched %v of fake time, planned %v", took, p.Limits.Time)
	}
}
