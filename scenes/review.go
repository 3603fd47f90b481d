package scenes

import (
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
	"github.com/quintet-chess/quintet/scenes/movetext"
)

// Review: the play screen can show any earlier position of the game, as the viewer knew
// it then (match.At), with its marks: the last move, the die, revealed secrets only as
// revealed by then. ← → step, Home and End go to the start and back to the game, and a
// line of the move list can be tapped. The live game goes on meanwhile (the AI still
// answers); the board takes no moves until the person is back.

// review is an earlier position on the board: at >= 0 shows the position after the
// first at entries of the viewer's log (log); -1 the live game. The AI's analysis of it
// runs while it is shown.
type review struct {
	at       int
	log      []game.Entry
	barH     float64 // height of the review bar under the move list
	analysis *match.Analysis
	side     game.Color // the side the analysis is for
}

// on reports whether an earlier position is shown.
func (r *review) on() bool { return r.at >= 0 }

// line is the header's line while reviewing: where, and the analysis if any.
func (r *review) line() string {
	if !r.on() {
		return ""
	}
	return movetext.ReviewLine(r.at, r.log, r.text())
}

func (r *review) stop() {
	if r.analysis != nil {
		r.analysis.Stop()
		r.analysis = nil
	}
}

// text is the analysis as a line: the score for White, the depth, the best line.
func (r *review) text() string {
	if r.analysis == nil {
		return ""
	}
	in, done := r.analysis.Info()
	return movetext.AnalysisText(in, done, r.side)
}

// shownLog is the log as far as the board shows it.
func (p *Play) shownLog() []game.Entry {
	if p.rev.on() {
		return p.rev.log
	}
	return p.m.Log(p.viewer)
}

// reviewTo shows the position after the first n entries of the viewer's log; n at or
// past the end goes back to the live game.
func (p *Play) reviewTo(n int) {
	live := len(p.m.Log(p.viewer))
	n = max(n, 0)
	if p.hand.on || live == 0 {
		return
	}
	p.rev.stop()
	if n >= live {
		if p.rev.on() {
			p.rev.at, p.rev.log = -1, nil
			p.viewKey = [2]uint64{} // the live view again
			p.anim.slides = nil
			p.refresh()
		}
		return
	}
	r, es, err := p.m.At(p.viewer, n)
	if err != nil {
		p.say(lang.Game(err.Error()))
		return
	}
	p.rev.at, p.rev.log, p.view = n, es, r
	p.acts, p.moves = 0, p.moves[:0]
	p.input.sel, p.input.targets, p.input.group, p.panel, p.input.drag, p.anim.slides = game.NoSquare, 0, nil, nil, dragState{}, nil
	// Keep the line of the shown move in sight.
	if li := p.list.lineOf(n); li >= 0 && !p.lineShown(li) {
		p.list.scroll = max(0, len(p.list.lines)-1-li)
	}
}

// lineShown reports whether line li of the move list is drawn at the present scroll.
func (p *Play) lineShown(li int) bool {
	c := p.listColumn()
	if c.Rows <= 0 {
		return false
	}
	for _, row := range p.listRows(c.Rows, c.W) {
		if row.line == li {
			return true
		}
	}
	return false
}

// reviewStep moves the reviewed position by d entries, from the live end when live.
func (p *Play) reviewStep(d int) {
	at := p.rev.at
	if !p.rev.on() {
		at = len(p.m.Log(p.viewer))
	}
	p.reviewTo(at + d)
}

// reviewKeys: ← → one entry, Home the start, End the game.
func (p *Play) reviewKeys(in *Intents) {
	switch {
	case in.Left:
		p.reviewStep(-1)
	case in.Right && p.rev.on():
		p.reviewStep(1)
	case in.Home:
		p.reviewTo(0)
	case in.End:
		p.reviewTo(len(p.m.Log(p.viewer)))
	}
}

// reviewButton handles the review bar's buttons; false for other ids.
func (p *Play) reviewButton(id string) bool {
	switch id {
	case "rv:first":
		p.reviewTo(0)
	case "rv:prev":
		p.reviewStep(-1)
	case "rv:next":
		p.reviewStep(1)
	case "rv:last":
		p.reviewTo(len(p.m.Log(p.viewer)))
	case "analyse":
		p.analyse()
	default:
		return false
	}
	return true
}

// layReview lays the review bar at the foot of the move list, when there is room.
func (p *Play) layReview() {
	p.rev.barH = 0
	if !p.lay.ReviewFits(p.barH) || p.hand.on {
		return
	}
	p.rev.barH = p.lay.Bar()
	ids := []string{"rv:first", "rv:prev", "rv:next", "rv:last", "analyse"}
	labels := []string{"«", "<", ">", "»", lang.T("Analyse")}
	live := len(p.m.Log(p.viewer))
	at := p.rev.at
	if !p.rev.on() {
		at = live
	}
	enabled := []bool{at > 0, at > 0, p.rev.on(), p.rev.on(), p.canAnalyse()}
	cells := p.lay.ReviewCells()
	for i, id := range ids {
		p.buttons = append(p.buttons, button{id: id, label: labels[i], enabled: enabled[i] && live > 0, r: cells[i]})
	}
}

// listColumn is where the move list's lines go, between the action bar and the review
// bar: the rows for moves, and the foot's rows (listFoot) under them.
func (p *Play) listColumn() layout.List { return p.lay.List(p.barH, p.rev.barH, len(p.listFoot())) }

// listFoot are the lines under the moves: the friend's last emote for a while, and what
// the marks chess players do not know mean.
func (p *Play) listFoot() []textLine {
	var out []textLine
	if p.net != nil {
		if c := p.net.lastChat(time.Now()); c != "" {
			out = append(out, textLine{s: c, c: colButtonOn})
		}
	}
	if movetext.Climbs(p.list.lines) {
		out = append(out, textLine{s: lang.T("^ climbs onto an own piece"), c: colSub})
	}
	return out
}

// listTap: a press on a move of the move list shows the position after it (with its
// capture attempts' draws), on the line's number or beside the moves the position after
// the line. The pointer's hover is kept for a mark's numbers.
func (p *Play) listTap(in *Intents) bool {
	e, ok := in.Pressed()
	c := p.listColumn()
	r, lh, rows, x0, y0 := c.Rect, c.Line, c.Rows, c.X, c.Y
	if h := in.Hover && r.Contains(in.HoverX, in.HoverY); h || p.list.hoverOn {
		p.list.hoverOn, p.list.hoverX, p.list.hoverY = h, in.HoverX, in.HoverY
	}
	if in.Wheel != 0 && p.lay.MoveList.Contains(in.HoverX, in.HoverY) {
		p.list.scroll = min(max(p.list.scroll+int(in.Wheel), 0), max(len(p.list.lines)-1, 0))
		return true
	}
	if !ok || !r.Contains(e.X, e.Y) || rows <= 0 || len(p.list.lines) == 0 {
		return false
	}
	drawn := p.listRows(rows, c.W)
	it, li, onItem := itemAt(drawn, x0, y0, lh, e.X, e.Y)
	if int((e.Y-y0)/lh) >= len(drawn) || e.Y < y0 {
		return false
	}
	if onItem && !p.list.lines[li].Result {
		p.reviewTo(it.End)
		return true
	}
	p.reviewTo(p.list.ends[li])
	return true
}

// canAnalyse: the AI may look at a position of a game against the AI, of two people on
// one device, or of any finished game; not of a game with a friend still being played
// (that would be an engine's help in the middle of it).
func (p *Play) canAnalyse() bool {
	if _, ok := p.opp.(*match.AI); !ok {
		return false
	}
	return p.net == nil || p.over
}

// analyse asks the AI for its evaluation and best line of the shown position, for the
// side to move there, as that side sees it.
func (p *Play) analyse() {
	ai, ok := p.opp.(*match.AI)
	if !ok || !p.canAnalyse() {
		return
	}
	p.rev.stop()
	r := p.view
	s := r.Next()
	side := p.viewer
	if s.Kind == game.StepMove && !s.Asks(side) {
		side = side.Other()
	}
	if s.Kind != game.StepMove || r.Outcome().Over() {
		p.say(lang.T("Nothing to analyse here: no move is due."))
		return
	}
	p.rev.analysis = ai.Analyse(r, side, 3000)
	p.rev.side = side
}
