//go:build !js

package scenes

// Natively there is no page to play sounds in.

type audioOut struct{}

func newAudioOut() *audioOut     { return nil }
func (*audioOut) play(SoundKind) {}
