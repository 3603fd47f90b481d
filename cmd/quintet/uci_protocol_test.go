package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// uciTranscript drives one session line by line. After a "go" it waits for the bestmove
// unless told otherwise ("go …&" returns at once), so a search that never ends hangs the
// test (and fails it by the test timeout) instead of passing.
type uciTranscript struct {
	t   *testing.T
	out syncBuffer
	u   *uciEngine
}

func newTranscript(t *testing.T) *uciTranscript {
	x := &uciTranscript{t: t}
	x.u = newUCI(&x.out)
	t.Cleanup(func() { x.u.handle("quit") })
	return x
}

func (x *uciTranscript) send(lines ...string) {
	for _, l := range lines {
		wait := strings.HasPrefix(l, "go")
		if s, ok := strings.CutSuffix(l, "&"); ok {
			l, wait = strings.TrimSpace(s), false
		}
		x.u.handle(l)
		if wait {
			<-x.u.run.done
		}
	}
}

// searched waits until the running search has its move (or a minute has passed: then
// the assertions after it decide).
func (x *uciTranscript) searched() {
	select {
	case <-x.u.run.searched:
	case <-time.After(time.Minute):
	}
}

// take returns the output so far and starts a new one.
func (x *uciTranscript) take() string {
	x.out.mu.Lock()
	defer x.out.mu.Unlock()
	s := x.out.b.String()
	x.out.b.Reset()
	return s
}

var bestmoveRE = regexp.MustCompile(`(?m)^bestmove (\S+)( ponder \S+)?$`)

// bests lists the bestmove moves of out.
func bests(out string) []string {
	var ms []string
	for _, m := range bestmoveRE.FindAllStringSubmatch(out, -1) {
		ms = append(ms, m[1])
	}
	return ms
}

// legalIn reports whether move (coordinates) is legal for the side to move in fen.
func legalIn(t *testing.T, variant, fen, move string) bool {
	v, _ := game.Lookup(variant)
	p, err := game.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.ParseMove(move)
	return err == nil
}

// A position with an illegal move keeps the legal prefix; a bad FEN gives the start
// position: never the previous game. Each is said in an info string.
func TestUCIPositionPrefix(t *testing.T) {
	x := newTranscript(t)
	x.send("position startpos moves e2e4 e7e5 e1e5 g1f3", "go depth 1")
	out := x.take()
	if !strings.Contains(out, "info string illegal move e1e5 (move 3") || !strings.Contains(out, "after the 2 before it") {
		t.Errorf("no word of the illegal move:\n%s", out)
	}
	afterE4E5 := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	if b := bests(out); len(b) != 1 || !legalIn(t, "chess", afterE4E5, b[0]) {
		t.Errorf("bestmove %v: want a White move after 1.e4 e5\n%s", b, out)
	}
	// Black to move, then a FEN that does not read (the en-passant square has no pawn
	// that passed it): the start position, White to move, not the previous game.
	for _, bad := range []string{
		"position fen 4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1 moves d4e3",
		"position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
		"position nonsense",
	} {
		x.send("position startpos moves e2e4", bad, "go depth 1")
		out = x.take()
		if !strings.Contains(out, "info string") || !strings.Contains(out, "start position is set") {
			t.Errorf("%s: not said:\n%s", bad, out)
		}
		if b := bests(out); len(b) != 1 || !legalIn(t, "chess", game.StartFEN, b[0]) {
			t.Errorf("%s: bestmove %v, want a move of the start position\n%s", bad, b, out)
		}
	}
	// SAN is not UCI: "e4" is refused as a move of a position command.
	x.send("position startpos moves e4", "go depth 1")
	if out = x.take(); !strings.Contains(out, "illegal move e4 (move 1") {
		t.Errorf("SAN accepted:\n%s", out)
	}
	// After a game's end no move is legal: forced capture, the king taken.
	x.send("setoption name UCI_Variant value forcedcapture", "position fen 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 moves e1e8 g8g7", "go depth 1")
	if out = x.take(); !strings.Contains(out, "illegal move g8g7 (move 2: the game is over)") || len(bests(out)) != 1 || bests(out)[0] != "0000" {
		t.Errorf("a move after the king's capture:\n%s", out)
	}
}

// A clock of 0, a negative or a non-integer one, and movetime 0 answer at once with a
// one-ply look (today they searched forever): the transcript would hang otherwise.
func TestUCIPromptClock(t *testing.T) {
	for _, g := range []string{
		"go wtime 0 btime 0",
		"go wtime -20 btime 5000 winc 0 binc 0",
		"go wtime 1.5 btime 5000",
		"go wtime abc btime 5000",
		"go movetime 0",
		"go movetime -1",
		"go wtime",
	} {
		x := newTranscript(t)
		x.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", g)
		out := x.take()
		b := bests(out)
		if len(b) != 1 || b[0] != "a1a8" {
			t.Errorf("%s: bestmove %v, want the mate a1a8\n%s", g, b, out)
		}
		if strings.Contains(out, "info depth 2 ") {
			t.Errorf("%s: searched deeper than one ply:\n%s", g, out)
		}
	}
}

// go infinite waits for stop even when the search is over by itself (a mate found).
func TestUCIInfiniteWaitsForStop(t *testing.T) {
	x := newTranscript(t)
	x.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "go infinite&")
	x.searched()
	x.send("isready")
	out := x.take()
	if !strings.Contains(out, "score mate 1") || !strings.Contains(out, "readyok") || len(bests(out)) != 0 {
		t.Fatalf("before stop:\n%s", out)
	}
	x.send("stop")
	if b := bests(x.take()); len(b) != 1 || b[0] != "a1a8" {
		t.Errorf("after stop: bestmove %v", b)
	}
}

// searchmoves restricts the root: the best of the listed moves, a single one at once,
// an illegal one said and skipped.
func TestUCISearchmoves(t *testing.T) {
	const mate = "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
	x := newTranscript(t)
	x.send(mate, "go depth 3 searchmoves h2h3 a1a7")
	out := x.take()
	if b := bests(out); len(b) != 1 || (b[0] != "h2h3" && b[0] != "a1a7") {
		t.Errorf("bestmove %v, want h2h3 or a1a7\n%s", b, out)
	}
	x.send(mate, "go depth 2 searchmoves h2h3 a1a8 g2g4")
	if b := bests(x.take()); len(b) != 1 || b[0] != "a1a8" {
		t.Errorf("among three: bestmove %v, want the mate a1a8", b)
	}
	x.send(mate, "go depth 4 searchmoves g1f1")
	if b := bests(x.take()); len(b) != 1 || b[0] != "g1f1" {
		t.Errorf("a single move: bestmove %v, want g1f1", b)
	}
	x.send(mate, "go depth 2 searchmoves a1a9 e2e4 h2h4")
	out = x.take()
	if !strings.Contains(out, "a1a9 is not a legal move") || !strings.Contains(out, "e2e4 is not a legal move") {
		t.Errorf("illegal searchmoves not said:\n%s", out)
	}
	if b := bests(out); len(b) != 1 || b[0] != "h2h4" {
		t.Errorf("bestmove %v, want h2h4 (the only legal one listed)", b)
	}
}

// go mate N searches 2N-1 plies and finds the mate; debug on says what it was asked.
func TestUCIMateAndDebug(t *testing.T) {
	x := newTranscript(t)
	x.send("debug on", "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "go mate 1")
	out := x.take()
	if b := bests(out); len(b) != 1 || b[0] != "a1a8" || !strings.Contains(out, "score mate 1") {
		t.Errorf("go mate 1:\n%s", out)
	}
	if !strings.Contains(out, "info string go: time 0s nodes 0 depth 1 ") || strings.Contains(out, "unknown command") {
		t.Errorf("debug on: no word of the search asked:\n%s", out)
	}
	// Mate in 2: Kb6 (Kb8 forced), then Rh8.
	x.send("debug off", "position fen k7/8/2K5/8/8/8/8/7R w - - 0 1", "go mate 2")
	out = x.take()
	if !strings.Contains(out, "score mate 2") || strings.Contains(out, "info string go:") {
		t.Errorf("go mate 2:\n%s", out)
	}
}

// go ponder searches until ponderhit (then the clock's time) or stop; the bestmove
// names the expected reply.
func TestUCIPonder(t *testing.T) {
	x := newTranscript(t)
	x.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5", "go ponder depth 2&")
	x.searched()
	x.send("isready")
	if out := x.take(); len(bests(out)) != 0 || !strings.Contains(out, "readyok") {
		t.Fatalf("a bestmove before ponderhit:\n%s", out)
	}
	x.send("ponderhit")
	<-x.u.run.done
	out := x.take()
	if !regexp.MustCompile(`(?m)^bestmove \S+ ponder \S+$`).MatchString(out) {
		t.Errorf("after ponderhit:\n%s", out)
	}
	// With clocks: ponderhit starts them, and the search ends by itself.
	x.send("position startpos moves e2e4", "go ponder wtime 3000 btime 3000&", "ponderhit")
	<-x.u.run.done
	if b := bests(x.take()); len(b) != 1 || !legalIn(t, "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", b[0]) {
		t.Errorf("ponderhit with clocks: bestmove %v", b)
	}
	// A ponder the GUI calls off: stop gives the bestmove.
	x.send("position startpos", "go ponder wtime 3000 btime 3000&", "stop")
	if b := bests(x.take()); len(b) != 1 {
		t.Errorf("stop while pondering: %v", b)
	}
}

// The options a GUI sets: Threads (1), Move Overhead, Ponder; id name with the version.
func TestUCIOptions(t *testing.T) {
	x := newTranscript(t)
	x.send("uci")
	out := x.take()
	for _, want := range []string{
		"id name Quintet " + version() + "\n",
		"option name Threads type spin default 1 min 1 max 1\n",
		"option name Move Overhead type spin default 10 min 0 max 5000\n",
		"option name Ponder type check default false\n",
		"var forcedcapture",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("uci: no %q in\n%s", want, out)
		}
	}
	x.send("setoption name Threads value 1", "setoption name Move Overhead value 50", "setoption name Ponder value false", "setoption name Hash value 16")
	if out := x.take(); out != "" {
		t.Errorf("good options answered:\n%s", out)
	}
	if x.u.overhead != 50*time.Millisecond || x.u.hashMB != 16 {
		t.Errorf("overhead %v, hash %d", x.u.overhead, x.u.hashMB)
	}
	x.send("setoption name Threads value 4", "setoption name Move Overhead value -3", "setoption name Nosuch value 1", "setoption name UCI_Variant value crazyhouse")
	out = x.take()
	for _, want := range []string{"option Threads", "option Move Overhead", "unknown option Nosuch", "unsupported variant crazyhouse"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if x.u.overhead != 50*time.Millisecond {
		t.Errorf("a refused value changed the overhead to %v", x.u.overhead)
	}
}

// quintet with no arguments is the UCI engine when its first input line is "uci" (as a
// GUI or lichess-bot starts it), and prints the usage otherwise.
func TestBareUCI(t *testing.T) {
	var out, errb bytes.Buffer
	code := bare(strings.NewReader("uci\nisready\nposition startpos\ngo depth 1\nquit\n"), false, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "uciok") || !strings.Contains(out.String(), "readyok") || len(bests(out.String())) != 1 {
		t.Errorf("exit %d:\n%s%s", code, out.String(), errb.String())
	}
	for _, c := range []struct {
		in       string
		terminal bool
	}{{"uci\n", true}, {"perft\n", false}, {"", false}, {strings.Repeat("u", 10000), false}} {
		out.Reset()
		errb.Reset()
		if code := bare(strings.NewReader(c.in), c.terminal, &out, &errb); code != 2 || !strings.Contains(errb.String(), "usage") || out.Len() != 0 {
			t.Errorf("%.10q terminal %v: exit %d, out %q", c.in, c.terminal, code, out.String())
		}
	}
}
