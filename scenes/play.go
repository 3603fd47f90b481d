package scenes

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/saved"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
	"github.com/quintet-chess/quintet/scenes/movetext"
)

// Play is the play screen: the board, the players' strips with captured material, the
// status line saying whose turn it is and what is expected, the buttons, the move list,
// and the panels for choices (promotion, other actions, a draw offer) and the hand-over
// screen of hotseat games with hidden information.
//
// Play wires its parts together; each concern is a type of its own file:
//   - boardInput (board_input.go, premove.go; play_board.go turns it into moves): the
//     selection, a drag, a typed move, the inspected tower, a premove;
//   - animation (animation.go): slides, the die's roll, a reveal's glow;
//   - gameMarks (play_games.go, marks.go): what each game draws of its own (the die,
//     odds and drawn numbers, Crown's secrets and crowns, towers' marks, a sealed move);
//   - choicePanel (play_panels.go): a question over the board and its layout;
//   - moveList (movelist.go) and review (review.go): the move list and a shown
//     earlier position with its analysis;
//   - friendPlay (friend_play.go): the network seat; clocks (play_clock.go); handOver
//     (handover.go); message (message.go).
//
// The words (status line, move list, title, strips' notes) are scenes/movetext's, and
// the measurements of the screen scenes/layout's.
type Play struct {
	m     *match.Match
	opp   match.Opponent
	setup *Setup

	// Whose view is drawn; in a hotseat with hidden information the hand-over screen
	// (handover.go) stands between two people until the next one taps.
	viewer game.Color
	hand   handOver
	flip   bool    // the person turned the board
	barH   float64 // height of the action bar above the move list

	view    game.Rules
	viewKey [2]uint64 // referee hash and log length the view was made for
	acts    uint8     // people asked now
	actor   game.Color
	moves   []game.Move // the actor's legal actions in view

	input boardInput // the person's hand on the board: selection, drag, premove (board_input.go)
	panel *choicePanel
	msg   message // the last thing that happened, for a while (message.go)

	pending *game.Move // a move waiting for the person's confirmation
	anim    animation  // what slides, rolls and glows
	// boardName and piecesName are the board theme and piece set shown (applyLook)
	boardName, piecesName string
	over                  bool
	list                  moveList // the move list's lines, scroll and hover (movelist.go)
	rev                   review   // an earlier position shown, and its analysis (review.go)

	env     Env
	lay     layout.Play
	buttons []button
	fs      faces
	sound   *Sound
	clocks  clocks
	sprites *pieceSprites
	// clockClear tells, per side, that the last full draw left nothing of the strip under
	// its clock (a long name may run under it): DrawClocks may then redraw the clock alone.
	clockClear [2]bool
	start      *game.Position // the start position, for captured material

	// prefsRead: the remembered orientation and any notice about the stored records
	// were taken on the first tick.
	prefsRead bool
	notice    string
	net       *friendPlay // a game with a friend over the network (friend_play.go), else nil
	// opened: a finished game opened from the archive (archive.go), shown from its start
	// in review without the result banner; openShown once that is done.
	opened, openShown bool
}

// NewPlay starts a match of cfg; opp plays its AI seats; back is the setup screen that
// "New game" returns to.
func NewPlay(cfg match.Config, opp match.Opponent, back *Setup) (*Play, error) {
	m, err := match.New(cfg, opp)
	if err != nil {
		return nil, err
	}
	return newPlay(m, opp, back), nil
}

// newPlay is the play screen of match m.
func newPlay(m *match.Match, opp match.Opponent, back *Setup) *Play {
	p := &Play{m: m, opp: opp, setup: back, input: newBoardInput(), fs: faces{},
		anim: newAnimation(), rev: review{at: -1}}
	p.viewer = m.Viewer(game.White)
	p.reset()
	return p
}

// reset forgets what belonged to the previous game or position.
func (p *Play) reset() {
	p.input.sel, p.input.targets, p.input.group, p.panel, p.input.typed = game.NoSquare, 0, nil, nil, ""
	p.input.drag = dragState{}
	p.anim.slides, p.anim.flashSq = nil, game.NoSquare
	p.viewKey = [2]uint64{}
	p.sprites = nil
	p.list.scroll = 0
	p.rev.stop()
	p.rev.at, p.rev.log = -1, nil
	p.input.cancelPremove()
	// Captured material counts from where this game began (a loaded position too).
	g := p.m.Game()
	if r, err := game.Load(g.Variant(), g.StartText()); err == nil {
		p.start = r.Position()
	}
	if p.env.Width > 0 {
		p.layout() // the board size may have changed
	}
}

// Update implements Scene.
func (p *Play) Update(ctx *Ctx) error {
	p.anim.tick, p.sound, p.anim.now = ctx.Tick, ctx.Sound, time.Now()
	p.anim.set(ctx.Prefs.Motion())
	p.msg.expire(p.anim.now) // (the status changes, so the screen is drawn once more without it)
	if _, ok := ctx.In.Pressed(); ok && p.anim.busy() {
		p.anim.skip() // a tap ends what moves, and still counts as the tap it is
	}
	if !p.prefsRead {
		p.prefsRead, p.flip = true, ctx.Prefs.Flip()
		p.applyLook(ctx)
		p.notice = ctx.Prefs.Notice()
		p.say(strings.ReplaceAll(translateLines(p.notice), "\n", " "))
	}
	p.m.Update()
	p.clocks.warn(p.m, p.over, p.sound)
	if p.net != nil {
		p.netTick(ctx)
	}
	// What happened next (the AI's reply, the die of its turn) is shown once what moves
	// now has landed.
	if p.opened && !p.openShown {
		p.over = true // no banner: the person came to review it
	}
	if !p.anim.busy() || p.view == nil {
		p.refresh()
	}
	if p.opened && !p.openShown {
		p.openShown = true
		p.reviewTo(0)
	}
	if ctx.Env != p.env {
		p.env = ctx.Env
		p.layout()
	}
	if !p.anim.busy() {
		p.notices(ctx)
		p.playPremove()
	}
	ctx.Prefs.Keep(p.m)
	if a, ok := ctx.Host.Answer(); ok {
		p.load(a)
	}
	in := ctx.In
	if p.hand.on {
		if _, ok := in.Pressed(); ok || in.Enter {
			p.hand.on, p.viewer, p.hand.shown = false, p.hand.to, true
			p.viewKey = [2]uint64{}
			p.refresh()
		}
		p.layButtons()
		return nil
	}
	if c, ok := p.m.NeedsPick(); !ok {
		p.hand.pickFor = 0
	} else if p.m.Hotseat() && p.hand.pickFor != int(c)+1 {
		// Two people pick secret numbers on one device: each picks behind a hand-over
		// screen, so that neither sees which number the other tapped.
		p.hand.pickFor, p.hand.on, p.hand.to, p.panel = int(c)+1, true, c, nil
		p.input.sel, p.input.targets, p.input.group, p.input.drag = game.NoSquare, 0, nil, dragState{}
		p.layButtons()
		return nil
	} else if p.panel == nil && !p.hand.on {
		p.panel = pickPanel(c)
	}
	if p.panel == nil && p.canAct() && !p.hasBoardMoves() {
		if groups, panel := p.actionGroups(); len(groups)+len(panel) > 0 {
			p.panel = actionPanel(p, groups, panel, false)
		}
	}
	if p.panel != nil && p.panel.kind == "result" {
		// The result banner is no barrier: a press outside it closes it and does what
		// it would have done.
		if e, ok := in.Pressed(); ok && !p.panel.rect(&p.lay, p.env, p.fs).Contains(e.X, e.Y) {
			p.panel = nil
		}
		if in.Left || in.Right || in.Home || in.End || in.Escape {
			p.panel = nil // the review's keys go to the review
		}
	}
	if p.panel != nil {
		p.updatePanel(ctx)
		p.layButtons()
		return nil
	}
	if b := pressed(in, p.buttons); b != nil {
		p.button(ctx, b.id)
		p.layButtons()
		return nil
	}
	p.keys(in)
	p.reviewKeys(in)
	if !p.listTap(in) {
		p.pointer(in)
	}
	p.layButtons()
	return nil
}

// refresh makes the view and the legal actions again when the game changed.
func (p *Play) refresh() {
	g := p.m.Game()
	r := g.Rules()
	key := [2]uint64{r.Hash(), uint64(len(g.Entries()))}
	was := p.over
	p.over = r.Outcome().Over()
	switch {
	case p.over && !was && !p.hand.on:
		p.panel = resultPanel(p) // the result, and what may follow
	case !p.over && p.panel != nil && p.panel.kind == "result":
		p.panel = nil // taken back
	}
	// Hand-over: a hotseat with hidden information shows nobody's board until the next
	// person is at the device.
	if p.m.Hotseat() && p.m.Hidden() && !p.over {
		if next := p.m.Viewer(p.viewer); !p.hand.shown || next != p.viewer {
			if !p.hand.on {
				p.hand.on, p.hand.to = true, next
				p.input.sel, p.input.targets, p.input.group, p.panel, p.input.drag = game.NoSquare, 0, nil, nil, dragState{}
			}
		}
	} else if p.m.Hotseat() {
		p.viewer = p.m.Viewer(p.viewer)
	}
	if key == p.viewKey && p.view != nil {
		return
	}
	if p.view != nil {
		p.anim.prev = *p.view.Position() // the pieces as they stood, for the slides of what changed
	}
	p.viewKey = key
	p.list.lines, p.list.ends = movetext.List(p.m, p.viewer)
	if p.rev.on() {
		p.acts = 0 // the live game moved on; the reviewed position stays on the board
		return
	}
	p.view = p.m.View(p.viewer)
	p.acts = p.m.ToAct()
	p.actor = p.viewer
	if p.acts != 0 && p.acts>>p.viewer&1 == 0 {
		p.actor = game.Color(0)
		if p.acts&1 == 0 {
			p.actor = game.Black
		}
	}
	p.moves = p.moves[:0]
	if p.acts>>p.actor&1 != 0 && !p.hand.on {
		p.moves = p.m.Game().Rules().View(p.actor).Moves(p.actor, p.moves)
	}
	if p.input.sel != game.NoSquare {
		p.selectSquare(p.input.sel)
	}
}

// notices plays sounds, starts animations and shows messages for what happened.
func (p *Play) notices(ctx *Ctx) {
	for _, n := range p.m.TakeNotices(p.viewer) {
		e := n.Entry
		switch e.Input.Kind {
		case game.InputMove:
			if n.By == "you" {
				p.anim.flashSq = game.NoSquare // the last reveal's frame (drawFlash)
			}
			p.animate(e, n.By)
			snd := SoundMove
			if strings.Contains(e.Record.Text, "x") {
				snd = SoundCapture
			}
			for _, ev := range e.Record.Events {
				switch ev.Kind {
				case game.EventCheck, game.EventGardez:
					snd = SoundCheck
				case game.EventReveal:
					snd = SoundReveal
				}
			}
			ctx.Sound.Play(snd)
		case game.InputDraw:
			ctx.Sound.Play(SoundDie)
			p.anim.rollAt = p.anim.now
		case game.InputReveal:
			ctx.Sound.Play(SoundReveal)
			if lm, ok := lastMove(p.shownLog()); ok {
				p.anim.flashSq, p.anim.flashAt = lm.To, p.anim.now
			}
		}
		// What happened, in words: the record and its events (a collision, a reveal).
		var words []string
		if e.Input.Kind != game.InputMove {
			words = append(words, lang.Game(e.Record.Text))
		}
		for _, ev := range e.Record.Events {
			if ev.Text != "" && ev.Text != e.Record.Text && !p.hideEvent(e, ev) {
				// Events that repeat a part of another ("…: the bishop is blown up") once.
				t := lang.Game(ev.Text)
				if !slices.ContainsFunc(words, func(w string) bool { return strings.Contains(w, t) }) {
					words = slices.DeleteFunc(words, func(w string) bool { return strings.Contains(t, w) })
					words = append(words, t)
				}
			}
		}
		if len(words) > 0 {
			p.say(strings.Join(words, "; "))
			p.msg.check = onlyCheck(e.Record.Events)
		} else if e.Input.Kind == game.InputMove && (n.By == "you" || p.msg.check) {
			p.msg.text = "" // an older message ("Loaded.", a prompt, a check answered) no longer applies
		}
	}
	if err := p.m.Err(); err != nil {
		p.msg.text = lang.Game(err.Error())
	}
}

// hideEvent reports an event the viewer may not read yet: none so far; the games word
// their events for both players.
func (p *Play) hideEvent(e game.Entry, ev game.Event) bool { return false }

// animate slides the piece of a move made by the AI or by taps (a dragged piece is
// already where it was dropped).
func (p *Play) animate(e game.Entry, by string) {
	mv := e.Input.Move
	if mv.From >= game.NoSquare || mv.To >= game.NoSquare || mv.From == mv.To {
		return
	}
	if (by == "you" && p.input.drag.moved) || p.rev.on() {
		return
	}
	p.anim.landed()
	pos := p.view.Position()
	// Simultaneous chess: the turn resolves with the second choice; both moves slide.
	if p.m.Sealed() {
		es := p.m.Log(p.viewer)
		if n := len(es); n >= 2 && es[n-1].Input == e.Input && es[n-2].Input.Kind == game.InputMove &&
			es[n-2].Input.Player != e.Input.Player && p.m.Game().Next().Players != 1<<e.Input.Player.Other() {
			o := es[n-2].Input.Move
			if pc := p.anim.slider(o, p.view); pc != game.NoPiece && o.From < game.NoSquare && o.To < game.NoSquare {
				p.anim.slide(pc, o.From, o.To)
			}
		}
	}
	pc := p.anim.slider(mv, p.view)
	if pc == game.NoPiece || pos.At(mv.From) == pc {
		return // nothing left its square (a capture attempt waiting for its draw)
	}
	p.anim.slide(pc, mv.From, mv.To)
	if mv.Kind == game.Castle && mv.Via < game.NoSquare && mv.Via2 < game.NoSquare {
		if rk := pos.At(mv.Via2); rk != game.NoPiece {
			p.anim.slide(rk, mv.Via, mv.Via2)
		}
	}
}

// onlyCheck reports whether a record's events say no more than check (or gardez): a
// message that the next move makes stale.
func onlyCheck(evs []game.Event) bool {
	for _, ev := range evs {
		if ev.Text != "" && ev.Kind != game.EventCheck && ev.Kind != game.EventGardez {
			return false
		}
	}
	return len(evs) > 0
}

func (p *Play) say(s string) {
	if s != "" {
		p.msg.text, p.msg.at = s, p.anim.now
	}
}

// layout computes the screen's layout and the piece sprites for it.
func (p *Play) layout() {
	v := p.m.Game().Variant()
	p.lay = layout.NewPlay(p.env.Width, p.env.Height, p.env.Scale, v.Files, v.Ranks, len(playButtons))
	p.lay.Flipped = p.flipped()
	if p.sprites == nil || p.sprites.size != int(p.lay.Square) || p.sprites.v != v {
		if p.sprites != nil {
			p.sprites.dispose()
		}
		p.sprites = newPieceSprites(v, int(p.lay.Square))
	}
	p.layButtons()
}

// flipped reports whether Black is at the bottom: when the person sees the game as Black
// (against the AI, or in a hotseat with hidden information, where each sees their own
// side), unless turned; two people sharing a plain game keep one orientation.
func (p *Play) flipped() bool {
	if p.m.Hotseat() && !p.m.Hidden() {
		return p.flip
	}
	return (p.viewer == game.Black) != p.flip
}

// playButtons are the play screen's buttons in order.
var playButtons = []string{"undo", "flip", "draw", "resign", "new", "rematch", "pgn", "load", "games", "settings", "lang", "rules"}

func (p *Play) layButtons() {
	if p.lay.Square == 0 {
		return
	}
	p.lay.Flipped = p.flipped()
	g := p.m.Game()
	p.buttons = p.buttons[:0]
	for i, id := range playButtons {
		b := button{id: id, r: p.lay.Button(i), enabled: !p.hand.on}
		switch id {
		case "undo":
			b.label = lang.T("Takeback")
			b.enabled = b.enabled && p.m.CanTakeback()
		case "flip":
			b.label = lang.T("Flip")
		case "draw":
			b.label = lang.T("Offer draw")
			if why := p.m.Claimable(); why != "" {
				b.label = lang.T("Claim draw")
			}
			b.enabled = b.enabled && !p.over && p.acts != 0
		case "resign":
			b.label = lang.T("Resign")
			b.enabled = b.enabled && !p.over && p.acts != 0
		case "new":
			b.label = lang.T("New game")
		case "rematch":
			b.label = lang.T("Rematch")
			b.primary = p.over
		case "pgn":
			b.label = lang.T("Export PGN")
			if w, _ := measure(b.label, p.fs.get(false, p.lay.Small)); w > 0.94*b.r.W {
				b.label = lang.T("PGN") // a phone's narrow button
			}
			b.enabled = b.enabled && (!p.m.Hidden() || p.over || !p.m.Hotseat())
		case "load":
			b.label = lang.T("Load")
		case "games":
			b.label = lang.T("Games")
			b.enabled = b.enabled && (p.net == nil || p.over) // a friend game is not left running unseen
		case "settings":
			b.label = lang.T("Settings")
		case "rules":
			b.label = lang.T("Rules")
		case "lang":
			b.label = lang.Name(otherLanguage())
		}
		p.buttons = append(p.buttons, b)
	}
	_ = g
	defer p.layReview() // under the action bar's, if the list keeps room for its lines
	p.barH = 0
	if p.net != nil {
		p.buttons, p.barH = p.net.buttons(p.buttons, p.m, p.over, &p.lay)
		if p.barH > 0 {
			return
		}
	}
	if p.hand.on || p.view == nil || !p.canAct() {
		return
	}
	groups, panel := p.actionGroups()
	n := len(groups) + len(panel)
	if n == 0 || !p.hasBoardMoves() {
		return
	}
	// The actions without a square of their own, in a bar above the move list.
	if !p.lay.TopBarFits() {
		return
	}
	p.barH = p.lay.Bar()
	cols := min(n, 4)
	add := func(i int, id, label string) {
		p.buttons = append(p.buttons, button{id: id, label: label, enabled: true, r: p.lay.TopCell(i, cols)})
	}
	if n > 4 {
		add(0, "actions", lang.T("Actions…"))
		return
	}
	for i, gr := range groups {
		add(i, fmt.Sprintf("group:%d", i), lang.Game(gr.Label))
	}
	for i, m := range panel {
		add(len(groups)+i, fmt.Sprintf("move:%d", i), actionLabel(p.view, m))
	}
}

func (p *Play) hasBoardMoves() bool {
	for _, m := range p.moves {
		if boardMove(m) {
			return true
		}
	}
	return false
}

// applyLook draws the board and pieces as the settings say, the sprites made anew on a
// change.
func (p *Play) applyLook(ctx *Ctx) {
	p.boardName, p.piecesName = ctx.Prefs.Board(), ctx.Prefs.Pieces()
	changed := setBoardTheme(p.boardName)
	changed = setPieceSet(p.piecesName) || changed
	if changed && p.sprites != nil {
		p.sprites.dispose()
		p.sprites = nil
		if p.lay.Square > 0 {
			p.layout()
		}
	}
}

func (p *Play) soundMuted() bool { return p.sound != nil && p.sound.Muted() }

// button carries out a button of the play screen.
func (p *Play) button(ctx *Ctx, id string) {
	g := p.m.Game()
	if p.net != nil && p.netButton(ctx, id) {
		return
	}
	if p.reviewButton(id) {
		return
	}
	switch id {
	case "undo":
		if err := p.m.Takeback(); err != nil {
			p.say(lang.Game(err.Error()))
		} else {
			p.say(lang.T("Move taken back."))
		}
		p.input.sel, p.input.targets, p.anim.slides = game.NoSquare, 0, nil
	case "flip":
		p.flip = !p.flip
		p.lay.Flipped = p.flipped()
		ctx.Prefs.SetFlip(p.flip)
	case "lang":
		setLanguage(ctx, otherLanguage())
		p.viewKey = [2]uint64{} // the move list is made again in the new language
		p.refresh()
	case "draw":
		c := p.actor
		if why := p.m.Claimable(); why != "" {
			if err := p.m.Claim(c); err != nil {
				p.say(lang.Game(err.Error()))
			}
			return
		}
		acc, err := p.m.OfferDraw(c)
		switch {
		case err != nil:
			p.say(lang.Game(err.Error()))
		case acc:
			p.say(lang.T("The AI accepts the draw."))
		case p.m.Hotseat():
			p.panel = drawOfferPanel(c)
		case p.net != nil:
			p.say(lang.T("Draw offered; waiting for your friend."))
		default:
			p.say(lang.T("The AI declines the draw."))
		}
	case "resign":
		p.panel = confirmPanel("resign", lang.F("Resign the game as %s?", colorName(p.actor)))
	case "new":
		p.m.Close()
		ctx.Prefs.Drop()
		ctx.GoTo(p.setup)
	case "rematch":
		cfg := p.m.Config()
		cfg.Seats[0], cfg.Seats[1] = cfg.Seats[1], cfg.Seats[0]
		p.m.Close()
		np, err := NewPlay(cfg, p.opp, p.setup)
		if err != nil {
			p.say(lang.Game(err.Error()))
			return
		}
		ctx.GoTo(np)
	case "pgn":
		name := fmt.Sprintf("quintet-%s.pgn", g.Variant().Name)
		ctx.Host.ShowText(lang.T("Game in PGN"), p.m.PGN(), name)
	case "load":
		ctx.Host.AskText(lang.T("Load a game (PGN) or a position"), "", lang.T("Load"))
	case "games":
		ctx.GoTo(NewArchive(p, p.setup, p.opp))
	case "settings":
		p.panel = settingsPanel(p)
	case "sound":
		ctx.Sound.Toggle()
	case "motion":
		i := slices.Index(motionNames, ctx.Prefs.Motion())
		ctx.Prefs.SetMotion(motionNames[(i+1)%len(motionNames)])
		p.anim.set(ctx.Prefs.Motion())
	case "board":
		i := slices.Index(saved.BoardThemes, ctx.Prefs.Board())
		ctx.Prefs.SetBoard(saved.BoardThemes[(i+1)%len(saved.BoardThemes)])
		p.applyLook(ctx)
	case "pieces":
		i := slices.Index(saved.PieceSets, ctx.Prefs.Pieces())
		ctx.Prefs.SetPieces(saved.PieceSets[(i+1)%len(saved.PieceSets)])
		p.applyLook(ctx)
	case "rules":
		ctx.GoTo(NewHelp(g.Variant().Name, p))
	default:
		groups, panel := p.actionGroups()
		cp := actionPanel(p, groups, panel, true)
		if id == "actions" {
			p.panel = cp
			return
		}
		for _, it := range cp.items {
			if it.id == id {
				p.panel = cp
				p.panel.layout(&p.lay, p.env, p.fs)
				p.panel = nil
				p.pick(cp, id)
			}
		}
	}
}

// load replaces the game with a PGN or position text from the page's dialog.
func (p *Play) load(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if err := p.m.Load(text); err != nil {
		p.say(lang.T("Could not load: ") + lang.Game(err.Error()))
		return
	}
	p.viewer = p.m.Viewer(p.viewer)
	p.hand.shown = false
	p.reset()
	p.refresh()
	p.say(lang.T("Loaded."))
}

// keys reads typed moves ("e2e4", "Nf3") and Escape.
func (p *Play) keys(in *Intents) {
	for _, r := range in.Chars {
		if r >= ' ' && r < 127 && len(p.input.typed) < 24 {
			p.input.typed += string(r)
		}
	}
	if in.Back && p.input.typed != "" {
		p.input.typed = p.input.typed[:len(p.input.typed)-1]
	}
	if in.Escape {
		p.input.typed, p.input.sel, p.input.targets, p.input.group = "", game.NoSquare, 0, nil
		p.input.cancelPremove()
	}
	if in.Enter && strings.TrimSpace(p.input.typed) != "" {
		if p.acts>>p.actor&1 == 0 {
			p.say(lang.T("It is not your turn."))
		} else if err := p.m.PlayText(p.actor, p.input.typed); err != nil {
			p.say(lang.Game(err.Error()))
		} else {
			p.input.sel, p.input.targets = game.NoSquare, 0
		}
		p.input.typed = ""
	}
}

// Status implements Scene.
func (p *Play) Status() Status {
	g := p.m.Game()
	v := g.Variant()
	st := Status{Scene: "play", Variant: v.Name, Title: lang.Game(v.Title) + movetext.ClockTitle(p.m), Notice: translateLines(p.notice)}
	for k, val := range v.Options {
		st.Options = append(st.Options, k+"="+val)
	}
	sort.Strings(st.Options)
	if p.lay.Square > 0 && p.env.Scale > 0 {
		sc := p.env.Scale
		st.Board = BoardStatus{X: p.lay.Board.X / sc, Y: p.lay.Board.Y / sc, Square: p.lay.Square / sc,
			Files: v.Files, Ranks: v.Ranks, Flipped: p.lay.Flipped}
		st.Buttons = buttonStatus(p.buttons, sc)
		markClipped(st.Buttons, p.buttons, p.fs.get(false, p.lay.Small))
		if p.panel != nil {
			n := len(st.Buttons)
			st.Buttons = append(st.Buttons, buttonStatus(p.panel.buttons, sc)...)
			markClipped(st.Buttons[n:], p.panel.buttons, p.fs.get(false, p.lay.TextSize))
		}
	}
	r := g.Rules()
	o := r.Outcome()
	// The referee's hash would let a page script test guesses of a hidden secret: while
	// the game hides something, the page tells the hash of what the viewer sees.
	hash := r.Hash()
	if p.m.Hidden() && !o.Over() && p.view != nil {
		hash = p.view.Hash()
	}
	gs := &GameStatus{Hash: fmt.Sprintf("%016x", hash), Step: r.Next().Kind.String(),
		ToAct: int(p.acts), Viewer: p.viewer.String(), Plies: len(p.m.Log(p.viewer)),
		Result: o.Result.String(), Reason: o.Reason, Line: p.turn().Full(p.rev.line()),
		Thinking: p.m.Thinking(), Handover: p.hand.on, Moves: movetext.Texts(p.list.lines), Animating: p.Animating(),
		Pick: p.panel != nil && p.panel.kind == "pick", Review: p.rev.at, Premove: p.input.premoveText()}
	_, gs.LineTone, gs.Note, gs.NoteTone = p.turn().Header(p.rev.line(), p.msg.text)
	if p.rev.on() {
		gs.Analysis = p.rev.text()
	}
	if !p.hand.on && p.view != nil {
		gs.Text = p.view.Text()
	}
	if p.panel != nil {
		gs.Panel = p.panel.kind
	}
	if p.msg.text != "" {
		gs.Message = p.msg.text
	}
	if err := p.m.Err(); err != nil {
		gs.Error = err.Error()
	}
	clockStatus(p.m, gs)
	st.Game = gs
	if p.net != nil {
		st.Net = p.net.status(p.m)
		if p.net.abandoned(p.m) {
			gs.Reason = "abandoned" // the game records the friend resigning; the page says why
		}
	}
	return st
}

// turn is what the header's words are made of now (movetext).
func (p *Play) turn() movetext.Turn {
	return movetext.Turn{M: p.m, View: p.view, Viewer: p.viewer, Actor: p.actor, Moves: p.moves, CanAct: p.canAct(),
		Over: p.over, Typed: p.input.typed, Review: p.rev.on(), Abandoned: p.net.abandoned(p.m)}
}

// Animating reports whether the screen moves without input: a piece sliding, the die
// rolling, a revealed square glowing. (A message's end changes the status, which redraws.)
func (p *Play) Animating() bool {
	return p.anim.busy() || p.anim.glow() < 1
}

// Draw implements Scene.
func (p *Play) Draw(screen *ebiten.Image) {
	if p.lay.Square == 0 || p.view == nil {
		return
	}
	if p.hand.on {
		p.hand.draw(screen, &p.lay, p.env, p.fs)
		return
	}
	p.drawHeader(screen)
	p.drawBoard(screen)
	p.drawStrips(screen)
	drawButtons(screen, p.buttons, p.fs.get(false, p.lay.Small))
	p.drawMoveList(screen)
	p.drawInspector(screen)
	if p.panel != nil {
		p.drawPanel(screen)
	}
}
