package scenes

import "time"

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

// progress is how far an animation begun at start and lasting d has gone, in [0, 1].
func (p *Play) progress(start time.Time, d time.Duration) float64 {
	if d <= 0 {
		return 1
	}
	t := float64(p.now.Sub(start)) / float64(d)
	return min(max(t, 0), 1)
}

// sliding reports whether a piece is still on its way.
func (p *Play) sliding() bool {
	for _, a := range p.anims {
		if p.progress(a.start, p.mo.slide) < 1 {
			return true
		}
	}
	return false
}

// rolling reports whether the die is still tumbling.
func (p *Play) rolling() bool { return p.progress(p.rollAt, p.mo.roll) < 1 }

// busy reports whether what the screen shows is still moving: what happened next in the
// game (the AI's reply) waits until it has landed.
func (p *Play) busy() bool { return p.sliding() || p.rolling() }

// skipMotion ends every animation now (a tap while something moves).
func (p *Play) skipMotion() {
	p.anims = p.anims[:0]
	p.rollAt, p.flashAt = time.Time{}, time.Time{}
}
