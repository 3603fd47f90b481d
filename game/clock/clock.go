// Package clock is the arithmetic of chess clocks: a time control (base time and an
// increment per decision), two clocks that may run at once (both players choose together
// in simultaneous chess), and the flag. It reads no clock of its own: every call is given
// the time, so the match drivers decide where time comes from and tests decide it exactly.
package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// Control is a time control: each side starts with Base and gains Inc after each of its
// own decisions. The zero Control is no clock.
type Control struct {
	Base, Inc time.Duration
}

// On reports whether the control has clocks.
func (c Control) On() bool { return c.Base > 0 }

// Presets are the controls offered on the setup screen, fastest first.
var Presets = []Control{
	{time.Minute, 0},
	{3 * time.Minute, 2 * time.Second},
	{5 * time.Minute, 3 * time.Second},
	{10 * time.Minute, 5 * time.Second},
	{15 * time.Minute, 10 * time.Second},
	{30 * time.Minute, 0},
}

// Limits of a control read from people or links.
const (
	MaxBase = 180 * time.Minute
	MaxInc  = 180 * time.Second
	maxText = 24
)

// String writes the control as people and links write it: minutes + seconds ("3+2"), a
// base that is not whole minutes in seconds ("20s+1"), "" for no clock. Parse reads it
// back.
func (c Control) String() string {
	if !c.On() {
		return ""
	}
	return baseText(c.Base) + "+" + strconv.FormatFloat(c.Inc.Seconds(), 'f', -1, 64)
}

func baseText(d time.Duration) string {
	if d%time.Minute == 0 {
		return strconv.Itoa(int(d / time.Minute))
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// PGN is the control as a PGN TimeControl tag writes it: seconds + seconds ("180+2"),
// "-" for no clock.
func (c Control) PGN() string {
	if !c.On() {
		return "-"
	}
	return strconv.FormatFloat(c.Base.Seconds(), 'f', -1, 64) + "+" + strconv.FormatFloat(c.Inc.Seconds(), 'f', -1, 64)
}

// Parse reads a control written as String writes it: "3+2" (minutes + seconds), "0.5+0"
// or "20s+1" for a base under a minute, "" or "-" for no clock. It refuses anything else
// with an error that says what is wrong, never a panic.
func Parse(s string) (Control, error) {
	if len(s) > maxText {
		return Control{}, fmt.Errorf("time control %.24q…: too long (at most %d characters)", s, maxText)
	}
	s = strings.TrimSpace(s)
	if s == "" || s == "-" {
		return Control{}, nil
	}
	b, i, ok := strings.Cut(s, "+")
	if !ok {
		return Control{}, fmt.Errorf("time control %q: want minutes+seconds, like 3+2", s)
	}
	var base time.Duration
	var err error
	if sec, isSec := strings.CutSuffix(b, "s"); isSec {
		base, err = amount(sec, time.Second)
	} else {
		base, err = amount(b, time.Minute)
	}
	if err != nil {
		return Control{}, fmt.Errorf("time control %q: base: %v", s, err)
	}
	inc, err := amount(i, time.Second)
	if err != nil {
		return Control{}, fmt.Errorf("time control %q: increment: %v", s, err)
	}
	switch {
	case base < time.Second:
		return Control{}, fmt.Errorf("time control %q: the base must be at least a second", s)
	case base > MaxBase:
		return Control{}, fmt.Errorf("time control %q: the base may be at most %v", s, MaxBase)
	case inc > MaxInc:
		return Control{}, fmt.Errorf("time control %q: the increment may be at most %v", s, MaxInc)
	}
	return Control{Base: base, Inc: inc}, nil
}

// ParsePGN reads a PGN TimeControl tag of the form "180+2" (or "-"): seconds + seconds.
func ParsePGN(s string) (Control, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "-" || s == "?" {
		return Control{}, nil
	}
	if len(s) > maxText {
		return Control{}, errors.New("TimeControl tag too long")
	}
	b, i, ok := strings.Cut(s, "+")
	if !ok {
		i = "0"
	}
	base, err := amount(b, time.Second)
	if err != nil {
		return Control{}, fmt.Errorf("TimeControl %q: %v", s, err)
	}
	inc, err := amount(i, time.Second)
	if err != nil {
		return Control{}, fmt.Errorf("TimeControl %q: %v", s, err)
	}
	if base < time.Second || base > MaxBase || inc > MaxInc {
		return Control{}, fmt.Errorf("TimeControl %q: out of range", s)
	}
	return Control{Base: base, Inc: inc}, nil
}

// amount reads a plain decimal number (digits, one optional point) times unit.
func amount(s string, unit time.Duration) (time.Duration, error) {
	if s == "" {
		return 0, errors.New("missing number")
	}
	dot := false
	for _, r := range s {
		switch {
		case r == '.' && !dot:
			dot = true
		case r < '0' || r > '9':
			return 0, fmt.Errorf("%q is not a number", s)
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > 1e6 {
		return 0, fmt.Errorf("%q is not a number in range", s)
	}
	return time.Duration(f * float64(unit)).Round(time.Millisecond), nil
}

// Clocks are both sides' clocks under one control. A running clock counts down from the
// moment it was started; Left reads it at a given time.
type Clocks struct {
	Control Control
	left    [2]time.Duration // at the last stop (or the start, for a running clock)
	run     [2]bool
	from    [2]time.Time // when a running clock was started
}

// New sets both clocks to the control's base, stopped.
func New(c Control) *Clocks {
	return &Clocks{Control: c, left: [2]time.Duration{c.Base, c.Base}}
}

// Left is side c's remaining time at now (negative once its flag has fallen).
func (k *Clocks) Left(c game.Color, now time.Time) time.Duration {
	if k.run[c] {
		return k.left[c] - now.Sub(k.from[c])
	}
	return k.left[c]
}

// Running reports whether side c's clock runs.
func (k *Clocks) Running(c game.Color) bool { return k.run[c] }

// Since is when side c's running clock was started, ok false if it is stopped.
func (k *Clocks) Since(c game.Color) (time.Time, bool) { return k.from[c], k.run[c] }

// Start starts side c's clock at now (nothing if it runs).
func (k *Clocks) Start(c game.Color, now time.Time) {
	if !k.run[c] {
		k.run[c], k.from[c] = true, now
	}
}

// Stop stops side c's clock at now and returns the time it ran; decided adds the
// increment (the side made a decision, not a wait the rules ended). A clock that has
// already fallen stays fallen: no increment lifts it.
func (k *Clocks) Stop(c game.Color, now time.Time, decided bool) time.Duration {
	if !k.run[c] {
		return 0
	}
	took := max(0, now.Sub(k.from[c]))
	k.run[c] = false
	k.left[c] -= took
	if decided && k.left[c] > 0 {
		k.left[c] += k.Control.Inc
	}
	return took
}

// Charge stops side c's clock charging it took instead of the time measured here (a
// friend's own measurement accepted by the peer protocol), with the increment when it
// decided.
func (k *Clocks) Charge(c game.Color, took time.Duration, decided bool) {
	k.run[c] = false
	k.left[c] -= max(0, took)
	if decided && k.left[c] > 0 {
		k.left[c] += k.Control.Inc
	}
}

// Set sets side c's remaining time, stopped (a resumed game).
func (k *Clocks) Set(c game.Color, left time.Duration) {
	k.run[c], k.left[c] = false, left
}

// Flag is the side whose clock has run out at now, ok false if none has. When both have
// (both clocks ran at once), the one that fell first.
func (k *Clocks) Flag(now time.Time) (game.Color, bool) {
	w, b := k.Left(game.White, now), k.Left(game.Black, now)
	switch {
	case w <= 0 && (b > 0 || w <= b):
		return game.White, true
	case b <= 0:
		return game.Black, true
	}
	return game.White, false
}

// Until is how long from now until the first running clock falls, ok false if none runs.
func (k *Clocks) Until(now time.Time) (time.Duration, bool) {
	d, ok := time.Duration(0), false
	for c := game.White; c <= game.Black; c++ {
		if k.run[c] {
			if l := k.Left(c, now); !ok || l < d {
				d, ok = l, true
			}
		}
	}
	return max(0, d), ok
}

// Text writes a remaining time as a clock face shows it: "4:59", "1:02:03" over an hour,
// "9.8" (tenths) under ten seconds, "0.0" once out.
func Text(d time.Duration) string {
	if d <= 0 {
		return "0.0"
	}
	if d < 10*time.Second {
		t := d / (100 * time.Millisecond) // tenths, rounded down: never shows time not left
		return fmt.Sprintf("%d.%d", t/10, t%10)
	}
	s := int((d + time.Second - 1) / time.Second) // whole seconds, rounded up as clocks do
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
