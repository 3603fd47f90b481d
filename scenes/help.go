package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/rulestext"
)

// Help shows a game's rules: paragraphs and diagrams (a position with marked squares and
// arrows, and a caption). It scrolls by wheel or drag; Back returns to the screen it came
// from.
type Help struct {
	variant string
	back    Scene
	v       *game.Variant
	items   []rulestext.Item

	env     Env
	fs      faces
	scroll  float64
	dragY   float64
	drag    bool
	height  float64
	buttons []button
	sprites *pieceSprites
}

// NewHelp is the rules of game name; back is shown again when the person is done.
func NewHelp(name string, back Scene) *Help {
	h := &Help{variant: name, back: back, fs: faces{}}
	h.v, _ = game.Lookup(name)
	h.items = rulesOf(name, h.v)
	return h
}

// rulesOf are the help items of a game: its own text where written, else the variant's
// one-line help and its options.
func rulesOf(name string, v *game.Variant) []rulestext.Item {
	if v == nil {
		return []rulestext.Item{{Text: lang.F("Unknown game %s.", name)}}
	}
	items := rulestext.Games[name]
	if items == nil {
		items = []rulestext.Item{{Head: true, Text: lang.Game(v.Title)}, {Text: lang.Game(v.Help)},
			{Diagram: &rulestext.Diagram{Caption: lang.T("The start position.")}}}
	}
	if len(v.OptionHelp) > 0 {
		items = append(items, rulestext.Item{Head: true, Text: lang.T("Options")})
	}
	for _, o := range v.OptionHelp {
		items = append(items, rulestext.Item{Text: lang.F("%s (default %s): %s", lang.Game(o.Key), lang.Game(o.Default), lang.Game(o.Help))})
	}
	return items
}

// Update implements Scene.
func (h *Help) Update(ctx *Ctx) error {
	h.env = ctx.Env
	setBoardTheme(ctx.Prefs.Board()) // the diagrams as the board is drawn
	setPieceSet(ctx.Prefs.Pieces())
	sc := h.env.Scale
	bw := 120 * sc
	h.buttons = []button{{id: "back", label: lang.T("Back"), enabled: true, primary: true,
		r: layout.Rect{X: h.env.Width - bw - 8*sc, Y: 8 * sc, W: bw, H: 40 * sc}}}
	if b := pressed(ctx.In, h.buttons); b != nil || ctx.In.Escape {
		ctx.GoTo(h.back)
		return nil
	}
	for _, e := range ctx.In.Pointer {
		switch e.Kind {
		case Press:
			h.drag, h.dragY = true, e.Y
		case Drag:
			if h.drag {
				h.scroll -= e.Y - h.dragY
				h.dragY = e.Y
			}
		case Release:
			h.drag = false
		}
	}
	h.scroll -= ctx.In.Wheel * 40 * sc
	h.scroll = math.Max(0, math.Min(h.scroll, h.height-h.env.Height*0.5))
	if h.v != nil && h.sprites == nil {
		h.sprites = newPieceSprites(h.v, int(h.diagramSquare()))
	}
	return nil
}

func (h *Help) column() (x, w float64) {
	w = math.Min(h.env.Width-24*h.env.Scale, 720*h.env.Scale)
	return (h.env.Width - w) / 2, w
}

func (h *Help) diagramSquare() float64 {
	_, w := h.column()
	return math.Floor(math.Min(w, 360*h.env.Scale) / 8)
}

// Draw implements Scene.
func (h *Help) Draw(dst *ebiten.Image) {
	if h.env.Width == 0 {
		return
	}
	sc := h.env.Scale
	size := clamp(0.036*math.Min(h.env.Width, h.env.Height), 14*sc, 19*sc)
	x, w := h.column()
	y := 60*sc - h.scroll
	f := h.fs.get(false, size)
	for _, it := range h.items {
		switch {
		case it.Head:
			hf := h.fs.get(true, size*1.3)
			y += 0.6 * size
			drawLeft(dst, lang.T(it.Text), hf, x, y+0.7*size, colTitle)
			y += 1.8 * size
		case it.Diagram != nil:
			y = h.drawDiagram(dst, it.Diagram, x, y, w, f, size)
		default:
			for _, l := range wrap(lang.T(it.Text), f, w) {
				drawLeft(dst, l, f, x, y+0.65*size, colTitle)
				y += 1.35 * size
			}
			y += 0.5 * size
		}
	}
	h.height = y + h.scroll
	fillRect(dst, layout.Rect{W: h.env.Width, H: 56 * sc}, colBackground)
	title := lang.T("Rules")
	if h.v != nil {
		title = lang.F("Rules · %s", lang.Game(h.v.Title))
	}
	tf := h.fs.get(true, size*1.2)
	if len(h.buttons) > 0 { // a long title (longer in Russian) shrinks to end before Back
		if avail := h.buttons[0].r.X - x - 8*sc; avail > 0 {
			if w, _ := measure(title, tf); w > avail {
				tf = h.fs.get(true, math.Max(size*0.8, math.Floor(size*1.2*avail/w)))
				title = shorten2(title, tf, avail)
			}
		}
	}
	drawLeft(dst, title, tf, x, 28*sc, colTitle)
	drawButtons(dst, h.buttons, f)
}

func (h *Help) drawDiagram(dst *ebiten.Image, d *rulestext.Diagram, x, y, w float64, f textFace, size float64) float64 {
	if h.v == nil || h.sprites == nil {
		return y
	}
	v := h.v
	if len(d.Options) > 0 {
		if ov, err := game.Lookup(h.variant, d.Options...); err == nil {
			v = ov
		}
	}
	r, err := game.Load(v, d.Pos)
	if err != nil {
		drawLeft(dst, lang.F("(diagram: %s)", lang.Game(err.Error())), f, x, y+size, colError)
		return y + 2*size
	}
	pos := r.Position()
	sq := h.diagramSquare()
	files, ranks := h.v.Files, h.v.Ranks
	bx := x + (w-sq*float64(files))/2
	at := func(s game.Square) layout.Rect {
		return layout.Rect{X: bx + float64(s.File())*sq, Y: y + float64(ranks-1-s.Rank())*sq, W: sq, H: sq}
	}
	marked := map[game.Square]bool{}
	for _, m := range d.Marks {
		if s, err := game.ParseSquare(m); err == nil {
			marked[s] = true
		}
	}
	for s := game.Square(0); s < game.NoSquare; s++ {
		if !h.v.OnBoard(s) {
			continue
		}
		c := colDark
		if s.Light() {
			c = colLight
		}
		rr := at(s)
		fillRect(dst, rr, c)
		if marked[s] {
			fillRect(dst, rr, colLastMove)
		}
		if pc := pos.At(s); pc != game.NoPiece {
			h.sprites.draw(dst, pc, rr.X, rr.Y)
		}
	}
	for _, a := range d.Arrows {
		f0, e0 := game.ParseSquare(a[0])
		t0, e1 := game.ParseSquare(a[1])
		if e0 != nil || e1 != nil {
			continue
		}
		x0, y0 := at(f0).Center()
		x1, y1 := at(t0).Center()
		arrow(dst, x0, y0, x1, y1, sq)
	}
	y += sq*float64(ranks) + 0.4*size
	for _, l := range wrap(lang.T(d.Caption), f, w) {
		drawText(dst, l, f, x+w/2, y+0.65*size, colSub)
		y += 1.35 * size
	}
	return y + 0.6*size
}

// arrow draws an arrow from (x0, y0) to (x1, y1) for squares of size sq.
func arrow(dst *ebiten.Image, x0, y0, x1, y1, sq float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	head := 0.3 * sq
	bx, by := x1-ux*head, y1-uy*head
	vector.StrokeLine(dst, float32(x0), float32(y0), float32(bx), float32(by), float32(0.12*sq), colArrow, false)
	var p vector.Path
	p.MoveTo(float32(x1), float32(y1))
	p.LineTo(float32(bx-uy*head*0.6), float32(by+ux*head*0.6))
	p.LineTo(float32(bx+uy*head*0.6), float32(by-ux*head*0.6))
	p.Close()
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	fillConvex(dst, vs, is, colArrow)
}

// Status implements Scene.
func (h *Help) Status() Status {
	st := Status{Scene: "help", Variant: h.variant, Title: lang.T("Rules"), Buttons: buttonStatus(h.buttons, math.Max(h.env.Scale, 1))}
	if h.v != nil {
		st.Title = lang.F("Rules · %s", lang.Game(h.v.Title))
	}
	return st
}
