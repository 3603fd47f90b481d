package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/movetext"
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
		if _, _, cut := labelLines(bs[i].label, f, bs[i].r); cut && i < len(st) {
			st[i].Clipped = true
		}
	}
}

// labelLines fits a button's label into r: on one line, drawn smaller down to 85%; else
// on two lines split at a space, down to 70%; only then on one line at 70%, cut short
// (cut). k is the scale.
func labelLines(label string, f *text.Face, r layout.Rect) (lines []string, k float64, cut bool) {
	room := r.W * 0.94
	w, h := text.Measure(label, f, 0)
	if w <= room {
		return []string{label}, 1, false
	}
	if k := room / w; k >= 0.85 {
		return []string{label}, k, false
	}
	if a, b, ok := splitLabel(label, f); ok {
		wa, _ := text.Measure(a, f, 0)
		wb, _ := text.Measure(b, f, 0)
		k := min(1, room/max(wa, wb), r.H*0.9/(2*h))
		if k >= 0.7 {
			return []string{a, b}, k, false
		}
	}
	k = max(0.7, room/w)
	if w*k > room {
		return []string{shorten(label, f, room/k)}, k, true
	}
	return []string{label}, k, false
}

// splitLabel splits a label of several words in two lines at the space that makes the
// longer line shortest.
func splitLabel(s string, f *text.Face) (a, b string, ok bool) {
	best := -1.0
	for i, c := range s {
		if c != ' ' {
			continue
		}
		wa, _ := text.Measure(s[:i], f, 0)
		wb, _ := text.Measure(s[i+1:], f, 0)
		if w := max(wa, wb); best < 0 || w < best {
			best, a, b, ok = w, s[:i], s[i+1:], true
		}
	}
	return a, b, ok
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
	// A label too wide is drawn smaller, or on two lines (longer languages), and only
	// then cut.
	lines, k := []string{b.label}, 1.0
	if b.label != "" {
		lines, k, _ = labelLines(b.label, f, r)
	}
	x, y := r.Center()
	if len(lines) == 2 {
		_, h := text.Measure(b.label, f, 0)
		drawTextScaled(dst, lines[0], f, x, y-0.5*h*k, k, fg)
		drawTextScaled(dst, lines[1], f, x, y+0.5*h*k, k, fg)
		return
	}
	drawTextScaled(dst, lines[0], f, x, y, k, fg)
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
	fillConvex(dst, vs, is, c)
}

// fillConvex fills one convex path's fan of triangles (AppendVerticesAndIndicesForFilling),
// which cover each point once: no stencil pass is needed, so successive fills merge into
// one draw call (FillRuleNonZero costs a stencil clear and two draws each, which in
// software WebGL slowed every frame of a screen of buttons).
func fillConvex(dst *ebiten.Image, vs []ebiten.Vertex, is []uint16, c color.Color) {
	if len(is) == 0 {
		return
	}
	r, g, b, a := c.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG = float32(r)/0xffff, float32(g)/0xffff
		vs[i].ColorB, vs[i].ColorA = float32(b)/0xffff, float32(a)/0xffff
	}
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	dst.DrawTriangles(vs, is, whitePixel, op)
}

// fillRects fills rectangles in one colour with one call: each call goes through
// Ebitengine's layers, which a page runs as baseline wasm in its first frames (about a
// millisecond a call there, and a board has 64 squares).
func fillRects(dst *ebiten.Image, rs []layout.Rect, c color.Color) {
	vs := make([]ebiten.Vertex, 0, 4*len(rs))
	is := make([]uint16, 0, 6*len(rs))
	for _, r := range rs {
		n := uint16(len(vs))
		x0, y0, x1, y1 := float32(r.X), float32(r.Y), float32(r.X+r.W), float32(r.Y+r.H)
		vs = append(vs, ebiten.Vertex{DstX: x0, DstY: y0}, ebiten.Vertex{DstX: x1, DstY: y0},
			ebiten.Vertex{DstX: x0, DstY: y1}, ebiten.Vertex{DstX: x1, DstY: y1})
		is = append(is, n, n+1, n+2, n+1, n+3, n+2)
	}
	fillConvex(dst, vs, is, c)
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
func colorName(c game.Color) string { return movetext.ColorName(c) }
