// Package text draws and measures single- and multi-line text with a golang.org/x/image
// font.Face, for the page's Go Regular and Go Bold.
//
// It replaces Ebitengine's text/v2 (whose GoXFace path the app used): text/v2 links
// go-text/typesetting, and with it golang.org/x/text's language tables, image/jpeg and
// golang.org/x/image/tiff, which the page never used — about 0.8 MB of main.wasm. The
// layout follows text/v2's for horizontal left-to-right text (the same glyph images at
// the same positions, so the page draws the same pixels): each glyph is rendered once per
// sub-pixel phase into an image kept in the face's cache, and drawn with DrawImage.
package text

import (
	"image"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Align is where text sits against its origin: along the line (PrimaryAlign) or across
// lines (SecondaryAlign).
type Align int

const (
	AlignStart Align = iota
	AlignCenter
	AlignEnd
)

// DrawOptions are ebiten's options for each glyph (GeoM, ColorScale, Filter…) and the
// alignment of the text against the origin GeoM moves.
type DrawOptions struct {
	ebiten.DrawImageOptions
	LineSpacing    float64
	PrimaryAlign   Align
	SecondaryAlign Align
}

// Face is a font at one size, with its glyph images cached. A Face is used from the
// game's goroutine only (Ebitengine calls Update and Draw from one goroutine).
type Face struct {
	f       font.Face
	ascent  float64
	descent float64
	// phases is how many horizontal sub-pixel positions a glyph is rendered at: more
	// for small text, where a quarter pixel shows.
	phases int

	glyphs  map[glyphKey]*glyphImage
	bounds  map[rune]glyphBounds
	kerns   map[[2]rune]fixed.Int26_6
	draws   int64 // Draw calls so far: the clock of the cache
	evicted int64 // the clock at the last eviction
}

type glyphKey struct {
	r     rune
	phase fixed.Int26_6 // the sub-pixel part of the glyph's left edge
}

type glyphImage struct {
	img  *ebiten.Image // nil for a glyph with no pixels (a space)
	used int64
}

type glyphBounds struct {
	b fixed.Rectangle26_6
	a fixed.Int26_6
}

// NewFace wraps f, a face of golang.org/x/image (an opentype.Face).
func NewFace(f font.Face) *Face {
	m := f.Metrics()
	fc := &Face{
		f:       f,
		ascent:  toFloat(m.Ascent),
		descent: toFloat(m.Descent),
		glyphs:  map[glyphKey]*glyphImage{},
		bounds:  map[rune]glyphBounds{},
		kerns:   map[[2]rune]fixed.Int26_6{},
	}
	switch s := fc.ascent + fc.descent; {
	case s < 20:
		fc.phases = 8
	case s < 40:
		fc.phases = 4
	case s < 80:
		fc.phases = 2
	default:
		fc.phases = 1
	}
	return fc
}

// Measure is the width of the widest line of s and the height of its lines, lineSpacing
// apart.
func Measure(s string, fc *Face, lineSpacing float64) (width, height float64) {
	if s == "" {
		return 0, 0
	}
	n := 0
	for line := range strings.SplitSeq(s, "\n") {
		n++
		width = max(width, fc.advance(line))
	}
	return width, float64(n-1)*lineSpacing + fc.ascent + fc.descent
}

// Draw draws s (lines split at "\n") with the face, aligned against the origin that
// op.GeoM moves to.
func Draw(dst *ebiten.Image, s string, fc *Face, op *DrawOptions) {
	if s == "" {
		return
	}
	if op == nil {
		op = &DrawOptions{}
	}
	fc.draws++
	lines := strings.Split(s, "\n")
	_, h := Measure(s, fc, op.LineSpacing)
	y := fc.ascent
	switch op.SecondaryAlign {
	case AlignCenter:
		y -= h / 2
	case AlignEnd:
		y -= h
	}
	geoM := op.GeoM
	gop := op.DrawImageOptions
	for _, line := range lines {
		var x float64
		switch op.PrimaryAlign {
		case AlignCenter:
			x = -fc.advance(line) / 2
		case AlignEnd:
			x = -fc.advance(line)
		}
		fc.drawLine(dst, line, x, y, geoM, &gop)
		y += op.LineSpacing
	}
	fc.evict()
}

// drawLine draws one line with its baseline's left end at (x, y) before geoM.
func (fc *Face) drawLine(dst *ebiten.Image, line string, x, y float64, geoM ebiten.GeoM, op *ebiten.DrawImageOptions) {
	origin := fixed.Point26_6{X: toFixed(x), Y: toFixed(y)}
	prev := rune(-1)
	for _, r := range line {
		if prev >= 0 {
			origin.X += fc.kern(prev, r)
		}
		prev = r
		img, ix, iy, a := fc.glyph(r, origin)
		origin.X += a
		if img == nil {
			continue
		}
		op.GeoM.Reset()
		op.GeoM.Translate(float64(ix), float64(iy))
		op.GeoM.Concat(geoM)
		dst.DrawImage(img, op)
	}
}

// glyph is r's image for a pen at origin, where to draw it, and the pen's advance.
func (fc *Face) glyph(r rune, origin fixed.Point26_6) (*ebiten.Image, int, int, fixed.Int26_6) {
	step := fixed.Int26_6(64 / fc.phases)
	origin.X = origin.X / step * step
	origin.Y &^= 63
	gb := fc.glyphBounds(r)
	left, top := origin.X+gb.b.Min.X, origin.Y+gb.b.Min.Y
	k := glyphKey{r: r, phase: left & 63}
	g, ok := fc.glyphs[k]
	if !ok {
		g = &glyphImage{img: fc.render(r, fixed.Point26_6{X: left & 63, Y: top & 63}, gb.b)}
		fc.glyphs[k] = g
	}
	g.used = fc.draws
	return g.img, left.Floor(), top.Floor(), gb.a
}

// render draws r into a new image, its bounds b placed at the sub-pixel offset off.
func (fc *Face) render(r rune, off fixed.Point26_6, b fixed.Rectangle26_6) *ebiten.Image {
	w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	if w == 0 || h == 0 {
		return nil
	}
	// One more pixel each way: the offset may push the glyph's edge over.
	rgba := image.NewRGBA(image.Rect(0, 0, w+1, h+1))
	d := font.Drawer{
		Dst:  rgba,
		Src:  image.White,
		Face: fc.f,
		Dot:  fixed.Point26_6{X: off.X - b.Min.X, Y: off.Y - b.Min.Y},
	}
	var buf [utf8.UTFMax]byte
	d.DrawBytes(buf[:utf8.EncodeRune(buf[:], r)])
	return ebiten.NewImageFromImage(rgba)
}

// evict drops glyph images not drawn in the last 256 Draw calls once the cache holds
// more than a screenful of glyphs (a face outlives many texts: labels change, the
// language switches).
func (fc *Face) evict() {
	const recent = 256
	if len(fc.glyphs) <= 128*fc.phases || fc.draws-fc.evicted < recent {
		return
	}
	fc.evicted = fc.draws
	for k, g := range fc.glyphs {
		if g.used < fc.draws-recent {
			delete(fc.glyphs, k)
		}
	}
}

// advance is the width of one line: the glyphs' advances and the kerning between them.
func (fc *Face) advance(line string) float64 {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, r := range line {
		if prev >= 0 {
			w += fc.kern(prev, r)
		}
		prev = r
		w += fc.glyphBounds(r).a
	}
	return toFloat(w)
}

func (fc *Face) glyphBounds(r rune) glyphBounds {
	gb, ok := fc.bounds[r]
	if !ok {
		gb.b, gb.a, _ = fc.f.GlyphBounds(r)
		fc.bounds[r] = gb
	}
	return gb
}

func (fc *Face) kern(a, b rune) fixed.Int26_6 {
	k, ok := fc.kerns[[2]rune{a, b}]
	if !ok {
		k = fc.f.Kern(a, b)
		fc.kerns[[2]rune{a, b}] = k
	}
	return k
}

func toFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

func toFixed(x float64) fixed.Int26_6 { return fixed.Int26_6(x * 64) }
