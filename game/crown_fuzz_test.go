package game

import (
	"testing"
)

var crownFuzzSeeds = []string{
	crownStart,
	"r2dk2r/1P4pp/8/3pP3/8/8/6PP/R2DK2R w KDAHkdah d6 0 1 crown=dk",
	"4k3/8/3s4/2P1s3/3N4/8/8/3DK3 w - - 0 10 crown=kK monarchs=e1d1/e8 lost=b stones=rrr/d6me5ur",
	"4k3/8/8/8/8/8/5r2/4K2R b - - 0 10 crown=Kk monarchs=-/e8 lost=w hide=f1/- proven=0000000000002090/-",
	"4k3/8/8/8/3rO3/5X2/8/8 b - - 0 10 crown=Kk monarchs=-/e8 lost=w split=x/-",
	"3dk3/3A4/8/8/8/8/1a6/3DK3 w - - 0 10 crown=kd para=00",
	"4k3/8/8/4B3/8/8/8/4K3 b - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/xe5?rr pending=mbe5,ee5",
	"3Bk3/8/8/8/8/8/8/4K3 b - - 0 1 crown=k? monarchs=e1/e8 pending=cbDd8,ed8",
	"4k3/8/8/8/8/8/8/4K3 w - - 0 10 crown=KK monarchs=-/- lost=wb hide=d2!/d2 proven=1000000000000010/1000000000000010 over=0-1:own_crown_crushed",
	"4k3/4A3/8/8/8/8/8/4K3 b - - 0 10 crown=kk para=00 pending=pe7off",
	"4k3/8/8/8/8/8/8/4K3 b - - 0 10 crown=Kk monarchs=-/e8 lost=w hide=?/- proven=1000000000000010/- pending=ee1",
	"4k3/8/8/8/8/8/8/4K3 w - - 0 10 crown=?? monarchs=e1/e8 over=1/2-1/2:agreement",
	"", "x", "8/8/8/8/8/8/8/8 w - -",
}

var crownFuzzOpts = []string{"", "kind=stones paratrooper=on", "kind=hidden paratrooper=on", "kind=split paratrooper=on",
	"kind=stones", "kind=hidden", "kind=split", "paratrooper=on"}

// FuzzCrownText: any text gives a state or an error, never a panic; a state reads back
// from its own text; its moves and reveals can be played without a panic.
func FuzzCrownText(f *testing.F) {
	for i, s := range crownFuzzSeeds {
		for j := range crownFuzzOpts {
			f.Add(uint8(i+j), s)
		}
	}
	f.Fuzz(func(t *testing.T, o uint8, text string) {
		opts := crownFuzzOpts[int(o)%len(crownFuzzOpts)]
		r, err := crownTryLoad(opts, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		out := r.Text()
		q, err := crownTryLoad(opts, out)
		if err != nil {
			t.Fatalf("%q → %q does not read back: %v", text, out, err)
		}
		if q.Text() != out || q.Hash() != r.Hash() || q.Next() != r.Next() {
			t.Fatalf("%q → %q reads back as %q", text, out, q.Text())
		}
		// Play a few steps: the first action, or the referee's answer (any value if it
		// does not know, which the rules must either take or refuse cleanly).
		for i := 0; i < 6; i++ {
			st := r.Next()
			switch st.Kind {
			case StepOver:
				return
			case StepReveal:
				v, ok := r.Secret(st)
				if _, err := r.Apply(Input{Kind: InputReveal, Secret: v}); err != nil && ok {
					t.Fatalf("the referee's own answer %d to %+v refused: %v\n%s", v, st, err, r.Text())
				} else if err != nil {
					// Unknown here: some value must be possible, or the game is stuck.
					for v = 0; v < 64; v++ {
						if _, err := r.Apply(Input{Kind: InputReveal, Secret: v}); err == nil {
							break
						}
					}
					if v == 64 {
						t.Fatalf("no value answers %+v\n%s", st, r.Text())
					}
				}
			default:
				ms := r.Moves(st.OnlyPlayer(), nil)
				if len(ms) == 0 {
					t.Fatalf("no action at a move step: %s", r.Text())
				}
				m := ms[(i*7)%len(ms)]
				if _, err := r.Apply(Input{Kind: InputMove, Player: st.OnlyPlayer(), Move: m}); err != nil {
					t.Fatalf("listed action %v refused: %v\n%s", m, err, r.Text())
				}
			}
			if l, err := crownTryLoad(opts, r.Text()); err != nil || l.Text() != r.Text() {
				t.Fatalf("text after play does not read back: %v\n%s", err, r.Text())
			}
			for p := White; p <= Black; p++ {
				r.View(p).Text()
			}
		}
	})
}

func crownTryLoad(opts, text string) (*crownRules, error) {
	v, err := Lookup("crown", splitFields(opts)...)
	if err != nil {
		return nil, err
	}
	r, err := Load(v, text)
	if err != nil {
		return nil, err
	}
	return r.(*crownRules), nil
}

func splitFields(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// FuzzCrownMove: move text from anyone is read or refused, never a panic; what is read
// is a legal action.
func FuzzCrownMove(f *testing.F) {
	for _, s := range []string{"e4", "0-0 (K)", "0-0-0D", "O-O(D)", "crown", "crown:K", "crown:x", "S@e4", "S@e4:1",
		"hide", "hide:c5", "Ke4/Xf5", "Ke4/Xf5:O", "Ae4xe5-e6", "Ah1-off", "e4f5x:o", "d4c5b3", "A@e4", "e7e8f", "::", ":", "@", ""} {
		f.Add(uint8(0), s)
	}
	states := []struct{ opts, text string }{
		{"", ""},
		{"", "r2dk2r/1P4pp/8/3pP3/8/8/6PP/R2DK2R w KDAHkdah d6 0 1 crown=dk"},
		{"kind=stones paratrooper=on", "4k3/8/8/4s3/4A3/8/8/3DK3 b - - 0 10 crown=kK monarchs=e1d1/e8 lost=b stones=rrr/e5mrr para=01"},
		{"kind=hidden", "4k3/8/8/8/8/8/5r2/4K2R w KH - 0 10 crown=Kk monarchs=e1/e8 lost=w"},
		{"kind=split", "4k3/8/8/8/3rK3/8/8/8 w - - 0 10 crown=Kk monarchs=e4/e8 lost=w"},
		{"paratrooper=on", "4k3/8/5n2/4p3/3PA3/8/8/4K3 w - - 0 10 crown=kk para=01"},
	}
	var rs []*crownRules
	for _, s := range states {
		r, err := crownTryLoad(s.opts, s.text)
		if err != nil {
			f.Fatal(err)
		}
		rs = append(rs, r, r.View(r.pos.Side.Other()).(*crownRules))
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		r := rs[int(i)%len(rs)]
		for p := White; p <= Black; p++ {
			m, err := r.ParseMove(p, s)
			if err != nil {
				continue
			}
			c := r.clone()
			if _, err := c.Apply(Input{Kind: InputMove, Player: p, Move: m}); err != nil {
				t.Fatalf("%q read as %v, which is refused: %v", s, m, err)
			}
		}
	})
}
