package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// runUCI is "quintet uci": our engine speaking the Universal Chess Interface on
// stdin/stdout, for chess and forced capture (option UCI_Variant), so that standard
// tools can pit it against other engines.
func runUCI(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("uci", stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	return serveUCI(os.Stdin, stdout)
}

// uciEngine is the state of one UCI session.
type uciEngine struct {
	mu      sync.Mutex // guards out
	out     io.Writer
	variant string
	hashMB  int
	eng     *ai.Engine
	rules   game.Rules
	cancel  context.CancelFunc
	done    chan struct{}
}

func serveUCI(in io.Reader, out io.Writer) error {
	u := &uciEngine{out: out, variant: "chess", hashMB: 32}
	u.eng = ai.NewEngine(u.hashMB)
	if err := u.setPosition("startpos"); err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		cmd, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch cmd {
		case "uci":
			u.say("id name Quintet")
			u.say("id author the Quintet team")
			u.say("option name UCI_Variant type combo default chess var chess var forced")
			u.say("option name Hash type spin default 32 min 1 max 1024")
			u.say("uciok")
		case "isready":
			u.say("readyok")
		case "setoption":
			u.setOption(rest)
		case "ucinewgame":
			u.stop()
			u.eng.Clear()
		case "position":
			u.stop()
			if err := u.setPosition(rest); err != nil {
				u.say("info string " + err.Error())
			}
		case "go":
			u.stop()
			u.goSearch(rest)
		case "stop":
			u.stop()
		case "quit":
			u.stop()
			return nil
		case "":
		default:
			u.say("info string unknown command " + cmd)
		}
	}
	u.stop()
	return sc.Err()
}

func (u *uciEngine) say(s string) {
	u.mu.Lock()
	fmt.Fprintln(u.out, s)
	u.mu.Unlock()
}

func (u *uciEngine) setOption(s string) {
	// "name NAME value VALUE"
	s = strings.TrimPrefix(s, "name ")
	name, val, _ := strings.Cut(s, " value ")
	name, val = strings.TrimSpace(name), strings.TrimSpace(val)
	switch strings.ToLower(name) {
	case "uci_variant":
		val = strings.ToLower(val)
		if val != "chess" && val != "forced" {
			u.say("info string unsupported variant " + val)
			return
		}
		u.stop()
		u.variant = val
		u.eng.Clear()
		if err := u.setPosition("startpos"); err != nil {
			u.say("info string " + err.Error())
		}
	case "hash":
		if n, err := strconv.Atoi(val); err == nil && n >= 1 && n <= 1024 {
			u.stop()
			u.hashMB = n
			u.eng = ai.NewEngine(n)
		}
	}
}

// setPosition reads "startpos [moves …]" or "fen FEN [moves …]".
func (u *uciEngine) setPosition(s string) error {
	v, err := game.Lookup(u.variant)
	if err != nil {
		return err
	}
	text := ""
	var moves []string
	head, tail, _ := strings.Cut(s, " moves ")
	if strings.HasSuffix(s, " moves") {
		head = strings.TrimSuffix(s, " moves")
	}
	head = strings.TrimSpace(head)
	switch {
	case head == "startpos":
	case strings.HasPrefix(head, "fen "):
		text = strings.TrimSpace(strings.TrimPrefix(head, "fen "))
	default:
		return fmt.Errorf("position %q: want startpos or fen", s)
	}
	moves = strings.Fields(tail)
	r, err := game.Load(v, text)
	if err != nil {
		return err
	}
	for _, ms := range moves {
		c := r.Next().OnlyPlayer()
		m, err := r.ParseMove(c, ms)
		if err != nil {
			return fmt.Errorf("move %s: %v", ms, err)
		}
		if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
			return fmt.Errorf("move %s: %v", ms, err)
		}
	}
	u.rules = r
	return nil
}

// goSearch starts a search on its own goroutine; "stop" cancels it, and it always ends
// with a bestmove line.
func (u *uciEngine) goSearch(s string) {
	f := strings.Fields(s)
	val := func(i int) int64 {
		if i+1 < len(f) {
			n, _ := strconv.ParseInt(f[i+1], 10, 64)
			return n
		}
		return 0
	}
	var lim ai.Limits
	var left, inc [2]int64
	togo := int64(0)
	for i, w := range f {
		switch w {
		case "movetime":
			lim.Time = time.Duration(val(i)) * time.Millisecond
		case "nodes":
			lim.Nodes = val(i)
		case "depth":
			lim.Depth = int(val(i))
		case "wtime":
			left[0] = val(i)
		case "btime":
			left[1] = val(i)
		case "winc":
			inc[0] = val(i)
		case "binc":
			inc[1] = val(i)
		case "movestogo":
			togo = val(i)
		}
	}
	r := u.rules
	side := r.Next().OnlyPlayer()
	if lim.Time == 0 && left[side] > 0 {
		n := int64(30)
		if togo > 0 {
			n = min(togo+1, 30)
		}
		ms := left[side]/n + inc[side]*3/4
		ms = min(ms, left[side]/3)
		lim.Time = time.Duration(max(ms, 10)) * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	u.cancel = cancel
	u.done = make(chan struct{})
	par := ai.Params{Limits: lim, Player: side, Progress: func(in ai.Info) {
		nps := int64(float64(in.Nodes) / max(in.Time.Seconds(), 1e-3))
		u.say(fmt.Sprintf("info depth %d score %s nodes %d nps %d time %d pv %s",
			in.Depth, scoreText(in.Score), in.Nodes, nps, in.Time.Milliseconds(), movesText(in.PV)))
	}}
	view := r.View(side)
	go func() {
		defer close(u.done)
		res, err := u.eng.Search(ctx, view, par)
		if err != nil {
			u.say("info string " + err.Error())
			u.say("bestmove 0000")
			return
		}
		u.say("bestmove " + res.Move.UCI())
	}()
}

// stop ends a running search and waits for its bestmove.
func (u *uciEngine) stop() {
	if u.cancel == nil {
		return
	}
	u.cancel()
	<-u.done
	u.cancel = nil
}
