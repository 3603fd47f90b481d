package scenes

import (
	"slices"
	"strconv"
	"time"

	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/lang"
)

// The setup screen's time control: no clock (the default against the AI), the presets,
// or a custom base and increment set with − and + steps. The choice is remembered, and a
// link's tc= sets it for that visit.

// customBases and customIncs are the steps of a custom control: minutes, seconds.
var (
	customBases = []time.Duration{15 * time.Second, 30 * time.Second, 45 * time.Second, time.Minute,
		2 * time.Minute, 3 * time.Minute, 4 * time.Minute, 5 * time.Minute, 6 * time.Minute, 7 * time.Minute,
		8 * time.Minute, 10 * time.Minute, 12 * time.Minute, 15 * time.Minute, 20 * time.Minute, 25 * time.Minute,
		30 * time.Minute, 40 * time.Minute, 45 * time.Minute, 60 * time.Minute, 75 * time.Minute, 90 * time.Minute,
		120 * time.Minute, 150 * time.Minute, 180 * time.Minute}
	customIncs = []time.Duration{0, time.Second, 2 * time.Second, 3 * time.Second, 4 * time.Second,
		5 * time.Second, 6 * time.Second, 7 * time.Second, 8 * time.Second, 10 * time.Second, 12 * time.Second,
		15 * time.Second, 20 * time.Second, 25 * time.Second, 30 * time.Second, 45 * time.Second, 60 * time.Second,
		90 * time.Second, 120 * time.Second, 180 * time.Second}
)

// setupClock is the time control part of the setup screen.
type setupClock struct {
	tc     clock.Control
	custom bool // the custom steppers are shown
	fixed  bool // a link's tc= chose it: the remembered choice does not replace it
	read   bool // the remembered choice was read
}

func newSetupClock(c clock.Control, fromLink bool) setupClock {
	sc := setupClock{tc: c, fixed: fromLink, read: fromLink}
	sc.custom = c.On() && !slices.Contains(clock.Presets, c)
	return sc
}

// remembered takes the remembered choice once, unless the link chose.
func (sc *setupClock) remembered(c clock.Control, ok bool) bool {
	if sc.read {
		return false
	}
	sc.read = true
	if !ok {
		return false
	}
	*sc = newSetupClock(c, false)
	sc.read = true
	return true
}

// press handles a time control button; true if the choice changed (to be remembered).
func (sc *setupClock) press(id, val string) bool {
	switch id {
	case "tc":
		switch val {
		case "none":
			sc.tc, sc.custom = clock.Control{}, false
		case "custom":
			sc.custom = true
			if !sc.tc.On() {
				sc.tc = clock.Presets[3]
			}
		default:
			c, err := clock.Parse(val)
			if err != nil {
				return false
			}
			sc.tc, sc.custom = c, false
		}
	case "tcbase", "tcinc":
		if val != "-" && val != "+" {
			return false // the value between the steps
		}
		if id == "tcinc" {
			sc.tc.Inc = step(customIncs, sc.tc.Inc, val == "+")
			break
		}
		sc.tc.Base = step(customBases, sc.tc.Base, val == "+")
	default:
		return false
	}
	return true
}

// step is the next value of steps above (up) or below d, d itself at either end.
func step(steps []time.Duration, d time.Duration, up bool) time.Duration {
	if up {
		for _, s := range steps {
			if s > d {
				return s
			}
		}
		return d
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i] < d {
			return steps[i]
		}
	}
	return d
}

// buttons are the choices: no clock, each preset, custom.
func (sc *setupClock) buttons() []button {
	bs := []button{{id: "tc:none", label: lang.T("No clock"), on: !sc.tc.On()}}
	for _, c := range clock.Presets {
		bs = append(bs, button{id: "tc:" + c.String(), label: c.String(), on: !sc.custom && sc.tc == c})
	}
	return append(bs, button{id: "tc:custom", label: lang.T("Custom"), on: sc.custom})
}

// steppers are the custom control's − value + rows: the base, the increment.
func (sc *setupClock) steppers() [][]button {
	if !sc.custom {
		return nil
	}
	base := lang.F("%s min", minutesText(sc.tc.Base))
	inc := lang.F("+%s s", strconv.Itoa(int(sc.tc.Inc/time.Second)))
	return [][]button{
		{{id: "tcbase:-", label: "−"}, {id: "tcbase:=", label: base}, {id: "tcbase:+", label: "+"}},
		{{id: "tcinc:-", label: "−"}, {id: "tcinc:=", label: inc}, {id: "tcinc:+", label: "+"}},
	}
}

// minutesText writes a base in minutes: "5", "0.5".
func minutesText(d time.Duration) string {
	return strconv.FormatFloat(d.Minutes(), 'f', -1, 64)
}
