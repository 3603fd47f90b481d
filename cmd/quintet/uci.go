package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// runUCI is "quintet uci": our engine speaking the Universal Chess Interface on
// stdin/stdout, for chess and forced capture (option UCI_Variant), so that standard
// tools and GUIs (cutechess, Arena, BanksiaGUI, lichess-bot) can drive it.
func runUCI(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("uci", stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	return serveUCI(os.Stdin, stdout)
}

// version is what "id name" carries: the module version, or the commit the binary was
// built from ("dev" when neither is known, as under go test).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}

// uciVariants are the UCI_Variant values we play, with the names other engines use.
var uciVariants = map[string]string{"chess": "chess", "standard": "chess", "forced": "forced", "forcedcapture": "forced"}

// uciEngine is the state of one UCI session.
type uciEngine struct {
	mu       sync.Mutex // guards out
	out      io.Writer
	variant  string
	hashMB   int
	overhead time.Duration // Move Overhead: kept back from every clock-derived budget
	debug    bool
	eng      *ai.Engine
	rules    game.Rules
	run      *uciSearch // the search under way, nil when none
}

// uciSearch is one "go": its goroutine prints the bestmove when it ends, but an infinite
// or pondering search holds it until "stop" or "ponderhit", as the protocol asks.
type uciSearch struct {
	cancel   context.CancelFunc
	searched chan struct{} // closed when the search has its move
	done     chan struct{} // closed when the bestmove is printed
	release  chan struct{} // closed when the bestmove may be printed
	once     sync.Once
	ponder   bool          // a "go ponder" not yet hit
	budget   time.Duration // after ponderhit: the time the clocks give, 0 for none
	waitStop bool          // after ponderhit: no limit at all, so wait for stop
}

func (s *uciSearch) free() { s.once.Do(func() { close(s.release) }) }

func serveUCI(in io.Reader, out io.Writer) error {
	u := newUCI(out)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		if u.handle(sc.Text()) {
			return nil
		}
	}
	u.stop()
	return sc.Err()
}

// newUCI is a session writing to out, on the start position of chess.
func newUCI(out io.Writer) *uciEngine {
	u := &uciEngine{out: out, variant: "chess", hashMB: 32, overhead: 10 * time.Millisecond}
	u.eng = ai.NewEngine(u.hashMB)
	u.setPosition("startpos")
	return u
}

// handle obeys one line from the GUI; it reports true on quit.
func (u *uciEngine) handle(line string) bool {
	cmd, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	rest = strings.TrimSpace(rest)
	switch cmd {
	case "uci":
		u.say("id name Quintet " + version())
		u.say("id author the Quintet team")
		u.say("option name UCI_Variant type combo default chess var chess var forced var forcedcapture")
		u.say("option name Hash type spin default 32 min 1 max 1024")
		u.say("option name Threads type spin default 1 min 1 max 1")
		u.say("option name Move Overhead type spin default 10 min 0 max 5000")
		u.say("option name Ponder type check default false")
		u.say("uciok")
	case "debug":
		u.debug = rest == "on"
	case "isready":
		u.say("readyok")
	case "setoption":
		u.setOption(rest)
	case "ucinewgame":
		u.stop()
		u.eng.Clear()
	case "position":
		u.stop()
		u.setPosition(rest)
	case "go":
		u.stop()
		u.goSearch(rest)
	case "ponderhit":
		u.ponderhit()
	case "stop":
		u.stop()
	case "quit":
		u.stop()
		return true
	case "":
	default:
		u.say("info string unknown command " + cmd)
	}
	return false
}

func (u *uciEngine) say(s string) {
	u.mu.Lock()
	fmt.Fprintln(u.out, s)
	u.mu.Unlock()
}

func (u *uciEngine) setOption(s string) {
	// "name NAME [value VALUE]"; names may hold spaces ("Move Overhead").
	s = strings.TrimPrefix(s, "name ")
	name, val, _ := strings.Cut(s, " value ")
	name, val = strings.TrimSpace(name), strings.TrimSpace(val)
	spin := func(lo, hi int) (int, bool) {
		n, err := strconv.Atoi(val)
		if err != nil || n < lo || n > hi {
			u.say(fmt.Sprintf("info string option %s: value %q, want %d to %d", name, val, lo, hi))
			return 0, false
		}
		return n, true
	}
	switch strings.ToLower(name) {
	case "uci_variant":
		v, ok := uciVariants[strings.ToLower(val)]
		if !ok {
			u.say("info string unsupported variant " + val + " (chess, forced)")
			return
		}
		u.stop()
		u.variant = v
		u.eng.Clear()
		u.setPosition("startpos")
	case "hash":
		if n, ok := spin(1, 1024); ok {
			u.stop()
			u.hashMB = n
			u.eng = ai.NewEngine(n)
		}
	case "threads":
		spin(1, 1) // one search thread: the option exists because GUIs set it
	case "move overhead":
		if n, ok := spin(0, 5000); ok {
			u.overhead = time.Duration(n) * time.Millisecond
		}
	case "ponder":
		// The GUI tells whether it will ask "go ponder"; nothing to set up for it.
	default:
		u.say("info string unknown option " + name)
	}
}

// setPosition reads "startpos [moves …]" or "fen FEN [moves …]". It never keeps the
// previous game: a bad FEN gives the start position, an illegal move the position after
// the moves before it, each said in an info string (as Stockfish does).
func (u *uciEngine) setPosition(s string) {
	v, err := game.Lookup(u.variant)
	if err != nil {
		u.say("info string " + err.Error())
		return
	}
	head, tail, _ := strings.Cut(s, " moves ")
	if strings.HasSuffix(s, " moves") || s == "moves" {
		head, tail = strings.TrimSuffix(s, "moves"), ""
	}
	head = strings.TrimSpace(head)
	text := ""
	switch {
	case head == "startpos":
	case strings.HasPrefix(head, "fen "):
		text = strings.TrimSpace(strings.TrimPrefix(head, "fen "))
	default:
		u.say(fmt.Sprintf("info string position %q: want startpos or fen FEN; the start position is set", s))
		u.rules, _ = game.Load(v, "")
		return
	}
	r, err := game.Load(v, text)
	if err != nil {
		u.say("info string " + err.Error() + "; the start position is set, its moves ignored")
		u.rules, _ = game.Load(v, "")
		return
	}
	u.rules = r
	for i, ms := range strings.Fields(tail) {
		st := r.Next()
		var m game.Move
		if st.Kind == game.StepMove {
			m, err = r.ParseMove(st.OnlyPlayer(), ms)
			if err == nil && !isCoordinate(ms) {
				err = fmt.Errorf("not a move in coordinates")
			}
			if err == nil {
				_, err = r.Apply(game.Input{Kind: game.InputMove, Player: st.OnlyPlayer(), Move: m})
			}
		} else {
			err = fmt.Errorf("the game is over")
		}
		if err != nil {
			u.say(fmt.Sprintf("info string illegal move %s (move %d: %v); the position after the %d before it is set", ms, i+1, err, i))
			return
		}
	}
}

// isCoordinate reports whether s is a move in UCI's coordinates ("e2e4", "e7e8q").
func isCoordinate(s string) bool {
	sq := func(a, b byte) bool { return a >= 'a' && a <= 'h' && b >= '1' && b <= '8' }
	switch len(s) {
	case 4:
		return sq(s[0], s[1]) && sq(s[2], s[3])
	case 5:
		return sq(s[0], s[1]) && sq(s[2], s[3]) && strings.IndexByte("qrbn", s[4]) >= 0
	}
	return false
}

// goWords are the words of "go" that take no value or start a list.
var goWords = []string{"searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime", "infinite"}

// uciGo is a parsed "go".
type uciGo struct {
	lim         ai.Limits
	infinite    bool
	ponder      bool
	clock       bool // wtime/btime given for the side to move
	budget      time.Duration
	prompt      bool // a clock or move time of 0 or less, or not a number: move at once
	searchmoves []game.Move
}

// parseGo reads the words of "go" for the side to move in r, telling the GUI about any
// it cannot use.
func (u *uciEngine) parseGo(s string, r game.Rules, side game.Color) uciGo {
	var g uciGo
	f := strings.Fields(s)
	var left, inc [2]int64
	var given [2]bool
	togo := int64(0)
	for i := 0; i < len(f); i++ {
		w := f[i]
		num := func() (int64, bool) {
			if i+1 >= len(f) || slices.Contains(goWords, f[i+1]) {
				u.say("info string go " + w + ": no value")
				return 0, false
			}
			i++
			n, err := strconv.ParseInt(f[i], 10, 64)
			if err != nil {
				u.say(fmt.Sprintf("info string go %s %s: not a whole number", w, f[i]))
				return 0, false
			}
			return n, true
		}
		switch w {
		case "infinite":
			g.infinite = true
		case "ponder":
			g.ponder = true
		case "searchmoves":
			for i+1 < len(f) && !slices.Contains(goWords, f[i+1]) {
				i++
				m, err := r.ParseMove(side, f[i])
				if err != nil || !isCoordinate(f[i]) {
					u.say("info string searchmoves: " + f[i] + " is not a legal move here")
					continue
				}
				if !slices.Contains(g.searchmoves, m) {
					g.searchmoves = append(g.searchmoves, m)
				}
			}
		case "wtime", "btime":
			c := game.White
			if w == "btime" {
				c = game.Black
			}
			n, ok := num()
			left[c], given[c] = n, true
			if c == side && (!ok || n <= 0) {
				g.prompt = true
			}
		case "winc", "binc":
			n, _ := num()
			inc[b2c(w == "binc")] = max(n, 0)
		case "movestogo":
			n, _ := num()
			togo = max(n, 0)
		case "movetime":
			n, ok := num()
			if !ok || n <= 0 {
				g.prompt = true
			} else {
				g.lim.Time = max(time.Duration(n)*time.Millisecond-u.overhead, time.Millisecond)
			}
		case "nodes":
			if n, ok := num(); ok && n > 0 {
				g.lim.Nodes = n
			}
		case "depth":
			if n, ok := num(); ok && n > 0 {
				g.lim.Depth = int(min(n, 100))
			}
		case "mate":
			// A mate in n moves is found within 2n-1 plies.
			if n, ok := num(); ok && n > 0 {
				g.lim.Depth = int(min(2*n-1, 100))
			}
		default:
			u.say("info string go: unknown word " + w)
		}
	}
	if given[side] && left[side] > 0 {
		g.clock = true
		n := int64(30)
		if togo > 0 {
			n = min(togo+1, 30)
		}
		ms := left[side]/n + inc[side]*3/4
		ms = min(ms, left[side]/3)
		g.budget = max(time.Duration(ms)*time.Millisecond-u.overhead, 10*time.Millisecond)
	}
	return g
}

func b2c(black bool) game.Color {
	if black {
		return game.Black
	}
	return game.White
}

// goSearch starts a search on its own goroutine; "stop" cancels it, and it always ends
// with a bestmove line.
func (u *uciEngine) goSearch(s string) {
	r := u.rules
	side := r.Next().OnlyPlayer()
	g := u.parseGo(s, r, side)
	lim := g.lim
	switch {
	case g.prompt && !g.ponder && !g.infinite:
		// No time to think: the best move of a one-ply look, at once.
		lim = ai.Limits{Depth: 1}
	case g.clock && lim.Time == 0 && !g.ponder && !g.infinite:
		lim.Time = g.budget
	}
	if g.infinite {
		lim = ai.Limits{Depth: lim.Depth, Nodes: lim.Nodes}
	}
	if u.debug {
		u.say(fmt.Sprintf("info string go: time %v nodes %d depth %d infinite %v ponder %v searchmoves %d",
			lim.Time, lim.Nodes, lim.Depth, g.infinite, g.ponder, len(g.searchmoves)))
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &uciSearch{cancel: cancel, searched: make(chan struct{}), done: make(chan struct{}), release: make(chan struct{}), ponder: g.ponder}
	if g.ponder {
		// Pondering searches without limits of time; ponderhit starts the clock.
		run.budget = g.budget
		if lim.Time > 0 {
			run.budget = lim.Time
		}
		if g.prompt {
			run.budget = time.Millisecond
		}
		run.waitStop = run.budget == 0 && lim.Nodes == 0 && lim.Depth == 0
		lim.Time = 0
	}
	if !g.infinite && !g.ponder {
		run.free()
	}
	u.run = run
	go func() {
		defer close(run.done)
		res, err := u.best(ctx, r, side, lim, g.searchmoves)
		close(run.searched)
		<-run.release
		if err != nil {
			u.say("info string " + err.Error())
			u.say("bestmove 0000")
			return
		}
		line := "bestmove " + res.Move.UCI()
		if len(res.PV) > 1 && res.PV[0] == res.Move {
			line += " ponder " + res.PV[1].UCI()
		}
		u.say(line)
	}()
}

// best searches r for side within lim, among the moves only when given (searchmoves).
func (u *uciEngine) best(ctx context.Context, r game.Rules, side game.Color, lim ai.Limits, only []game.Move) (ai.Result, error) {
	report := func(in ai.Info) {
		nps := int64(float64(in.Nodes) / max(in.Time.Seconds(), 1e-3))
		u.say(fmt.Sprintf("info depth %d score %s nodes %d nps %d time %d pv %s",
			in.Depth, scoreText(in.Score), in.Nodes, nps, in.Time.Milliseconds(), movesText(in.PV)))
	}
	all := r.Moves(side, nil)
	if len(only) == 0 || len(only) == len(all) {
		return u.eng.Search(ctx, r.View(side), ai.Params{Limits: lim, Player: side, Progress: report})
	}
	return u.searchAmong(ctx, r, side, lim, only, report)
}

// searchAmong is searchmoves: each candidate is searched as the opponent's reply to it,
// one depth more at a time, until the limits or the context end it; the best candidate
// of the last complete round is the move. The engine's own search stays untouched.
func (u *uciEngine) searchAmong(ctx context.Context, r game.Rules, side game.Color, lim ai.Limits, only []game.Move, report func(ai.Info)) (ai.Result, error) {
	start := time.Now()
	if lim.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lim.Time)
		defer cancel()
	}
	best := ai.Result{Move: only[0], Info: ai.Info{PV: []game.Move{only[0]}}}
	var nodes int64
	for depth := 1; lim.Depth == 0 || depth <= lim.Depth; depth++ {
		round := ai.Result{Info: ai.Info{Score: -ai.Mate - 1}}
		for _, m := range only {
			c := r.Clone()
			if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: side, Move: m}); err != nil {
				return ai.Result{}, err
			}
			score, pv := 0, []game.Move{m}
			switch out := c.Outcome(); {
			case out.Result == game.WinFor(side):
				score = ai.Mate - 1
			case out.Over():
				score = 0
				if out.Result == game.WinFor(side.Other()) {
					score = -ai.Mate + 1
				}
			default:
				sub := ai.Limits{Depth: depth}
				if lim.Nodes > 0 {
					sub.Nodes = max((lim.Nodes-nodes)/int64(len(only)), 1)
				}
				res, err := u.eng.Search(ctx, c.View(side.Other()), ai.Params{Limits: sub, Player: side.Other()})
				if err != nil {
					score = 0 // the opponent has no move: stalemate
				} else {
					score = fromChild(res.Score)
					pv = append(pv, res.PV...)
				}
				nodes += res.Nodes
			}
			if ctx.Err() != nil {
				return best, nil
			}
			if score > round.Score {
				round = ai.Result{Move: m, Info: ai.Info{Score: score, PV: pv}}
			}
		}
		round.Depth, round.Nodes, round.Time = depth, nodes, time.Since(start)
		best = round
		report(best.Info)
		if lim.Nodes > 0 && nodes >= lim.Nodes || best.Score > ai.MateBound {
			break
		}
	}
	return best, nil
}

// fromChild is the score of a move from the score of the opponent's search after it: the
// other sign, a mate one ply further away.
func fromChild(s int) int {
	switch {
	case s > ai.MateBound:
		return -s + 1
	case s < -ai.MateBound:
		return -s - 1
	}
	return -s
}

// ponderhit: the opponent played the expected move; the search goes on as a normal one,
// with the time the clocks gave.
func (u *uciEngine) ponderhit() {
	run := u.run
	if run == nil || !run.ponder {
		return
	}
	run.ponder = false
	select {
	case <-run.searched:
	default:
		if run.budget > 0 {
			time.AfterFunc(run.budget, run.cancel)
		}
	}
	if !run.waitStop {
		run.free()
	}
}

// stop ends a running search and waits for its bestmove.
func (u *uciEngine) stop() {
	run := u.run
	if run == nil {
		return
	}
	run.cancel()
	run.free()
	<-run.done
	u.run = nil
}
