package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// runBestmove is "quintet bestmove": the AI's choice in one position, searched as the
// player to move with only what that player may see. Progress lines come first; the
// move, in UCI-style coordinates, is alone on the last line.
func runBestmove(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bestmove", stderr)
	variant := fs.String("variant", "chess", "game name")
	fen := fs.String("fen", "", "position text (default: the start position)")
	var opts optionList
	fs.Var(&opts, "options", "game option key=value (repeatable, or comma-separated)")
	movetime := fs.Int("movetime", 0, "think this many milliseconds")
	nodes := fs.Int64("nodes", 0, "search this many positions")
	depth := fs.Int("depth", 0, "search this many plies")
	level := fs.String("level", "", "play at a named level ("+levelNames()+")")
	budget := fs.Duration("budget", ai.DefaultBudget, "time budget of the time-based levels")
	seed := fs.Uint64("seed", 1, "seed of the level's random choices")
	quiet := fs.Bool("quiet", false, "print only the move")
	draw := fs.String("draw", "", "values of a pending chance draw, \"a\" or \"a+b\" (a die face, a capture's two numbers)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q (quote the -fen value)", fs.Args())
	}
	v, err := game.Lookup(*variant, opts...)
	if err != nil {
		return err
	}
	r, err := game.Load(v, *fen)
	if err != nil {
		return err
	}
	var par ai.Params
	switch {
	case *level != "":
		l, err := ai.LevelByName(*level)
		if err != nil {
			return err
		}
		par = l.Params(v, *budget, *seed)
	case *movetime > 0 || *nodes > 0 || *depth > 0:
		par.Limits = ai.Limits{Time: time.Duration(*movetime) * time.Millisecond, Nodes: *nodes, Depth: *depth}
		par.Seed = *seed
	default:
		par = ai.Levels[len(ai.Levels)-1].Params(v, *budget, *seed)
	}
	st := r.Next()
	if st.Kind == game.StepDraw && *draw != "" {
		var in game.Input
		in.Kind = game.InputDraw
		for i, f := range strings.SplitN(*draw, "+", 2) {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 0 || n >= max(st.Range, 1) {
				return fmt.Errorf("-draw %q: want values 0–%d", *draw, st.Range-1)
			}
			in.Values[i] = uint8(n)
		}
		if _, err := r.Apply(in); err != nil {
			return fmt.Errorf("-draw %q: %v", *draw, err)
		}
		st = r.Next()
	}
	if st.Kind != game.StepMove {
		return fmt.Errorf("the position needs a %v, not a move (give a pending draw with -draw)", st.Kind)
	}
	par.Player = st.OnlyPlayer()
	view := r.View(par.Player)
	if !*quiet {
		par.Progress = func(in ai.Info) {
			fmt.Fprintf(stdout, "info depth %d score %s nodes %d time %d pv %s\n",
				in.Depth, scoreText(in.Score), in.Nodes, in.Time.Milliseconds(), movesText(in.PV))
		}
	}
	res, err := ai.NewEngine(64).Search(context.Background(), view, par)
	if err != nil {
		return err
	}
	if !*quiet {
		nps := float64(res.Nodes) / max(res.Time.Seconds(), 1e-6)
		fmt.Fprintf(stdout, "depth %d score %s nodes %d time %d nps %.0f\n",
			res.Depth, scoreText(res.Score), res.Nodes, res.Time.Milliseconds(), nps)
	}
	fmt.Fprintln(stdout, moveWord(view, par.Player, res.Move))
	return nil
}

// moveWord is the move as a word that reads back as the same move: UCI-style
// coordinates when they do, else the game's notation, with the secret part typed after a
// colon when the move fixes a secret ("crown:K", "S@e4:1", "hide:E5").
func moveWord(r game.Rules, c game.Color, m game.Move) string {
	text := r.MoveText(m)
	bases := []string{m.UCI()}
	switch m.Kind {
	case game.Choose:
		bases = append(bases, "crown")
	case game.HideCrown:
		bases = append(bases, "hide")
	}
	bases = append(bases, strings.Fields(text + " x")[0], text)
	suffixes := []string{"", ":K", ":D", ":0", ":1", ":O", ":X", ":" + strings.ToUpper(m.To.String())}
	for _, b := range bases {
		for _, sfx := range suffixes {
			if back, err := r.ParseMove(c, b+sfx); err == nil && back == m {
				return b + sfx
			}
		}
	}
	return text
}

// scoreText is a score as UCI writes it: "cp 35" or "mate 3" (negative: being mated).
func scoreText(s int) string {
	switch {
	case s > ai.MateBound:
		return fmt.Sprintf("mate %d", (ai.Mate-s+1)/2)
	case s < -ai.MateBound:
		return fmt.Sprintf("mate -%d", (ai.Mate+s)/2)
	}
	return fmt.Sprintf("cp %d", s)
}

func movesText(ms []game.Move) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.UCI())
	}
	return b.String()
}

func levelNames() string {
	names := make([]string, len(ai.Levels))
	for i, l := range ai.Levels {
		names[i] = l.Name
	}
	return strings.Join(names, ", ")
}

// optionList collects -options values: "k=v" pairs, repeatable or comma-separated.
type optionList []string

func (o *optionList) String() string { return strings.Join(*o, ",") }

func (o *optionList) Set(s string) error {
	for _, kv := range strings.Split(s, ",") {
		if kv = strings.TrimSpace(kv); kv != "" {
			if !strings.Contains(kv, "=") {
				return fmt.Errorf("option %q: want key=value", kv)
			}
			*o = append(*o, kv)
		}
	}
	return nil
}
