package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// runSelfplay is "quintet selfplay": the strongest level plays itself at a fixed number
// of positions a move from random openings, and every quiet position of the games (the
// side to move has nothing to take, where the evaluation is used) is written with the
// game's result: data to tune an evaluation on. One line a position:
// FEN;RESULT;SCORE, the result 1, 0.5 or 0 for White and the search's score for White.
func runSelfplay(args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlagSet("selfplay", stderr)
	variant := fs.String("variant", "forced", "game name (chess or forced)")
	games := fs.Int("games", 100, "number of games")
	nodes := fs.Int64("nodes", 8000, "positions searched a move")
	minOpen := fs.Int("open-min", 6, "fewest random plies that open a game")
	maxOpen := fs.Int("open-max", 10, "most random plies that open a game")
	seed := fs.Uint64("seed", 1, "seed of the openings")
	maxPlies := fs.Int("maxplies", 300, "a game this long is adjudicated a draw")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	out := fs.String("o", "", "write the positions here (default stdout)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	v, err := game.Lookup(*variant)
	if err != nil {
		return err
	}
	if v.Load != nil {
		return fmt.Errorf("-variant %s: only chess and forced capture", v.Name)
	}
	if *games < 1 || *nodes < 1 || *workers < 1 || *maxPlies < 1 || *minOpen < 0 || *maxOpen < *minOpen {
		return fmt.Errorf("want -games, -nodes, -workers, -maxplies of 1 or more and 0 <= -open-min <= -open-max")
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		w = f
		defer func() {
			if cerr := f.Close(); err == nil && cerr != nil {
				err = cerr
			}
		}()
	}
	bw := bufio.NewWriter(w)
	cfg := selfplayConfig{v: v, nodes: *nodes, minOpen: *minOpen, maxOpen: *maxOpen, maxPlies: *maxPlies}

	// Games are played by the workers and written in their order, so a seed gives the
	// same file whatever the number of workers.
	type done struct {
		i     int
		lines []string
		err   error
	}
	jobs := make(chan int)
	results := make(chan done)
	stop := make(chan struct{}) // closed at the first failed game: no more are handed out
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng := ai.NewEngine(16)
			for i := range jobs {
				lines, err := cfg.play(eng, splitmix(*seed*1000003+uint64(i)))
				results <- done{i, lines, err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	go func() {
		defer close(jobs)
		for i := range *games {
			select {
			case jobs <- i:
			case <-stop:
				return
			}
		}
	}()
	start := time.Now()
	pending := map[int][]string{}
	next, positions := 0, 0
	var firstErr error
	for range *games {
		d := <-results
		if d.err != nil {
			// The games in play still report; nothing more is waited for.
			firstErr = fmt.Errorf("game %d: %w", d.i+1, d.err)
			close(stop)
			go func() {
				for range results {
				}
			}()
			break
		}
		pending[d.i] = d.lines
		for {
			ls, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for _, l := range ls {
				bw.WriteString(l)
				bw.WriteByte('\n')
			}
			positions += len(ls)
			next++
		}
	}
	if firstErr != nil {
		return firstErr
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%d games, %d positions in %v\n", *games, positions, time.Since(start).Round(time.Second))
	return nil
}

type selfplayConfig struct {
	v                          *game.Variant
	nodes                      int64
	minOpen, maxOpen, maxPlies int
}

// play plays one game from a random opening drawn from seed and returns its quiet
// positions' lines. A proven win (a score past ai.MateBound) ends the game at once.
func (c selfplayConfig) play(eng *ai.Engine, seed uint64) ([]string, error) {
	ref := newReferee(seed)
	r, err := game.Load(c.v, "")
	if err != nil {
		return nil, err
	}
	eng.Clear()
	open := c.minOpen + int(ref.next()%uint64(c.maxOpen-c.minOpen+1))
	type rec struct {
		fen   string
		score int // for White
	}
	var recs []rec
	result := -1.0
	var buf [game.MaxMoves]game.Move
	for ply := 0; ; ply++ {
		if o := r.Outcome(); o.Over() {
			switch o.Result {
			case game.WhiteWins:
				result = 1
			case game.BlackWins:
				result = 0
			default:
				result = 0.5
			}
			break
		}
		if ply >= c.maxPlies || game.CanClaimDraw(r) != "" {
			result = 0.5
			break
		}
		side := r.Next().OnlyPlayer()
		if ply < open {
			ms := r.Moves(side, buf[:0])
			if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: side, Move: ms[ref.next()%uint64(len(ms))]}); err != nil {
				return nil, err
			}
			continue
		}
		res, err := eng.Search(context.Background(), r.View(side), ai.Params{Limits: ai.Limits{Nodes: c.nodes}})
		if err != nil {
			return nil, err
		}
		white := res.Score
		if side == game.Black {
			white = -white
		}
		if res.Score > ai.MateBound || res.Score < -ai.MateBound {
			result = 1
			if white < 0 {
				result = 0
			}
			break
		}
		p := r.Position()
		if len(p.Captures(buf[:0])) == 0 {
			recs = append(recs, rec{p.FEN(), white})
		}
		if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: side, Move: res.Move}); err != nil {
			return nil, err
		}
	}
	lines := make([]string, len(recs))
	for i, x := range recs {
		lines[i] = x.fen + ";" + strconv.FormatFloat(result, 'g', -1, 64) + ";" + strconv.Itoa(x.score)
	}
	return lines, nil
}
