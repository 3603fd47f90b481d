package game

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Property tests over seeded random pillar games, under every option set.

// pieceCount is the multiset of pieces on the board, stacks included.
func pillarPieceCount(p *Position) map[Piece]int {
	n := map[Piece]int{}
	for s := Square(0); s < 64; s++ {
		for _, pc := range p.Stack(s, nil) {
			n[pc]++
		}
	}
	return n
}

// Conservation: a move never loses or duplicates a piece; only a promotion changes the
// pieces, replacing the whole resulting stack by the new piece.
func TestPillarConservation(t *testing.T) {
	for _, s := range pillarSetups {
		for seed := uint64(0); seed < 10; seed++ {
			g, _ := NewGameFrom(pillarVariantFor(t, s), "")
			rng := rand.New(rand.NewPCG(seed, 3))
			promos := 0
			for i := 0; i < 400 && !g.Outcome().Over(); i++ {
				st := g.Next()
				if st.Kind == StepDraw {
					if err := g.Apply(Input{Kind: InputDraw, Values: [2]uint8{uint8(rng.IntN(6)), 0}}); err != nil {
						t.Fatal(err)
					}
					continue
				}
				p := g.Position()
				ms := g.LegalMoves(st.OnlyPlayer())
				m := ms[rng.IntN(len(ms))]
				want := pillarPieceCount(p)
				if m.Promo != NoType {
					promos++
					for _, pc := range p.Stack(m.To, nil) {
						want[pc]--
					}
					part := p.Stack(m.From, nil)
					for _, pc := range part[len(part)-int(m.N):] {
						want[pc]--
					}
					want[MakePiece(p.Side, m.Promo)]++
				}
				text := g.Rules().Text()
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				got := pillarPieceCount(g.Position())
				for pc := Piece(0); pc < 32; pc++ {
					if got[pc] != want[pc] {
						t.Fatalf("%s seed %d: %q after %s: %d of piece %d, want %d (now %q)",
							s, seed, text, g.Entries()[len(g.Entries())-1].Record.Text, got[pc], pc, want[pc], g.Rules().Text())
					}
				}
			}
			if seed == 9 && promos == 0 && !s.nodice {
				t.Logf("%s: no promotion in seed %d", s, seed)
			}
		}
	}
}

// Text and hash: the position text reads back to the same text and hash, and the
// incremental Zobrist key equals the key computed from scratch.
func TestPillarTextAndHash(t *testing.T) {
	for _, s := range pillarSetups {
		v := pillarVariantFor(t, s)
		for seed := uint64(0); seed < 10; seed++ {
			pillarRandomGame(t, s, seed, 300, func(g *Game) {
				r := g.Rules().(*pillarRules)
				if r.pos.computeHash() != r.pos.Hash() {
					t.Fatalf("%s: incremental hash of %q differs from scratch", s, r.Text())
				}
				if r.out.Over() && r.out.Reason != "checkmate" && r.out.Reason != "stalemate" && r.out.Reason != "lone king" {
					return
				}
				q, err := Load(v, r.Text())
				if err != nil {
					t.Fatalf("%s: own text %q: %v", s, r.Text(), err)
				}
				if q.Text() != r.Text() || q.Hash() != r.Hash() || q.Outcome() != r.Outcome() || q.Next() != r.Next() {
					t.Fatalf("%s: %q reads back as %q (hash %x vs %x)", s, r.Text(), q.Text(), q.Hash(), r.Hash())
				}
			})
		}
	}
}

// Notation: every action's text and coordinates read back to the action.
func TestPillarNotationRoundTrip(t *testing.T) {
	for _, s := range pillarSetups {
		for seed := uint64(0); seed < 6; seed++ {
			pillarRandomGame(t, s, seed, 200, func(g *Game) {
				r := g.Rules().(*pillarRules)
				if r.Next().Kind != StepMove || len(g.Entries())%4 != 0 {
					return
				}
				c := r.pos.Side
				for _, m := range r.moves {
					for _, text := range []string{r.MoveText(m), r.coords(m, false)} {
						back, err := r.ParseMove(c, text)
						if err != nil || back != m {
							t.Fatalf("%s %q: %q reads as %v, %v; want %v", s, r.Text(), text, back, err, m)
						}
					}
				}
			})
		}
	}
}

// Replay: the ply log replayed from the start reproduces every hash; PGN export and import
// reproduce the game.
func TestPillarReplayAndPGN(t *testing.T) {
	for _, s := range pillarSetups {
		for seed := uint64(0); seed < 8; seed++ {
			var hashes []uint64
			g := pillarRandomGame(t, s, seed, 250, func(g *Game) { hashes = append(hashes, g.Rules().Hash()) })
			r, err := Load(g.Variant(), "")
			if err != nil {
				t.Fatal(err)
			}
			for i, e := range g.Entries() {
				if r.Hash() != hashes[i] {
					t.Fatalf("%s seed %d: replay hash differs before input %d", s, seed, i)
				}
				if _, err := r.Apply(e.Input); err != nil {
					t.Fatalf("%s seed %d: replay input %d: %v", s, seed, i, err)
				}
			}
			if r.Hash() != g.Rules().Hash() {
				t.Fatalf("%s seed %d: replayed hash differs at the end", s, seed)
			}
			if !g.Outcome().Over() {
				if err := g.Apply(Input{Kind: InputResign, Player: g.Position().Side}); err != nil {
					t.Fatal(err)
				}
			}
			text := g.PGN()
			h, err := ParsePGN(text)
			if err != nil {
				t.Fatalf("%s seed %d: %v\n%s", s, seed, err, text)
			}
			if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() || len(h.Entries()) != len(g.Entries()) {
				t.Fatalf("%s seed %d: PGN replay differs\n%s", s, seed, text)
			}
			if h.PGN() != text {
				t.Fatalf("%s seed %d: PGN not stable:\n%s\n---\n%s", s, seed, text, h.PGN())
			}
			if !strings.Contains(text, "rolled") && !s.nodice {
				t.Fatalf("%s: no die roll in the PGN:\n%s", s, text)
			}
		}
	}
}

// PGN of a short game, checked by eye once and kept: rolls as comments, forced turns
// without one, towers in the move text.
func TestPillarPGNText(t *testing.T) {
	g, err := NewGame("pillar")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"roll N", "Nb1^d2", "roll P", "c5-c4", "roll skip", "pass", "roll Q", "Qc6^c4"} {
		if face, ok := strings.CutPrefix(in, "roll "); ok {
			i := strings.Index("KQRNP", face)
			if face == "skip" {
				i = 5
			}
			if err := g.Apply(Input{Kind: InputDraw, Values: [2]uint8{uint8(i), 0}}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := g.PlayText(in); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
	}
	out := g.PGN()
	want := "{[%draw 3 0] rolled N} 1. Nb1^d2 {[%draw 4 0] rolled P} 1... c5-c4 {[%draw 5 0] rolled skip, no move} 2. pass {[%draw 1 0] rolled Q} 2... Qc6^c4 *"
	if !strings.Contains(strings.Join(strings.Fields(out), " "), want) || !strings.Contains(out, `[Variant "pillar"]`) {
		t.Errorf("PGN:\n%s\nwant it to contain:\n%s", out, want)
	}
	h, err := ParsePGN(out)
	if err != nil || h.Rules().Text() != g.Rules().Text() {
		t.Fatalf("PGN import: %v", err)
	}
	if got := g.Rules().Text(); got != "rn1knr/pp1ppp/2(pq)3/6/PPP(PN)PP/R1QKNR w KQkq - - 3" {
		t.Errorf("position %q", got)
	}
}
