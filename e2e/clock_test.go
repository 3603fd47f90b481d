//go:build !js

package e2e

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// TestClockAI: a time control set by the link (the plus typed as people do): the title
// and the strips show it. On the desktop the person and the AI play two moves each on a
// long control: the person's clock runs on its turn and the AI's while it thinks, and the
// PGN has the TimeControl tag and a %clk after each move. On the phone, on a tiny control
// (clockAIBase) that the link sets on the setup screen, the game started there by Play,
// the person's clock runs low (tenths) and its flag falls: the AI wins on time, the banner
// says so, and the PGN says the flag. (A running clock draws the page
// each second, and ten times a second in its last ten: only the phone waits for a flag.)
func TestClockAI(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			plays := !vp.mobile
			tc := clock.Control{Base: clockAIBase(plays)}
			query := "?variant=chess&side=white&opponent=beginner&tc=" + tc.String()
			if plays {
				query += "&play=1"
			}
			tb := open(t, browser, srv.url, query, vp)
			if !plays {
				// The clock starts with the game, on a page already loaded: the base
				// need not cover a page's start on a busy machine.
				tb.button("play")
			}
			s := waitTurn(tb, 0)
			if s.Game.TimeControl != tc.String() || !strings.Contains(s.Title, tc.String()) || len(s.Game.Clocks) != 2 || s.Game.ClockRuns != 1 {
				t.Fatalf("at the start: title %q, clocks %q running %b, control %q", s.Title, s.Game.Clocks, s.Game.ClockRuns, s.Game.TimeControl)
			}
			var want []string
			if plays {
				for range 2 {
					m := boardMoves(t, s)[0]
					tb.click(squareXY(s, m.From.File(), m.From.Rank()))
					tb.click(squareXY(s, m.To.File(), m.To.Rank()))
					s = waitTurn(tb, s.Game.Plies+2)
					if s.Game.ClockRuns != 1 {
						t.Errorf("the person's clock does not run on its turn: running %b, clocks %q", s.Game.ClockRuns, s.Game.Clocks)
					}
				}
				if s.Game.Result != "*" {
					t.Fatalf("the game ended early: %s %s", s.Game.Result, s.Game.Reason)
				}
				tb.screenshot("clock-ai-" + vp.name)
				want = []string{"1. ", " {[%clk 0:0", "2. "}
			} else {
				low := tb.wait("white's clock low, in tenths", func(s state) bool {
					return s.Game != nil && s.Game.ClockLow&1 != 0 && s.Game.ClockRuns&1 != 0 && strings.Contains(s.Game.Clocks[0], ".")
				})
				tb.screenshot("clock-ai-low-" + vp.name)
				t.Logf("low: clocks %q", low.Game.Clocks)
				end := tb.wait("the flag", func(s state) bool { return s.Game != nil && s.Game.Result != "*" })
				if end.Game.Result != "0-1" || end.Game.Reason != "white ran out of time" || end.Game.Clocks[0] != "0.0" || end.Game.ClockRuns != 0 {
					t.Fatalf("after the flag: %s %q, clocks %q running %b", end.Game.Result, end.Game.Reason, end.Game.Clocks, end.Game.ClockRuns)
				}
				tb.screenshot("clock-ai-flag-" + vp.name)
				tb.button("cancel") // the banner
				want = []string{`[Termination "Time forfeit"]`, "{[%flag w] white ran out of time} 0-1"}
			}
			tb.button("pgn")
			if _, err := chromedp.Run(tb.ctx, chromedp.WaitVisible("#dlg-text")); err != nil {
				t.Fatal(err)
			}
			pgn, err := chromedp.Run(tb.ctx, chromedp.Value("#dlg-text"))
			if err != nil {
				t.Fatal(err)
			}
			flat := strings.Join(strings.Fields(pgn), " ")
			for _, w := range append(want, `[TimeControl "`+tc.PGN()+`"]`) {
				if !strings.Contains(flat, w) {
					t.Errorf("PGN without %q:\n%s", w, pgn)
				}
			}
			g, err := game.ParsePGN(pgn)
			if err != nil {
				t.Fatalf("the PGN does not read back: %v\n%s", err, pgn)
			}
			if plays {
				if n := strings.Count(flat, "[%clk "); n != 4 {
					t.Errorf("%d clock comments for 4 moves:\n%s", n, pgn)
				}
			} else if g.Outcome() != (game.Outcome{Result: game.BlackWins, Reason: "white ran out of time"}) {
				t.Errorf("the PGN reads back as %+v", g.Outcome())
			}
			checkConsole(t, tb.close(), srv)
		})
	}
}

// clockAIBase is TestClockAI's base time: for a page that plays, 5 minutes (it never
// waits for the flag); for one that watches its clock run out, 12 s and the time the
// first look after Play may take (2 s on two idle cores, scaled to the machine's load),
// in whole seconds: that look must come before the clock has run out, and another while
// it is low (under a fifth of the base, 3 s or so: every tenth is a status then). The
// game starts on a loaded page (Play), so the base need not cover the page's start.
func clockAIBase(plays bool) time.Duration {
	if plays {
		return 5 * time.Minute
	}
	return time.Duration(math.Ceil((12*time.Second + ceiling(2*time.Second)).Seconds())) * time.Second
}

// TestClockSetup: the setup screen's time control: a link's tc=7+3 shows as a custom
// control of 7 minutes and 3 seconds, its steps change it, a preset chosen is remembered
// after a reload without tc=, and the game started from it runs on that control.
func TestClockSetup(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{desktop, phone3} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant=chess&opponent=easy&tc=7%2B3", vp)
			tb.clearStorage()
			label := func(s state, id string) string {
				for _, b := range s.Buttons {
					if b.ID == id {
						return b.Label
					}
				}
				return ""
			}
			s := tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && label(s, "tcbase:=") != "" })
			if label(s, "tcbase:=") != "7 min" || label(s, "tcinc:=") != "+3 s" {
				t.Fatalf("custom control from the link: %q %q", label(s, "tcbase:="), label(s, "tcinc:="))
			}
			scrollTo(tb, "tcbase:+")
			tb.button("tcbase:+")
			s = tb.wait("8 minutes", func(s state) bool { return label(s, "tcbase:=") == "8 min" })
			tb.screenshot("clock-setup-custom-" + vp.name)
			scrollTo(tb, "tc:3+2")
			tb.button("tc:3+2")
			tb.wait("the preset chosen", func(s state) bool { return label(s, "tcbase:=") == "" })
			if err := chromedp.Do(tb.ctx, chromedp.Navigate(srv.url+"?variant=chess&opponent=easy")); err != nil {
				t.Fatal(err)
			}
			tb.wait("the setup screen again", func(s state) bool { return s.Scene == "setup" })
			scrollTo(tb, "play")
			tb.button("play")
			s = tb.wait("the game", func(s state) bool { return s.Scene == "play" && s.Game != nil })
			if s.Game.TimeControl != "3+2" || !strings.Contains(s.Title, "3+2") {
				t.Fatalf("the remembered control: %q, title %q", s.Game.TimeControl, s.Title)
			}
			checkConsole(t, tb.close(), srv)
		})
	}
}
