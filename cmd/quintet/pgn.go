package main

import (
	"fmt"
	"io"
	"os"

	"github.com/quintet-chess/quintet/game"
)

// runPGN is "quintet pgn FILE…": it checks and replays every game of PGN files of any of
// our games (a file of many games too, "-" for stdin) and prints, per game, its result,
// why it ended and the final position text. The first bad move or tag stops it with an
// error naming the file, the game and the line.
func runPGN(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("pgn", stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("want one or more PGN files (- for stdin)")
	}
	for _, name := range fs.Args() {
		var data []byte
		var err error
		if name == "-" {
			data, err = io.ReadAll(io.LimitReader(os.Stdin, game.MaxPGNFileLen+1))
		} else {
			data, err = readLimited(name, game.MaxPGNFileLen)
		}
		if err != nil {
			return err
		}
		games, err := game.ParsePGNGames(string(data))
		for i, g := range games {
			o := g.Outcome()
			why := o.Reason
			if !o.Over() {
				why = "unfinished"
			}
			fmt.Fprintf(stdout, "%s: game %d: %s %s (%s), %d plies: %s\n", name, i+1, g.Variant().Name, o.Result, why,
				len(g.Entries()), g.Rules().Text())
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if len(games) == 0 {
			return fmt.Errorf("%s: no game", name)
		}
	}
	return nil
}

// readLimited reads a file of at most limit bytes.
func readLimited(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("%s: more than %d bytes", name, limit)
	}
	return data, err
}
