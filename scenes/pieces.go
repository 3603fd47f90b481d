package scenes

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	xvector "golang.org/x/image/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/scenes/text"
)

// The pieces are vector drawings in a 100×100 box (y down, base at the bottom), turned
// into triangles once and rendered into one sprite per piece whenever the square size
// changes.

// partKind says how a part of a piece is painted.
type partKind uint8

const (
	body partKind = iota // filled with the piece colour and outlined
	mark                 // a detail line, stroked in the mark colour
	dot                  // a detail area, filled in the mark colour
)

// part is one shape of a piece drawing, as triangles in the 100×100 box.
type part struct {
	kind           partKind
	fillV, strokeV []ebiten.Vertex
	fillI, strokeI []uint16
}

// strokeWidth is the outline width in box units.
const strokeWidth = 3.4

func newPart(kind partKind, p *vector.Path) part {
	pt := part{kind: kind}
	if kind != mark {
		pt.fillV, pt.fillI = p.AppendVerticesAndIndicesForFilling(nil, nil)
	}
	if kind != dot {
		op := &vector.StrokeOptions{Width: strokeWidth, LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
		pt.strokeV, pt.strokeI = p.AppendVerticesAndIndicesForStroke(nil, nil, op)
	}
	return pt
}

func rrect(x0, y0, x1, y1, r float32) *vector.Path {
	var p vector.Path
	p.MoveTo(x0+r, y0)
	p.LineTo(x1-r, y0)
	p.QuadTo(x1, y0, x1, y0+r)
	p.LineTo(x1, y1-r)
	p.QuadTo(x1, y1, x1-r, y1)
	p.LineTo(x0+r, y1)
	p.QuadTo(x0, y1, x0, y1-r)
	p.LineTo(x0, y0+r)
	p.QuadTo(x0, y0, x0+r, y0)
	p.Close()
	return &p
}

func circle(cx, cy, r float32) *vector.Path {
	var p vector.Path
	p.Arc(cx, cy, r, 0, 2*math.Pi, vector.Clockwise)
	p.Close()
	return &p
}

func poly(xy ...float32) *vector.Path {
	var p vector.Path
	p.MoveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.LineTo(xy[i], xy[i+1])
	}
	p.Close()
	return &p
}

func line(xy ...float32) *vector.Path {
	var p vector.Path
	p.MoveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.LineTo(xy[i], xy[i+1])
	}
	return &p
}

// path builds a path with a function, for the curved shapes.
func path(f func(p *vector.Path)) *vector.Path {
	var p vector.Path
	f(&p)
	p.Close()
	return &p
}

// drawings are the pieces that have a vector drawing, in painting order; other pieces are
// drawn as a disc with their letter. Like every drawing here, it is turned into triangles
// at its first use, not at the page's start (which the setup screen does not need).
var drawings = sync.OnceValue(func() map[game.PieceType][]part {
	return map[game.PieceType][]part{
		game.Pawn: {
			newPart(body, rrect(24, 80, 76, 90, 3)),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(32, 80)
				p.CubicTo(32, 66, 40, 58, 44, 52)
				p.LineTo(56, 52)
				p.CubicTo(60, 58, 68, 66, 68, 80)
			})),
			newPart(body, rrect(36, 47, 64, 55, 4)),
			newPart(body, circle(50, 33, 13)),
		},
		game.Rook: {
			newPart(body, rrect(20, 80, 80, 90, 3)),
			newPart(body, rrect(26, 72, 74, 80, 2)),
			newPart(body, poly(32, 72, 35, 38, 65, 38, 68, 72)),
			newPart(body, poly(28, 33, 28, 13, 38, 13, 38, 21, 45, 21, 45, 13, 55, 13, 55, 21, 62, 21, 62, 13, 72, 13, 72, 33)),
			newPart(body, rrect(27, 31, 73, 39, 2)),
		},
		game.Knight: {
			newPart(body, rrect(22, 80, 78, 90, 3)),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(30, 81)
				p.LineTo(74, 81)
				p.CubicTo(77, 60, 75, 36, 61, 24)
				p.CubicTo(55, 19, 49, 17, 45, 17)
				p.LineTo(42, 8)
				p.LineTo(35, 19)
				p.CubicTo(28, 24, 22, 36, 15, 50)
				p.CubicTo(13, 55, 15, 60, 21, 61)
				p.CubicTo(26, 62, 31, 58, 36, 56)
				p.CubicTo(42, 54, 46, 51, 48, 46)
				p.CubicTo(47, 60, 32, 66, 30, 81)
			})),
			newPart(mark, path(func(p *vector.Path) {
				p.MoveTo(59, 27)
				p.CubicTo(68, 40, 70, 58, 68, 77)
			})),
			newPart(dot, circle(36, 32, 3.6)),
			newPart(dot, circle(20.5, 55, 2)),
		},
		game.Bishop: {
			newPart(body, rrect(22, 80, 78, 90, 3)),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(32, 80)
				p.CubicTo(34, 70, 40, 64, 43, 60)
				p.LineTo(57, 60)
				p.CubicTo(60, 64, 66, 70, 68, 80)
			})),
			newPart(body, circle(50, 13, 5.5)),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(50, 17)
				p.CubicTo(64, 25, 69, 42, 61, 56)
				p.LineTo(39, 56)
				p.CubicTo(31, 42, 36, 25, 50, 17)
			})),
			newPart(body, rrect(35, 54, 65, 62, 3)),
			newPart(mark, line(57, 30, 47, 43)),
		},
		game.Queen: {
			newPart(body, rrect(22, 80, 78, 90, 3)),
			newPart(body, poly(28, 80, 16, 36, 33, 58, 35, 28, 45, 56, 50, 24, 55, 56, 65, 28, 67, 58, 84, 36, 72, 80)),
			newPart(body, circle(16, 33, 5)),
			newPart(body, circle(35, 24, 5)),
			newPart(body, circle(50, 19, 5)),
			newPart(body, circle(65, 24, 5)),
			newPart(body, circle(84, 33, 5)),
			newPart(mark, path(func(p *vector.Path) {
				p.MoveTo(29, 71)
				p.QuadTo(50, 65, 71, 71)
			})),
		},
		game.King: {
			newPart(body, rrect(22, 80, 78, 90, 3)),
			newPart(body, poly(46, 6, 54, 6, 54, 14, 62, 14, 62, 21, 54, 21, 54, 34, 46, 34, 46, 21, 38, 21, 38, 14, 46, 14)),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(28, 80)
				p.CubicTo(13, 62, 15, 43, 30, 41)
				p.CubicTo(40, 40, 46, 47, 50, 55)
				p.CubicTo(54, 47, 60, 40, 70, 41)
				p.CubicTo(85, 43, 87, 62, 72, 80)
			})),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(50, 57)
				p.CubicTo(41, 47, 41, 38, 50, 33)
				p.CubicTo(59, 38, 59, 47, 50, 57)
			})),
			newPart(mark, path(func(p *vector.Path) {
				p.MoveTo(29, 71)
				p.QuadTo(50, 65, 71, 71)
			})),
		},
	}
})

// Our own pieces of the Crown family, in the same style: the Ferz as an eight-pointed
// star, the stone, the paratrooper and the two half-monarchs.
var (
	ferzDrawing = sync.OnceValue(func() []part {
		return []part{
			newPart(body, rrect(26, 80, 74, 90, 3)),
			newPart(body, rrect(40, 70, 60, 81, 2)),
			newPart(body, star(50, 42, 36, 15, 8)),
			newPart(dot, circle(50, 42, 5)),
		}
	})
	// The Dame steps like a king: a lady with a small three-pointed coronet, another
	// outline than the chess queen's five-pointed crown so the two are never confused.
	dameDrawing = sync.OnceValue(func() []part {
		return []part{
			newPart(body, rrect(24, 80, 76, 90, 3)),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(26, 80)
				p.CubicTo(30, 68, 36, 60, 40, 50)
				p.LineTo(60, 50)
				p.CubicTo(64, 60, 70, 68, 74, 80)
			})),
			newPart(body, rrect(37, 45, 63, 53, 4)),
			newPart(body, circle(50, 34, 10)),
			newPart(body, poly(38, 25, 40, 12, 46, 20, 50, 8, 54, 20, 60, 12, 62, 25)),
			newPart(mark, path(func(p *vector.Path) {
				p.MoveTo(33, 72)
				p.QuadTo(50, 66, 67, 72)
			})),
		}
	})
	stoneDrawing = sync.OnceValue(func() []part {
		return []part{
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(16, 84)
				p.CubicTo(10, 62, 22, 40, 40, 34)
				p.CubicTo(54, 29, 74, 34, 82, 50)
				p.CubicTo(90, 64, 88, 78, 84, 84)
			})),
			newPart(mark, line(36, 50, 46, 62, 44, 74)),
			newPart(mark, line(62, 46, 68, 60)),
		}
	})
	paraDrawing = sync.OnceValue(func() []part {
		return []part{
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(12, 42)
				p.CubicTo(14, 16, 86, 16, 88, 42)
				p.QuadTo(80, 35, 70, 42)
				p.QuadTo(60, 35, 50, 42)
				p.QuadTo(40, 35, 30, 42)
				p.QuadTo(20, 35, 12, 42)
			})),
			newPart(mark, line(13, 43, 44, 66)),
			newPart(mark, line(87, 43, 56, 66)),
			newPart(mark, line(50, 42, 50, 64)),
			newPart(body, rrect(40, 62, 60, 82, 6)),
			newPart(body, circle(50, 56, 7)),
			newPart(body, rrect(28, 82, 72, 90, 3)),
		}
	})
	halfBody = func() []part {
		return []part{
			newPart(body, rrect(24, 80, 76, 90, 3)),
			newPart(body, path(func(p *vector.Path) {
				p.MoveTo(30, 80)
				p.CubicTo(20, 64, 24, 46, 38, 42)
				p.LineTo(62, 42)
				p.CubicTo(76, 46, 80, 64, 70, 80)
			})),
			newPart(mark, path(func(p *vector.Path) {
				p.MoveTo(31, 72)
				p.QuadTo(50, 66, 69, 72)
			})),
		}
	}
	halfOrthDrawing = sync.OnceValue(func() []part {
		return append(halfBody(),
			newPart(body, poly(45, 8, 55, 8, 55, 20, 67, 20, 67, 30, 55, 30, 55, 42, 45, 42, 45, 30, 33, 30, 33, 20, 45, 20)))
	})
	halfDiagDrawing = sync.OnceValue(func() []part {
		return append(halfBody(),
			newPart(body, poly(36, 10, 50, 19, 64, 10, 70, 17, 57, 26, 70, 35, 64, 42, 50, 33, 36, 42, 30, 35, 43, 26, 30, 17)))
	})
)

// The badges drawn in a square's corner, in their own 100×100 box: a crown; an arrow up
// on a disc (a climb, pillar's "^"); a cross on a disc (a capture, "x").
var (
	crownBadge = sync.OnceValue(func() []part {
		return []part{
			newPart(body, poly(18, 70, 10, 26, 34, 50, 50, 16, 66, 50, 90, 26, 82, 70)),
			newPart(body, rrect(16, 68, 84, 84, 3)),
		}
	})
	climbBadge = sync.OnceValue(func() []part {
		return []part{
			newPart(body, circle(50, 50, 44)),
			newPart(mark, line(28, 62, 50, 34, 72, 62)),
			newPart(mark, line(50, 36, 50, 76)),
		}
	})
	captureBadge = sync.OnceValue(func() []part {
		return []part{
			newPart(body, circle(50, 50, 44)),
			newPart(mark, line(32, 32, 68, 68)),
			newPart(mark, line(68, 32, 32, 68)),
		}
	})
)

// badge renders parts at a third of a square of size pixels: bodies filled with fill and
// outlined in line, marks stroked thick in line.
func badge(size int, fill, line color.Color, parts ...part) *ebiten.Image {
	n := max(6, size*36/100)
	cv := newCanvas(n, n)
	k := float32(n) / 100
	for _, p := range parts {
		switch p.kind {
		case body:
			cv.fill(p.fillV, p.fillI, k, 0, 0, fill)
			cv.stroke(p.strokeV, p.strokeI, k, 0, 0, colWhiteLine)
		case mark:
			// Three strokes a little apart make the line bold enough at a badge's size.
			for _, d := range []float32{-1.6, 0, 1.6} {
				cv.stroke(p.strokeV, p.strokeI, k, d*k, 0, line)
				cv.stroke(p.strokeV, p.strokeI, k, 0, d*k, line)
			}
		}
	}
	return cv.image()
}

// star is a star of n points around (cx, cy) with outer radius r and inner radius ri.
func star(cx, cy, r, ri float32, n int) *vector.Path {
	var p vector.Path
	for i := 0; i < 2*n; i++ {
		a := math.Pi * float64(i) / float64(n)
		rad := r
		if i%2 == 1 {
			rad = ri
		}
		x, y := cx+rad*float32(math.Sin(a)), cy-rad*float32(math.Cos(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
	return &p
}

// drawingOf is the drawing of piece type t in variant v: where a game has the Dame, the
// Dame is a lady with a coronet and the long-range Queen is the Ferz, a star.
func drawingOf(v *game.Variant, t game.PieceType) ([]part, bool) {
	hasDame := v.Pieces[game.Dame].Letter != 0
	switch {
	case t == game.Queen && hasDame:
		return ferzDrawing(), true
	case t == game.Dame:
		return dameDrawing(), true
	case t == game.Stone:
		return stoneDrawing(), true
	case t == game.Para:
		return paraDrawing(), true
	case t == game.HalfOrth:
		return halfOrthDrawing(), true
	case t == game.HalfDiag:
		return halfDiagDrawing(), true
	}
	d, ok := drawings()[t]
	return d, ok
}

// whitePixel is a 1×1 white source for DrawTriangles (inside a 3×3 image, so that
// filtering never reads a neighbour).
var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

// canvas is a sprite painted on the CPU: triangles of the 100×100 box are rasterized
// with their exact coverage (golang.org/x/image/vector) and the pixels go to the GPU once.
// Painted by the GPU instead, each call cost a stencil pass and an antialiasing buffer of
// its own, and a play screen's first frame spent a third of a second of the page's thread
// on its sprites in software WebGL.
type canvas struct {
	pix  *image.RGBA
	mask *image.Alpha
	r    *xvector.Rasterizer
}

func newCanvas(w, h int) *canvas {
	b := image.Rect(0, 0, w, h)
	// The rasterizer is sized to each paint's bounding box (paint resets it).
	return &canvas{pix: image.NewRGBA(b), mask: image.NewAlpha(b), r: new(xvector.Rasterizer)}
}

// fill paints a path's triangles (vector.Path's fan for filling), scaled by k and moved
// by (dx, dy), in colour c. Each triangle keeps its winding, so the coverage is the
// non-zero rule's.
func (cv *canvas) fill(vs []ebiten.Vertex, is []uint16, k, dx, dy float32, c color.Color) {
	cv.paint(vs, is, k, dx, dy, c, false)
}

// stroke paints a stroke's triangles: every one counts positively, so what is painted
// is their union.
func (cv *canvas) stroke(vs []ebiten.Vertex, is []uint16, k, dx, dy float32, c color.Color) {
	cv.paint(vs, is, k, dx, dy, c, true)
}

func (cv *canvas) paint(vs []ebiten.Vertex, is []uint16, k, dx, dy float32, c color.Color, union bool) {
	if len(is) < 3 {
		return
	}
	// Only the triangles' bounding box is rasterized: a disc's glow paints eight discs.
	x0, y0, x1, y1 := float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, i := range is {
		x, y := vs[i].DstX*k+dx, vs[i].DstY*k+dy
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	b := image.Rect(int(math.Floor(float64(x0))), int(math.Floor(float64(y0))),
		int(math.Ceil(float64(x1))), int(math.Ceil(float64(y1)))).Intersect(cv.pix.Bounds())
	if b.Empty() {
		return
	}
	ox, oy := float32(b.Min.X), float32(b.Min.Y)
	cv.r.Reset(b.Dx(), b.Dy())
	for i := 0; i+2 < len(is); i += 3 {
		p, q, o := vs[is[i]], vs[is[i+1]], vs[is[i+2]]
		if union && (q.DstX-p.DstX)*(o.DstY-p.DstY)-(q.DstY-p.DstY)*(o.DstX-p.DstX) < 0 {
			q, o = o, q
		}
		cv.r.MoveTo(p.DstX*k+dx-ox, p.DstY*k+dy-oy)
		cv.r.LineTo(q.DstX*k+dx-ox, q.DstY*k+dy-oy)
		cv.r.LineTo(o.DstX*k+dx-ox, o.DstY*k+dy-oy)
		cv.r.ClosePath()
	}
	// The coverage goes to a mask, then c is laid over as the GPU blends (source over,
	// premultiplied, each channel clamped): a theme colour whose channels exceed its alpha
	// (colCheck) must look as it does when drawn on screen, not wrap around.
	mask := cv.mask.SubImage(b).(*image.Alpha)
	cv.r.DrawOp = draw.Src
	cv.r.Draw(mask, b, image.Opaque, image.Point{})
	cr, cg, cb, ca := c.RGBA()
	src := [4]uint32{cr >> 8, cg >> 8, cb >> 8, ca >> 8}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			m := uint32(mask.Pix[mask.PixOffset(x, y)])
			if m == 0 {
				continue
			}
			keep := 255 - src[3]*m/255
			px := cv.pix.Pix[cv.pix.PixOffset(x, y):]
			for ch := range 4 {
				px[ch] = uint8(min(255, src[ch]*m/255+uint32(px[ch])*keep/255))
			}
		}
	}
}

// circle fills a disc (width 0) or strokes a circle of the given width, in pixels.
func (cv *canvas) circle(cx, cy, r, width float32, c color.Color) {
	var p vector.Path
	p.Arc(cx, cy, r, 0, 2*math.Pi, vector.Clockwise)
	p.Close()
	if width == 0 {
		vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
		cv.fill(vs, is, 1, 0, 0, c)
		return
	}
	vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: width})
	cv.stroke(vs, is, 1, 0, 0, c)
}

// image uploads the canvas into a new image.
func (cv *canvas) image() *ebiten.Image {
	b := cv.pix.Bounds()
	img := ebiten.NewImage(b.Dx(), b.Dy())
	img.WritePixels(cv.pix.Pix)
	return img
}

// pieceSprites are the pieces of one variant rendered at one square size.
type pieceSprites struct {
	v       *game.Variant
	size    int
	sprites map[game.Piece]*ebiten.Image
	marks   [numMarks]*ebiten.Image
	letters *text.Face            // the letter pieces' face, once one is painted
	small   map[int]*pieceSprites // smaller sets made from this one's variant
}

// markKind names a mark drawn over a square.
type markKind int

const (
	// markDot, markRing and markGlow mark squares: a legal move to an empty square, a
	// capture, a king in danger.
	markDot markKind = iota
	markRing
	markGlow
	// markCrown marks the viewer's own crowned monarch (Crown); markClimb and
	// markCapture the last move's target in games of towers: onto an own piece, or
	// taking an enemy's.
	markCrown
	markClimb
	markCapture
	numMarks
)

// newPieceSprites makes the sprites of v's pieces and marks for squares of size pixels.
// Each is painted when first drawn: a play screen's first frame needs the pieces on the
// board, not every piece and mark of the game at every size (a chess link's first frame
// painted 20 sprites and 12 more for the captured material, which had none yet).
func newPieceSprites(v *game.Variant, size int) *pieceSprites {
	return &pieceSprites{v: v, size: size, sprites: map[game.Piece]*ebiten.Image{}}
}

// markImage is mark k's image, painted at its first use.
func (ps *pieceSprites) markImage(k markKind) *ebiten.Image {
	if img := ps.marks[k]; img != nil {
		return img
	}
	size := ps.size
	f := float32(size)
	var img *ebiten.Image
	switch k {
	case markDot:
		cv := newCanvas(size, size)
		cv.circle(f/2, f/2, 0.16*f, 0, colTarget)
		img = cv.image()
	case markRing:
		cv := newCanvas(size, size)
		cv.circle(f/2, f/2, 0.45*f, 0.07*f, colTarget)
		img = cv.image()
	case markGlow:
		cv := newCanvas(size, size)
		for i := 0; i < 8; i++ { // a soft red disc: rings fading outwards
			c := colCheck
			c.A = uint8(int(c.A) * (8 - i) / 8)
			cv.circle(f/2, f/2, f*(0.2+0.04*float32(8-i)), 0, c)
		}
		img = cv.image()
	case markCrown:
		img = badge(size, colButtonOn, colWhiteLine, crownBadge()...)
	case markClimb:
		img = badge(size, colClimb, colWhiteFill, climbBadge()...)
	case markCapture:
		img = badge(size, colCapture, colWhiteFill, captureBadge()...)
	}
	ps.marks[k] = img
	return img
}

// sprite is piece pc's image (nil for a piece v does not have), painted at its first use.
func (ps *pieceSprites) sprite(pc game.Piece) *ebiten.Image {
	if img, ok := ps.sprites[pc]; ok {
		return img
	}
	img := ps.paint(pc)
	ps.sprites[pc] = img
	return img
}

// paint paints piece pc: its drawing, or a disc with its letter.
func (ps *pieceSprites) paint(pc game.Piece) *ebiten.Image {
	v, size, t, c := ps.v, ps.size, pc.Type(), pc.Color()
	if t <= 0 || t >= game.NumTypes || v.Pieces[t].Letter == 0 {
		return nil
	}
	cv := newCanvas(size, size)
	fill, outline, detail := colWhiteFill, colWhiteLine, colWhiteLine
	if c == game.Black {
		fill, outline, detail = colBlackFill, colBlackLine, colBlackMark
	}
	k := 0.9 * float32(size) / 100
	off := (float32(size) - 100*k) / 2
	if parts, ok := drawingOf(v, t); ok && pieceSet != "letters" {
		for _, p := range parts {
			switch p.kind {
			case body:
				cv.fill(p.fillV, p.fillI, k, off, off, fill)
				cv.stroke(p.strokeV, p.strokeI, k, off, off, outline)
			case mark:
				cv.stroke(p.strokeV, p.strokeI, k, off, off, detail)
			case dot:
				cv.fill(p.fillV, p.fillI, k, off, off, detail)
			}
		}
		return cv.image()
	}
	disc := newPart(body, circle(50, 50, 38))
	cv.fill(disc.fillV, disc.fillI, k, off, off, fill)
	cv.stroke(disc.strokeV, disc.strokeI, k, off, off, outline)
	if t == game.King || t == game.Dame { // the monarchs: a second ring
		ring := newPart(body, circle(50, 50, 31))
		cv.stroke(ring.strokeV, ring.strokeI, k, off, off, detail)
	}
	img := cv.image()
	if ps.letters == nil {
		ps.letters = face(fontBold, 0.5*float64(size))
	}
	drawText(img, string(rune(v.Pieces[t].Letter)), ps.letters, float64(size)/2, float64(size)/2, detail)
	return img
}

// dispose frees the sprites' GPU memory.
func (ps *pieceSprites) dispose() {
	for _, img := range ps.sprites {
		if img != nil {
			img.Deallocate()
		}
	}
	for _, img := range ps.marks {
		if img != nil {
			img.Deallocate()
		}
	}
	for _, s := range ps.small {
		s.dispose()
	}
}

// draw draws piece pc with its top-left corner at (x, y).
func (ps *pieceSprites) draw(dst *ebiten.Image, pc game.Piece, x, y float64) {
	ps.drawImage(dst, ps.sprite(pc), x, y)
}

func (ps *pieceSprites) drawImage(dst, img *ebiten.Image, x, y float64) {
	if img == nil {
		return
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x, y)
	dst.DrawImage(img, op)
}

// smaller are pieces of variant v at a smaller size (captured material, the inspector,
// panels, the die), made once per size.
func (s *pieceSprites) smaller(v *game.Variant, size int) *pieceSprites {
	if s.small == nil {
		s.small = map[int]*pieceSprites{}
	}
	if t, ok := s.small[size]; ok {
		return t
	}
	t := newPieceSprites(v, size)
	s.small[size] = t
	return t
}
