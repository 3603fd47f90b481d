// Command quintet is the native tool box of the project: thin wrappers on package game.
//
// Usage:
//
//	quintet perft -variant chess -fen FEN -depth 5 [-divide] [-bench]
//	quintet perft -variant pillar -options "board=8x8" -fen TEXT -depth 3
//	quintet bestmove -variant V -fen F [-options k=v] [-movetime MS | -nodes N | -depth D | -level L]
//	quintet uci   (or quintet with no arguments, when the first line on stdin is "uci")
//	quintet arena -variant V -a SPEC -b SPEC -games N [-seed S] [-budget 2s] [-pgn FILE]
//	quintet pgn FILE…
//
// Each subcommand lives in its own file and registers itself in commands.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand: it parses its own flags from args and writes its results to
// stdout. An error is printed by main with the program name.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

// commands lists the subcommands by name.
var commands = map[string]command{
	"perft":    {"count leaf nodes of the move tree (move generator check and benchmark)", runPerft},
	"arena":    {"play games between levels or engines; wins/draws/losses and Elo", runArena},
	"uci":      {"our engine as a UCI engine (chess and forced; option UCI_Variant)", runUCI},
	"bestmove": {"the AI's move in a position (last line: the move in coordinates)", runBestmove},
	"pgn":      {"check and replay PGN files of any game: each game's result and final position", runPGN},
	"host":     {"host a game over WebRTC: print an offer code, read the answer", runHost},
	"join":     {"join a hosted game with its offer code", runJoin},
	"selfplay": {"the strongest level against itself at fixed nodes: quiet positions with the result, for tuning", runSelfplay},
}

func main() {
	if len(os.Args) == 1 {
		st, err := os.Stdin.Stat()
		terminal := err != nil || st.Mode()&os.ModeCharDevice != 0
		os.Exit(bare(os.Stdin, terminal, os.Stdout, os.Stderr))
	}
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// bare is quintet run with no arguments. A GUI or lichess-bot that starts the binary as
// a UCI engine sends "uci" first on a pipe: then it is the UCI engine, no wrapper needed.
// Anything else (a person at a terminal, other input) gets the usage.
func bare(stdin io.Reader, terminal bool, stdout, stderr io.Writer) int {
	if !terminal {
		in := bufio.NewReaderSize(stdin, 4096) // a first line longer than this is not "uci"
		line, _ := in.ReadSlice('\n')
		first := string(line)
		if strings.TrimSpace(first) == "uci" {
			if err := serveUCI(io.MultiReader(strings.NewReader(first), in), stdout); err != nil {
				fmt.Fprintf(stderr, "quintet: %v\n", err)
				return 1
			}
			return 0
		}
	}
	return dispatch(nil, stdout, stderr)
}

// dispatch runs the subcommand named by args[0] and returns the exit code.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "quintet: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if err := cmd.run(args[1:], stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "quintet %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: quintet <command> [flags]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'quintet <command> -h' for the flags of a command.")
}

// newFlagSet makes a flag set for a subcommand that reports errors instead of exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("quintet "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
