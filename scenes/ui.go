package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/text"
)

// button is a tappable rectangle with a label. on marks a selected choice.
type button struct {
	id, label string
	r         layout.Rect
	enabled   bool
	on        bool
	primary   bool
}

// hit is the enabled button under (x, y), nil if none.
func hit(bs []button, x, y float64) *button {
	for i := range bs {
		if bs[i].enabled && bs[i].r.Contains(x, y) {
			return &bs[i]
		}
	}
	return nil
}

// pressed is the button a press of this tick landed on, nil if none.
func pressed(in *Intents, bs []button) *button {
	if e, ok := in.Pressed(); ok {
		return hit(bs, e.X, e.Y)
	}
	return nil
}

func buttonStatus(bs []button, scale float64) []ButtonStatus {
	out := make([]ButtonStatus, 0, len(bs))
	for _, b := range bs {
		out = append(out, ButtonStatus{ID: b.id, Label: b.label, X: b.r.X / scale, Y: b.r.Y / scale,
			W: b.r.W / scale, H: b.r.H / scale, Enabled: b.enabled})
	}
	return out
}

// markClipped marks the buttons whose label drawn in f is cut short (drawButton's rule).
func markClipped(st []ButtonStatus, bs []button, f *text.Face) {
	for i := range bs {
		if w, _ := text.Measure(bs[i].label, f, 0); w > bs[i].r.W*0.94 && i < len(st) {
			st[i].Clipped = true
		}
	}
}

func drawButtons(dst *ebiten.Image, bs []button, f *text.Face) {
	for _, b := range bs {
		drawButton(dst, b, f)
	}
}

func drawButton(dst *ebiten.Image, b button, f *text.Face) {
	bg, fg := colButton, colTitle
	switch {
	case !b.enabled:
		bg, fg = colButtonOff, colSub
	case b.on:
		bg, fg = colButtonOn, colButtonOnText
	case b.primary:
		bg = colPrimary
	}
	r := b.r
	rad := float32(min(r.H, r.W) * 0.18)
	fillRound(dst, r, rad, bg)
	label := b.label
	// A label too wide is drawn smaller, down to 70% (longer languages), and only then cut.
	k := 1.0
	if w, _ := text.Measure(label, f, 0); w > r.W*0.94 {
		k = max(0.7, r.W*0.94/w)
		if w*k > r.W*0.94 {
			label = shorten(label, f, r.W*0.94/k)
		}
	}
	x, y := r.Center()
	drawTextScaled(dst, label, f, x, y, k, fg)
}

// drawTextScaled draws one line of text centred on (x, y), scaled by k.
func drawTextScaled(dst *ebiten.Image, s string, f *text.Face, x, y, k float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = text.AlignCenter
	op.SecondaryAlign = text.AlignCenter
	op.Filter = ebiten.FilterLinear
	text.Draw(dst, s, f, op)
}

// fillRound fills a rounded rectangle.
func fillRound(dst *ebiten.Image, r layout.Rect, rad float32, c color.Color) {
	p := rrect(float32(r.X), float32(r.Y), float32(r.X+r.W), float32(r.Y+r.H), rad)
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	paintTriangles(dst, vs, is, 1, 0, 0, c, false)
}

func fillRect(dst *ebiten.Image, r layout.Rect, c color.Color) {
	vector.DrawFilledRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), c, false)
}

// shorten cuts s to fit width, with an ellipsis.
func shorten(s string, f *text.Face, width float64) string {
	rs := []rune(s)
	for len(rs) > 1 {
		rs = rs[:len(rs)-1]
		if w, _ := text.Measure(string(rs)+"…", f, 0); w <= width {
			return string(rs) + "…"
		}
	}
	return s
}

// wrap breaks s into lines at most width wide.
func wrap(s string, f *text.Face, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if tw, _ := text.Measure(try, f, 0); tw > width && line != "" {
				lines = append(lines, line)
				line = w
			} else {
				line = try
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// drawLeft draws one line of text with its left end at x, vertically centred on y.
func drawLeft(dst *ebiten.Image, s string, f *text.Face, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, f, op)
}

// drawRight draws one line of text with its right end at x, vertically centred on y.
func drawRight(dst *ebiten.Image, s string, f *text.Face, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = text.AlignEnd
	op.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, f, op)
}

// faces caches font faces by size: making one is slow enough to matter each frame.
type faces map[[2]float64]*text.Face

func (fs faces) get(bold bool, size float64) *text.Face {
	k := [2]float64{0, size}
	src := fontRegular
	if bold {
		k[0], src = 1, fontBold
	}
	if f, ok := fs[k]; ok {
		return f
	}
	f := face(src, size)
	fs[k] = f
	return f
}

type textFace = *text.Face

func measure(s string, f *text.Face) (float64, float64) { return text.Measure(s, f, 0) }

// colorName is a colour for people: "White", "Black".
func colorName(c game.Color) string {
	if c == game.Black {
		return lang.T("Black")
	}
	return lang.T("White")
}
