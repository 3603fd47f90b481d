package game

import "testing"

// TestCrownPerftPublic: the public count of Crown (PerftOptions{Secrets: SecretsPublic})
// is what an engine without secrets counts. The figures are Fairy-Stockfish's
// (c19b5f6c, built outside the project) for base Crown configured as
//
//	[crownpublic:chess] king = - ; commoner = k ; customPiece1 = d:K ; queen = - ;
//	customPiece2 = f:Q ; castling = false ; promotionPieceTypes = frbnkd ;
//	stalemateValue = loss ; checking = false
//
// (King and Dame king-stepping and not royal, the Ferz a queen, no castling: positions
// where no castling can happen within the depth). The full count differs wherever a
// monarch is captured.
func TestCrownPerftPublic(t *testing.T) {
	for _, c := range []struct {
		text        string
		depth       int
		public, all int64
	}{
		{"rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKBNR w - - 0 1 crown=kk monarchs=e1d1/e8d8", 5, 4419568, 4419568},
		{"r2dk2r/1P4pp/8/3p4/8/8/6PP/R2DK2R w - - 0 1 crown=dk monarchs=e1d1/e8d8", 3, 24273, 0},
		{"4k3/8/8/3d4/8/2N5/8/3DK3 w - - 0 1 crown=kk monarchs=e1d1/e8d5", 4, 39338, 0},
		{"3dk3/8/8/8/8/8/8/3DK3 w - - 0 1 crown=kd monarchs=e1d1/e8d8", 5, 95940, 0},
		{"rnbdkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBDKBNR b - e3 0 3 crown=kk monarchs=e1d1/e8d8", 4, 515920, 0},
		{"3dk3/8/8/8/8/5n2/8/3DK3 w - - 0 1 crown=kd monarchs=e1d1/e8d8", 4, 22730, 0},
		{"3dk3/8/8/8/8/8/4f3/3DK3 w - - 0 1 crown=kd monarchs=e1d1/e8d8", 4, 55618, 54680},
		// Both sides down to their crowned King: taking it ends only the full game.
		{"4k3/3P4/8/8/8/8/3p4/4K3 w - - 0 1 crown=KK monarchs=e1/e8 lost=wb", 4, 28894, 16728},
	} {
		r := crownLoad(t, "", c.text)
		got, err := PerftOptions{Secrets: SecretsPublic}.Count(r, c.depth)
		if err != nil || got != c.public {
			t.Errorf("%s depth %d: public %d (%v), Fairy-Stockfish %d", c.text, c.depth, got, err, c.public)
		}
		if c.all == 0 {
			continue
		}
		if full, err := PerftRules(r, c.depth); err != nil || full != c.all {
			t.Errorf("%s depth %d: full %d (%v), want %d", c.text, c.depth, full, err, c.all)
		}
	}
	// From the start: one sealed choice per side, then the moves.
	r := crownLoad(t, "", "")
	if got, err := (PerftOptions{Secrets: SecretsPublic}).Count(r, 3); err != nil || got != 20 {
		t.Errorf("start depth 3: %d (%v), want 1×1×20", got, err)
	}
	if got, _ := PerftRules(r, 3); got != 80 {
		t.Errorf("start depth 3, full: %d, want 2×2×20", got)
	}
}

// The sub-variants' public counts (no engine we know plays stones, hidden squares or
// split monarchs, so these figures are ours alone, kept against regressions), and in
// every combination of options on positions of random games the public count answers
// every reveal it meets.
func TestCrownPerftPublicKinds(t *testing.T) {
	for _, c := range []struct {
		opts, text string
		depth      int
		public     int64
	}{
		// Crown-2: the mined stone is never blown up; a side without monarchs places stones.
		{"kind=stones", "4k3/8/3s4/2P1s3/3N4/8/8/3DK3 w - - 0 10 crown=kK monarchs=e1d1/e8 lost=b stones=rrr/d6me5ur", 3, 20357},
		// Crown-3: the hidden crown is never found; one sealed hide.
		{"kind=hidden", "4k3/8/8/8/8/8/5r2/4K2R w KH - 0 10 crown=Kk monarchs=e1/e8 lost=w", 3, 4856},
		// Crown-4: one split per square and half, its crowned half unknown.
		{"kind=split", "4k3/8/8/8/3rK3/8/8/8 w - - 0 10 crown=Kk monarchs=e4/e8 lost=w", 3, 4438},
	} {
		r := crownLoad(t, c.opts, c.text)
		got, err := PerftOptions{Secrets: SecretsPublic}.Count(r, c.depth)
		if err != nil || got != c.public {
			t.Errorf("%s %s depth %d: public %d (%v), want %d", c.opts, c.text, c.depth, got, err, c.public)
		}
	}
	n := 0
	for _, opts := range crownCombos {
		k := 0
		crownPlayRandom(t, opts, 7, 200, map[string]int{}, func(g *Game) {
			r := g.Rules().(*crownRules)
			if k++; k%3 != 0 || r.Next().Kind != StepMove {
				return
			}
			if _, err := (PerftOptions{Secrets: SecretsPublic}).Count(r, 2); err != nil {
				t.Fatalf("%v %s: %v", opts, r.Text(), err)
			}
			n++
		})
	}
	if n < 100 {
		t.Fatalf("only %d positions counted", n)
	}
}
