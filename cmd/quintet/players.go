package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// player is one side of an arena game: it is shown a view and the game so far, and
// answers with an action.
type player interface {
	name() string
	newGame() error
	choose(view game.Rules, side game.Color, g *game.Game) (game.Move, error)
	close()
}

// newPlayer builds a player from a SPEC: a level name, "greedy", "random", "plain" (the
// yardstick of yardstick.go: movetime and depth, default the budget and 3), or
// "uci:COMMAND", each optionally followed by ",key=value" settings (movetime=MS,
// nodes=N, depth=N, budget=DURATION, noise=CENTIPAWNS,
// overlook=PERCENT; for UCI engines any other key is sent as an option).
func newPlayer(spec string, variant string, budget time.Duration, seed uint64) (player, error) {
	parts := strings.Split(spec, ",")
	head := strings.TrimSpace(parts[0])
	settings := map[string]string{}
	var order []string
	for _, kv := range parts[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("spec %q: setting %q is not key=value", spec, kv)
		}
		k = strings.TrimSpace(k)
		settings[k] = strings.TrimSpace(v)
		order = append(order, k)
	}
	var lim ai.Limits
	for _, k := range []string{"movetime", "nodes", "depth"} {
		s, ok := settings[k]
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("spec %q: %s=%q is not a positive number", spec, k, s)
		}
		switch k {
		case "movetime":
			lim.Time = time.Duration(n) * time.Millisecond
		case "nodes":
			lim.Nodes = n
		case "depth":
			lim.Depth = int(n)
		}
		delete(settings, k)
	}
	// A level's errors: noise in centipawns, overlook in percent of its moves.
	errs := map[string]int{}
	for _, k := range []string{"noise", "overlook"} {
		s, ok := settings[k]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || k == "overlook" && n > 100 {
			return nil, fmt.Errorf("spec %q: %s=%q is out of range", spec, k, s)
		}
		errs[k] = n
		delete(settings, k)
	}
	if s, ok := settings["budget"]; ok {
		d, err := time.ParseDuration(s)
		if err != nil {
			return nil, fmt.Errorf("spec %q: budget: %v", spec, err)
		}
		budget = d
		delete(settings, "budget")
	}
	switch {
	case strings.HasPrefix(head, "uci:"):
		if lim == (ai.Limits{}) {
			lim.Time = 100 * time.Millisecond
		}
		var opts [][2]string
		for _, k := range order {
			if v, ok := settings[k]; ok {
				opts = append(opts, [2]string{k, v})
			}
		}
		return newUCIPlayer(spec, strings.TrimPrefix(head, "uci:"), variant, lim, opts)
	case len(settings) > 0:
		return nil, fmt.Errorf("spec %q: unknown settings %v", spec, settings)
	case head == "greedy":
		return &greedyPlayer{seed: seed}, nil
	case head == "random":
		return &randomPlayer{seed: seed}, nil
	case head == "plain":
		y := &yardstickPlayer{depth: 3, time: lim.Time, cands: plainCandidates, seed: seed}
		if lim.Depth > 0 {
			y.depth = lim.Depth
		}
		if lim == (ai.Limits{}) {
			y.time = budget
		}
		return y, nil
	}
	l, err := ai.LevelByName(head)
	if err != nil {
		return nil, fmt.Errorf("spec %q: %v (or greedy, random, uci:COMMAND)", spec, err)
	}
	v, err := game.Lookup(variant)
	if err != nil {
		return nil, err
	}
	par := l.Params(v, budget, seed)
	if lim != (ai.Limits{}) {
		par.Limits = lim
	}
	if n, ok := errs["noise"]; ok {
		par.Noise = n
	}
	if n, ok := errs["overlook"]; ok {
		par.Overlook = n
	}
	return &aiPlayer{spec: spec, par: par, eng: ai.NewEngine(32)}, nil
}

// aiPlayer is our engine at a level.
type aiPlayer struct {
	spec  string
	par   ai.Params
	eng   *ai.Engine
	moves int
	nodes int64
	time  time.Duration
	times []time.Duration // each move's, for the spread of a timed level
}

func (a *aiPlayer) name() string { return a.spec }

// timeSpread describes the moves' times against the time limit T: the median, the
// 90th percentile and the longest, and how many moves took under 90% of T (a forced
// reply, a proven win) or over T+20 ms.
func (a *aiPlayer) timeSpread() string {
	T := a.par.Limits.Time
	if T == 0 || len(a.times) == 0 {
		return ""
	}
	ts := slices.Clone(a.times)
	slices.Sort(ts)
	under, over := 0, 0
	for _, t := range ts {
		if t < T*9/10 {
			under++
		}
		if t > T+20*time.Millisecond {
			over++
		}
	}
	ms := func(d time.Duration) int64 { return d.Milliseconds() }
	return fmt.Sprintf("; of %d ms: median %d, 90%% %d, max %d ms; %d under 90%%, %d over +20 ms",
		ms(T), ms(ts[len(ts)/2]), ms(ts[len(ts)*9/10]), ms(ts[len(ts)-1]), under, over)
}
func (a *aiPlayer) close()         {}
func (a *aiPlayer) newGame() error { a.eng.Clear(); return nil }

func (a *aiPlayer) choose(view game.Rules, side game.Color, _ *game.Game) (game.Move, error) {
	par := a.par
	par.Player = side
	par.Seed += uint64(a.moves) * 0x9E3779B97F4A7C15
	res, err := a.eng.Search(context.Background(), view, par)
	if err != nil {
		return game.NullMove, err
	}
	a.moves++
	a.nodes += res.Nodes
	a.time += res.Time
	a.times = append(a.times, res.Time)
	return res.Move, nil
}

type greedyPlayer struct {
	seed  uint64
	moves uint64
}

func (g *greedyPlayer) name() string   { return "greedy" }
func (g *greedyPlayer) close()         {}
func (g *greedyPlayer) newGame() error { return nil }
func (g *greedyPlayer) choose(view game.Rules, side game.Color, _ *game.Game) (game.Move, error) {
	g.moves++
	return ai.Greedy(view, side, g.seed+g.moves*0x9E3779B97F4A7C15)
}

type randomPlayer struct {
	seed  uint64
	moves uint64
}

func (g *randomPlayer) name() string   { return "random" }
func (g *randomPlayer) close()         {}
func (g *randomPlayer) newGame() error { return nil }
func (g *randomPlayer) choose(view game.Rules, side game.Color, _ *game.Game) (game.Move, error) {
	ms := view.Moves(side, nil)
	if len(ms) == 0 {
		return game.NullMove, ai.ErrNoMove
	}
	g.moves++
	return ms[splitmix(g.seed+g.moves)%uint64(len(ms))], nil
}

// uciPlayer drives an external UCI engine (chess and forced capture).
type uciPlayer struct {
	spec    string
	variant string
	lim     ai.Limits
	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan string
}

func newUCIPlayer(spec, command, variant string, lim ai.Limits, opts [][2]string) (*uciPlayer, error) {
	if variant != "chess" && variant != "forced" {
		return nil, fmt.Errorf("spec %q: UCI engines play only chess and forced", spec)
	}
	f := strings.Fields(command)
	if len(f) == 0 {
		return nil, fmt.Errorf("spec %q: no command", spec)
	}
	cmd := exec.Command(f[0], f[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("spec %q: %v", spec, err)
	}
	u := &uciPlayer{spec: spec, variant: variant, lim: lim, cmd: cmd, in: in, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			u.lines <- sc.Text()
		}
		close(u.lines)
	}()
	u.send("uci")
	if _, err := u.await("uciok", 10*time.Second); err != nil {
		u.close()
		return nil, err
	}
	if variant == "forced" {
		// The name Fairy-Stockfish (and lichess) give the game; our own UCI knows it too.
		u.send("setoption name UCI_Variant value forcedcapture")
	}
	for _, o := range opts {
		u.send("setoption name " + o[0] + " value " + o[1])
	}
	return u, nil
}

func (u *uciPlayer) name() string { return u.spec }

func (u *uciPlayer) send(s string) { fmt.Fprintln(u.in, s) }

// await reads lines until one starts with prefix, and returns it.
func (u *uciPlayer) await(prefix string, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for {
		select {
		case l, ok := <-u.lines:
			if !ok {
				return "", fmt.Errorf("%s: engine closed its output", u.spec)
			}
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
		case <-ctx.Done():
			return "", fmt.Errorf("%s: no %q within %v", u.spec, prefix, timeout)
		}
	}
}

func (u *uciPlayer) newGame() error {
	u.send("ucinewgame")
	u.send("isready")
	_, err := u.await("readyok", 10*time.Second)
	return err
}

func (u *uciPlayer) choose(view game.Rules, side game.Color, g *game.Game) (game.Move, error) {
	var b strings.Builder
	start := g.StartText()
	if start == "" {
		start = g.Variant().Start
	}
	b.WriteString("position fen " + start)
	if es := g.Entries(); len(es) > 0 {
		b.WriteString(" moves")
		for _, e := range es {
			b.WriteString(" " + e.Input.Move.UCI())
		}
	}
	u.send(b.String())
	goCmd := "go"
	if u.lim.Time > 0 {
		goCmd += fmt.Sprintf(" movetime %d", u.lim.Time.Milliseconds())
	}
	if u.lim.Nodes > 0 {
		goCmd += fmt.Sprintf(" nodes %d", u.lim.Nodes)
	}
	if u.lim.Depth > 0 {
		goCmd += fmt.Sprintf(" depth %d", u.lim.Depth)
	}
	u.send(goCmd)
	l, err := u.await("bestmove", u.lim.Time*10+60*time.Second)
	if err != nil {
		return game.NullMove, err
	}
	f := strings.Fields(l)
	if len(f) < 2 {
		return game.NullMove, fmt.Errorf("%s: bad reply %q", u.spec, l)
	}
	m, err := view.ParseMove(side, f[1])
	if err != nil {
		return game.NullMove, fmt.Errorf("%s: move %q: %v", u.spec, f[1], err)
	}
	return m, nil
}

func (u *uciPlayer) close() {
	u.send("quit")
	u.in.Close()
	done := make(chan struct{})
	go func() { u.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		u.cmd.Process.Kill()
		<-done
	}
}

func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}
