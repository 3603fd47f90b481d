package scenes

import (
	"math"
	"math/rand/v2"

	"github.com/quintet-chess/quintet/scenes/prefs"
)

// SoundKind names one of the app's sounds. They are synthesised when the first is
// played (our own, no recordings): short enough to build in a few milliseconds.
type SoundKind uint8

const (
	SoundMove SoundKind = iota
	SoundCapture
	SoundCheck
	SoundDie
	SoundReveal
	SoundLowTime // a person's clock runs low
	numSounds
)

const sampleRate = 44100

// Sound plays the app's sounds unless muted; the choice is kept in the settings.
type Sound struct {
	prefs *prefs.Prefs
	out   *audioOut // made on the first sound; nil before, and where the page has no audio
	made  bool
}

// Muted reports whether sounds are off.
func (s *Sound) Muted() bool { return s.prefs != nil && s.prefs.SoundOff() }

// Toggle switches sounds on or off and remembers it.
func (s *Sound) Toggle() {
	if s.prefs != nil {
		s.prefs.SetSound(s.Muted())
	}
}

// Play plays a sound. The audio output is made on the first sound, which follows a
// person's tap or click (browsers start audio only after one).
func (s *Sound) Play(k SoundKind) {
	if s == nil || s.Muted() {
		return
	}
	if !s.made {
		s.made = true
		s.out = newAudioOut()
	}
	if s.out != nil {
		s.out.play(k)
	}
}

// synth renders a sound as samples from -1 to 1, one channel at sampleRate.
func synth(k SoundKind) []float32 {
	var f func(t float64) float64
	dur := 0.08
	rng := rand.New(rand.NewPCG(uint64(k), 7))
	noise := func() float64 { return 2*rng.Float64() - 1 }
	tick := func(t, at, pitch float64) float64 {
		if t < at {
			return 0
		}
		u := t - at
		return math.Exp(-u*90) * (0.55*math.Sin(2*math.Pi*pitch*u) + 0.25*noise()*math.Exp(-u*300))
	}
	switch k {
	case SoundMove:
		f = func(t float64) float64 { return tick(t, 0, 320) }
	case SoundCapture:
		dur = 0.16
		f = func(t float64) float64 { return tick(t, 0, 220) + 0.8*tick(t, 0.05, 160) }
	case SoundCheck:
		dur = 0.3
		f = func(t float64) float64 {
			p := 660.0
			if t > 0.12 {
				p = 880
			}
			return 0.3 * math.Sin(2*math.Pi*p*t) * math.Exp(-math.Mod(t, 0.12)*12)
		}
	case SoundDie:
		dur = 0.5
		at := []float64{0, 0.07, 0.15, 0.21, 0.3, 0.36, 0.44}
		f = func(t float64) float64 {
			v := 0.0
			for i, a := range at {
				v += tick(t, a, 900+float64(i%3)*230) * (1 - a)
			}
			return 0.6 * v
		}
	case SoundLowTime:
		dur = 0.36
		f = func(t float64) float64 {
			if math.Mod(t, 0.18) > 0.09 {
				return 0
			}
			return 0.28 * math.Sin(2*math.Pi*1320*t) * math.Exp(-math.Mod(t, 0.18)*20)
		}
	case SoundReveal:
		dur = 0.55
		f = func(t float64) float64 {
			notes := []float64{523.25, 659.25, 783.99}
			v := 0.0
			for i, p := range notes {
				at := float64(i) * 0.12
				if t >= at {
					v += 0.22 * math.Sin(2*math.Pi*p*(t-at)) * math.Exp(-(t-at)*5)
				}
			}
			return v
		}
	}
	n := int(dur * sampleRate)
	out := make([]float32, n)
	for i := range out {
		t := float64(i) / sampleRate
		fade := math.Min(1, float64(n-i)/300) // no click at the end
		out[i] = float32(math.Max(-1, math.Min(1, f(t)*fade)) * 0.98)
	}
	return out
}
