package scenes

import (
	"slices"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// motion is how long the play screen's animations last. They are timed by the clock,
// not counted in frames: a phone or software WebGL that draws ten frames a second
// would otherwise stretch a 0.6 s roll to several seconds.
type motion struct {
	slide time.Duration // a piece moving to its square
	roll  time.Duration // the die tumbling before it shows its face
	flash time.Duration // a revealed square glowing
}

// motionNames are the animation settings in the order the button cycles through them.
var motionNames = []string{"normal", "fast", "off"}

var motions = map[string]motion{
	// The glow holds nothing up (the next move may be made while it fades), so it
	// lasts long enough to be seen.
	"normal": {slide: 180 * time.Millisecond, roll: 450 * time.Millisecond, flash: 1500 * time.Millisecond},
	"fast":   {slide: 90 * time.Millisecond, roll: 200 * time.Millisecond, flash: 600 * time.Millisecond},
	"off":    {},
}

// msgFor is how long the line about the last thing that happened stays.
const msgFor = 8 * time.Second

// motionOf is the setting's durations ("normal" for an unknown name).
func motionOf(name string) motion {
	if m, ok := motions[name]; ok {
		return m
	}
	return motions["normal"]
}

// animation is what moves on the play screen without input: pieces sliding to their
// squares, the die tumbling, a revealed square glowing. Everything is measured by the
// tick's time (now), set by Play.Update.
type animation struct {
	mo     motion // the animation setting's durations
	name   string // the setting's name
	now    time.Time
	tick   int
	slides []anim
	rollAt time.Time // when the die was last rolled
	// flashSq is a reveal's square, glowing from flashAt for a moment and then framed
	// until the person's next move; NoSquare if none.
	flashSq game.Square
	flashAt time.Time
	prev    game.Position // the pieces drawn before the last change, for the slides
}

// anim moves a piece from one square to another (motion.slide).
type anim struct {
	pc       game.Piece
	from, to game.Square
	start    time.Time
}

func newAnimation() animation { return animation{flashSq: game.NoSquare, mo: motionOf("normal")} }

// set chooses the animation setting by name.
func (a *animation) set(name string) { a.name, a.mo = name, motionOf(name) }

// progress is how far an animation begun at start and lasting d has gone, in [0, 1].
func (a *animation) progress(start time.Time, d time.Duration) float64 {
	if d <= 0 {
		return 1
	}
	t := float64(a.now.Sub(start)) / float64(d)
	return min(max(t, 0), 1)
}

// slid is how far slide s has gone, in [0, 1].
func (a *animation) slid(s anim) float64 { return a.progress(s.start, a.mo.slide) }

// sliding reports whether a piece is still on its way.
func (a *animation) sliding() bool {
	for _, s := range a.slides {
		if a.slid(s) < 1 {
			return true
		}
	}
	return false
}

// rolling reports whether the die is still tumbling.
func (a *animation) rolling() bool { return a.progress(a.rollAt, a.mo.roll) < 1 }

// glow is how far the reveal's glow has faded, in [0, 1].
func (a *animation) glow() float64 { return a.progress(a.flashAt, a.mo.flash) }

// busy reports whether what the screen shows is still moving: what happened next in the
// game (the AI's reply) waits until it has landed.
func (a *animation) busy() bool { return a.sliding() || a.rolling() }

// skip ends every animation now (a tap while something moves).
func (a *animation) skip() {
	a.slides = a.slides[:0]
	a.rollAt, a.flashAt = time.Time{}, time.Time{}
}

// landed forgets the slides that are over.
func (a *animation) landed() {
	a.slides = slices.DeleteFunc(a.slides, func(s anim) bool { return a.slid(s) >= 1 })
}

// slide starts a slide once: a simultaneous turn's two notices, which arrive together
// at its resolution, each ask for both moves.
func (a *animation) slide(pc game.Piece, from, to game.Square) {
	s := anim{pc: pc, from: from, to: to, start: a.now}
	if !slices.Contains(a.slides, s) {
		a.slides = append(a.slides, s)
	}
}

// moving are the squares pieces are sliding to.
func (a *animation) moving(into map[game.Square]bool) {
	for _, s := range a.slides {
		if a.slid(s) < 1 {
			into[s.to] = true
		}
	}
}

// slider is the piece that slides for move m: the one that stood on its square before
// (a colliding enemy, a pawn before it promotes), else the one that landed in view.
func (a *animation) slider(m game.Move, view game.Rules) game.Piece {
	if a.prev.V != nil && m.From < game.NoSquare {
		if pc := a.prev.At(m.From); pc != game.NoPiece {
			return pc
		}
	}
	if m.To < game.NoSquare && view != nil {
		return view.Position().At(m.To)
	}
	return game.NoPiece
}
