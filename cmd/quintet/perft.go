package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// runPerft is "quintet perft": the leaf node count of a position to a depth, optionally
// split by first move (-divide) and timed (-bench). The count is alone on the last line.
func runPerft(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("perft", stderr)
	variant := fs.String("variant", "chess", "game name (one of the registered variants)")
	options := fs.String("options", "", "variant options, space-separated key=value pairs (\"board=8x8 nodice=on\")")
	fen := fs.String("fen", "", "position text (default: the variant's start position)")
	depth := fs.Int("depth", 1, "depth in plies (at least 1)")
	divide := fs.Bool("divide", false, "print the count of every first move as 'move: count'")
	bench := fs.Bool("bench", false, "print the elapsed time and leaf nodes per second")
	chance := fs.String("chance", "draws", "how a random draw branches: draws (every value), outcomes (once per outcome: "+
		"a capture's success, miss and attacker-dies), success (every capture attempt succeeds)")
	secrets := fs.String("secrets", "full", "how Crown's secrets count: full (each value of a secret choice is an action, "+
		"reveals answered truly) or public (a secret choice is one action, every reveal answered so that play goes on, "+
		"no crown event ends the game: the count an engine without secrets can check)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var opts game.PerftOptions
	var err error
	if opts.Chance, err = game.ParseChanceMode(*chance); err != nil {
		return err
	}
	if opts.Secrets, err = game.ParseSecretMode(*secrets); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q (quote the -fen value)", fs.Args())
	}
	if *depth < 1 {
		return fmt.Errorf("-depth %d: want at least 1", *depth)
	}
	v, err := game.Lookup(*variant, strings.Fields(*options)...)
	if err != nil {
		return err
	}
	if v.Load != nil {
		// A game with its own rules (draws, reveals, joint moves): the generic perft.
		return perftRules(v, *fen, *depth, opts, *divide, *bench, stdout)
	}
	if opts != (game.PerftOptions{}) {
		return fmt.Errorf("%s has no random draws and no secrets: -chance and -secrets do not apply", v.Name)
	}
	if *fen == "" {
		*fen = v.Start
	}
	p, err := game.ParseFEN(v, *fen)
	if err != nil {
		return err
	}

	start := time.Now()
	var nodes int64
	if *divide {
		counts := p.Divide(*depth)
		lines := make([]string, 0, len(counts))
		for m, n := range counts {
			lines = append(lines, fmt.Sprintf("%s: %d", m.UCI(), n))
			nodes += n
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(stdout, l)
		}
	} else {
		nodes = p.Perft(*depth)
	}
	elapsed := time.Since(start)

	if *bench {
		nps := float64(nodes) / elapsed.Seconds()
		fmt.Fprintf(stdout, "time %v, %.0f leaf nodes/s (%.2f M/s)\n", elapsed.Round(time.Microsecond), nps, nps/1e6)
	}
	fmt.Fprintln(stdout, nodes)
	return nil
}

// perftRules counts through the game's own state machine (games that are more than chess
// fields): its fast counter when it has one and the options are the defaults, else the
// generic count. A ply is one Move step; a joint move of both players is one ply. A
// finished game has no children. -divide splits by first action when one player moves
// first.
func perftRules(v *game.Variant, text string, depth int, opts game.PerftOptions, divide, bench bool, stdout io.Writer) error {
	r, err := game.Load(v, text)
	if err != nil {
		return err
	}
	r = opts.Root(r)
	start := time.Now()
	var nodes int64
	s := r.Next()
	switch {
	case divide && s.Kind == game.StepMove && s.Players != 3:
		pl := s.OnlyPlayer()
		var lines []string
		for _, m := range r.Moves(pl, nil) {
			text := r.MoveText(m)
			c := r.Clone()
			if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: pl, Move: m}); err != nil {
				return fmt.Errorf("%s: %w", text, err)
			}
			n, err := opts.Count(c, depth-1)
			if err != nil {
				return err
			}
			lines = append(lines, fmt.Sprintf("%s: %d", text, n))
			nodes += n
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(stdout, l)
		}
	case divide && s.Kind == game.StepDraw:
		// A chance node first (a die roll): split by the drawn value.
		for _, a := range opts.DrawValues(r, s) {
			c := r.Clone()
			rec, err := c.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{a, 0}})
			if err != nil {
				return fmt.Errorf("draw %d: %w", a, err)
			}
			n, err := opts.Count(c, depth)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "draw %d (%s): %d\n", a, rec.Text, n)
			nodes += n
		}
	case divide:
		return fmt.Errorf("-divide needs a position where one player moves first or a draw")
	default:
		if f, ok := r.(interface{ Perft(int) int64 }); ok && opts == (game.PerftOptions{}) {
			nodes = f.Perft(depth)
		} else if nodes, err = opts.Count(r, depth); err != nil {
			return err
		}
	}
	if bench {
		elapsed := time.Since(start)
		nps := float64(nodes) / elapsed.Seconds()
		fmt.Fprintf(stdout, "time %v, %.0f leaf nodes/s (%.2f M/s)\n", elapsed.Round(time.Microsecond), nps, nps/1e6)
	}
	fmt.Fprintln(stdout, nodes)
	return nil
}
