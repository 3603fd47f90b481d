package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// runArena is "quintet arena": two players play N games from varied openings, colours
// alternating (each opening is played twice, once with each colour), chance draws and
// secrets supplied by a referee from a seeded generator; it prints wins, draws and losses
// of A with the Elo difference and its 95% margin.
func runArena(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("arena", stderr)
	variant := fs.String("variant", "chess", "game name")
	var opts optionList
	fs.Var(&opts, "options", "game option key=value (repeatable, or comma-separated)")
	specA := fs.String("a", "strongest", "player A: a level, greedy, random, plain or uci:COMMAND, with ,key=value settings")
	specB := fs.String("b", "greedy", "player B (same forms as -a)")
	games := fs.Int("games", 10, "number of games (rounded up to an even number)")
	seed := fs.Uint64("seed", 1, "seed of openings, chance draws, secrets and the players' own choices")
	budget := fs.Duration("budget", ai.DefaultBudget, "time budget of the time-based levels")
	openPlies := fs.Int("opening", 4, "random plies that open each pair of games")
	balance := fs.Int("balance", 0, "chess and forced capture: redraw an opening until a search of -balance-depth plies scores it within this many centipawns (0: any opening)")
	balanceDepth := fs.Int("balance-depth", 8, "the depth of the search that judges an opening (-balance)")
	maxPlies := fs.Int("maxplies", 400, "a game this long is adjudicated a draw")
	verbose := fs.Bool("v", false, "print each game's result")
	pgnFile := fs.String("pgn", "", "write every game to this file in PGN")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *games < 1 {
		return fmt.Errorf("-games %d: want at least 1", *games)
	}
	v, err := game.Lookup(*variant, opts...)
	if err != nil {
		return err
	}
	if *balance < 0 || *balanceDepth < 1 {
		return fmt.Errorf("-balance %d -balance-depth %d: want a margin of 0 or more and a depth of 1 or more", *balance, *balanceDepth)
	}
	if *balance > 0 && v.Load != nil {
		return fmt.Errorf("-balance: only for chess and forced capture (%s has chance or secrets)", v.Name)
	}
	a, err := newPlayer(*specA, v.Name, *budget, *seed*2+1)
	if err != nil {
		return err
	}
	defer a.close()
	b, err := newPlayer(*specB, v.Name, *budget, *seed*2+2)
	if err != nil {
		return err
	}
	defer b.close()

	var pgnOut *os.File
	if *pgnFile != "" {
		if pgnOut, err = os.Create(*pgnFile); err != nil {
			return err
		}
		defer pgnOut.Close()
	}
	var tally [3]int // A's wins, draws, losses
	start := time.Now()
	n := (*games + 1) / 2 * 2
	var opening []game.Move
	redrawn := 0
	for i := 0; i < n; i++ {
		pair := uint64(i / 2)
		ref := newReferee(splitmix(*seed*1000003 + pair))
		if *balance > 0 && i%2 == 0 {
			var tries int
			if opening, tries, err = balancedOpening(v, ref, *openPlies, *balance, *balanceDepth); err != nil {
				return fmt.Errorf("game %d: %w", i+1, err)
			}
			redrawn += tries - 1
		}
		aWhite := i%2 == 0
		white, black := a, b
		if !aWhite {
			white, black = b, a
		}
		g, err := playGame(v, opts, ref, *openPlies, *maxPlies, opening, [2]player{white, black})
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		o := g.Outcome()
		k := 1
		switch {
		case o.Result == game.WhiteWins && aWhite, o.Result == game.BlackWins && !aWhite:
			k = 0
		case o.Result == game.WhiteWins, o.Result == game.BlackWins:
			k = 2
		}
		tally[k]++
		if *verbose {
			col := "white"
			if !aWhite {
				col = "black"
			}
			fmt.Fprintf(stdout, "game %d: A (%s) %s — %s (%s), %d plies\n", i+1, col,
				[]string{"wins", "draws", "loses"}[k], o.Result, o.Reason, len(g.Entries()))
		}
		if pgnOut != nil {
			g.Tags["Event"] = fmt.Sprintf("Quintet arena: %s vs %s", a.name(), b.name())
			g.Tags["Site"] = "quintet arena"
			g.Tags["Round"] = strconv.Itoa(i + 1)
			g.Tags["White"], g.Tags["Black"] = white.name(), black.name()
			if _, err := fmt.Fprintln(pgnOut, g.PGN()); err != nil {
				return err
			}
		}
	}
	if pgnOut != nil {
		if err := pgnOut.Close(); err != nil {
			return err
		}
	}
	elo, lo, hi := eloDiff(tally[0], tally[1], tally[2])
	fmt.Fprintf(stdout, "%s vs %s, %s, %d games in %v\n", a.name(), b.name(), v.Name, n, time.Since(start).Round(time.Second))
	if *balance > 0 {
		fmt.Fprintf(stdout, "openings of %d random plies judged within %d centipawns at depth %d: %d redrawn for %d pairs\n",
			*openPlies, *balance, *balanceDepth, redrawn, n/2)
	}
	for _, p := range []player{a, b} {
		if ap, ok := p.(*aiPlayer); ok && ap.moves > 0 {
			fmt.Fprintf(stdout, "%s: %d moves, %.0f nodes/move, %.0f ms/move%s\n", ap.spec, ap.moves,
				float64(ap.nodes)/float64(ap.moves), float64(ap.time.Milliseconds())/float64(ap.moves), ap.timeSpread())
		}
	}
	score := (float64(tally[0]) + float64(tally[1])/2) / float64(n)
	fmt.Fprintf(stdout, "A wins %d, draws %d, loses %d: score %.1f%%, Elo %s\n",
		tally[0], tally[1], tally[2], 100*score, eloText(elo, lo, hi))
	return nil
}

// referee supplies what no player may choose: chance draws and opening moves, from a
// seeded generator.
type referee struct{ s uint64 }

func newReferee(seed uint64) *referee { return &referee{s: seed} }

func (r *referee) next() uint64 { r.s = splitmix(r.s); return r.s }

// balancedOpening draws openings of plies random moves from ref until a fresh search to
// depth scores one within margin centipawns for the side to move (at most 1000 draws):
// random plies under compulsory capture often lose a piece or the king outright, and a
// pair of games from such an opening is won once by each colour whoever plays, which
// pulls every match towards an even score. The search is deterministic (a fresh engine,
// a depth and no clock), so both games of a pair get the same opening.
func balancedOpening(v *game.Variant, ref *referee, plies, margin, depth int) ([]game.Move, int, error) {
	for try := 1; try <= 1000; try++ {
		g, err := game.NewGameFrom(v, "")
		if err != nil {
			return nil, try, err
		}
		var line []game.Move
		for len(line) < plies && !g.Outcome().Over() {
			st := g.Next()
			c := st.OnlyPlayer()
			ms := g.Rules().View(c).Moves(c, nil)
			if len(ms) == 0 {
				break
			}
			m := ms[ref.next()%uint64(len(ms))]
			if err := g.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
				return nil, try, err
			}
			line = append(line, m)
		}
		if g.Outcome().Over() || len(line) < plies {
			continue
		}
		st := g.Next()
		r, err := ai.Search(context.Background(), g.Rules().View(st.OnlyPlayer()), ai.Params{Limits: ai.Limits{Depth: depth}})
		if err != nil {
			return nil, try, err
		}
		if abs(r.Score) <= margin {
			return line, try, nil
		}
	}
	return nil, 1000, fmt.Errorf("no opening of %d plies within %d centipawns in 1000 draws", plies, margin)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// playGame plays one game: the opening's random plies (or the given opening's moves),
// then the players' choices. Each player is shown only its own view. In a joint turn both
// choose before either choice is applied (sealed moves).
func playGame(v *game.Variant, opts []string, ref *referee, openPlies, maxPlies int, opening []game.Move, ps [2]player) (*game.Game, error) {
	g, err := game.NewGameFrom(v, "")
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if err := p.newGame(); err != nil {
			return nil, err
		}
	}
	moves := 0
	for !g.Outcome().Over() {
		if moves >= maxPlies {
			// Adjudicated a draw: agreed where the rules know draws, else (pillar chess)
			// only in the PGN's tags.
			if err := g.Apply(game.Input{Kind: game.InputAgree}); err != nil {
				g.Tags["Result"] = "1/2-1/2"
			}
			g.Tags["Termination"] = "Adjudication"
			break
		}
		st := g.Next()
		switch st.Kind {
		case game.StepDraw:
			in := game.Input{Kind: game.InputDraw}
			if st.Range > 0 {
				in.Values = [2]uint8{uint8(ref.next() % uint64(st.Range)), uint8(ref.next() % uint64(st.Range))}
			}
			if err := g.Apply(in); err != nil {
				return nil, fmt.Errorf("draw: %w", err)
			}
			continue
		case game.StepReveal:
			sec, ok := g.Rules().(game.Secrets)
			if !ok {
				return nil, errors.New("a reveal in a game without secrets")
			}
			val, known := sec.Secret(st)
			if !known {
				return nil, errors.New("the referee does not know a secret")
			}
			if err := g.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val}); err != nil {
				return nil, fmt.Errorf("reveal: %w", err)
			}
			continue
		case game.StepOver:
			return g, nil
		}
		if why := game.CanClaimDraw(g.Rules()); why != "" {
			if err := g.Apply(game.Input{Kind: game.InputClaim, Player: st.OnlyPlayer()}); err == nil {
				break
			}
		}
		var chosen [2]game.Move
		for c := game.White; c <= game.Black; c++ {
			if !st.Asks(c) {
				continue
			}
			view := g.Rules().View(c)
			if opening != nil && moves < len(opening) {
				chosen[c] = opening[moves]
				continue
			}
			if opening == nil && moves < openPlies {
				ms := view.Moves(c, nil)
				if len(ms) == 0 {
					return nil, fmt.Errorf("%v has no action", c)
				}
				chosen[c] = ms[ref.next()%uint64(len(ms))]
				continue
			}
			m, err := ps[c].choose(view, c, g)
			if err != nil {
				return nil, fmt.Errorf("%s as %v: %w", ps[c].name(), c, err)
			}
			chosen[c] = m
		}
		for c := game.White; c <= game.Black; c++ {
			if !st.Asks(c) {
				continue
			}
			if err := g.Apply(game.Input{Kind: game.InputMove, Player: c, Move: chosen[c]}); err != nil {
				return nil, fmt.Errorf("%s as %v played %v: %w", ps[c].name(), c, chosen[c], err)
			}
		}
		moves++
	}
	return g, nil
}

// eloDiff is the Elo difference implied by A's score and the 95% interval around it,
// from the Wilson score interval (which stays meaningful at a 0% or 100% score).
func eloDiff(w, d, l int) (elo, lo, hi float64) {
	n := float64(w + d + l)
	s := (float64(w) + float64(d)/2) / n
	const z = 1.96
	den := 1 + z*z/n
	mid := (s + z*z/(2*n)) / den
	half := z * math.Sqrt(s*(1-s)/n+z*z/(4*n*n)) / den
	return toElo(s), toElo(mid - half), toElo(mid + half)
}

func toElo(s float64) float64 {
	s = math.Min(math.Max(s, 1e-4), 1-1e-4)
	return -400 * math.Log10(1/s-1)
}

func eloText(elo, lo, hi float64) string {
	switch {
	case elo > 1500:
		return fmt.Sprintf("+inf (95%% interval: at least %+.0f)", lo)
	case elo < -1500:
		return fmt.Sprintf("-inf (95%% interval: at most %+.0f)", hi)
	}
	return fmt.Sprintf("%+.0f ± %.0f (95%% interval %+.0f to %+.0f)", elo, (hi-lo)/2, lo, hi)
}
