//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/status"
)

// TestReview steps back through a game against the AI with the keys, the review bar and
// a tap on the move list, checks that each reviewed board is the position of that moment
// (as the engine replays the moves), asks the AI to analyse one, returns to the game and
// reviews it again once it is over.
func TestReview(t *testing.T) {
	srv := apart(t)
	browser := startBrowser(t)
	tb := open(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", desktop)
	s := waitPlay(tb)
	start := s.Game.Text
	var texts []string // the position after each entry
	for _, mv := range []string{"e2e4", "g1f3", "f1c4"} {
		s = waitTurn(tb, s.Game.Plies)
		playTyped(tb, mv)
		s = waitTurn(tb, s.Game.Plies+2)
	}
	plies := s.Game.Plies
	if s.Game.LineTone != status.ToneGood {
		t.Errorf("the person's turn is told in tone %q, want %q: %q", s.Game.LineTone, status.ToneGood, s.Game.Line)
	}
	review := func() int {
		n, err := strconv.Atoi(tb.str(`window.quintet.game.review`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Every position of the game, as the engine has it, to compare with the board.
	texts = positionsOf(t, s)
	if len(texts) != plies+1 || texts[0] != start {
		t.Fatalf("the engine replays %d positions from the page's PGN, want %d", len(texts), plies+1)
	}
	back := func(what string, want int) state {
		t.Helper()
		return tb.wait(what, func(s state) bool { return review() == want && s.Game.Text == texts[want] })
	}
	namedKey(tb, "ArrowLeft", 37)
	back("one entry back", plies-1)
	namedKey(tb, "ArrowLeft", 37)
	s = back("two entries back", plies-2)
	tb.screenshot("review-two-back")
	if !strings.Contains(s.Game.Line, "Review") {
		t.Errorf("the status line does not say the board is a review: %q", s.Game.Line)
	}
	if s.Game.NoteTone != status.ToneSelected || !strings.HasPrefix(s.Game.Note, "Review") {
		t.Errorf("the line under the status is not the review's in its tone: %q (%q)", s.Game.Note, s.Game.NoteTone)
	}
	namedKey(tb, "Home", 36)
	back("the start", 0)
	tb.button("rv:next")
	back("one entry in", 1)
	namedKey(tb, "End", 35)
	tb.wait("the game again", func(s state) bool { return review() == -1 && s.Game.Text == texts[plies] })
	tb.button("rv:prev")
	back("the review bar's step back", plies-1)
	tb.button("analyse")
	s = tb.wait("the analysis", func(s state) bool {
		return strings.Contains(tb.str(`window.quintet.game.analysis`), "depth")
	})
	tb.screenshot("review-analysis")
	t.Logf("analysis: %s", tb.str(`window.quintet.game.analysis`))
	tb.button("rv:last")
	tb.wait("the game again", func(s state) bool { return review() == -1 })
	// Over: resign, then review the finished game.
	tb.button("resign")
	tb.wait("the resign confirmation", func(s state) bool { return slicesContain(buttonIDs(s), "yes") })
	tb.button("yes")
	s = tb.wait("the game over", func(s state) bool { return s.Game.Result != "*" })
	namedKey(tb, "Home", 36)
	back("the start of the finished game", 0)
	checkConsole(t, tb.close(), srv)
}

// playTyped types a move in coordinates and Enter.
func playTyped(tb *tab, mv string) {
	for _, c := range mv {
		tb.key(string(c))
	}
	tb.key("Enter")
}

// namedKey presses a key the app reads by its code (arrows, Home, End).
func namedKey(tb *tab, code string, vk int64) {
	tb.t.Helper()
	p := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: code, Code: code,
		WindowsVirtualKeyCode: vk, NativeVirtualKeyCode: vk}
	if _, err := chromedp.Call(tb.ctx, input.DispatchKeyEvent, p); err != nil {
		tb.t.Fatal(err)
	}
	tb.updates(2, hold) // seen held in one update at least, however slow the page
	p.Type = input.DispatchKeyEventTypeKeyUp
	if _, err := chromedp.Call(tb.ctx, input.DispatchKeyEvent, p); err != nil {
		tb.t.Fatal(err)
	}
	tb.updates(1, hold/2)
}

// positionsOf replays a chess game's move list (lines "1. e4 e5") with the engine: the
// position text after each move, the start first.
func positionsOf(t *testing.T, s state) []string {
	t.Helper()
	g, err := game.NewGame(s.Variant, s.Options...)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{g.Rules().Text()}
	for _, line := range s.Game.Moves {
		for _, tok := range strings.Fields(line) {
			if strings.HasSuffix(tok, ".") || strings.HasSuffix(tok, "…") {
				continue
			}
			if err := g.PlayText(tok); err != nil {
				t.Fatalf("%q: %v", tok, err)
			}
			out = append(out, g.Rules().Text())
		}
	}
	return out
}

// TestPremove sets a move while the AI thinks and sees it played as soon as the AI has
// answered; another is cancelled by a press elsewhere and is not played. The AI may
// answer before the presses are in (then the move is simply played): each part is tried
// on the next moves until it happened while the AI was thinking.
func TestPremove(t *testing.T) {
	// Alone, not apart: the AI must think longer than the presses take to reach the page.
	srv := startServer(t, staticDir(t))
	browser := startBrowser(t)
	// The AI must think longer than the presses take to reach the page, which on a busy
	// machine is seconds: its budget follows the tests' ceilings.
	budget := min(60000, int(9000*slowness()))
	t.Logf("the AI's budget: %d ms (%s)", budget, slownessWhy())
	tb := open(t, browser, srv.url, fmt.Sprintf("?variant=chess&side=white&opponent=strongest&budget=%d&play=1", budget), desktop)
	s := waitPlay(tb)
	premove := func() string { return tb.str(`window.quintet.game.premove`) }
	playTyped(tb, "e2e4")
	// quiet is a plain move of White's in the position the page shows: a knight's or a
	// pawn's single step, legal whatever Black answers.
	quiet := func(s state) game.Move {
		t.Helper()
		v, _ := game.Lookup("chess")
		r, err := game.Load(v, strings.Replace(s.Game.Text, " b ", " w ", 1)) // as if White were to move
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range r.Moves(game.White, nil) {
			if r.Position().At(m.From).Type() == game.Knight && r.Position().At(m.To) == game.NoPiece {
				return m
			}
		}
		t.Fatalf("no quiet knight move in %s", s.Game.Text)
		return game.Move{}
	}
	played, cancelled := false, false
	for try := 0; try < 6 && !(played && cancelled); try++ {
		s = tb.wait("the AI thinking", func(s state) bool { return s.Game.Thinking || s.Game.Result != "*" })
		if s.Game.Result != "*" {
			t.Fatalf("the game ended (%s) before a premove was both played and cancelled (played %v, cancelled %v): %q", s.Game.Line, played, cancelled, s.Game.Moves)
		}
		plies := s.Game.Plies
		m := quiet(s)
		want := m.From.String() + m.To.String()
		pressSq(tb, s, m.From.String())
		pressSq(tb, s, m.To.String())
		if !played {
			s = tb.wait("the premove set, or the AI's answer", func(s state) bool { return premove() == want || s.Game.Plies > plies })
			if premove() == want {
				tb.screenshot("premove-set")
				s = tb.wait("the premove played", func(s state) bool { return s.Game.Plies >= plies+2 })
				played = premove() == ""
			}
			s = waitTurn(tb, plies+1)
			if s.Game.ToAct != 0 {
				playTyped(tb, quiet(s).From.String()+quiet(s).To.String())
			}
			continue
		}
		// Cancel: a press on an empty square away from the piece. The presses reach the
		// page when it gets to them (late on a busy machine): wait for what they did.
		s = tb.wait("the premove set, or the AI's answer", func(s state) bool { return premove() == want || s.Game.Plies > plies })
		if premove() != want {
			s = waitTurn(tb, plies+1)
			playTyped(tb, quiet(s).From.String()+quiet(s).To.String())
			continue
		}
		t.Logf("try %d: premove %s set, cancelling", try, want)
		pressSq(tb, s, "a5")
		tb.wait("the premove cancelled, or played", func(s state) bool { return premove() == "" })
		if tb.state().Game.Plies == plies {
			cancelled = true
			s = waitTurn(tb, plies+1)
			if s.Game.Plies != plies+1 {
				t.Errorf("a cancelled premove was played: %q", s.Game.Moves)
			}
		} else if s = waitTurn(tb, plies+1); s.Game.ToAct != 0 {
			// The AI answered before the cancelling press came in: our move, and try again.
			playTyped(tb, quiet(s).From.String()+quiet(s).To.String())
		}
	}
	if !played || !cancelled {
		t.Fatalf("in six moves the AI never thought long enough to test a premove (played %v, cancelled %v)", played, cancelled)
	}
	checkConsole(t, tb.close(), srv)
}
