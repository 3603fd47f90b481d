//go:build !js

package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestRemembered checks the languages and what the page remembers across reloads: the
// browser's language on a first visit, the switch (setup screen and in game) and its
// memory, an unfinished game against the AI brought back by a reload, and stored records
// damaged by someone else. One browser profile, so the subtests run in order and each
// starts from empty storage.
func TestRemembered(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	t.Run("browser-language", func(t *testing.T) { testBrowserLanguage(t, browser, apart(t)) })
	t.Run("language-switch", func(t *testing.T) { testLanguageSwitch(t, browser, apart(t)) })
	t.Run("russian-phone", func(t *testing.T) { testRussianPhone(t, browser, apart(t)) })
	t.Run("resume-game", func(t *testing.T) { testResume(t, browser, apart(t)) })
	t.Run("damaged-storage", func(t *testing.T) { testDamaged(t, browser, apart(t)) })
}

// str evaluates a JavaScript expression that gives a string ("" for null).
func (tb *tab) str(js string) string {
	tb.t.Helper()
	s, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`String((`+js+`) ?? "")`))
	if err != nil {
		tb.t.Fatalf("%s: %v", js, err)
	}
	return s
}

// reload reloads the page and waits until the app reports a screen again.
func (tb *tab) reload() {
	tb.t.Helper()
	tb.eval(`window.quintet = undefined`)
	if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
		tb.t.Fatalf("reload: %v", err)
	}
	tb.wait("the app after the reload", func(s state) bool { return s.Scene != "" })
}

// clearStorage empties the site's localStorage (a test that starts again from nothing).
func (tb *tab) clearStorage() { tb.eval(`localStorage.clear()`) }

func (tb *tab) lang() string { return tb.str(`window.quintet && window.quintet.lang`) }

func cyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}

// labels are the labels of the screen's buttons by id.
func labels(s state) map[string]string {
	m := map[string]string{}
	for _, b := range s.Buttons {
		m[b.ID] = b.Label
	}
	return m
}

// checkRussian fails on a screen whose texts (buttons, title, status line) are not Russian.
func checkRussian(t *testing.T, s state, ids ...string) {
	t.Helper()
	l := labels(s)
	for _, id := range ids {
		if !cyrillic(l[id]) {
			t.Errorf("button %s reads %q, want Russian", id, l[id])
		}
	}
	if !cyrillic(s.Title) {
		t.Errorf("title %q, want Russian", s.Title)
	}
	if s.Game != nil && !cyrillic(s.Game.Line) {
		t.Errorf("status line %q, want Russian", s.Game.Line)
	}
}

// testBrowserLanguage: a first visit follows the browser's languages (navigator.languages).
func testBrowserLanguage(t *testing.T, browser context_, srv *server) {
	tb := newTab(t, browser, desktop, 3*time.Minute)
	defer tb.cancel()
	ctx := tb.ctx
	// Accept-Language sets navigator.languages for the tab.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	ua := emulation.SetUserAgentOverrideParams{UserAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36",
		AcceptLanguage: "ru-RU,ru;q=0.9,en;q=0.8"}
	if _, err := chromedp.Call(ctx, emulation.SetUserAgentOverride, ua); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.url)); err != nil {
		t.Fatal(err)
	}
	if langs := tb.str(`navigator.languages.join(",")`); !strings.HasPrefix(langs, "ru") {
		t.Fatalf("the browser's languages are %q: the override did not take", langs)
	}
	s := tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	if tb.lang() != "ru" {
		t.Errorf("a Russian browser got %q", tb.lang())
	}
	checkRussian(t, s, "play", "rules", "side:white")
	tb.clearStorage()
}

// testLanguageSwitch: the setup screen's switch turns every text Russian, a reload keeps
// it, the in-game switch turns it back, and that is kept too.
func testLanguageSwitch(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "", desktop)
	s := tb.wait("the setup screen in English", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	if tb.lang() != "en" || labels(s)["play"] != "Play" {
		t.Fatalf("an English browser's first visit: lang %q, play %q", tb.lang(), labels(s)["play"])
	}
	tb.screenshot("lang-setup-en-desktop")
	inkEN := ink(tb, s, "play")
	tb.button("lang:ru")
	s = tb.wait("Russian", func(s state) bool { return labels(s)["play"] == "Играть" })
	tb.screenshot("lang-setup-ru-desktop")
	// The canvas shows the new word: the label's pixels change ("Play" is 4 letters,
	// "Играть" 6) and there are letters to see. That they are Cyrillic rather than boxes
	// is internal/lang's font test (every character has a glyph in the Go fonts).
	if inkRU := ink(tb, s, "play"); inkEN < 20 || inkRU < 20 || float64(inkRU) < 1.2*float64(inkEN) {
		t.Errorf("the Play button's label pixels: %d in English, %d in Russian", inkEN, inkRU)
	}
	checkRussian(t, s, "play", "rules", "side:white", "side:black", "opponent:person", "game:forced")
	if tb.lang() != "ru" || !cyrillic(tb.str(`document.title`)) {
		t.Errorf("lang %q, page title %q", tb.lang(), tb.str(`document.title`))
	}

	tb.reload()
	s = tb.wait("the setup screen after the reload", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	if tb.lang() != "ru" || labels(s)["play"] != "Играть" {
		t.Fatalf("the language was not kept: %q, %q", tb.lang(), labels(s)["play"])
	}
	// The rules help in Russian.
	tb.button("game:crown")
	tb.wait("crown chosen", func(s state) bool { return s.Variant == "crown" })
	tb.button("rules")
	s = tb.wait("the rules", func(s state) bool { return s.Scene == "help" })
	if !cyrillic(s.Title) || labels(s)["back"] != "Назад" {
		t.Errorf("rules help: title %q, back %q", s.Title, labels(s)["back"])
	}
	tb.screenshot("lang-rules-crown-ru-desktop")
	tb.button("back")
	tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" })

	// A game in Russian: status line, buttons, move list.
	tb.button("game:chess")
	tb.button("opponent:beginner")
	tb.button("play")
	s = settle(tb, 0)
	checkRussian(t, s, "undo", "flip", "draw", "resign", "new")
	m := boardMoves(t, s)[0]
	tb.click(squareXY(s, m.From.File(), m.From.Rank()))
	tb.click(squareXY(s, m.To.File(), m.To.Rank()))
	s = settle(tb, s.Game.Plies+2)
	tb.screenshot("lang-play-ru-desktop")
	checkRussian(t, s, "undo", "resign")
	if labels(s)["lang"] != "English" {
		t.Errorf("the in-game switch offers %q, want English", labels(s)["lang"])
	}
	tb.button("lang")
	s = tb.wait("English again", func(s state) bool { return labels(s)["resign"] == "Resign" })
	if tb.lang() != "en" || cyrillic(s.Game.Line) || labels(s)["lang"] != "Русский" {
		t.Errorf("after the in-game switch: lang %q, line %q, switch %q", tb.lang(), s.Game.Line, labels(s)["lang"])
	}
	tb.reload() // a plain visit: the game comes back, in English
	s = waitPlay(tb)
	if tb.lang() != "en" || labels(s)["resign"] != "Resign" {
		t.Errorf("English not kept over the reload: %q, %q", tb.lang(), labels(s)["resign"])
	}
	// Sound and the board's orientation are remembered too.
	flipped := s.Board.Flipped
	if l := setting(tb, "sound"); l != "Sound off" {
		t.Errorf("the sound setting says %q, want Sound off", l)
	}
	closeSettings(tb)
	tb.button("flip")
	tb.wait("board turned", func(s state) bool { return s.Board.Flipped != flipped })
	tb.reload()
	s = waitPlay(tb)
	if l := settingLabel(tb, "sound"); l != "Sound off" || s.Board.Flipped == flipped {
		t.Errorf("after a reload: sound %q, flipped %v (was %v before turning)", l, s.Board.Flipped, flipped)
	}
	closeSettings(tb)
	checkConsole(t, tb.close(), srv)
}

// testRussianPhone takes the Russian screens on a phone, where the longer texts must fit.
func testRussianPhone(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "", phone)
	tb.clearStorage()
	tb.eval(`localStorage.setItem("quintet.settings", '{"v":1,"lang":"ru"}')`)
	tb.reload()
	s := tb.wait("the setup screen in Russian", func(s state) bool { return s.Scene == "setup" && labels(s)["play"] == "Играть" })
	tb.screenshot("lang-setup-ru-phone")
	checkButtonsFit(t, tb, s)
	tb.button("game:probabilistic")
	tb.button("opponent:beginner")
	tb.wait("probabilistic", func(s state) bool { return s.Variant == "probabilistic" })
	tb.screenshot("lang-setup-prob-ru-phone")
	// The longer setup scrolls: swipe up to reach Play.
	tb.swipe(180, 560, 180, 160)
	tb.wait("Play on the screen", func(s state) bool {
		for _, b := range s.Buttons {
			if b.ID == "play" {
				return b.Y+b.H < float64(tb.vp.height)
			}
		}
		return false
	})
	tb.button("play")
	s = settle(tb, 0)
	tb.screenshot("lang-play-ru-phone")
	checkRussian(t, s, "undo", "resign", "new")
	checkButtonsFit(t, tb, s)
	tb.button("rules")
	tb.wait("the rules", func(s state) bool { return s.Scene == "help" })
	tb.screenshot("lang-rules-prob-ru-phone")
	// Crown's secret choice and pillar chess's die, in Russian.
	for _, v := range []string{"crown", "pillar"} {
		if err := chromedp.Do(tb.ctx, chromedp.Navigate(srv.url+"?variant="+v+"&side=white&opponent=beginner&play=1")); err != nil {
			t.Fatal(err)
		}
		s = tb.wait("the game", func(s state) bool {
			return s.Variant == v && s.Game != nil && (s.Game.Panel != "" || s.Game.ToAct != 0)
		})
		if v == "crown" {
			s = tb.wait("the crown choice", func(s state) bool { return s.Game.Panel != "" })
			tb.screenshot("lang-crown-choice-ru-phone")
			checkRussian(t, s, "move:0", "move:1")
		} else {
			s = settle(tb, 0)
			tb.screenshot("lang-pillar-ru-phone")
			if !strings.Contains(s.Game.Line, "кубик") && !strings.Contains(s.Game.Line, "без броска") {
				t.Errorf("pillar's status line %q should tell the die in Russian", s.Game.Line)
			}
		}
		checkButtonsFit(t, tb, s)
	}
	checkConsole(t, tb.close(), srv)
}

// ink counts the light (text) pixels inside button id in the last screenshot.
func ink(tb *tab, s state, id string) int {
	n := 0
	for _, b := range s.Buttons {
		if b.ID != id {
			continue
		}
		for y := b.Y + 2; y < b.Y+b.H-2; y++ {
			for x := b.X + 2; x < b.X+b.W-2; x++ {
				if c := tb.at(x, y); c.R > 180 && c.G > 180 && c.B > 180 {
					n++
				}
			}
		}
	}
	return n
}

// checkButtonsFit fails on a button outside the window or a label cut with an ellipsis.
func checkButtonsFit(t *testing.T, tb *tab, s state) {
	t.Helper()
	for _, b := range s.Buttons {
		if b.X < 0 || b.X+b.W > float64(tb.vp.width)+0.5 {
			t.Errorf("button %s (%q) leaves the window: x %v w %v", b.ID, b.Label, b.X, b.W)
		}
	}
}

// testResume: an unfinished Crown game against the AI (secrets on both sides) comes back
// after a reload at the same position, side and move list, and play goes on.
func testResume(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=crown&side=black&opponent=beginner&play=1", desktop)
	tb.clearStorage()
	s := settle(tb, 0) // the AI (White) chose its crown; the person chooses too
	m := boardMoves(t, s)[0]
	tb.click(squareXY(s, m.From.File(), m.From.Rank()))
	tb.click(squareXY(s, m.To.File(), m.To.Rank()))
	before := settle(tb, s.Game.Plies+2)
	if before.Game.Result != "*" || len(before.Game.Moves) == 0 {
		t.Fatalf("no game to resume: %+v", before.Game)
	}
	if strings.Contains(tb.str(`localStorage.getItem("quintet.game")`), `"human":"black"`) == false {
		t.Errorf("the game was not saved: %q", tb.str(`localStorage.getItem("quintet.game")`))
	}
	tb.screenshot("resume-before-desktop")

	// A plain visit (no game in the address) brings the game back.
	if err := chromedp.Do(tb.ctx, chromedp.Navigate(srv.url)); err != nil {
		t.Fatal(err)
	}
	after := waitPlay(tb)
	after = waitTurn(tb, before.Game.Plies)
	tb.screenshot("resume-after-desktop")
	if after.Variant != "crown" || after.Game.Viewer != "black" || !after.Board.Flipped {
		t.Errorf("resumed %s as %s (flipped %v), want crown as black", after.Variant, after.Game.Viewer, after.Board.Flipped)
	}
	if after.Game.Text != before.Game.Text || after.Game.Plies != before.Game.Plies || !slices.Equal(after.Game.Moves, before.Game.Moves) {
		t.Errorf("resumed game differs:\n%q %d %q\n%q %d %q", before.Game.Text, before.Game.Plies, before.Game.Moves,
			after.Game.Text, after.Game.Plies, after.Game.Moves)
	}
	if !strings.Contains(strings.Join(after.Game.Moves, " "), "crown chosen") {
		t.Errorf("the move list should show the AI's crown choice sealed: %q", after.Game.Moves)
	}
	// Play on: a move, and the AI answers.
	m = boardMoves(t, after)[0]
	tb.click(squareXY(after, m.From.File(), m.From.Rank()))
	tb.click(squareXY(after, m.To.File(), m.To.Rank()))
	s = settle(tb, after.Game.Plies+2)
	if s.Game.Plies < after.Game.Plies+2 && s.Game.Result == "*" {
		t.Errorf("play did not go on after the resume: %d plies", s.Game.Plies)
	}
	// New game abandons it: a plain visit then shows the setup screen.
	tb.button("new")
	tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" })
	tb.reload()
	if s := tb.state(); s.Scene != "setup" {
		t.Errorf("after New game a reload shows %s", s.Scene)
	}
	checkConsole(t, tb.close(), srv)
}

// testDamaged: garbage in the stored records gives a message and a fresh start, no panic.
func testDamaged(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "", phone)
	tb.eval(`localStorage.setItem("quintet.game", '{"v":1,"variant":"chess","human":"white","level":"easy","log":[[0,0,12,44,0,0,0,0,0,0]]}')`)
	tb.eval(`localStorage.setItem("quintet.settings", "\u0000garbage{{{")`)
	tb.reload()
	s := tb.wait("the setup screen with a notice", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	notice := tb.str(`window.quintet.notice`)
	tb.screenshot("damaged-storage-phone")
	if !strings.Contains(notice, "could not be read") {
		t.Errorf("no message about the damaged records: %q", notice)
	}
	if tb.lang() != "en" {
		t.Errorf("damaged settings should start afresh in the browser's language, got %q", tb.lang())
	}
	if g := tb.str(`localStorage.getItem("quintet.game")`); g != "" {
		t.Errorf("the damaged game is still stored: %q", g)
	}
	// A fresh start works: a game can be played.
	tb.button("opponent:beginner")
	tb.button("play")
	s = settle(tb, 0)
	m := boardMoves(t, s)[0]
	tb.tap(squareXY(s, m.From.File(), m.From.Rank()))
	tb.tap(squareXY(s, m.To.File(), m.To.Rank()))
	settle(tb, s.Game.Plies+2)
	// Oversized and hostile text is refused the same way.
	tb.eval(`localStorage.setItem("quintet.game", "[" + "1,".repeat(600000) + "1]")`)
	tb.reload()
	tb.wait("the setup screen with a notice", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	if n := tb.str(`window.quintet.notice`); !strings.Contains(n, "could not be read") {
		t.Errorf("an oversized record gave no message: %q", n)
	}
	checkConsole(t, tb.close(), srv)
}
