package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// arena -pgn writes a clean PGN file of every game (no "game N:" lines even with -v),
// which quintet pgn replays to the same results, for each of our games.
func TestArenaPGNAndReplay(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ variant, options string }{
		{"chess", ""}, {"forced", ""}, {"probabilistic", ""}, {"crown", "kind=hidden"}, {"pillar", ""}, {"simultaneous", ""},
	} {
		file := filepath.Join(dir, c.variant+".pgn")
		args := []string{"arena", "-variant", c.variant, "-a", "random", "-b", "greedy", "-games", "2", "-maxplies", "40", "-v", "-pgn", file}
		if c.options != "" {
			args = append(args, "-options", c.options)
		}
		out, errs, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.variant, code, errs)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "game 1:") || !strings.Contains(out, "game 1:") {
			t.Errorf("%s: summary lines in the PGN file, or not on stdout:\n%s", c.variant, data)
		}
		games, err := game.ParsePGNGames(string(data))
		if err != nil || len(games) != 2 {
			t.Fatalf("%s: %d games: %v\n%s", c.variant, len(games), err, data)
		}
		for i, g := range games {
			if g.Tags["White"] == "?" || g.Tags["Round"] != []string{"1", "2"}[i] || !strings.Contains(g.Tags["Event"], "random vs greedy") {
				t.Errorf("%s game %d: tags %v", c.variant, i+1, g.Tags)
			}
		}
		out, errs, code = run(t, "pgn", file)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != 2 {
			t.Fatalf("%s: pgn: exit %d, %s\n%s", c.variant, code, errs, out)
		}
		for i, l := range lines {
			g := games[i]
			want := regexp.QuoteMeta(file) + ": game " + []string{"1", "2"}[i] + ": " + c.variant + " " + regexp.QuoteMeta(g.Outcome().Result.String()) + ` \(.*\), \d+ plies: ` + regexp.QuoteMeta(g.Rules().Text()) + "$"
			if !regexp.MustCompile(want).MatchString(l) {
				t.Errorf("%s: line %q, want %s", c.variant, l, want)
			}
		}
	}
}

// A bad move stops quintet pgn with a non-zero exit naming the game, the line and the
// move, after the games before it.
func TestPGNCommandErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bad.pgn")
	os.WriteFile(file, []byte("[Variant \"forcedcapture\"]\n\n1. e4 d5 2. exd5 *\n\n[Event \"two\"]\n\n1. e4 d5 2. Ke3 *\n"), 0o644)
	out, errs, code := run(t, "pgn", file)
	if code != 1 || !strings.Contains(out, "game 1: forced * (unfinished), 3 plies") || !strings.Contains(errs, `game 2 (line 5): pgn: line 7: move "Ke3"`) {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	for _, args := range [][]string{{"pgn"}, {"pgn", filepath.Join(dir, "nosuch.pgn")}} {
		if _, errs, code := run(t, args...); code == 0 || errs == "" {
			t.Errorf("%q: exit %d, want an error", args, code)
		}
	}
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, []byte("\n"), 0o644)
	if _, errs, code := run(t, "pgn", empty); code == 0 || !strings.Contains(errs, "no game") {
		t.Errorf("empty file: exit %d %s", code, errs)
	}
}
