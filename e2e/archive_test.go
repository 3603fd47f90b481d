//go:build !js

package e2e

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/saved"
)

// TestLinkReload: a game started from a ?…&play=1 link comes back whole after a reload
// (the address still says play=1), at a phone and a desktop; a link to another game then
// starts that game afresh.
func TestLinkReload(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{phone, desktop} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			link := "?variant=crown&opt=kind=stones&side=random&opponent=beginner&play=1"
			tb := open(t, browser, srv.url, link, vp)
			s := settle(tb, 0)
			for range 2 {
				m := boardMoves(t, s)[0]
				tb.tap(squareXY(s, m.From.File(), m.From.Rank()))
				tb.tap(squareXY(s, m.To.File(), m.To.Rank()))
				s = settle(tb, s.Game.Plies+2)
			}
			before := s
			if before.Game.Result != "*" || before.Game.Plies < 4 {
				t.Fatalf("no game to take up: %+v", before.Game)
			}
			tb.screenshot("link-reload-before-" + vp.name)
			tb.reload()
			after := waitTurn(tb, before.Game.Plies)
			tb.screenshot("link-reload-after-" + vp.name)
			t.Logf("%s: before the reload %d entries %q as %s; after %d entries %q as %s", vp.name,
				before.Game.Plies, before.Game.Moves, before.Game.Viewer, after.Game.Plies, after.Game.Moves, after.Game.Viewer)
			if after.Variant != "crown" || after.Game.Viewer != before.Game.Viewer || after.Game.Plies != before.Game.Plies ||
				after.Game.Text != before.Game.Text || !slices.Equal(after.Game.Moves, before.Game.Moves) {
				t.Errorf("the reloaded link shows another game:\n%q %d %q\n%q %d %q", before.Game.Text, before.Game.Plies,
					before.Game.Moves, after.Game.Text, after.Game.Plies, after.Game.Moves)
			}
			// Another link starts its own game.
			if err := chromedp.Do(tb.ctx, chromedp.Navigate(srv.url+"?variant=forced&opponent=beginner&play=1")); err != nil {
				t.Fatal(err)
			}
			s = tb.wait("the forced-capture game", func(s state) bool {
				return s.Scene == "play" && s.Variant == "forced" && s.Game != nil && s.Game.Text != ""
			})
			if s.Game.Plies != 0 {
				t.Errorf("a new link opened a game of %d entries", s.Game.Plies)
			}
			checkConsole(t, tb.close(), srv)
		})
	}
}

// TestArchive: finished games (one against the AI, one of two people on the device) are
// listed from the play screen and the setup screen with their date, game, opponent and
// result; one opens in review at its start and steps forward; its PGN is exported; the
// list survives a reload; in Russian its words are Russian. Phone and desktop.
func TestArchive(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", vp)
			s := waitPlay(tb)
			for _, mv := range []string{"e2e4", "g1f3"} {
				s = waitTurn(tb, s.Game.Plies)
				playTyped(tb, mv)
				s = waitTurn(tb, s.Game.Plies+2)
			}
			moves := s.Game.Moves
			plies := s.Game.Plies
			tb.button("resign")
			tb.wait("the resign confirmation", func(s state) bool { return slices.Contains(buttonIDs(s), "yes") })
			tb.button("yes")
			tb.wait("the game over", func(s state) bool { return s.Game.Result == "0-1" })
			tb.button("games") // a press outside the banner closes it and acts
			s = tb.wait("the archive", func(s state) bool { return s.Scene == "archive" })
			rows := archiveRows(s)
			tb.screenshot("archive-one-" + vp.name)
			if len(rows) != 1 || !strings.Contains(rows[0], "Chess · AI beginner") || !strings.Contains(rows[0], "0-1 You lost (white resigned) — ") || !strings.Contains(rows[0], " · White") {
				t.Fatalf("archive rows %q", rows)
			}
			if date := time.Now().UTC().Format("2006-01-02"); !strings.Contains(rows[0], date) {
				t.Errorf("row %q without today's date %s", rows[0], date)
			}
			// Its PGN.
			tb.button("pgn:0")
			ctx, cancel := context.WithTimeout(tb.ctx, ceiling(30*time.Second))
			defer cancel()
			if _, err := chromedp.Run(ctx, chromedp.WaitVisible("#dlg-text")); err != nil {
				t.Fatalf("the PGN dialog did not open: %v", err)
			}
			pgn := tb.str(`document.getElementById("dlg-text").value`)
			if !strings.Contains(pgn, `[Result "0-1"]`) || !strings.Contains(pgn, "1. e4") || !strings.Contains(pgn, "2. Nf3") {
				t.Errorf("exported PGN:\n%s", pgn)
			}
			if err := chromedp.Do(tb.ctx, chromedp.Click("#dlg-close")); err != nil {
				t.Fatal(err)
			}
			// Open it: review from the start, → steps forward through the moves.
			tb.button("open:0")
			s = tb.wait("the game in review", func(s state) bool { return s.Scene == "play" && s.Game != nil && review(tb) == 0 })
			if s.Game.Panel != "" || !strings.HasPrefix(strings.Join(s.Game.Moves, " "), strings.Join(moves, " ")) {
				t.Errorf("opened game: panel %q, moves %q, want %q", s.Game.Panel, s.Game.Moves, moves)
			}
			tb.screenshot("archive-opened-" + vp.name)
			namedKey(tb, "ArrowRight", 39)
			tb.wait("one entry in", func(s state) bool { return review(tb) == 1 })
			if slices.Contains(buttonIDs(tb.state()), "rv:next") { // the review bar, where the move list has room
				tb.button("rv:next")
			} else {
				namedKey(tb, "ArrowRight", 39)
			}
			tb.wait("two entries in", func(s state) bool { return review(tb) == 2 })
			namedKey(tb, "End", 35)
			s = tb.wait("the end", func(s state) bool { return review(tb) == -1 && s.Game.Result == "0-1" })
			if s.Game.Plies != plies+1 {
				t.Errorf("the opened game has %d entries, want %d (moves and the resignation)", s.Game.Plies, plies+1)
			}
			// Two people on this device: a game ends, and is listed too, newest first.
			if err := chromedp.Do(tb.ctx, chromedp.Navigate(srv.url+"?variant=forced&opponent=person&play=1")); err != nil {
				t.Fatal(err)
			}
			s = tb.wait("the game of two people", func(s state) bool { return s.Scene == "play" && s.Variant == "forced" && s.Game != nil })
			playTyped(tb, "e2e4")
			s = waitTurn(tb, 1)
			tb.button("resign")
			tb.wait("the resign confirmation", func(s state) bool { return slices.Contains(buttonIDs(s), "yes") })
			tb.button("yes")
			tb.wait("the game over", func(s state) bool { return s.Game.Result == "1-0" })
			// A plain visit: the setup screen, and its Finished games.
			if err := chromedp.Do(tb.ctx, chromedp.Navigate(srv.url)); err != nil {
				t.Fatal(err)
			}
			tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" })
			tb.button("games")
			s = tb.wait("the archive", func(s state) bool { return s.Scene == "archive" && len(archiveRows(s)) == 2 })
			rows = archiveRows(s)
			tb.screenshot("archive-two-" + vp.name)
			t.Logf("%s: %q", vp.name, rows)
			if !strings.Contains(rows[0], "Forced-capture chess · Person here") || !strings.Contains(rows[0], "1-0 White won (black resigned)") ||
				!strings.Contains(rows[1], "Chess · AI beginner") {
				t.Errorf("archive rows, newest first: %q", rows)
			}
			for _, id := range []string{"back", "open:0", "pgn:0", "open:1", "pgn:1"} {
				if !slices.Contains(buttonIDs(s), id) {
					t.Errorf("no button %s in %q", id, buttonIDs(s))
				}
			}
			// In Russian.
			tb.button("back")
			tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" })
			tb.button("lang:ru")
			tb.wait("Russian", func(s state) bool { return tb.lang() == "ru" })
			tb.button("games")
			s = tb.wait("the archive in Russian", func(s state) bool { return s.Scene == "archive" && cyrillic(s.Title) })
			tb.screenshot("archive-ru-" + vp.name)
			for _, r := range archiveRows(s) {
				if !cyrillic(r) {
					t.Errorf("row not in Russian: %q", r)
				}
			}
			checkRussian(t, s, "back")
			checkConsole(t, tb.close(), srv)
		})
	}
}

// archiveRows are the archive's listed games, as their buttons say them.
func archiveRows(s state) []string {
	var out []string
	for _, b := range s.Buttons {
		if strings.HasPrefix(b.ID, "open:") {
			out = append(out, b.Label)
		}
	}
	return out
}

// review is the entries shown in review, -1 for the live game.
func review(tb *tab) int {
	n, err := strconv.Atoi(tb.str(`window.quintet.game.review`))
	if err != nil {
		tb.t.Fatal(err)
	}
	return n
}

// TestArchivePages: a full archive (the cap, 100 games, written as the page writes it) is
// listed a page at a time, newest first, with Older and Newer; a damaged one is dropped
// with a message. Phone and desktop.
func TestArchivePages(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)
	var a saved.Archive
	when := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for i := range saved.MaxArchived + 5 {
		g, err := game.NewGame("chess")
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range []string{"f3", "e5", "g4", "Qh4#"} {
			if err := g.PlayText(mv); err != nil {
				t.Fatal(err)
			}
		}
		a.Add(saved.Finished(g, nil, game.White, "easy", false, when.Add(time.Duration(i)*time.Hour)))
	}
	text := saved.EncodeArchive(a)
	newest := when.Add(time.Duration(saved.MaxArchived+4) * time.Hour).Format(saved.DateLayout)
	oldest := when.Add(5 * time.Hour).Format(saved.DateLayout)
	for _, vp := range []viewport{desktop, phone} {
		t.Run(vp.name, func(t *testing.T) {
			srv := apart(t)
			tb := open(t, browser, srv.url, "", vp)
			tb.eval(`localStorage.setItem("quintet.archive", ` + strconv.Quote(text) + `)`)
			tb.reload()
			tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
			tb.button("games")
			s := tb.wait("the archive", func(s state) bool { return s.Scene == "archive" && len(archiveRows(s)) > 0 })
			per := len(archiveRows(s))
			if !strings.Contains(archiveRows(s)[0], newest) {
				t.Errorf("first row %q, want the newest game (%s)", archiveRows(s)[0], newest)
			}
			tb.screenshot("archive-pages-" + vp.name)
			pages := 1
			for slices.Contains(buttonIDs(s), "older") && enabled(s, "older") && pages < 200 {
				first := archiveRows(s)[0]
				tb.button("older")
				s = tb.wait("an older page", func(s state) bool { return len(archiveRows(s)) > 0 && archiveRows(s)[0] != first })
				pages++
			}
			rows := archiveRows(s)
			t.Logf("%s: %d rows a page, %d pages; last row %q", vp.name, per, pages, rows[len(rows)-1])
			if want := (saved.MaxArchived + per - 1) / per; pages != want {
				t.Errorf("%d pages of %d rows, want %d for %d games", pages, per, want, saved.MaxArchived)
			}
			if !strings.Contains(rows[len(rows)-1], oldest) {
				t.Errorf("last row %q, want the oldest kept (%s)", rows[len(rows)-1], oldest)
			}
			tb.button("newer")
			tb.wait("a newer page", func(s state) bool { return !strings.Contains(archiveRows(s)[len(archiveRows(s))-1], oldest) })

			// Damaged: dropped, and the archive says so.
			tb.eval(`localStorage.setItem("quintet.archive", '{"v":1,"games":[{"v":1}]}')`)
			tb.reload()
			tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
			tb.button("games")
			s = tb.wait("the archive", func(s state) bool { return s.Scene == "archive" })
			if len(archiveRows(s)) != 0 || !strings.Contains(s.Error, "could not be read") {
				t.Errorf("damaged archive: %d rows, error %q", len(archiveRows(s)), s.Error)
			}
			if v := tb.str(`localStorage.getItem("quintet.archive")`); v != "" {
				t.Errorf("the damaged archive is still stored: %q", v)
			}
			tb.screenshot("archive-damaged-" + vp.name)
			checkConsole(t, tb.close(), srv)
		})
	}
}

func enabled(s state, id string) bool {
	for _, b := range s.Buttons {
		if b.ID == id {
			return b.Enabled
		}
	}
	return false
}
