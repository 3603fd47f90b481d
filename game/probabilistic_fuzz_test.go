package game

import (
	"os"
	"slices"
	"testing"
)

// probFuzzStates are states at every kind of step: turn start (with and without an
// attacked king), declared attempt, declared defence, defence between its attempts,
// strike offer (with a pending en-passant square), strike.
var probFuzzStates = []string{
	StartFEN,
	"4k3/8/8/8/1b6/3n4/2P1P3/3QK3 w - - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 try=e5f7",
	"4k3/8/8/8/1b6/3n4/2P1P3/3QK3 w - - 0 1 try=c2d3,e2d3",
	"k4B2/8/8/2npP3/4K3/8/8/8 w - - 1 2 then=f8c5",
	"8/8/2Q5/k7/1P6/3N4/8/7K w - - 0 1 offer ep=b3",
	"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4 strike=f7e8",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 1 try=e5d6",
}

// FuzzProbText: any position text loads or is refused with an error, never a panic; a
// loaded state writes text that loads to the same state, and one more step keeps it so.
func FuzzProbText(f *testing.F) {
	for _, s := range probFuzzStates {
		f.Add(s)
	}
	for _, s := range []string{"", "x", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 offer",
		"4k3/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 try=e1e2", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1 then=a1a2",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ep=e3 ep=e3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 strike=e1e8q"} {
		f.Add(s)
	}
	v, _ := Lookup("probabilistic")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := Load(v, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		for step := 0; step < 2; step++ {
			back, err := Load(v, r.Text())
			if err != nil {
				t.Fatalf("%q → %q does not load: %v", text, r.Text(), err)
			}
			if d := probSameState(r, back); d != "" {
				t.Fatalf("%q → %q: %s", text, r.Text(), d)
			}
			if _, err := PerftRules(r, 1); err != nil {
				t.Fatal(err)
			}
			s := r.Next()
			switch s.Kind {
			case StepDraw:
				_, err = r.Apply(Input{Kind: InputDraw, Values: [2]uint8{uint8(len(text) % 10), 7}})
			case StepMove:
				ms := r.Moves(s.OnlyPlayer(), nil)
				if len(ms) == 0 {
					t.Fatalf("%q: asked to move with no actions", r.Text())
				}
				_, err = r.Apply(Input{Kind: InputMove, Player: s.OnlyPlayer(), Move: ms[len(text)%len(ms)]})
			default:
				return
			}
			if err != nil {
				t.Fatalf("%q: a legal input was refused: %v", r.Text(), err)
			}
		}
	})
}

// FuzzProbMove: move text from anyone is read as a legal action or refused, never a
// panic; what is read writes back to text that reads to the same action.
func FuzzProbMove(f *testing.F) {
	for _, s := range []string{"e4", "Nxe5", "cxd3,exd3", "c2d3,e2d3", "strike:Qxe8", "f7e8", "no-strike", "decline",
		"O-O", "e7e8q", ",", "x,y,z", "strike:", "Qxd3,Qxd3", "exd6", "Bxc5"} {
		f.Add(s)
	}
	v, _ := Lookup("probabilistic")
	var states []Rules
	for _, s := range probFuzzStates {
		r, err := Load(v, s)
		if err != nil {
			f.Fatal(err)
		}
		states = append(states, r)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range states {
			for c := White; c <= Black; c++ {
				m, err := r.ParseMove(c, s)
				if err != nil {
					continue
				}
				if !slices.Contains(r.Moves(c, nil), m) {
					t.Fatalf("%s: %q read as %v, not an action of %v", r.Text(), s, m, c)
				}
				if back, err := r.ParseMove(c, r.MoveText(m)); err != nil || back != m {
					t.Fatalf("%s: %q → %v → %q → %v, %v", r.Text(), s, m, r.MoveText(m), back, err)
				}
			}
		}
	})
}

// FuzzProbApply: any input at any step is applied or refused; a refused one changes
// nothing.
func FuzzProbApply(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(12), uint8(28), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(3), uint8(4))
	f.Add(uint8(0), uint8(0), uint8(10), uint8(19), uint8(13), uint8(0), uint8(12), uint8(19), uint8(0), uint8(0), uint8(3), uint8(4))
	f.Add(uint8(1), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(9), uint8(10))
	f.Add(uint8(0), uint8(0), uint8(64), uint8(64), uint8(12), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0))
	v, _ := Lookup("probabilistic")
	f.Fuzz(func(t *testing.T, kind, player, from, to, mk, promo, via, via2, n, promo2, a, b uint8) {
		for _, s := range probFuzzStates {
			r, err := Load(v, s)
			if err != nil {
				t.Fatal(err)
			}
			in := Input{Kind: InputKind(kind % 7), Player: Color(player % 3), Values: [2]uint8{a, b},
				Move: Move{From: Square(from), To: Square(to), Kind: MoveKind(mk), Promo: PieceType(promo),
					Via: Square(via), Via2: Square(via2), N: n, Promo2: PieceType(promo2)}}
			text, hash := r.Text(), r.Hash()
			if _, err := r.Apply(in); err != nil {
				if r.Text() != text || r.Hash() != hash {
					t.Fatalf("%s: refused %+v changed the state to %s", s, in, r.Text())
				}
				continue
			}
			if in.Kind >= InputResign {
				continue // results by decision are not part of the position
			}
			if back, err := Load(v, r.Text()); err != nil || probSameState(r, back) != "" {
				t.Fatalf("%s: after %+v the text %q does not load back: %v", s, in, r.Text(), err)
			}
		}
	})
}

// FuzzProbPGN: PGN of probabilistic games from anyone reads or is refused, never a panic;
// what reads exports to PGN that reads back to the same game.
func FuzzProbPGN(f *testing.F) {
	for _, name := range []string{"scholar", "defence", "kings"} {
		data, err := os.ReadFile("testdata/probabilistic_" + name + ".pgn")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("[Variant \"probabilistic\"]\n[VariantOptions \"table=values\"]\n1. e4 d5 2. exd5 {[%draw 3 9]} *")
	f.Add("[Variant \"probabilistic\"]\n1. e4 {[%draw 1 1]} e5 {[%claim w]} *")
	f.Fuzz(checkPGNRoundTrip)
}
