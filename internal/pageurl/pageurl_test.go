package pageurl

import (
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game/clock"
)

func TestVariant(t *testing.T) {
	for _, c := range []struct{ search, hash, want string }{
		{"", "", "chess"},
		{"?variant=forced", "", "forced"},
		{"?variant=Forced", "", "forced"},
		{"?x=1&variant=forced", "", "forced"},
		{"", "#forced", "forced"},
		{"", "#variant=forced", "forced"},
		{"?variant=chess", "#variant=forced", "forced"},
		{"?variant=forced", "#join=abc", "forced"},
		{"?variant=", "", "chess"},
		{"?%zz", "", "chess"},
		{"", "#", "chess"},
	} {
		if got := Variant(c.search, c.hash); got != c.want {
			t.Errorf("Variant(%q, %q) = %q, want %q", c.search, c.hash, got, c.want)
		}
	}
}

func TestRead(t *testing.T) {
	p := Read("?variant=forced&side=Black&opponent=hard&opt=a=1&opt=b=2", "#play=1")
	if p.Variant != "forced" || p.Side != "black" || p.Opponent != "hard" || !p.Start ||
		len(p.Options) != 2 || p.Options[0] != "a=1" || p.Options[1] != "b=2" {
		t.Errorf("Read = %+v", p)
	}
	if p := Read("?play=1&side=white", "#side=black"); p.Side != "black" || !p.Start {
		t.Errorf("the fragment should win: %+v", p)
	}
	if p := Read("?budget=5000", "#budget=x"); p.BudgetMS != 5000 {
		t.Errorf("budget=5000: %+v", p)
	}
	if p := Read("?budget=-1", ""); p.BudgetMS != 0 {
		t.Errorf("a negative budget was read: %+v", p)
	}
	if p := Read("", ""); p.Start || p.Side != "" || p.Variant != DefaultVariant {
		t.Errorf("empty address: %+v", p)
	}
}

// TestReadClock: tc= names a time control; a bad one is set aside with a clear error.
func TestReadClock(t *testing.T) {
	p := Read("?variant=chess&tc=3%2B2", "")
	if !p.HasClock || p.Clock.Base != 3*time.Minute || p.Clock.Inc != 2*time.Second || p.ClockErr != "" || p.Plain() {
		t.Errorf("tc=3+2 (escaped): %+v", p)
	}
	// A plus sign as people type it (which a query decodes as a space).
	if p := Read("?tc=2+0", ""); !p.HasClock || p.Clock.Base != 2*time.Minute || p.Clock.Inc != 0 {
		t.Errorf("tc=2+0: %+v", p)
	}
	if p := Read("", "#tc=20s%2B1"); !p.HasClock || p.Clock.Base != 20*time.Second || p.Clock.Inc != time.Second {
		t.Errorf("tc=20s+1: %+v", p)
	}
	if p := Read("?tc=-", ""); !p.HasClock || p.Clock.On() {
		t.Errorf("tc=-: %+v", p)
	}
	for _, bad := range []string{"?tc=banana", "?tc=" + strings.Repeat("9", 100), "?tc=0%2B0", "?tc=999%2B0"} {
		if p := Read(bad, ""); p.HasClock || p.ClockErr == "" || !strings.Contains(p.ClockErr, "time control") {
			t.Errorf("%s: %+v, want a clear error", bad, p)
		}
	}
}

// FuzzRead: any address reads without a panic, and a clock it accepts is in range.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"?tc=3%2B2", "#tc=20s%2B1&play=1", "?tc=%zz", "?tc=1e9%2B1&tc=2%2B0", "?budget=99999999999999999999"} {
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, search, hash string) {
		p := Read(search, hash)
		if p.HasClock && p.Clock.On() && (p.Clock.Base < time.Second || p.Clock.Base > clock.MaxBase || p.Clock.Inc > clock.MaxInc) {
			t.Fatalf("%q %q: clock %+v out of range", search, hash, p.Clock)
		}
		if len(p.ClockErr) > 200 {
			t.Fatalf("%q %q: an error of %d bytes", search, hash, len(p.ClockErr))
		}
	})
}
