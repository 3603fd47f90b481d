package ai

import (
	"context"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// play applies moves written in the game's notation from text.
func play(t *testing.T, variant, text string, moves ...string) game.Rules {
	t.Helper()
	r := load(t, variant, text)
	for _, s := range moves {
		c := r.Next().OnlyPlayer()
		m, err := r.ParseMove(c, s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m}); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return r
}

// Probabilistic chess, rule 7: after a quiet mating move the strike on the king wins at
// once with odds 0.6; declining gives the opponent a turn. The AI must strike.
func TestProbStrikeTaken(t *testing.T) {
	for _, c := range []struct{ fen, move string }{
		{"1R2B2k/6pp/8/8/8/8/8/4K3 w - - 0 1", "Bd7"},
		{"4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "O-O"},
	} {
		r := play(t, "probabilistic", c.fen, c.move)
		for _, lv := range []string{"easy", "medium", "strongest"} {
			l, _ := LevelByName(lv)
			par := l.Params(r.Variant(), 300_000_000, 1)
			res, err := NewEngine(4).Search(context.Background(), r.View(game.White), par)
			if err != nil {
				t.Fatal(err)
			}
			if res.Move.Kind != game.Strike {
				t.Errorf("%s after %s, level %s: %s (%v), want the strike", c.fen, c.move, lv, r.MoveText(res.Move), res.Move.Kind)
			}
		}
	}
}

// Crown: a knight fork of both monarchs. The opponent can save only one; the AI must
// fork. The check is independent of any expected move: after the AI's move its piece
// attacks both enemy monarchs.
func TestCrownForkBothMonarchs(t *testing.T) {
	for _, text := range []string{
		"8/8/2d1k3/8/8/1N6/8/3DK3 w - - 0 1 crown=kk monarchs=e1d1/e6c6",
		"2d1k3/8/8/1N6/8/8/8/3DK3 w - - 0 1 crown=dd monarchs=e1d1/e8c8",
	} {
		ref := load(t, "crown", text)
		view := ref.View(game.White)
		res, err := NewEngine(4).Search(context.Background(), view, Params{Limits: Limits{Depth: 3}})
		if err != nil {
			t.Fatal(err)
		}
		p := view.Position()
		k, d := p.Pieces(game.Black, game.King).First(), p.Pieces(game.Black, game.Dame).First()
		pc := p.At(res.Move.From)
		att := p.Attacks(pc, res.Move.To, p.Occupied()&^game.Bit(res.Move.From))
		if !att.Has(k) || !att.Has(d) {
			t.Errorf("%s: AI played %s, which does not attack both monarchs", text, view.MoveText(res.Move))
		}
	}
}

// Crown: the AI's choice depends only on the view. Two referee states that differ only
// in the opponent's secrets give views whose hidden fields differ (poisoned with
// opposite values) and the same choice for the same seed.
func TestCrownViewOnly(t *testing.T) {
	texts := [][2]string{
		{"rnbdkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBDKBNR b KDAHkdah e3 0 1 crown=kk", "rnbdkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBDKBNR b KDAHkdah e3 0 1 crown=dk"},
		{"8/8/2d1k3/8/8/2N5/8/3DK3 b - - 0 1 crown=kk monarchs=e1d1/e6c6", "8/8/2d1k3/8/8/2N5/8/3DK3 b - - 0 1 crown=dk monarchs=e1d1/e6c6"},
	}
	for _, tt := range texts {
		var moves [2]game.Move
		for i, text := range tt {
			ref := load(t, "crown", text)
			view := ref.View(game.Black)
			res, err := NewEngine(4).Search(context.Background(), view, Params{Limits: Limits{Depth: 3}, Seed: 9})
			if err != nil {
				t.Fatal(err)
			}
			moves[i] = res.Move
		}
		if moves[0] != moves[1] {
			t.Errorf("%s: the choice changed with White's hidden crown: %v / %v", tt[0], moves[0], moves[1])
		}
	}
}

// Simultaneous chess: a capture of the enemy king that wins whatever the opponent does
// (the king rests this turn, so it cannot step away, and nothing can reach our king).
func TestSimulWinsWhatever(t *testing.T) {
	// Black's king moved last turn (it rests on e8); White's rook on e1 takes it.
	text := "4k3/8/8/8/8/8/8/K3R3 w - - 3 10 e8 - 0"
	r := load(t, "simultaneous", text)
	for _, lv := range Levels {
		res, err := NewEngine(4).Search(context.Background(), r.View(game.White), lv.Params(r.Variant(), 200_000_000, 3))
		if err != nil {
			t.Fatal(err)
		}
		// Independent check: the move wins against every reply.
		for _, o := range r.Moves(game.Black, nil) {
			s := r.Clone()
			s.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: res.Move})
			if _, err := s.Apply(game.Input{Kind: game.InputMove, Player: game.Black, Move: o}); err != nil {
				t.Fatal(err)
			}
			if s.Outcome().Result != game.WhiteWins {
				t.Errorf("level %s played %v, which does not win against %v", lv.Name, res.Move, o)
				break
			}
		}
	}
}

// Over seeded games of every game and Crown kind, the AI (playing both sides through
// their views, a referee supplying draws and secrets) only ever chooses legal actions.
func TestGamesLegal(t *testing.T) {
	for _, c := range []struct {
		variant string
		opts    []string
	}{
		{"probabilistic", nil},
		{"crown", nil},
		{"crown", []string{"kind=stones"}},
		{"crown", []string{"kind=hidden"}},
		{"crown", []string{"kind=split", "paratrooper=on"}},
		{"pillar", nil},
		{"pillar", []string{"board=8x8"}},
		{"simultaneous", nil},
	} {
		r := load(t, c.variant, "", c.opts...)
		rg := newRNG(7)
		eng := [2]*Engine{NewEngine(2), NewEngine(2)}
		for ply := 0; ply < 120 && !r.Outcome().Over(); ply++ {
			st := r.Next()
			switch st.Kind {
			case game.StepDraw:
				r.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{uint8(rg.intn(st.Range)), uint8(rg.intn(st.Range))}})
				continue
			case game.StepReveal:
				val, ok := r.(game.Secrets).Secret(st)
				if !ok {
					t.Fatalf("%s: the referee lacks a secret", c.variant)
				}
				r.Apply(game.Input{Kind: game.InputReveal, Player: st.Owner, Secret: val})
				continue
			}
			var chosen [2]game.Move
			for p := game.White; p <= game.Black; p++ {
				if !st.Asks(p) {
					continue
				}
				view := r.View(p)
				if ply%4 == 3 {
					ms := view.Moves(p, nil)
					chosen[p] = ms[rg.intn(len(ms))]
					continue
				}
				res, err := eng[p].Search(context.Background(), view, Params{Player: p, Limits: Limits{Depth: 2, Nodes: 4000}, Seed: uint64(ply)})
				if err != nil {
					t.Fatalf("%s %v ply %d: %v", c.variant, c.opts, ply, err)
				}
				chosen[p] = res.Move
			}
			for p := game.White; p <= game.Black; p++ {
				if st.Asks(p) {
					if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: p, Move: chosen[p]}); err != nil {
						t.Fatalf("%s %v ply %d at %s: %v played %v: %v", c.variant, c.opts, ply, r.Text(), p, chosen[p], err)
					}
				}
			}
		}
	}
}

// Pillar chess: with the rook's face rolled, a mate in one stands (the king's own pawns
// are covered by the knights, so it cannot climb onto them). Every level plays a move
// that ends the game in White's favour whenever it sees one (a weak level overlooks some
// of its moves).
func TestPillarMateInOne(t *testing.T) {
	r := load(t, "pillar", "k5/pp4/2N3/2N3/6/4KR w - - R 1")
	if st := r.Next(); !st.Asks(game.White) {
		t.Fatalf("the position asks %+v, want White's move", st)
	}
	mates := map[game.Move]bool{}
	for _, m := range r.Moves(game.White, nil) {
		c := r.Clone()
		if _, err := c.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: m}); err != nil {
			t.Fatal(err)
		}
		mates[m] = c.Outcome().Result == game.WhiteWins
	}
	for _, lv := range Levels {
		for seed := uint64(1); seed <= 6; seed++ {
			par := lv.Params(r.Variant(), 300_000_000, seed)
			res, err := NewEngine(2).Search(context.Background(), r.View(game.White), par)
			if err != nil {
				t.Fatal(err)
			}
			sees := false
			for _, m := range overlook(r.Position(), r.Moves(game.White, nil), par) {
				sees = sees || mates[m]
			}
			if lv.Pillar.Overlook == 0 && !sees {
				t.Fatalf("level %s overlooks no move but does not see the mate", lv.Name)
			}
			if sees && !mates[res.Move] {
				t.Errorf("level %s (seed %d) sees the mate but played %s", lv.Name, seed, r.MoveText(res.Move))
			}
		}
	}
}
