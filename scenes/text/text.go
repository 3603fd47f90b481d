// Package text draws and measures single- and multi-line text with a golang.org/x/image
// font.Face, for the page's Go Regular and Go Bold.
//
// It replaces Ebitengine's text/v2 (whose GoXFace path the app used): text/v2 links
// go-text/typesetting, and with it golang.org/x/text's language tables, image/jpeg and
// golang.org/x/image/tiff, which the page never used — about 0.8 MB of main.wasm. The
// layout follows text/v2's for horizontal left-to-right text (the same glyph images at
// the same positions, so the page draws the same pixels): each glyph is rendered once per
// sub-pixel phase into the face's cache, and drawn with DrawImage.
//
// The cache keeps the glyphs in a few pages, images of many glyphs each, filled row by
// row; the row being filled keeps its pixels on the CPU side too, so that the glyphs one
// Draw call renders reach the GPU in one upload. An image of their own each cost an
// upload each (a setup screen's first frame made 218, each a call into WebGL and a
// finalizer) and a place in Ebitengine's atlas each. Text drawn scaled down with the
// linear filter may differ in a few edge pixels from text/v2's: a glyph image at the
// edge of Ebitengine's atlas texture read its own edge beyond itself, a glyph in a page
// reads the page's transparent border.
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

	glyphs  map[glyphKey]*ebiten.Image // a part of a page; nil for a glyph with no pixels (a space)
	pages   []*page
	side    int // a page's width and height
	pending []pendingGlyph
	bounds  map[rune]glyphBounds
	kerns   map[[2]rune]fixed.Int26_6
}

type glyphKey struct {
	r     rune
	phase fixed.Int26_6 // the sub-pixel part of the glyph's left edge
}

// page is an image of glyphs placed in rows left to right, with a transparent pixel
// between them and around the page (as Ebitengine's atlas keeps images: the linear filter
// of a scaled glyph reads half a pixel beyond it). The row being filled keeps its pixels
// on the CPU side until it is full: each upload is the glyphs added to it since the last.
type page struct {
	img   *ebiten.Image
	side  int
	row   *image.RGBA // the open row's pixels (nil: none open); its bounds are the row's
	x     int         // where the open row has room
	dirty int         // the open row's columns from here to x changed since its last upload
}

// pendingGlyph is a glyph of the Draw call under way, drawn once its page is uploaded.
type pendingGlyph struct {
	img  *ebiten.Image
	x, y int
}

// maxPages is how many pages a face fills before it starts its cache over (at the next
// Draw): enough for every glyph of a screen at every sub-pixel phase.
const maxPages = 4

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
		glyphs:  map[glyphKey]*ebiten.Image{},
		bounds:  map[rune]glyphBounds{},
		kerns:   map[[2]rune]fixed.Int26_6{},
	}
	s := fc.ascent + fc.descent
	switch {
	case s < 20:
		fc.phases = 8
	case s < 40:
		fc.phases = 4
	case s < 80:
		fc.phases = 2
	default:
		fc.phases = 1
	}
	// A page holds about a hundred glyphs (a glyph is about 0.6 s wide).
	fc.side = 128
	for fc.side < 1024 && float64(fc.side) < 6*s {
		fc.side *= 2
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
	if len(fc.pages) > maxPages {
		fc.reset()
	}
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
		fc.placeLine(line, x, y)
		y += op.LineSpacing
	}
	for _, p := range fc.pages {
		p.upload()
	}
	for _, g := range fc.pending {
		gop.GeoM.Reset()
		gop.GeoM.Translate(float64(g.x), float64(g.y))
		gop.GeoM.Concat(geoM)
		dst.DrawImage(g.img, &gop)
	}
	clear(fc.pending)
	fc.pending = fc.pending[:0]
}

// placeLine lists the glyphs of one line with its baseline's left end at (x, y) (before
// the Draw's GeoM) in fc.pending, rendering those not cached yet.
func (fc *Face) placeLine(line string, x, y float64) {
	origin := fixed.Point26_6{X: toFixed(x), Y: toFixed(y)}
	prev := rune(-1)
	for _, r := range line {
		if prev >= 0 {
			origin.X += fc.kern(prev, r)
		}
		prev = r
		img, ix, iy, a := fc.glyph(r, origin)
		origin.X += a
		if img != nil {
			fc.pending = append(fc.pending, pendingGlyph{img, ix, iy})
		}
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
	img, ok := fc.glyphs[k]
	if !ok {
		img = fc.render(r, fixed.Point26_6{X: left & 63, Y: top & 63}, gb.b)
		fc.glyphs[k] = img
	}
	return img, left.Floor(), top.Floor(), gb.a
}

// render draws r into a page, its bounds b placed at the sub-pixel offset off, and
// returns its part of the page.
func (fc *Face) render(r rune, off fixed.Point26_6, b fixed.Rectangle26_6) *ebiten.Image {
	w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	if w == 0 || h == 0 {
		return nil
	}
	// One more pixel each way: the offset may push the glyph's edge over.
	w, h = w+1, h+1
	rowH := max(h, int(fc.ascent+fc.descent)+2)
	var p *page
	var at image.Point
	ok := false
	if n := len(fc.pages); n > 0 {
		p = fc.pages[n-1]
		at, ok = p.place(w, h, rowH)
	}
	if !ok {
		side := fc.side
		for side < w+2 || side < rowH+2 {
			side *= 2
		}
		if p != nil {
			p.upload() // its last row: no more glyphs go there
			p.row = nil
		}
		p = &page{img: ebiten.NewImage(side, side), side: side}
		fc.pages = append(fc.pages, p)
		at, _ = p.place(w, h, rowH)
	}
	rect := image.Rectangle{Min: at, Max: at.Add(image.Pt(w, h))}
	d := font.Drawer{
		Dst:  p.row.SubImage(rect).(*image.RGBA),
		Src:  image.White,
		Face: fc.f,
		Dot:  fixed.Point26_6{X: fixed.I(at.X) + off.X - b.Min.X, Y: fixed.I(at.Y) + off.Y - b.Min.Y},
	}
	var buf [utf8.UTFMax]byte
	d.DrawBytes(buf[:utf8.EncodeRune(buf[:], r)])
	return p.img.SubImage(rect).(*ebiten.Image)
}

// place finds room for a w×h glyph: in the open row, else in a new row (rowH high, or
// h if more) under it, the full row uploaded first.
func (p *page) place(w, h, rowH int) (image.Point, bool) {
	if p.row != nil && p.x+w+1 <= p.side && h <= p.row.Rect.Dy() {
		at := image.Pt(p.x, p.row.Rect.Min.Y)
		p.x += w + 1
		return at, true
	}
	top := 1
	if p.row != nil {
		top = p.row.Rect.Max.Y + 1
	}
	rowH = max(rowH, h)
	if w+2 > p.side || top+rowH+1 > p.side {
		return image.Point{}, false
	}
	p.upload()
	p.row = image.NewRGBA(image.Rect(0, top, p.side, top+rowH))
	p.dirty, p.x = 1, 1+w+1
	return image.Pt(1, top), true
}

// upload hands the glyphs added to the open row since the last upload to the GPU.
func (p *page) upload() {
	if p.row == nil || p.dirty >= p.x {
		return
	}
	r := p.row.Rect
	r.Min.X, r.Max.X = p.dirty, p.x
	part := p.row.SubImage(r).(*image.RGBA)
	pix := make([]byte, 0, 4*r.Dx()*r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := part.PixOffset(r.Min.X, y)
		pix = append(pix, part.Pix[i:i+4*r.Dx()]...)
	}
	p.img.SubImage(r).(*ebiten.Image).WritePixels(pix)
	p.dirty = p.x
}

// reset starts the cache over: a face outlives many texts (labels change, the language
// switches), and once its pages are full the glyphs still in use are rendered again.
// Draws already queued this frame keep the old pages: Ebitengine frees an image when
// nothing holds it any more.
func (fc *Face) reset() {
	fc.pages = nil
	clear(fc.glyphs)
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
