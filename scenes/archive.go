package scenes

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/saved"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
)

// Archive lists the finished games kept on this device (prefs' archive), newest first, a
// page at a time: when, which game, against whom, the result. A row opens the game on the
// play screen in review at its start; its PGN button exports it. Back returns to the screen
// it came from.
type Archive struct {
	back  Scene
	setup *Setup
	opp   match.Opponent

	games []saved.Archived // oldest first, as stored
	read  bool
	page  int // rows shown start at the newest-but-page*perPage
	per   int
	err   string

	env     Env
	fs      faces
	buttons []button
	rows    []archiveRow
	title   layout.Rect
	colW    float64 // the column's width
}

// archiveRow is one listed game: its two lines inside the button of the same index.
type archiveRow struct {
	r                   layout.Rect
	line1, line2, line3 string
}

// NewArchive is the list of finished games; back is shown again after Back, setup is where
// a reviewed game's New game goes.
func NewArchive(back Scene, setup *Setup, opp match.Opponent) *Archive {
	return &Archive{back: back, setup: setup, opp: opp, fs: faces{}}
}

// Update implements Scene.
func (a *Archive) Update(ctx *Ctx) error {
	if !a.read {
		a.read, a.games = true, ctx.Prefs.Archive().Games
		if n := ctx.Prefs.Notice(); n != "" {
			a.err = translateLines(n)
		}
	}
	if ctx.Env != a.env || a.buttons == nil {
		a.env = ctx.Env
		a.lay()
	}
	if ctx.In.Escape {
		ctx.GoTo(a.back)
		return nil
	}
	b := pressed(ctx.In, a.buttons)
	if b == nil {
		switch {
		case ctx.In.Wheel < 0 || ctx.In.Right:
			a.turn(1)
		case ctx.In.Wheel > 0 || ctx.In.Left:
			a.turn(-1)
		}
		return nil
	}
	id, val, _ := strings.Cut(b.id, ":")
	i, _ := strconv.Atoi(val)
	switch id {
	case "back":
		ctx.GoTo(a.back)
	case "older":
		a.turn(1)
	case "newer":
		a.turn(-1)
	case "open":
		if i < 0 || i >= len(a.games) {
			return nil
		}
		m, err := ctx.Prefs.Open(a.games[i], a.opp)
		if err != nil {
			a.err = lang.Game(err.Error())
			a.lay()
			return nil
		}
		if bp, ok := a.back.(*Play); ok && bp.net == nil {
			bp.m.Close() // its AI stops; an unfinished game stays saved for a later visit
		}
		p := newPlay(m, a.opp, a.setup)
		p.opened = true
		ctx.GoTo(p)
	case "pgn":
		if i < 0 || i >= len(a.games) {
			return nil
		}
		g, err := a.games[i].Check(levelNames())
		if err != nil {
			a.err = lang.Game(err.Error())
			a.lay()
			return nil
		}
		ctx.Host.ShowText(lang.T("Game in PGN"), g.PGN(), fmt.Sprintf("quintet-%s-%s.pgn", g.Variant().Name,
			strings.NewReplacer(" ", "-", ":", "").Replace(a.games[i].Date)))
	}
	return nil
}

func levelNames() []string {
	var ns []string
	for _, l := range ai.Levels {
		ns = append(ns, l.Name)
	}
	return ns
}

// fit is s, cut with an ellipsis if wider than width in f.
func fit(s string, f textFace, width float64) string {
	if w, _ := measure(s, f); w <= width {
		return s
	}
	return shorten(s, f, width)
}

// turn shows the next page of older (d > 0) or newer games.
func (a *Archive) turn(d int) {
	pages := max(1, (len(a.games)+a.per-1)/max(a.per, 1))
	a.page = max(0, min(a.page+d, pages-1))
	a.lay()
}

// lay places the title, Back, one page of rows and the page buttons.
func (a *Archive) lay() {
	e := a.env
	if e.Width == 0 {
		return
	}
	sc := e.Scale
	w := math.Min(e.Width-16*sc, 640*sc)
	x0 := math.Round((e.Width - w) / 2)
	text := clamp(0.034*math.Min(e.Width, e.Height), 13*sc, 19*sc)
	bh := math.Round(clamp(2.3*text, 34*sc, 46*sc))
	rowH := math.Round(3.9 * text)
	gap := math.Round(0.18 * bh)
	y := math.Max(8*sc, 0.02*e.Height)
	a.buttons, a.rows, a.colW = nil, nil, w
	bw := math.Min(140*sc, w/3)
	a.title = layout.Rect{X: x0, Y: y, W: w - bw - gap, H: bh}
	a.buttons = append(a.buttons, button{id: "back", label: lang.T("Back"), enabled: true, primary: true,
		r: layout.Rect{X: x0 + w - bw, Y: y, W: bw, H: bh}})
	y += bh + gap
	if a.err != "" {
		y += 1.4 * text * float64(len(wrap(a.err, a.fs.get(false, text), w)))
	}
	bottom := e.Height - bh - 2*gap
	a.per = max(1, int((bottom-y)/(rowH+gap)))
	a.page = min(a.page, max(0, (len(a.games)-1)/a.per))
	pw := math.Round(min(90*sc, w/5))
	for k := 0; k < a.per; k++ {
		i := len(a.games) - 1 - a.page*a.per - k // newest first
		if i < 0 {
			break
		}
		x := a.games[i]
		r := layout.Rect{X: x0, Y: y, W: w - pw - gap, H: rowH}
		l1, l2, l3 := archiveLines(x)
		a.rows = append(a.rows, archiveRow{r: r, line1: l1, line2: l2, line3: l3})
		a.buttons = append(a.buttons,
			button{id: fmt.Sprintf("open:%d", i), label: l1, enabled: true, r: r},
			button{id: fmt.Sprintf("pgn:%d", i), label: lang.T("PGN"), enabled: true, r: layout.Rect{X: x0 + w - pw, Y: y, W: pw, H: rowH}})
		y += rowH + gap
	}
	if len(a.games) > a.per {
		nw := (w - gap) / 2
		a.buttons = append(a.buttons,
			button{id: "newer", label: lang.T("Newer"), enabled: a.page > 0, r: layout.Rect{X: x0, Y: bottom + gap, W: nw, H: bh}},
			button{id: "older", label: lang.T("Older"), enabled: (a.page+1)*a.per < len(a.games), r: layout.Rect{X: x0 + nw + gap, Y: bottom + gap, W: nw, H: bh}})
	}
}

// archiveLines are a game's three lines: the game and the opponent; the result as the
// person sees it; when, and the person's side.
func archiveLines(x saved.Archived) (string, string, string) {
	title := x.Variant
	if v, err := game.Lookup(x.Variant, x.Options...); err == nil {
		title = lang.Game(v.Title)
	}
	opp := lang.T("Person here")
	switch x.Opponent {
	case "person":
	case "friend":
		opp = lang.T("Friend")
	default:
		opp = lang.F("AI %s", lang.Game(x.Opponent))
	}
	var res string
	switch {
	case x.Result == "1/2-1/2":
		res = lang.T("Draw")
	case x.Opponent == "person" && x.Result == "1-0":
		res = lang.T("White won")
	case x.Opponent == "person":
		res = lang.T("Black won")
	case (x.Result == "1-0") == (x.HumanColor() == game.White):
		res = lang.T("You won")
	default:
		res = lang.T("You lost")
	}
	res = x.Result + " " + res
	if x.Reason != "" {
		res += " (" + lang.Game(x.Reason) + ")"
	}
	when := x.Date
	if x.Opponent != "person" {
		when += " · " + colorName(x.HumanColor())
	}
	return title + " · " + opp, res, when
}

// Draw implements Scene.
func (a *Archive) Draw(dst *ebiten.Image) {
	if a.env.Width == 0 {
		return
	}
	sc := a.env.Scale
	text := clamp(0.034*math.Min(a.env.Width, a.env.Height), 13*sc, 19*sc)
	drawLeft(dst, lang.T("Finished games"), a.fs.get(true, 1.3*text), a.title.X, a.title.Y+a.title.H/2, colTitle)
	y := a.title.Y + a.title.H + 0.18*a.title.H
	if a.err != "" {
		for _, l := range wrap(a.err, a.fs.get(false, text), a.colW) {
			drawLeft(dst, l, a.fs.get(false, text), a.title.X, y+0.7*text, colError)
			y += 1.4 * text
		}
	}
	if len(a.games) == 0 {
		for _, l := range wrap(lang.T("No finished games yet. The games you finish on this device are kept here, to review and export."), a.fs.get(false, text), a.colW) {
			drawLeft(dst, l, a.fs.get(false, text), a.title.X, y+0.9*text, colSub)
			y += 1.4 * text
		}
	}
	small := a.fs.get(false, 0.85*text)
	bold := a.fs.get(true, text)
	for _, b := range a.buttons {
		if !strings.HasPrefix(b.id, "open:") {
			drawButton(dst, b, a.fs.get(false, text))
			continue
		}
		fillRound(dst, b.r, float32(min(b.r.H, b.r.W)*0.12), colButton)
	}
	for _, r := range a.rows {
		pad := 0.6 * text
		drawLeft(dst, fit(r.line1, bold, r.r.W-2*pad), bold, r.r.X+pad, r.r.Y+0.25*r.r.H, colTitle)
		drawLeft(dst, fit(r.line2, small, r.r.W-2*pad), small, r.r.X+pad, r.r.Y+0.53*r.r.H, colTitle)
		drawLeft(dst, fit(r.line3, small, r.r.W-2*pad), small, r.r.X+pad, r.r.Y+0.78*r.r.H, colSub)
	}
}

// Status implements Scene.
func (a *Archive) Status() Status {
	st := Status{Scene: "archive", Title: lang.T("Finished games"), Error: a.err,
		Buttons: buttonStatus(a.buttons, math.Max(a.env.Scale, 1))}
	for i, r := range a.rows {
		// The row's button carries both its lines for the page and the tests.
		if 2*i < len(st.Buttons) {
			st.Buttons[1+2*i].Label = r.line1 + " — " + r.line2 + " — " + r.line3
		}
	}
	return st
}
