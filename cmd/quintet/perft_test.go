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
