package ai

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

var updatePin = flag.Bool("update-pin", false, "rewrite testdata/pin.txt from the current engine")

// pinGames are the games (and Crown kinds) whose searches TestSearchPinned pins.
var pinGames = []struct {
	variant string
	opts    []string
	depth   int
}{
	{"chess", nil, 4},
	{"forced", nil, 4},
	{"probabilistic", nil, 2},
	{"crown", nil, 2},
	{"crown", []string{"kind=stones"}, 2},
	{"crown", []string{"kind=hidden"}, 2},
	{"crown", []string{"kind=split", "paratrooper=on"}, 2},
	{"pillar", nil, 2},
	{"pillar", []string{"board=8x8"}, 2},
	{"simultaneous", nil, 3},
}

// pinnedSearches is one line per search: the game, the position's ply, the player, and
// the move, nodes and score a search to fixed depth returns; then each level's parameters
// in each game. What the engine chooses and how hard it looks are pinned by it, so a
// change meant to keep behaviour (choosing the search from a game's traits rather than
// its name) is shown to keep it.
func pinnedSearches(t *testing.T) string {
	var sb strings.Builder
	for _, c := range pinGames {
		r := load(t, c.variant, "", c.opts...)
		rg := newRNG(11)
		for ply := 0; ply <= 24 && !r.Outcome().Over(); ply++ {
			st := r.Next()
			switch st.Kind {
			case game.StepDraw:
				r.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(rg.intn(st.Range)), uint8(rg.intn(st.Range))}})
				continue
			case game.StepReveal:
				val, _ := r.(game.Secrets).Secret(st)
				r.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val})
				continue
			}
			var chosen [2]game.Move
			for p := game.White; p <= game.Black; p++ {
				if !st.Asks(p) {
					continue
				}
				view := r.View(p)
				if ply == 0 || ply == 9 || ply == 20 {
					res, err := NewEngine(2).Search(context.Background(), view, Params{Player: p, Limits: Limits{Depth: c.depth}, Seed: uint64(ply)})
					if err != nil {
						t.Fatal(err)
					}
					fmt.Fprintf(&sb, "%s %v ply %d %v: %s nodes %d score %d\n", c.variant, c.opts, ply, p, view.MoveText(res.Move), res.Nodes, res.Score)
				}
				ms := view.Moves(p, nil)
				chosen[p] = ms[rg.intn(len(ms))]
			}
			for p := game.White; p <= game.Black; p++ {
				if st.Asks(p) {
					if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: p, Move: chosen[p]}); err != nil {
						t.Fatalf("%s ply %d: %v", c.variant, ply, err)
					}
				}
			}
		}
	}
	for _, l := range Levels {
		for _, n := range []string{"chess", "crown", "forced", "pillar", "probabilistic", "simultaneous"} {
			v, _ := game.Lookup(n)
			par := l.Params(v, time.Second, 1)
			fmt.Fprintf(&sb, "level %s %s: %+v noise %d overlook %d help %q\n", l.Name, n, par.Limits, par.Noise, par.Overlook, l.HelpFor(v))
		}
	}
	return sb.String()
}

func TestSearchPinned(t *testing.T) { comparePinned(t, "testdata/pin.txt", pinnedSearches(t)) }

// comparePinned compares got with the pinned file line by line, or rewrites the file
// under -update-pin.
func comparePinned(t *testing.T, file, got string) {
	t.Helper()
	if *updatePin {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	bad := 0
	for i := 0; i < max(len(gl), len(wl)) && bad < 10; i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s line %d:\n got  %s\n want %s", file, i+1, g, w)
			bad++
		}
	}
}
