//go:build !js

package e2e

import (
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
// answered; another is cancelled by a press elsewhere and is not played. The test decides
// when the AI answers (aiGate holds the worker's replies), so the presses always come
// while it thinks, however slowly the machine passes them on.
func TestPremove(t *testing.T) {
	browser := startBrowser(t)
	srv := apart(t)
	tb := openScripted(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", desktop, aiGate)
	s := waitTurn(tb, 0)
	premove := func() string { return tb.str(`window.quintet.game.premove`) }
	// quiet is a knight's move of White's to an empty square in the position the page
	// shows (in these first moves, still legal after Black's answer).
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
	// setPremove plays a move with the AI's answer held, and sets a premove while it
	// "thinks".
	setPremove := func(move string) (game.Move, int) {
		t.Helper()
		tb.eval(`window.quintetAIGate.hold = true`)
		plies := s.Game.Plies
		playTyped(tb, move)
		s = tb.wait("the AI thinking", func(s state) bool { return s.Game.Plies == plies+1 && s.Game.Thinking })
		m := quiet(s)
		pressSq(tb, s, m.From.String())
		pressSq(tb, s, m.To.String())
		want := m.From.String() + m.To.String()
		tb.wait("the premove set", func(state) bool { return premove() == want })
		return m, plies + 1
	}

	m, plies := setPremove("e2e4")
	tb.screenshot("premove-set")
	// The AI's answer goes in, and its next one is held: the board stops with the
	// premove played, before the AI could take the knight.
	tb.eval(`window.quintetAIGate.release(); window.quintetAIGate.hold = true`)
	s = tb.wait("the premove played after the AI's answer", func(s state) bool { return s.Game.Plies >= plies+2 })
	if s.Game.Plies != plies+2 || premove() != "" || boardAt(t, s, m.To.String()) != 'N' {
		t.Errorf("the premove %v was not played after the AI's answer: %q (premove %q)", m, s.Game.Moves, premove())
	}
	tb.eval(`window.quintetAIGate.release()`)
	s = waitTurn(tb, plies+3)

	m, plies = setPremove(quiet(s).From.String() + quiet(s).To.String())
	pressSq(tb, s, "a5") // a square without a White piece, away from the knight: cancels
	tb.wait("the premove cancelled", func(state) bool { return premove() == "" })
	tb.eval(`window.quintetAIGate.release()`)
	s = waitTurn(tb, plies+1)
	if s.Game.Plies != plies+1 || boardAt(t, s, m.To.String()) == 'N' {
		t.Errorf("a cancelled premove %v was played: %q", m, s.Game.Moves)
	}
	checkConsole(t, tb.close(), srv)
}

// aiGate runs in the page before the app: while window.quintetAIGate.hold is set it holds
// the AI worker's messages, and its release() hands them to the app in order. The page
// sees an AI that thinks until the test lets it answer.
const aiGate = `(() => {
  const gate = window.quintetAIGate = { hold: false, held: [] };
  gate.release = () => { gate.hold = false; const h = gate.held; gate.held = []; h.forEach((f) => f()); };
  const W = window.Worker;
  const set = Object.getOwnPropertyDescriptor(W.prototype, "onmessage").set;
  window.Worker = class extends W {
    constructor(url, opts) {
      super(url, opts);
      let handler = null;
      set.call(this, (e) => {
        const deliver = () => handler && handler.call(this, e);
        if (gate.hold) gate.held.push(deliver); else deliver();
      });
      Object.defineProperty(this, "onmessage", { get: () => handler, set: (f) => { handler = f; } });
    }
  };
})()`
