//go:build js

package scenes

import (
	"encoding/binary"
	"math"
	"syscall/js"
)

// audioOut plays the sounds through the page's Web Audio: a buffer per sound, made once,
// played by a new source node each time. The context is suspended a second after the
// last sound ends and resumed for the next: a running AudioContext renders silence on a
// real-time thread all the while, which an idle page (and a phone's battery) should not
// pay for.
type audioOut struct {
	ctx     js.Value
	bufs    [numSounds]js.Value
	timer   js.Value // the pending suspension, if any
	suspend js.Func  // suspends the context
	catch   js.Func  // swallows a refused resume or suspend
}

// newAudioOut makes the context and the sounds' buffers, or returns nil: a page without
// Web Audio, or one that refuses another context (browsers cap them), stays silent
// rather than stopping the app.
func newAudioOut() (out *audioOut) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	ac := js.Global().Get("AudioContext")
	if !ac.Truthy() {
		ac = js.Global().Get("webkitAudioContext")
	}
	if !ac.Truthy() {
		return nil // a page without Web Audio stays silent
	}
	a := &audioOut{ctx: ac.New()}
	for k := range a.bufs {
		pcm := synth(SoundKind(k))
		raw := make([]byte, 4*len(pcm))
		for i, v := range pcm {
			binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(v))
		}
		bytes := js.Global().Get("Uint8Array").New(len(raw))
		js.CopyBytesToJS(bytes, raw)
		buf := a.ctx.Call("createBuffer", 1, len(pcm), sampleRate)
		buf.Call("getChannelData", 0).Call("set", js.Global().Get("Float32Array").New(bytes.Get("buffer")))
		a.bufs[k] = buf
	}
	a.catch = js.FuncOf(func(js.Value, []js.Value) any { return nil })
	a.suspend = js.FuncOf(func(js.Value, []js.Value) any {
		a.timer = js.Undefined()
		a.ctx.Call("suspend").Call("catch", a.catch)
		return nil
	})
	return a
}

func (a *audioOut) play(k SoundKind) {
	if a.ctx.Get("state").String() != "running" {
		a.ctx.Call("resume").Call("catch", a.catch)
	}
	src := a.ctx.Call("createBufferSource")
	src.Set("buffer", a.bufs[k])
	src.Call("connect", a.ctx.Get("destination"))
	src.Call("start")
	if a.timer.Truthy() {
		js.Global().Call("clearTimeout", a.timer)
	}
	ms := 1000 + 1000*a.bufs[k].Get("duration").Float()
	a.timer = js.Global().Call("setTimeout", a.suspend, ms)
}
