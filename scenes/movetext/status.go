package movetext

import (
	"fmt"
	"strings"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/status"
	"github.com/quintet-chess/quintet/scenes/interact"
	"github.com/quintet-chess/quintet/scenes/match"
)

// Turn is what the header's words are made of: the match, what the board shows, who
// acts on this device, and what the screen is doing (a move being typed, a review).
type Turn struct {
	M      *match.Match
	View   game.Rules  // what the board shows: the viewer's view, or the reviewed position
	Viewer game.Color  // whose view is drawn
	Actor  game.Color  // who acts on this device now
	Moves  []game.Move // the actor's legal actions in View
	CanAct bool        // the actor is asked now and the game goes on
	Over   bool        // the game is over as the screen shows it
	Typed  string      // a move being typed
	Review bool        // an earlier position is shown
	// Abandoned: this side ended the game by claiming the friend abandoned it.
	Abandoned bool
}

// Expected says what the person must do now.
func (t Turn) Expected() string {
	g := t.M.Game()
	s := g.Next()
	switch s.Kind {
	case game.StepOver:
		return ""
	case game.StepDraw:
		if s.Draw == game.DrawDie {
			return lang.T("Rolling the die…")
		}
		return lang.T("Drawing the outcome…")
	case game.StepReveal:
		return lang.T("Revealing…")
	}
	if !t.CanAct {
		return ""
	}
	groups, panel := interact.Groups(t.View.Variant(), t.Moves)
	for _, m := range panel {
		if m.Kind == game.Decline {
			return lang.T("Strike at the mated king with a piece giving check, or decline")
		}
	}
	board := false
	for _, m := range t.Moves {
		if interact.KindOf(m) == interact.Board {
			board = true
			break
		}
	}
	var parts []string
	if board {
		parts = append(parts, lang.T("move a piece"))
	}
	for _, gr := range groups {
		parts = append(parts, strings.ToLower(lang.Game(gr.Label)))
	}
	if len(panel) > 0 {
		parts = append(parts, lang.T("choose an action"))
	}
	if s.Players == 3 {
		return lang.T("Sealed until both have chosen")
	}
	if len(parts) == 0 {
		return ""
	}
	w := strings.Join(parts, lang.T(", or "))
	return UpperFirst(w)
}

// Line is the status line under the title: whose turn, what is expected, the result.
func (t Turn) Line() string {
	g := t.M.Game()
	o := g.Outcome()
	if o.Over() {
		who := lang.T("Draw")
		switch o.Result {
		case game.WhiteWins:
			who = lang.T("White wins")
		case game.BlackWins:
			who = lang.T("Black wins")
		}
		why := lang.Game(o.Reason)
		if t.Abandoned {
			why = lang.T("your friend abandoned the game")
		}
		return fmt.Sprintf("%s (%s) — %s", who, o.Result, why)
	}
	if t.Typed != "" {
		return lang.T("Type a move, Enter to play: ") + t.Typed + "_"
	}
	if t.Review { // the reviewed position's turn, not the game's
		if s := t.View.Next(); s.Kind == game.StepMove && s.Players != 3 {
			return lang.F("%s to move", ColorName(s.OnlyPlayer()))
		}
		return lang.T("Review")
	}
	if t.M.Thinking() && !t.CanAct { // (a simultaneous turn asks the person too)
		// Not the search's progress: each new line is a full redraw, and in software
		// WebGL on two cores those redraws cost the page a third of its frames while
		// the worker searches.
		return lang.T("The AI is thinking…")
	}
	s := g.Next()
	if s.Kind == game.StepMove {
		var who []string
		for c := game.White; c <= game.Black; c++ {
			if s.Asks(c) {
				who = append(who, ColorName(c))
			}
		}
		turn := lang.F("%s to move", strings.Join(who, lang.T(" and ")))
		if len(who) == 2 {
			turn = lang.T("Both to move") // short enough for a phone's status line
		}
		if t.CanAct && !t.M.Hotseat() {
			turn = lang.F("Your move (%s)", ColorName(t.Actor))
		}
		if t.View != nil && t.View.Variant().Check && t.View.Position().InCheck() {
			turn += lang.T(", in check")
		}
		if e := t.Expected(); e != "" {
			turn += ": " + LowerFirst(e)
		}
		return turn
	}
	return t.Expected()
}

// GameLine is a game's own addition to the status line, "" if none: the die and what it
// allows, a pending capture attempt's odds, check and gardez.
func (t Turn) GameLine() string {
	r := t.View
	if d, ok := r.(game.DieHolder); ok {
		if face, rolled := d.Die(); rolled && !t.Over {
			return lang.Game(interact.DieAllows(r.Variant(), face))
		}
	}
	if a, ok := game.PendingAttempt(t.M.Game().Rules()); ok {
		return lang.F("attempt %v×%v: %d%% success, %d%% miss, %d%% dies", a.From, a.Target,
			10*int(a.Odds.Success), 10*int(a.Odds.Miss), 10*int(a.Odds.Dies))
	}
	if ta, ok := r.(game.TurnAnnouncer); ok && !t.Over {
		var parts []string
		for _, e := range ta.TurnEvents() {
			parts = append(parts, lang.Game(e.Text))
		}
		return strings.Join(parts, "; ")
	}
	return ""
}

// Full is the status line with the review's line (review) or else the game's own, for
// the page's status.
func (t Turn) Full(review string) string {
	if review != "" {
		return t.Line() + " · " + review
	}
	if g := t.GameLine(); g != "" {
		return t.Line() + " · " + g
	}
	return t.Line()
}

// Header is what the header says under the title, each line with its tone: the status
// line, and the note under it (the review's line, else the game's own, else msg, the
// last thing that happened), the note "" when there is none.
func (t Turn) Header(review, msg string) (line string, tone status.Tone, note string, noteTone status.Tone) {
	line, tone = t.Line(), status.ToneNeutral
	if t.CanAct {
		tone = status.ToneGood
	}
	switch g := t.GameLine(); {
	case review != "":
		note, noteTone = review, status.ToneSelected
	case g != "":
		note, noteTone = UpperFirst(g), status.ToneAccent
	case msg != "":
		note, noteTone = UpperFirst(msg), status.TonePlain
	}
	return line, tone, note, noteTone
}

// CrownNote is what a strip says of side c's Crown secrets and reserves.
func (t Turn) CrownNote(c game.Color) string {
	st, ok := game.CrownSide(t.View, c)
	if !ok {
		return ""
	}
	var parts []string
	switch {
	case st.Split && st.CrownedHalf != game.NoType && (st.HalfPublic || c == t.Viewer || t.Over):
		parts = append(parts, lang.F("crown: %s", lang.Game(t.View.Variant().Pieces[st.CrownedHalf].Name)))
	case st.Split:
		parts = append(parts, lang.T("crown: a half, secret"))
	case st.Hidden:
		// told below
	case st.Crown != game.NoType && (st.CrownPublic || c == t.Viewer || t.Over):
		parts = append(parts, lang.F("crown: %s", lang.Game(t.View.Variant().Pieces[st.Crown].Name)))
	case st.Chosen:
		parts = append(parts, lang.T("crown: secret"))
	}
	if st.Paratroopers > 0 {
		parts = append(parts, lang.F("paratrooper ×%d", st.Paratroopers))
	}
	if st.StonesLeft > 0 && st.Lost {
		parts = append(parts, lang.F("stones ×%d", st.StonesLeft))
	}
	if st.Hidden {
		parts = append(parts, lang.T("crown hidden"))
	}
	return strings.Join(parts, " · ")
}

// SealNote says, in simultaneous chess, whether side c has chosen this turn.
func (t Turn) SealNote(c game.Color) string {
	if !t.M.Sealed() || t.Over {
		return ""
	}
	s := t.M.Game().Next()
	if s.Kind != game.StepMove {
		return ""
	}
	if s.Asks(c) {
		return lang.T("choosing…")
	}
	return lang.T("sealed") // (no ✓: the font has no such glyph)
}

// ReviewLine is the header's line while reviewing the position after at entries of the
// viewer's log (atLog): where, or the analysis when there is one.
func ReviewLine(at int, atLog []game.Entry, analysis string) string {
	where := lang.T("the start")
	if n := len(atLog); n > 0 {
		e := atLog[n-1]
		dots := "."
		if e.Side == game.Black {
			dots = "…"
		}
		where = fmt.Sprintf("%d%s %s", e.MoveNo, dots, lang.Game(e.Record.Text))
	}
	s := lang.F("Review: after %s (End: back to the game)", where)
	if at == 0 {
		s = lang.T("Review: the start (End: back to the game)")
	}
	if analysis != "" {
		s = analysis
	}
	return s
}

// AnalysisText is an analysis for side as a line: the score for White, the depth, the
// best line (done: the search is over).
func AnalysisText(in match.AnalysisInfo, done bool, side game.Color) string {
	if in.Depth == 0 {
		if done {
			return lang.T("The AI could not analyse this position.")
		}
		return lang.T("Analysing…")
	}
	score := in.Score
	if side == game.Black {
		score = -score
	}
	eval := fmt.Sprintf("%+.2f", float64(score)/100)
	if in.Mate != 0 {
		m := in.Mate
		if side == game.Black {
			m = -m
		}
		eval = fmt.Sprintf("#%d", m)
	}
	state := lang.T("analysing")
	if done {
		state = lang.T("analysed")
	}
	return fmt.Sprintf("%s (%s, %s %d): %s", eval, state, lang.T("depth"), in.Depth, strings.Join(in.Line, " "))
}

// Title is the header's title: the game, who plays it, the time control, and the link's
// state net of a game with a friend ("" otherwise).
func Title(m *match.Match, net string) string {
	title := lang.Game(m.Game().Variant().Title)
	if m.Hotseat() {
		title += lang.T(" · two players")
	} else {
		for c := game.White; c <= game.Black; c++ {
			if s := m.Seat(c); !s.Human && !s.Remote {
				title += lang.F(" · vs AI %s", lang.Game(s.Level))
			}
		}
	}
	title += ClockTitle(m)
	if net != "" {
		title += " · " + net
	}
	return title
}

// ClockTitle is what the title says of the time control: " · 3+2", "" if none.
func ClockTitle(m *match.Match) string {
	if !m.Timed() {
		return ""
	}
	return " · " + m.Config().Clock.String()
}

// SeatName is who plays a seat, for the strips: "person", "friend", "AI easy".
func SeatName(s match.Seat) string {
	if s.Human {
		return lang.T("person")
	}
	if s.Remote {
		return lang.T("friend")
	}
	return lang.F("AI %s", lang.Game(s.Level))
}

// ColorName is a colour for people: "White", "Black".
func ColorName(c game.Color) string {
	if c == game.Black {
		return lang.T("Black")
	}
	return lang.T("White")
}

// LowerFirst is s with its first letter small.
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToLower(string(r[0])) + string(r[1:])
}

// UpperFirst is s with its first letter capital.
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}
