package game

import (
	"strconv"
	"strings"
	"testing"
)

// crownLoad builds a Crown referee state of the options ("kind=stones paratrooper=on")
// from position text ("" for the start).
func crownLoad(t testing.TB, opts, text string) *crownRules {
	t.Helper()
	v, err := Lookup("crown", strings.Fields(opts)...)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load(v, text)
	if err != nil {
		t.Fatalf("load %q: %v", text, err)
	}
	return r.(*crownRules)
}

// crownDo applies inputs written as moves ("Bxd8", "S@e4:1") for the side asked, or as
// reveals ("!1"), failing the test on any refusal. It returns the records.
func crownDo(t testing.TB, r Rules, inputs ...string) []Record {
	t.Helper()
	var recs []Record
	for _, s := range inputs {
		var in Input
		if v, ok := strings.CutPrefix(s, "!"); ok {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				t.Fatalf("bad reveal %q", s)
			}
			if st := r.Next(); st.Kind != StepReveal {
				t.Fatalf("reveal %s given at a %v step\n%s", v, st.Kind, r.Text())
			}
			in = Input{Kind: InputReveal, Secret: n}
		} else {
			st := r.Next()
			if st.Kind != StepMove {
				t.Fatalf("move %q given at a %v step %+v\n%s", s, st.Kind, st, r.Text())
			}
			m, err := r.ParseMove(st.OnlyPlayer(), s)
			if err != nil {
				t.Fatalf("move %q: %v\n%s", s, err, r.Text())
			}
			in = Input{Kind: InputMove, Player: st.OnlyPlayer(), Move: m}
		}
		rec, err := r.Apply(in)
		if err != nil {
			t.Fatalf("%q: %v\n%s", s, err, r.Text())
		}
		recs = append(recs, rec)
	}
	return recs
}

// crownAnswer answers reveal steps from the state's own secrets while it asks them.
func crownAnswer(t testing.TB, r Rules) []Record {
	t.Helper()
	var recs []Record
	for st := r.Next(); st.Kind == StepReveal; st = r.Next() {
		v, ok := r.(Secrets).Secret(st)
		if !ok {
			t.Fatalf("state does not know %+v\n%s", st, r.Text())
		}
		rec, err := r.Apply(Input{Kind: InputReveal, Secret: v})
		if err != nil {
			t.Fatalf("reveal %d for %+v: %v\n%s", v, st, err, r.Text())
		}
		recs = append(recs, rec)
	}
	return recs
}

// crownTokens lists the PGN tokens of the legal moves of the side to move, sorted.
func crownTokens(r *crownRules) []string {
	var out []string
	for _, m := range r.Moves(r.pos.Side, nil) {
		tok := r.moveToken(m)
		if crownHasSecret(m) {
			tok += ":" + crownSecretText(m)
		}
		out = append(out, tok)
	}
	sortStrings(out)
	return out
}

func hasToken(r *crownRules, tok string) bool {
	for _, x := range crownTokens(r) {
		if x == tok {
			return true
		}
	}
	return false
}

// crownField is the value of a key=value field of the position text ("" if absent).
func crownField(text, key string) string {
	for _, f := range strings.Fields(text) {
		if v, ok := strings.CutPrefix(f, key+"="); ok {
			return v
		}
	}
	return ""
}

// crownRefused fails unless applying in is refused and leaves the state unchanged.
func crownRefused(t testing.TB, r Rules, in Input, why string) {
	t.Helper()
	text, hash, next := r.Text(), r.Hash(), r.Next()
	if _, err := r.Apply(in); err == nil {
		t.Fatalf("%s: input %+v accepted\n%s", why, in, text)
	}
	if r.Text() != text || r.Hash() != hash || r.Next() != next {
		t.Fatalf("%s: refused input changed the state:\n%s\n%s", why, text, r.Text())
	}
}
