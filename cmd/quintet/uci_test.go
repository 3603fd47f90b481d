package main

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// TestMain lets the test binary stand in for an external UCI engine: run with
// QUINTET_TEST_UCI=1 it serves UCI, so arena's uci: players can be tested without
// building anything or needing another engine.
func TestMain(m *testing.M) {
	if os.Getenv("QUINTET_TEST_UCI") == "1" {
		if err := serveUCI(os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestUCISession(t *testing.T) {
	in := strings.NewReader(strings.Join([]string{
		"uci",
		"setoption name UCI_Variant value forced",
		"isready",
		"ucinewgame",
		"position startpos moves e2e4 d7d5",
		"go depth 3",
		"isready",
		"position fen 4k3/ppp2ppp/8/8/4N3/8/5PPP/4R1K1 w - - 0 1",
		"go nodes 20000",
		"quit",
	}, "\n"))
	var out bytes.Buffer
	if err := serveUCI(in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var best []string
	for _, l := range lines {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "bestmove" {
			best = append(best, f[1])
		}
	}
	if !strings.Contains(out.String(), "uciok") || !strings.Contains(out.String(), "readyok") {
		t.Fatalf("no uciok/readyok:\n%s", out.String())
	}
	if len(best) != 2 {
		t.Fatalf("want two bestmove lines, got %v:\n%s", best, out.String())
	}
	// After 1.e4 d5 in forced capture White must take: exd5 is the only legal move.
	if best[0] != "e4d5" {
		t.Errorf("forced capture after e4 d5: bestmove %s, want e4d5", best[0])
	}
	// The discovered attack: the knight must go to d6 or f6 to force the win.
	if best[1] != "e4d6" && best[1] != "e4f6" {
		t.Errorf("tactic: bestmove %s, want e4d6 or e4f6", best[1])
	}
}

func TestUCIStop(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var out syncBuffer
	done := make(chan error)
	go func() { done <- serveUCI(r, &out) }()
	w.WriteString("position startpos\ngo infinite\n")
	w.WriteString("stop\nquit\n")
	w.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("stop gave no bestmove:\n%s", out.String())
	}
}

// An arena between our engine and itself as an external UCI engine (this test binary).
func TestArenaUCI(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("QUINTET_TEST_UCI", "1")
	out, errs, code := run(t, "arena", "-variant", "forced", "-a", "easy", "-b", "uci:"+exe+",nodes=3000",
		"-games", "2", "-seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(lastLine(out), "Elo") {
		t.Errorf("no result line:\n%s", out)
	}
}

func TestArenaLevels(t *testing.T) {
	out, errs, code := run(t, "arena", "-variant", "chess", "-a", "medium", "-b", "random", "-games", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(lastLine(out), "A wins 2, draws 0, loses 0") {
		t.Errorf("medium should beat random twice:\n%s", out)
	}
}

func TestBestmove(t *testing.T) {
	out, errs, code := run(t, "bestmove", "-variant", "forced", "-fen", "4k3/ppp2ppp/8/8/4N3/8/5PPP/4R1K1 w - - 0 1", "-depth", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if l := lastLine(out); l != "e4d6" && l != "e4f6" {
		t.Errorf("last line %q, want e4d6 or e4f6", l)
	}
	v, _ := game.Lookup("chess")
	out, errs, code = run(t, "bestmove", "-level", "beginner", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	p, _ := game.ParseFEN(v, v.Start)
	if _, err := p.ParseMove(strings.TrimSpace(out)); err != nil {
		t.Errorf("beginner's move %q: %v", out, err)
	}
	for _, args := range [][]string{
		{"bestmove", "-level", "nosuch"},
		{"bestmove", "-variant", "nosuch"},
		{"arena", "-a", "nosuch"},
		{"arena", "-a", "uci:", "-games", "1"},
		{"arena", "-a", "easy,movetime=x"},
	} {
		if _, errs, code := run(t, args...); code == 0 || errs == "" {
			t.Errorf("%q: exit %d, want an error", args, code)
		}
	}
}

func TestEloDiff(t *testing.T) {
	elo, lo, hi := eloDiff(50, 0, 50)
	if elo != 0 || lo >= 0 || hi <= 0 || lo != -hi {
		t.Errorf("even score: %v [%v, %v]", elo, lo, hi)
	}
	elo, lo, hi = eloDiff(76, 0, 24)
	if elo < 190 || elo > 210 || lo > elo || hi < elo {
		t.Errorf("76%%: Elo %v [%v, %v], want about +200", elo, lo, hi)
	}
	if _, lo, _ := eloDiff(20, 0, 0); lo < 250 {
		t.Errorf("20-0: lower bound %v, want above +250", lo)
	}
}

// syncBuffer is a bytes.Buffer safe for the search goroutine and the test together.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// bestmove in Crown searches as the side to move with the opponent's crown unknown: the
// fork of both monarchs is found whichever the hidden crown is.
func TestBestmoveCrown(t *testing.T) {
	for _, secret := range []string{"kk", "kd"} {
		out, errs, code := run(t, "bestmove", "-variant", "crown", "-depth", "3",
			"-fen", "8/8/2d1k3/8/8/1N6/8/3DK3 w - - 0 1 crown="+secret+" monarchs=e1d1/e6c6")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if l := lastLine(out); l != "b3d4" {
			t.Errorf("crown=%s: last line %q, want the fork b3d4", secret, l)
		}
	}
	out, errs, code := run(t, "bestmove", "-variant", "crown", "-quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if l := strings.TrimSpace(out); l != "crown:K" && l != "crown:D" {
		t.Errorf("the crown's choice is printed %q, want crown:K or crown:D", l)
	}
}
