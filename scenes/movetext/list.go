// Package movetext is the play screen's words, without drawing: the move list's lines
// (List) and the header's status lines (Turn), as the screen draws them and the page's
// status tells them. It imports no Ebitengine, so it is tested natively, line by line.
package movetext

import (
	"fmt"
	"strings"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/scenes/match"
)

// The move list reads like a game: "12. e4 e5" per move number; pillar chess's die face
// drawn as a small die before the move it allowed; a capture attempt's outcome drawn as
// a mark after the move (its numbers on hover and in review); what a move did that the
// notation does not say (a simultaneous resolution, a revealed secret) in plain words
// under the line; the result, with its reason, at the end. PGN export is the game's own
// (game.Game.PGN), untouched by any of this.

// Item is one thing in a line of the move list.
type Item struct {
	Text string // a move's notation or the move number ("12.", "12…")
	Num  bool   // the move number
	Die  bool   // a die face (Face; NoType: skip)
	Face game.PieceType
	Mark bool // a capture attempt's outcome (Res), told in words by Tip
	Res  game.AttemptResult
	Tip  string
	// Start < n <= End: the positions after n entries of the viewer's log that this item
	// stands for (a move's include its capture attempts' draws)
	Start, End int
}

// Line is one line of the move list: a move number's moves, or the result.
type Line struct {
	Items  []Item
	Notes  []string // plain words under the moves
	Result bool
}

// String is the line as text (the page's status, the tests): a die as "[Q]", a mark as
// "[1+2=3: Qxf7 (captured)]", each note after " — ".
func (l Line) String() string {
	var parts []string
	for _, it := range l.Items {
		switch {
		case it.Die:
			parts = append(parts, "["+DieWord(it.Face)+"]")
		case it.Mark:
			parts = append(parts, "["+it.Tip+"]")
		default:
			parts = append(parts, it.Text)
		}
	}
	s := strings.Join(parts, " ")
	for _, n := range l.Notes {
		s += " — " + n
	}
	return s
}

// DieWord is a die face as a letter ("Q"), or "skip".
func DieWord(t game.PieceType) string {
	const letters = "-PNBRQK" // by PieceType: the die's faces are chess pieces
	if t == game.NoType || int(t) >= len(letters) {
		return lang.T("skip")
	}
	return letters[t : t+1]
}

// Climbs reports whether a move of the list climbs onto an own piece ("^", pillar chess).
func Climbs(ls []Line) bool {
	for _, l := range ls {
		for _, it := range l.Items {
			if strings.Contains(it.Text, "^") {
				return true
			}
		}
	}
	return false
}

// Texts are the lines as text.
func Texts(ls []Line) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.String()
	}
	return out
}

// List is the log as viewer may know it (Match.Log). In a game with hidden information
// that is not over, the other player's secret choices show as "(secret)", and a choice
// the other player sealed (simultaneous chess) as "(sealed)": that it is in, never what
// it is. ends[i] is the log's length after line i.
func List(m *match.Match, viewer game.Color) (lines []Line, ends []int) {
	g := m.Game()
	o := g.Outcome()
	hide := m.Hidden() && !o.Over()
	es := m.Log(viewer)
	known := len(es)
	pending := -1
	if all := g.Entries(); len(all) > len(es) {
		// The one entry Log holds back: the other player's sealed choice. Only whose
		// and when are shown.
		h := all[len(es)]
		es = append(es[:len(es):len(es)], game.Entry{Input: game.Input{Kind: game.InputMove, Player: h.Input.Player},
			MoveNo: h.MoveNo, Side: h.Side})
		pending = len(es) - 1
	}
	var die *Item // a rolled die waiting for the move it allows
	var dieNo int
	var dieSide game.Color
	lastSide, lastNo := game.Black, 0
	cur := func() *Line {
		if len(lines) == 0 {
			lines, ends = append(lines, Line{}), append(ends, 0)
		}
		return &lines[len(lines)-1]
	}
	for i, e := range es {
		in := e.Input
		end := min(i+1, known)
		t := lang.Game(e.Record.Text)
		if in.Kind == game.InputMove && hide && in.Player != viewer && secretKind(in.Move.Kind) {
			t = lang.T("(secret)")
		}
		if i == pending && in.Player != viewer {
			t = lang.T("(sealed)")
		}
		ch := e.Record.Chance
		switch {
		case in.Kind == game.InputDraw && ch != nil && ch.Die:
			die = &Item{Die: true, Face: ch.Face, Start: i, End: end}
			dieNo, dieSide = e.MoveNo, e.Side
			continue
		case in.Kind == game.InputDraw && ch != nil:
			l := cur()
			for j := len(l.Items) - 1; j >= 0; j-- {
				if !l.Items[j].Mark && !l.Items[j].Num && !l.Items[j].Die {
					l.Items[j].End = end // the move stands for its resolved position
					break
				}
			}
			l.Items = append(l.Items, Item{Mark: true, Res: ch.Result, Tip: t, Start: i, End: end})
		case in.Kind == game.InputMove:
			if e.Record.Text == "" && i != pending {
				continue
			}
			// A new line for each move number; a second action of the same turn (a
			// strike after a mating move) stays on its line.
			same := lastSide == game.White && lastNo == e.MoveNo
			lastSide, lastNo = e.Side, e.MoveNo
			if (e.Side == game.White && !same) || len(lines) == 0 {
				num := fmt.Sprintf("%d.", e.MoveNo)
				if e.Side == game.Black {
					num = fmt.Sprintf("%d…", e.MoveNo)
				}
				lines, ends = append(lines, Line{Items: []Item{{Text: num, Num: true, End: end}}}), append(ends, end)
			}
			l := cur()
			if die != nil {
				l.Items = append(l.Items, *die)
				die = nil
			}
			move, note := splitNote(e.Record.Text)
			if t != lang.Game(e.Record.Text) { // hidden: the placeholder alone
				move, note = t, ""
			} else {
				move = lang.Game(move)
			}
			l.Items = append(l.Items, Item{Text: move, Start: i, End: end})
			if note != "" {
				l.Notes = append(l.Notes, lang.Game(note))
			}
		case in.Kind == game.InputResign || in.Kind == game.InputAgree || in.Kind == game.InputClaim:
			continue // the result line says it
		default:
			if t == "" {
				continue
			}
			l := cur()
			l.Notes = append(l.Notes, t)
		}
		ends[len(ends)-1] = end
	}
	if die != nil { // the die of the turn being played: before the move to come
		if dieSide == game.White && !(lastSide == game.White && lastNo == dieNo) || len(lines) == 0 {
			num := fmt.Sprintf("%d.", dieNo)
			if dieSide == game.Black {
				num = fmt.Sprintf("%d…", dieNo)
			}
			lines, ends = append(lines, Line{Items: []Item{{Text: num, Num: true, End: die.End}}}), append(ends, die.End)
		}
		l := cur()
		l.Items = append(l.Items, *die)
		ends[len(ends)-1] = die.End
	}
	if o.Over() {
		lines, ends = append(lines, Line{Result: true, Items: []Item{{Text: ResultText(o), End: known}}}), append(ends, known)
	}
	return lines, ends
}

// splitNote parts a record "Nf4 {White's pawn takes nothing on d5: Black's knight left}"
// into the move and what it did.
func splitNote(s string) (move, note string) {
	i := strings.Index(s, " {")
	if i < 0 || !strings.HasSuffix(s, "}") {
		return s, ""
	}
	return s[:i], s[i+2 : len(s)-1]
}

// ResultText is the result as a chess player writes it, and why: "1-0, king captured".
func ResultText(o game.Outcome) string {
	r := o.Result.String()
	if r == "1/2-1/2" {
		r = "½-½"
	}
	if o.Reason == "" {
		return r
	}
	return r + ", " + lang.Game(o.Reason)
}

// secretKind: the crown choice. A stone's, a hiding's or a split's record tells only what
// both players see (the square, "crown hidden", the halves), never the mine, the hiding
// square or the crowned half, so those show as played.
func secretKind(k game.MoveKind) bool {
	return k == game.Choose
}
