package clock

import (
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

// TestIncrementsAndFlag plays 3+2 out: each own decision adds 2 s, waiting costs
// nothing, and the flag falls exactly when a running clock reaches zero.
func TestIncrementsAndFlag(t *testing.T) {
	k := New(Control{3 * time.Minute, 2 * time.Second})
	now := time.Duration(0)
	k.Start(game.White, at(now))
	now += 10 * time.Second
	if took := k.Stop(game.White, at(now), true); took != 10*time.Second {
		t.Fatalf("white's move took %v, want 10s", took)
	}
	k.Start(game.Black, at(now))
	now += 30 * time.Second
	k.Stop(game.Black, at(now), true)
	if w, b := k.Left(game.White, at(now)), k.Left(game.Black, at(now)); w != 172*time.Second || b != 152*time.Second {
		t.Fatalf("after one move each: white %v black %v, want 2m52s and 2m32s", w, b)
	}
	k.Start(game.White, at(now))
	if _, ok := k.Flag(at(now + 172*time.Second - time.Millisecond)); ok {
		t.Fatal("flag fell a millisecond early")
	}
	c, ok := k.Flag(at(now + 172*time.Second))
	if !ok || c != game.White {
		t.Fatalf("flag at zero: %v %v, want white", c, ok)
	}
	// A fallen clock gets no increment.
	k.Stop(game.White, at(now+173*time.Second), true)
	if l := k.Left(game.White, at(now+200*time.Second)); l != -time.Second {
		t.Fatalf("fallen clock after its late move: %v, want -1s", l)
	}
}

// TestBothRun: in simultaneous chess both clocks run at once, each stops at its own
// decision, and the one that falls first is the flag.
func TestBothRun(t *testing.T) {
	k := New(Control{Base: 10 * time.Second})
	k.Start(game.White, at(0))
	k.Start(game.Black, at(0))
	k.Stop(game.Black, at(4*time.Second), true)
	if w, b := k.Left(game.White, at(6*time.Second)), k.Left(game.Black, at(6*time.Second)); w != 4*time.Second || b != 6*time.Second {
		t.Fatalf("white %v black %v, want 4s and 6s", w, b)
	}
	if d, ok := k.Until(at(6 * time.Second)); !ok || d != 4*time.Second {
		t.Fatalf("until the first flag: %v %v, want 4s", d, ok)
	}
	k.Start(game.Black, at(6*time.Second))
	if c, ok := k.Flag(at(20 * time.Second)); !ok || c != game.White {
		t.Fatalf("both out: %v %v, want white (fell first)", c, ok)
	}
}

func TestCharge(t *testing.T) {
	k := New(Control{Base: time.Minute, Inc: time.Second})
	k.Start(game.Black, at(0))
	k.Charge(game.Black, 5*time.Second, true)
	if k.Running(game.Black) || k.Left(game.Black, at(time.Hour)) != 56*time.Second {
		t.Fatalf("charged 5s with 1s increment: %v running %v", k.Left(game.Black, at(time.Hour)), k.Running(game.Black))
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Control{
		"3+2":    {3 * time.Minute, 2 * time.Second},
		"1+0":    {Base: time.Minute},
		"0.5+0":  {Base: 30 * time.Second},
		"20s+1":  {20 * time.Second, time.Second},
		" 15+10": {15 * time.Minute, 10 * time.Second},
		"":       {},
		"-":      {},
	} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
		if back, err := Parse(got.String()); err != nil || back != got {
			t.Errorf("Parse(%q.String() = %q) = %v, %v", in, got.String(), back, err)
		}
	}
	for in, msg := range map[string]string{
		"3":                         "minutes+seconds",
		"x+2":                       "not a number",
		"3+-2":                      "not a number",
		"0+5":                       "at least a second",
		"500+0":                     "at most",
		"3+999":                     "at most",
		strings.Repeat("1", 40):     "too long",
		"1e3+0":                     "not a number",
		"NaN+0":                     "not a number",
		"3+2+1":                     "not a number",
		"99999999999999999999999+0": "too long",
	} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("Parse(%q) error %v, want one saying %q", in, err, msg)
		}
	}
}

func TestText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		3 * time.Minute:                        "3:00",
		178*time.Second + 400*time.Millisecond: "2:59",
		10 * time.Second:                       "0:10",
		9*time.Second + 870*time.Millisecond:   "9.8",
		50 * time.Millisecond:                  "0.0",
		-time.Second:                           "0.0",
		3723 * time.Second:                     "1:02:03",
	} {
		if got := Text(d); got != want {
			t.Errorf("Text(%v) = %q, want %q", d, got, want)
		}
	}
	if c := (Control{3 * time.Minute, 2 * time.Second}).PGN(); c != "180+2" {
		t.Errorf("PGN = %q, want 180+2", c)
	}
	if c, err := ParsePGN("180+2"); err != nil || c != (Control{3 * time.Minute, 2 * time.Second}) {
		t.Errorf("ParsePGN(180+2) = %v %v", c, err)
	}
}

// FuzzParse: any text reads as a control in range or is refused, never a panic, and what
// reads writes back to the same control.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"3+2", "20s+1", "0.5+0", "", "-", "1e9+1", "9999+9999", "+", "s+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if c.On() && (c.Base < time.Second || c.Base > MaxBase || c.Inc < 0 || c.Inc > MaxInc) {
			t.Fatalf("Parse(%q) = %v: out of range", s, c)
		}
		if back, err := Parse(c.String()); err != nil || back != c {
			t.Fatalf("Parse(%q) = %v; its String %q reads %v, %v", s, c, c.String(), back, err)
		}
	})
}
