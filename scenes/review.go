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

// reviewing reports whether an earlier position is shown.
func (p *Play) reviewing() bool { return p.at >= 0 }

// shownLog is the log as far as the board shows it.
func (p *Play) shownLog() []game.Entry {
	if p.reviewing() {
		return p.atLog
	}
	return p.m.Log(p.viewer)
}

// reviewTo shows the position after the first n entries of the viewer's log; n at or
// past the end goes back to the live game.
func (p *Play) reviewTo(n int) {
	live := len(p.m.Log(p.viewer))
	n = max(n, 0)
	if p.handover || live == 0 {
		return
	}
	p.stopAnalysis()
	if n >= live {
		if p.reviewing() {
			p.at, p.atLog = -1, nil
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
	p.at, p.atLog, p.view = n, es, r
	p.acts, p.moves = 0, p.moves[:0]
	p.sel, p.targets, p.group, p.panel, p.drag, p.anim.slides = game.NoSquare, 0, nil, nil, dragState{}, nil
	// Keep the line of the shown move in sight.
	if li := p.lineOf(n); li >= 0 && !p.lineShown(li) {
		p.scroll = max(0, len(p.history)-1-li)
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
	at := p.at
	if !p.reviewing() {
		at = len(p.m.Log(p.viewer))
	}
	p.reviewTo(at + d)
}

// reviewKeys: ← → one entry, Home the start, End the game.
func (p *Play) reviewKeys(in *Intents) {
	switch {
	case in.Left:
		p.reviewStep(-1)
	case in.Right && p.reviewing():
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
	p.revH = 0
	r := p.lay.MoveList
	h := p.lay.Button(0).H
	if !p.lay.ReviewFits(p.barH) || p.handover {
		return
	}
	p.revH = p.lay.Bar()
	y := r.Y + r.H - p.revH + 0.1*h
	ids := []string{"rv:first", "rv:prev", "rv:next", "rv:last", "analyse"}
	labels := []string{"«", "<", ">", "»", lang.T("Analyse")}
	live := len(p.m.Log(p.viewer))
	at := p.at
	if !p.reviewing() {
		at = live
	}
	enabled := []bool{at > 0, at > 0, p.reviewing(), p.reviewing(), p.canAnalyse()}
	// The arrows a quarter each of three fifths, Analyse the rest.
	aw := r.W * 0.6 / 4
	x := r.X
	for i, id := range ids {
		w := aw
		if id == "analyse" {
			w = r.X + r.W - x
		}
		p.buttons = append(p.buttons, button{id: id, label: labels[i], enabled: enabled[i] && live > 0,
			r: layout.Rect{X: x + 2, Y: y, W: w - 4, H: h - 4}})
		x += w
	}
}

// lineOf is the move list's line that holds the entry that leads to position n (-1: the
// start).
func (p *Play) lineOf(n int) int {
	for i, end := range p.historyEnds {
		if n <= end && n > p.lineStart(i) {
			return i
		}
	}
	return -1
}

func (p *Play) lineStart(i int) int {
	if i == 0 {
		return 0
	}
	return p.historyEnds[i-1]
}

// listColumn is where the move list's lines go, between the action bar and the review
// bar: the rows for moves, and the foot's rows (listFoot) under them.
func (p *Play) listColumn() layout.List { return p.lay.List(p.barH, p.revH, len(p.listFoot())) }

// listFoot are the lines under the moves: the friend's last emote for a while, and what
// the marks chess players do not know mean.
func (p *Play) listFoot() []textLine {
	var out []textLine
	if p.net != nil {
		if c := p.net.lastChat(time.Now()); c != "" {
			out = append(out, textLine{s: c, c: colButtonOn})
		}
	}
	if movetext.Climbs(p.history) {
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
	if h := in.Hover && r.Contains(in.HoverX, in.HoverY); h || p.hoverOn {
		p.hoverOn, p.hoverX, p.hoverY = h, in.HoverX, in.HoverY
	}
	if in.Wheel != 0 && p.lay.MoveList.Contains(in.HoverX, in.HoverY) {
		p.scroll = min(max(p.scroll+int(in.Wheel), 0), max(len(p.history)-1, 0))
		return true
	}
	if !ok || !r.Contains(e.X, e.Y) || rows <= 0 || len(p.history) == 0 {
		return false
	}
	drawn := p.listRows(rows, c.W)
	it, li, onItem := itemAt(drawn, x0, y0, lh, e.X, e.Y)
	if int((e.Y-y0)/lh) >= len(drawn) || e.Y < y0 {
		return false
	}
	if onItem && !p.history[li].Result {
		p.reviewTo(it.End)
		return true
	}
	p.reviewTo(p.historyEnds[li])
	return true
}

// reviewLine is the header's line while reviewing: where, and the analysis if any.
func (p *Play) reviewLine() string {
	if !p.reviewing() {
		return ""
	}
	return movetext.ReviewLine(p.at, p.atLog, p.analysisText())
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
	p.stopAnalysis()
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
	p.analysis = ai.Analyse(r, side, 3000)
	p.analysisSide = side
}

func (p *Play) stopAnalysis() {
	if p.analysis != nil {
		p.analysis.Stop()
		p.analysis = nil
	}
}

// analysisText is the analysis as a line: the score for White, the depth, the best line.
func (p *Play) analysisText() string {
	if p.analysis == nil {
		return ""
	}
	in, done := p.analysis.Info()
	return movetext.AnalysisText(in, done, p.analysisSide)
}
