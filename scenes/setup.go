package scenes

import (
	"cmp"
	"maps"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/pageurl"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
)

// Setup is the first screen: pick a game and its options (each with a line of help), a
// side or random, and an opponent (an AI level, or a person on this device); then play.
type Setup struct {
	names    []string
	variant  string
	opts     map[string]map[string]string // per game, the chosen option values
	side     string                       // white, black, random
	opponent string                       // an AI level or "person"
	opp      match.Opponent
	err      string
	notice   string // about the stored records (a damaged saved game), English
	pick     bool   // probabilistic chess: people pick their numbers
	clock    setupClock

	scroll, contentH float64
	// barTop is the top of the Rules/Play bar pinned to the window's bottom when the
	// screen is taller than the window (0 when it is not): Play is always in reach.
	barTop  float64
	press   *PointerEvent // where the pointer went down, nil when up
	dragged bool

	env     Env
	buttons []button
	labels  []label
	fs      faces
	title   layout.Rect

	chev      *ebiten.Image // the more cue's chevron (chevron), at chevScale
	chevScale float64
}

// label is a line of text placed by the layout.
type label struct {
	text string
	x, y float64
	size float64
	bold bool
	col  bool // secondary colour
	warn bool // error colour
}

// NewSetup makes the setup screen with the choices of the page's address; opp plays the
// AI seats of the games started from it.
func NewSetup(p pageurl.Page, opp match.Opponent) *Setup {
	s := &Setup{names: gameNames(), variant: pageurl.DefaultVariant, side: "white", opponent: "medium",
		opts: map[string]map[string]string{}, opp: opp, fs: faces{}}
	if _, err := game.Lookup(p.Variant); err == nil {
		s.variant = strings.ToLower(p.Variant)
	} else {
		s.err = err.Error()
	}
	switch p.Side {
	case "white", "black", "random":
		s.side = p.Side
	}
	if p.Opponent == "person" || levelKnown(p.Opponent) {
		s.opponent = p.Opponent
	}
	for _, o := range p.Options {
		k, v, ok := strings.Cut(o, "=")
		if ok {
			s.option(s.variant)[k] = v
		}
	}
	s.clock = newSetupClock(p.Clock, p.HasClock)
	if p.ClockErr != "" {
		s.err = p.ClockErr
	}
	return s
}

// gameNames are the registered games in the order people are offered them (game.Menu:
// chess and forced capture first).
func gameNames() []string { return game.Menu() }

// attempts reports whether the chosen game's captures are attempts decided by a draw of
// two numbers, which a person may pick instead of drawing.
func (s *Setup) attempts() bool {
	v, err := game.Lookup(s.variant)
	return err == nil && v.Traits.Attempts
}

func levelKnown(l string) bool {
	for _, x := range ai.Levels {
		if x.Name == l {
			return true
		}
	}
	return false
}

func (s *Setup) option(variant string) map[string]string {
	m := s.opts[variant]
	if m == nil {
		m = map[string]string{}
		s.opts[variant] = m
	}
	return m
}

// Config is the match the screen's choices describe.
func (s *Setup) Config() match.Config {
	v, _ := game.Lookup(s.variant)
	var opts []string
	if v != nil {
		for _, o := range v.OptionHelp {
			if val, ok := s.option(s.variant)[o.Key]; ok && val != o.Default {
				opts = append(opts, o.Key+"="+val)
			}
		}
	}
	human := game.White
	switch s.side {
	case "black":
		human = game.Black
	case "random":
		human = game.Color(rand.IntN(2))
	}
	var seats [2]match.Seat
	seats[human] = match.Seat{Human: true}
	if s.opponent == "person" {
		seats[human.Other()] = match.Seat{Human: true}
	} else {
		seats[human.Other()] = match.Seat{Level: s.opponent}
	}
	return match.Config{Variant: s.variant, Options: opts, Seats: seats, Pick: s.pick && s.attempts(),
		Clock: s.clock.tc}
}

// describes reports whether cfg is a game the screen's choices would start: the same
// game with the same option values, the same opponent, the same side (any side when the
// choice is random).
func (s *Setup) describes(cfg match.Config) bool {
	want := s.Config()
	if cfg.Variant != want.Variant || cfg.Pick != want.Pick || cfg.Clock != want.Clock {
		return false
	}
	a, err1 := game.Lookup(cfg.Variant, cfg.Options...)
	b, err2 := game.Lookup(want.Variant, want.Options...)
	if err1 != nil || err2 != nil || !maps.Equal(a.Options, b.Options) {
		return false
	}
	for _, c := range []game.Color{game.White, game.Black} {
		if cfg.Seats[c].Human && !cfg.Seats[c.Other()].Human {
			if s.side != "random" && !want.Seats[c].Human {
				return false
			}
			return s.opponent == cfg.Seats[c.Other()].Level
		}
	}
	return false
}

// Update implements Scene.
func (s *Setup) Update(ctx *Ctx) error {
	if n := ctx.Prefs.Notice(); n != "" {
		s.notice, s.buttons = n, nil
	}
	if s.clock.remembered(ctx.Prefs.TimeControl()) {
		s.buttons = nil
	}
	if ctx.Env != s.env || s.buttons == nil {
		s.env = ctx.Env
		s.lay()
	}
	// Buttons act when released without dragging: a drag scrolls a screen taller than
	// the window.
	var b *button
	for _, e := range ctx.In.Pointer {
		switch e.Kind {
		case Press:
			ev := e
			s.press, s.dragged = &ev, false
		case Drag:
			if s.press != nil && math.Abs(e.Y-s.press.Y) > 8*s.env.Scale {
				s.dragged = true
			}
			if s.dragged {
				s.scrollBy(s.press.Y - e.Y)
				s.press.Y = e.Y
			}
		case Release:
			if s.press != nil && !s.dragged {
				b = s.hitButton(s.press.X, s.press.Y)
			}
			s.press = nil
		}
	}
	if ctx.In.Wheel != 0 {
		s.scrollBy(-ctx.In.Wheel * 40 * s.env.Scale)
	}
	if b == nil {
		if ctx.In.Enter {
			s.start(ctx)
		}
		return nil
	}
	id, val, _ := strings.Cut(b.id, ":")
	switch id {
	case "game":
		s.variant = val
		s.err = ""
	case "opt":
		k, v, _ := strings.Cut(val, "=")
		s.option(s.variant)[k] = v
	case "side":
		s.side = val
	case "opponent":
		s.opponent = val
	case "pick":
		s.pick = val == "on"
	case "tc", "tcbase", "tcinc":
		if s.clock.press(id, val) {
			ctx.Prefs.SetTimeControl(s.clock.tc)
		}
	case "lang":
		setLanguage(ctx, val)
	case "rules":
		ctx.GoTo(NewHelp(s.variant, s))
		return nil
	case "play":
		s.start(ctx)
		return nil
	case "games":
		ctx.GoTo(NewArchive(s, s, s.opp))
		return nil
	}
	s.lay()
	return nil
}

func (s *Setup) scrollBy(d float64) {
	s.scroll = math.Max(0, math.Min(s.scroll+d, s.contentH-s.env.Height))
	s.lay()
}

func (s *Setup) start(ctx *Ctx) {
	if s.opponent == "friend" {
		ctx.GoTo(NewFriendHost(s, ctx.Host))
		return
	}
	p, err := NewPlay(s.Config(), s.opp, s)
	if err != nil {
		s.err = err.Error()
		s.lay()
		return
	}
	ctx.GoTo(p)
}

// lay places every button and line of text for the current choices.
func (s *Setup) lay() {
	e := s.env
	if e.Width == 0 {
		return
	}
	sc := e.Scale
	w := math.Min(e.Width-16*sc, 640*sc)
	x0 := math.Round((e.Width - w) / 2)
	text := clamp(0.034*math.Min(e.Width, e.Height), 13*sc, 19*sc)
	small := math.Max(0.82*text, 11.5*sc)
	bh := math.Round(clamp(2.3*text, 34*sc, 46*sc))
	gap := math.Round(0.18 * bh)
	y := math.Max(8*sc, 0.02*e.Height) - s.scroll
	s.buttons, s.labels = nil, nil

	s.title = layout.Rect{X: x0, Y: y, W: w, H: 2 * text}
	y += 2.2 * text
	if s.notice != "" {
		for _, l := range wrap(translateLines(s.notice), s.fs.get(true, text), w) {
			s.labels = append(s.labels, label{text: l, x: x0, y: y + 0.6*text, size: text, bold: true, warn: true})
			y += 1.3 * text
		}
		y += 0.3 * text
	}
	section := func(name string) {
		s.labels = append(s.labels, label{text: name, x: x0, y: y + 0.6*text, size: text, bold: true})
		y += 1.3 * text
	}
	help := func(line string) {
		for _, l := range wrap(line, s.fs.get(false, small), w) {
			s.labels = append(s.labels, label{text: l, x: x0, y: y + 0.6*small, size: small, col: true})
			y += 1.25 * small
		}
		y += 0.3 * small
	}
	grid := func(cols int, items []button) {
		cw := (w + gap) / float64(cols)
		for i, b := range items {
			r, c := i/cols, i%cols
			b.r = layout.Rect{X: x0 + float64(c)*cw, Y: y + float64(r)*(bh+gap), W: cw - gap, H: bh}
			b.enabled = true
			s.buttons = append(s.buttons, b)
		}
		y += float64((len(items)+cols-1)/cols) * (bh + gap)
	}

	section(lang.T("Game"))
	var games []button
	for _, n := range s.names {
		v, _ := game.Lookup(n)
		games = append(games, button{id: "game:" + n, label: lang.Game(shortTitle(v)), on: n == s.variant})
	}
	grid(3, games)
	v, _ := game.Lookup(s.variant)
	if v != nil {
		help(lang.Game(v.Title) + ": " + lang.Game(v.Help))
		for _, o := range v.OptionHelp {
			if len(o.Values) == 0 || o.Auto {
				continue // set by a link's opt=key=value (a custom odds table), or by the match
			}
			cur := s.option(s.variant)[o.Key]
			if cur == "" {
				cur = o.Default
			}
			section(lang.Game(cmp.Or(o.Title, o.Key)))
			var bs []button
			for _, val := range o.Values {
				bs = append(bs, button{id: "opt:" + o.Key + "=" + val, label: lang.Game(o.Label(val)), on: val == cur})
			}
			grid(min(len(bs), 4), bs)
			h, _, _ := strings.Cut(o.Help, "; ")
			help(lang.Game(h))
		}
		if s.attempts() {
			section(lang.T("Capture numbers"))
			grid(2, []button{
				{id: "pick:off", label: lang.T("Drawn for you"), on: !s.pick},
				{id: "pick:on", label: lang.T("Pick 0–9 yourself"), on: s.pick},
			})
			help(lang.T("Each side's number 0–9 is added; the last digit decides the attempt. Drawn at random, or picked by you (the AI's is drawn)."))
		}
	}
	section(lang.T("Your side"))
	grid(3, []button{
		{id: "side:white", label: lang.T("White"), on: s.side == "white"},
		{id: "side:black", label: lang.T("Black"), on: s.side == "black"},
		{id: "side:random", label: lang.T("Random"), on: s.side == "random"},
	})
	section(lang.T("Opponent"))
	var opps []button
	for _, l := range ai.Levels {
		opps = append(opps, button{id: "opponent:" + l.Name, label: lang.F("AI %s", lang.Game(l.Name)), on: s.opponent == l.Name})
	}
	opps = append(opps, button{id: "opponent:person", label: lang.T("Person here"), on: s.opponent == "person"})
	opps = append(opps, button{id: "opponent:friend", label: lang.T("Play a friend"), on: s.opponent == "friend"})
	grid(3, opps)
	if s.opponent == "friend" {
		help(lang.T("A friend on another device: you get one link (and a QR code) to send; the game starts when they open it. Colours are decided by a fair coin flip both devices take part in."))
	} else if s.opponent == "person" {
		help(lang.T("Two people take turns on this device; in games with secrets a hand-over screen hides each player's secrets from the other."))
	} else {
		v, err := game.Lookup(s.variant)
		for _, l := range ai.Levels {
			if l.Name == s.opponent && err == nil {
				help(lang.F("The AI at level %s: %s.", lang.Game(l.Name), lang.Game(l.HelpFor(v))))
			}
		}
	}
	// Against a friend too: the link carries the control, and both devices run both clocks.
	section(lang.T("Time control"))
	grid(4, s.clock.buttons())
	for _, row := range s.clock.steppers() {
		grid(3, row)
	}
	if s.clock.tc.On() {
		help(lang.F("Each side has %s minutes, and %s seconds more after each of its moves; a player whose time runs out loses (a draw if the other could not win).",
			minutesText(s.clock.tc.Base), strconv.Itoa(int(s.clock.tc.Inc/time.Second))))
	} else {
		help(lang.T("No clock: take all the time you like."))
	}
	section(lang.T("Language"))
	var langs []button
	for _, l := range lang.Languages {
		langs = append(langs, button{id: "lang:" + l, label: lang.Name(l), on: l == lang.Current()})
	}
	grid(len(langs), langs)
	section(lang.T("Your games"))
	grid(1, []button{{id: "games", label: lang.T("Finished games…")}})
	if s.err != "" {
		help("! " + lang.Game(s.err)) // no ⚠ in the Go fonts
	}
	y += gap
	s.contentH = y + bh*1.15 + gap + s.scroll
	by := y
	s.barTop = 0
	if s.contentH > e.Height {
		by = e.Height - bh*1.15 - gap
		s.barTop = by - gap
	}
	cw := (w - gap) / 3
	s.buttons = append(s.buttons,
		button{id: "rules", label: lang.T("Rules"), enabled: true, r: layout.Rect{X: x0, Y: by, W: cw, H: bh * 1.15}},
		button{id: "play", label: lang.T("Play"), enabled: v != nil, primary: true, r: layout.Rect{X: x0 + cw + gap, Y: by, W: 2 * cw, H: bh * 1.15}})
}

// hitButton is the button under (x, y): the pinned bar's first, and nothing of the
// scrolled screen beneath it.
func (s *Setup) hitButton(x, y float64) *button {
	n := len(s.buttons)
	if n < 2 {
		return hit(s.buttons, x, y)
	}
	if b := hit(s.buttons[n-2:], x, y); b != nil {
		return b
	}
	if s.barTop > 0 && y >= s.barTop {
		return nil
	}
	return hit(s.buttons[:n-2], x, y)
}

// shortTitle is a game's name for a small button.
func shortTitle(v *game.Variant) string {
	t := v.Title
	t = strings.TrimSuffix(t, " chess")
	t = strings.TrimSuffix(t, " Chess")
	if t == "" {
		t = v.Name
	}
	return t
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// Draw implements Scene.
func (s *Setup) Draw(screen *ebiten.Image) {
	if s.env.Width == 0 {
		return
	}
	tx, ty := s.title.Center()
	drawText(screen, "Quintet", s.fs.get(true, s.title.H*0.8), tx, ty, colTitle)
	for _, l := range s.labels {
		c := colTitle
		if l.col {
			c = colSub
		}
		if l.warn {
			c = colError
		}
		drawLeft(screen, l.text, s.fs.get(l.bold, l.size), l.x, l.y, c)
	}
	f := s.fs.get(false, clamp(0.034*math.Min(s.env.Width, s.env.Height), 13*s.env.Scale, 19*s.env.Scale))
	n := len(s.buttons)
	if s.barTop == 0 || n < 2 {
		drawButtons(screen, s.buttons, f)
		return
	}
	drawButtons(screen, s.buttons[:n-2], f)
	// The pinned bar covers what scrolls beneath it.
	vector.DrawFilledRect(screen, 0, float32(s.barTop), float32(s.env.Width), float32(s.env.Height-s.barTop), colBackground, false)
	if s.scroll < s.contentH-s.env.Height-1 {
		s.drawMoreCue(screen)
	}
	drawButtons(screen, s.buttons[n-2:], f)
}

// drawMoreCue says that more of the screen lies under the pinned bar: what scrolls fades
// into the bar, and a chevron points down.
func (s *Setup) drawMoreCue(screen *ebiten.Image) {
	h := 28 * s.env.Scale
	top := s.barTop - h
	const steps = 8
	for i := range steps {
		c := colBackground
		c.A = uint8(255 * (i + 1) / (steps + 1))
		y := top + h*float64(i)/steps
		vector.DrawFilledRect(screen, 0, float32(y), float32(s.env.Width), float32(h/steps+1), c, false)
	}
	cx, cy := s.env.Width/2, s.barTop-h/2
	chev := s.chevron()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(cx-float64(chev.Bounds().Dx())/2), math.Round(cy-float64(chev.Bounds().Dy())/2))
	screen.DrawImage(chev, op)
}

// chevron is the cue's chevron, antialiased once into an image of its own: an
// antialiased line drawn on the screen renders through a buffer of the screen's size,
// which software WebGL pays for in every frame that shows it.
func (s *Setup) chevron() *ebiten.Image {
	if s.chev != nil && s.chevScale == s.env.Scale {
		return s.chev
	}
	if s.chev != nil {
		s.chev.Deallocate()
	}
	d, w := 7*s.env.Scale, 2.5*s.env.Scale
	iw, ih := int(math.Ceil(2*d+2*w)), int(math.Ceil(d+2*w))
	img := ebiten.NewImage(iw, ih)
	cx, cy := float64(iw)/2, float64(ih)/2
	vector.StrokeLine(img, float32(cx-d), float32(cy-d/2), float32(cx), float32(cy+d/2), float32(w), colSub, true)
	vector.StrokeLine(img, float32(cx), float32(cy+d/2), float32(cx+d), float32(cy-d/2), float32(w), colSub, true)
	s.chev, s.chevScale = img, s.env.Scale
	return img
}

// Status implements Scene.
func (s *Setup) Status() Status {
	st := Status{Scene: "setup", Variant: s.variant, Title: lang.T("New game"), Error: s.err, Notice: translateLines(s.notice),
		Buttons: buttonStatus(s.buttons, s.env.Scale)}
	markClipped(st.Buttons, s.buttons, s.fs.get(false, clamp(0.034*math.Min(s.env.Width, s.env.Height), 13*s.env.Scale, 19*s.env.Scale)))
	if v, err := game.Lookup(s.variant); err == nil {
		st.Board.Files, st.Board.Ranks = v.Files, v.Ranks
	}
	return st
}

// setLanguage switches the page's language and remembers it.
func setLanguage(ctx *Ctx, code string) { ctx.Prefs.SetLang(code) }

// otherLanguage is the language the in-game switch offers: the next one after the
// current.
func otherLanguage() string {
	for i, l := range lang.Languages {
		if l == lang.Current() {
			return lang.Languages[(i+1)%len(lang.Languages)]
		}
	}
	return lang.Languages[0]
}

// translateLines translates each line of English messages.
func translateLines(s string) string {
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		ls[i] = lang.T(l)
	}
	return strings.Join(ls, "\n")
}
