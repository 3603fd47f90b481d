package scenes

import (
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
)

// Clocks on the players' strips: the face at the strip's right end, bright while it runs,
// red and with a warning sound once a person's time runs low, tenths under ten seconds.

var (
	colClockRun  = color.RGBA{0xee, 0xec, 0xe8, 0xff}
	colClockLow  = color.RGBA{0xc8, 0x3a, 0x2c, 0xff}
	colClockStop = color.RGBA{0x3c, 0x39, 0x35, 0xff}
	colClockText = color.RGBA{0x1c, 0x1b, 0x1a, 0xff}
)

// lowTime is when a clock counts as low: ten seconds, or a fifth of a short base.
func lowTime(c clock.Control) time.Duration { return min(10*time.Second, c.Base/5) }

// clocks are the play screen's clocks beyond what the match keeps: the low-time warning
// sounded once per side.
type clocks struct {
	lowWarned [2]bool // the low-time sound was played for that side's clock
}

// clockFace is side c's clock as shown, whether it runs and whether it is low.
func clockFace(m *match.Match, c game.Color) (face string, run, low bool) {
	left, run := m.ClockLeft(c)
	return clock.Text(left), run, left < lowTime(m.Config().Clock)
}

// Ticking is what of the screen changes with time alone besides the clocks (Clocks): a
// friend's chat line until it fades, the "Say…" button's pause; when it changes the app
// draws again. live tells whether anything changes now (a clock runs, the line shows,
// the button waits): the app never sleeps then (App.rest), so that each change is drawn
// on time.
func (p *Play) Ticking() (face string, live bool) {
	live = clockRuns(p.m)
	if p.net != nil {
		now := time.Now()
		chat := p.net.lastChat(now)
		face += "|" + chat
		if p.net.saying(now) {
			face += "|saying"
			live = true
		}
		live = live || chat != ""
	}
	return face, live
}

// clockFaces is what the clocks show: each face, whether it runs, whether it is low.
func clockFaces(m *match.Match) string {
	if !m.Timed() {
		return ""
	}
	face := ""
	for c := game.White; c <= game.Black; c++ {
		f, run, low := clockFace(m, c)
		face += f
		if run {
			face += "*"
		}
		if low {
			face += "!"
		}
		face += " "
	}
	return face
}

// clockRuns reports whether a clock runs.
func clockRuns(m *match.Match) bool {
	if !m.Timed() {
		return false
	}
	_, white := m.ClockLeft(game.White)
	_, black := m.ClockLeft(game.Black)
	return white || black
}

// warn sounds the warning when a person's running clock falls below low time.
func (k *clocks) warn(m *match.Match, over bool, sound *Sound) {
	if !m.Timed() || over {
		return
	}
	for c := game.White; c <= game.Black; c++ {
		_, run, low := clockFace(m, c)
		if run && low && !k.lowWarned[c] && m.Seat(c).Human && !m.Seat(c).Remote {
			k.lowWarned[c] = true
			if sound != nil {
				sound.Play(SoundLowTime)
			}
		}
		if !low {
			k.lowWarned[c] = false
		}
	}
}

// Clocks is what the clocks show: their faces, which one runs, which are low. The app
// redraws them alone when nothing else changed (DrawClocks).
func (p *Play) Clocks() string { return clockFaces(p.m) }

// DrawClocks redraws only the clocks over the last frame, and reports false when it
// cannot because something may lie over them (a panel, the inspector, a dragged or
// sliding piece, the hand-over screen). A running clock then costs two small boxes a
// second instead of the whole screen (a fifth of a second of CPU in software WebGL).
func (p *Play) DrawClocks(screen *ebiten.Image) bool {
	if p.lay.Square == 0 || p.view == nil || p.hand.on || p.panel != nil || p.input.drag.on ||
		p.inspected() != game.NoSquare || p.Animating() {
		return false
	}
	// Only a clock whose box holds all it draws, with nothing else under it: a face
	// grown wider (past an hour on a short control) or a long name drawn into the box
	// would be left behind or wiped.
	f := p.fs.get(true, p.lay.TextSize)
	for c := game.White; c <= game.Black; c++ {
		box, ok := p.clockBox(p.strip(c))
		if !ok {
			continue
		}
		face, _, _ := clockFace(p.m, c)
		if w, _ := measure(face, f); !p.clockClear[c] || w > box.W-0.4*p.lay.TextSize {
			return false
		}
	}
	for c := game.White; c <= game.Black; c++ {
		p.drawClock(screen, c, p.strip(c))
	}
	return true
}

// clockBox is where a clock is drawn in strip r (none in an untimed game).
func (p *Play) clockBox(r layout.Rect) (layout.Rect, bool) {
	if !p.m.Timed() {
		return layout.Rect{}, false
	}
	f := p.fs.get(true, p.lay.TextSize)
	w, _ := measure("0:00:00", f)
	if p.m.Config().Clock.Base < time.Hour {
		w, _ = measure("00:00", f)
	}
	w += 0.8 * p.lay.TextSize
	h := min(r.H, 1.7*p.lay.TextSize)
	return layout.Rect{X: r.X + r.W - w, Y: r.Y + (r.H-h)/2, W: w, H: h}, true
}

// drawClock draws side c's clock at the right end of strip r and returns the width it
// took (0 in an untimed game). It clears its box first, so that it can be drawn again
// alone over the last frame (DrawClocks).
func (p *Play) drawClock(dst *ebiten.Image, c game.Color, r layout.Rect) float64 {
	box, ok := p.clockBox(r)
	if !ok {
		return 0
	}
	fillRect(dst, box, colBackground) // what lies under the box's round corners
	face, run, low := clockFace(p.m, c)
	f := p.fs.get(true, p.lay.TextSize)
	w, h := box.W, box.H
	bg, fg := colClockStop, colSub
	switch {
	case run && low:
		bg, fg = colClockLow, colTitle
	case run:
		bg, fg = colClockRun, colClockText
	case low:
		fg = colError
	}
	fillRound(dst, box, float32(h/5), bg)
	drawRight(dst, face, f, box.X+box.W-0.4*p.lay.TextSize, box.Y+box.H/2, fg)
	return w + 0.5*p.lay.Small
}

// clockStatus fills the game status's clocks for the tests: each face as shown, which
// run, and the time control as a link writes it.
func clockStatus(m *match.Match, gs *GameStatus) {
	if !m.Timed() {
		return
	}
	gs.TimeControl = m.Config().Clock.String()
	for c := game.White; c <= game.Black; c++ {
		f, run, low := clockFace(m, c)
		gs.Clocks = append(gs.Clocks, f)
		if run {
			gs.ClockRuns |= 1 << c
		}
		if low {
			gs.ClockLow |= 1 << c
		}
	}
}
