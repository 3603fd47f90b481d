package p2p

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

var updateSeal = flag.Bool("update-seal", false, "rewrite testdata/seal.txt")

// sealTranscript plays seeded random games of every game and writes, for each move, the
// public move and the secret cells the protocol commits, and for each reveal the cell it
// opens: what goes on the wire for secrets, without the nonces.
func sealTranscript(t *testing.T) string {
	var sb strings.Builder
	for _, gs := range gameSetups {
		v, err := game.Lookup(gs.variant, gs.opts...)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(2) {
			r, err := game.Load(v, "")
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 3))
			fmt.Fprintf(&sb, "%s %v seed %d\n", gs.variant, gs.opts, seed)
			for ply := 0; ply < 80 && !r.Outcome().Over(); ply++ {
				st := r.Next()
				var in game.Input
				switch st.Kind {
				case game.StepDraw:
					in = game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(rng.IntN(st.Range)), uint8(rng.IntN(st.Range))}}
				case game.StepReveal:
					val, _ := r.(game.Secrets).Secret(st)
					fmt.Fprintf(&sb, " reveal %v opens %v\n", st.Owner, revealKey(r, st))
					in = game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val}
				default:
					p := game.White
					if !st.Asks(p) {
						p = game.Black
					}
					ms := r.Moves(p, nil)
					m := shortGames(r, p, ms, rng)
					pub, cells := sealMove(r, m)
					fmt.Fprintf(&sb, " %v %v %v n%d -> %v n%d", p, m, m.Kind, m.N, pub, pub.N)
					for _, c := range cells {
						fmt.Fprintf(&sb, " %v=%d", c.Key, c.Value)
					}
					back, err := unsealCells(r, pub, cells)
					fmt.Fprintf(&sb, " unseal %+v %v\n", back, err)
					in = game.Input{Kind: game.InputMove, Player: p, Move: m}
				}
				if _, err := r.Apply(in); err != nil {
					t.Fatalf("%s ply %d: %v", gs.variant, ply, err)
				}
			}
		}
	}
	return sb.String()
}

func unsealCells(r game.Rules, pub game.Move, cells []Opening) (game.Move, error) {
	vals := map[CellKey]uint64{}
	for _, c := range cells {
		vals[c.Key] = c.Value
	}
	if len(cells) == 0 {
		return pub, nil
	}
	return unsealMove(r, pub, vals)
}

func revealKey(r game.Rules, st game.Step) CellKey { return revealCellKey(r, st) }

// TestSealPinned: the secrets' cells on the wire stay as they were (testdata/seal.txt).
func TestSealPinned(t *testing.T) {
	checkPin(t, "testdata/seal.txt", sealTranscript(t), *updateSeal)
}

// checkPin compares a transcript with its pinned file, or rewrites the file when update
// is set; a difference names its first line.
func checkPin(t *testing.T, file, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s, line %d:\n got  %s\n want %s", file, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: %d lines, want %d", file, len(gl), len(wl))
	}
}
