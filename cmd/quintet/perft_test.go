package main

import (
	"bytes"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = dispatch(args, &out, &errb)
	return out.String(), errb.String(), code
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestPerftStart(t *testing.T) {
	out, errs, code := run(t, "perft", "-depth", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got := strings.TrimSpace(out); got != "8902" {
		t.Errorf("perft chess start d3 = %q, want 8902", got)
	}
}

func TestPerftDivide(t *testing.T) {
	out, errs, code := run(t, "perft", "-variant", "chess", "-depth", "2", "-divide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 21 {
		t.Fatalf("want 20 moves and a total, got %d lines:\n%s", len(lines), out)
	}
	if lines[0] != "a2a3: 20" {
		t.Errorf("first line %q, want %q (sorted by move)", lines[0], "a2a3: 20")
	}
	if lastLine(out) != "400" {
		t.Errorf("last line %q, want 400", lastLine(out))
	}
}

func TestPerftKiwipeteBench(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	out, errs, code := run(t, "perft", "-fen", kiwipete, "-depth", "2", "-bench")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "leaf nodes/s") {
		t.Errorf("-bench printed no speed:\n%s", out)
	}
	if lastLine(out) != "2039" {
		t.Errorf("last line %q, want 2039", lastLine(out))
	}
}

func TestPerftForced(t *testing.T) {
	out, errs, code := run(t, "perft", "-variant", "forced", "-depth", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if lastLine(out) != "400" {
		t.Errorf("forced d2 = %q, want 400", lastLine(out))
	}
}

func TestErrors(t *testing.T) {
	for _, args := range [][]string{
		{"nosuch"},
		{"perft", "-variant", "nosuch"},
		{"perft", "-fen", "not a fen"},
		{"perft", "-depth", "0"},
		{"perft", "stray"},
	} {
		_, errs, code := run(t, args...)
		if code == 0 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want an error", args, code, errs)
		}
	}
	if _, _, code := run(t); code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
}

// Games with their own rules go through game.PerftRules: probabilistic chess from the
// start agrees with chess to depth 3 (no capture is made before the third ply); from a
// position with captures each attempt branches over the ten draw values.
func TestPerftRulesVariant(t *testing.T) {
	out, errs, code := run(t, "perft", "-variant", "probabilistic", "-depth", "3")
	if code != 0 || lastLine(out) != "8902" {
		t.Fatalf("probabilistic d3: exit %d, %q %s", code, out, errs)
	}
	// White: Kd1 Kd2 Kf1 Kf2 and the attempt Kxe2. After Kd1 or Kf1 Black has 4
	// promotions on e1, 4 promoting attempts on the king and 5 king moves; after Kd2 or
	// Kf2 no attempt. Kxe2 branches over ten draws: 0–7 take the pawn (Black: 5 king
	// moves each), 8 misses (5), 9 kills the king (a finished game: no children).
	out, errs, code = run(t, "perft", "-variant", "probabilistic", "-fen", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", "-depth", "2", "-divide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "Kd1: 13\nKd2: 9\nKf1: 13\nKf2: 9\nKxe2: 45\n89\n"
	if out != want {
		t.Errorf("divide:\n%s\nwant:\n%s", out, want)
	}
}

// -chance counts a capture attempt once per outcome (Kxe2: the pawn taken, then 5 king
// moves; a miss, 5; the king dies, the game is over) or as a success alone; the game's
// fast counters and chess refuse the flags that do not apply to them.
func TestPerftChance(t *testing.T) {
	for _, c := range []struct {
		mode, want string
	}{{"draws", "89"}, {"outcomes", "54"}, {"success", "49"}} {
		out, errs, code := run(t, "perft", "-variant", "probabilistic", "-fen", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", "-depth", "2", "-chance", c.mode)
		if code != 0 || lastLine(out) != c.want {
			t.Errorf("-chance %s: exit %d, %q %s; want %s", c.mode, code, out, errs, c.want)
		}
	}
	out, _, _ := run(t, "perft", "-variant", "probabilistic", "-fen", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", "-depth", "2", "-divide", "-chance", "outcomes")
	if !strings.Contains(out, "\nKxe2: 10\n") || lastLine(out) != "54" {
		t.Errorf("divide under -chance outcomes:\n%s", out)
	}
	for _, args := range [][]string{
		{"perft", "-chance", "some"},
		{"perft", "-secrets", "half"},
		{"perft", "-variant", "chess", "-secrets", "public"},
		{"perft", "-variant", "chess", "-chance", "outcomes"},
	} {
		if _, errs, code := run(t, args...); code == 0 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want an error", args, code, errs)
		}
	}
}

// -secrets public counts Crown as an engine without secrets does (Fairy-Stockfish's
// figure, see game/crown_public_test.go): one sealed crown choice per side.
func TestPerftSecretsPublic(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "4"}, "1600"},
		{[]string{"-depth", "4", "-secrets", "public"}, "400"},
		{[]string{"-depth", "3", "-secrets", "public", "-fen", "3dk3/8/8/8/8/8/4f3/3DK3 w - - 0 1 crown=kd monarchs=e1d1/e8d8"}, "2039"},
	} {
		out, errs, code := run(t, append([]string{"perft", "-variant", "crown"}, c.args...)...)
		if code != 0 || lastLine(out) != c.want {
			t.Errorf("%v: exit %d, %q %s; want %s", c.args, code, out, errs, c.want)
		}
	}
	out, _, _ := run(t, "perft", "-variant", "crown", "-depth", "1", "-divide", "-secrets", "public")
	if lastLine(out) != "1" {
		t.Errorf("divide of the sealed choice:\n%s", out)
	}
}
