package game

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// pillarSetup is one set of options the property tests run under.
type pillarSetup struct {
	opts                      []string
	big, combi, nodice, alone bool
}

var pillarSetups = []pillarSetup{
	{opts: nil},
	{opts: []string{"board=8x8"}, big: true},
	{opts: []string{"combinatorics=on"}, combi: true},
	{opts: []string{"board=8x8", "combinatorics=on", "promotion=alone"}, big: true, combi: true, alone: true},
	{opts: []string{"promotion=alone"}, alone: true},
	{opts: []string{"nodice=on"}, nodice: true},
}

func (s pillarSetup) String() string {
	if len(s.opts) == 0 {
		return "pillar"
	}
	return "pillar " + strings.Join(s.opts, " ")
}

func pillarVariantFor(t testing.TB, s pillarSetup) *Variant {
	t.Helper()
	v, err := Lookup("pillar", s.opts...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// loadPillarT loads position text under the setup's options.
func loadPillarT(t testing.TB, s pillarSetup, text string) *pillarRules {
	t.Helper()
	r, err := Load(pillarVariantFor(t, s), text)
	if err != nil {
		t.Fatalf("%s: %q: %v", s, text, err)
	}
	return r.(*pillarRules)
}

// pillarRandomGame plays seeded random inputs (die faces and moves, Playout) for up to
// n inputs, calling check before each input and after the last.
func pillarRandomGame(t testing.TB, s pillarSetup, seed uint64, n int, check func(g *Game)) *Game {
	t.Helper()
	g, err := NewGameFrom(pillarVariantFor(t, s), "")
	if err != nil {
		t.Fatal(err)
	}
	check(g)
	if err := Playout(g, rand.New(rand.NewPCG(seed, 11)), n, nil, check); err != nil {
		t.Fatalf("%s seed %d: %v", s, seed, err)
	}
	return g
}

// pillarKey is a move as the comparison sees it: its effect and the type it counts as.
type pillarKey struct {
	from, to, k int
	promo       byte // lower case, ' ' for none
	kind        string
	as          byte
}

func sortPillarKeys(k []pillarKey) []pillarKey {
	slices.SortFunc(k, func(a, b pillarKey) int {
		return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to), cmp.Compare(a.k, b.k),
			cmp.Compare(a.promo, b.promo), cmp.Compare(a.kind, b.kind), cmp.Compare(a.as, b.as))
	})
	return k
}

func pillarKeys(ms []Move) []pillarKey {
	var k []pillarKey
	kinds := map[MoveKind]string{Normal: "n", Double: "d", EnPassant: "ep", Castle: "c", Pass: "pass"}
	for _, m := range ms {
		if m.Kind == Pass {
			k = append(k, pillarKey{kind: "pass", promo: ' ', as: ' '})
			continue
		}
		k = append(k, pillarKey{int(m.From), int(m.To), int(m.N), pieceLetters[m.Promo] | ' ', kinds[m.Kind], pieceLetters[m.Promo2] | ' '})
	}
	return sortPillarKeys(k)
}

func prKeys(ms []pmove) []pillarKey {
	var k []pillarKey
	for _, m := range ms {
		if m.kind == "pass" {
			k = append(k, pillarKey{kind: "pass", promo: ' ', as: ' '})
			continue
		}
		k = append(k, pillarKey{m.from, m.to, m.k, m.promo | ' ', m.kind, m.as})
	}
	return sortPillarKeys(k)
}

// compareWithRef checks the engine's turn against the reference's on r's position.
func comparePillarWithRef(t *testing.T, s pillarSetup, r *pillarRules) {
	t.Helper()
	text := r.Text()
	b, err := parsePref(text, s.big, s.combi, s.nodice, s.alone)
	if err != nil {
		t.Fatalf("reference cannot read %q: %v", text, err)
	}
	over, roll, moves, all := b.turnAll()
	if over != "" || r.out.Over() {
		if r.out.Reason != over {
			t.Fatalf("%s %q: outcome %q, reference %q", s, text, r.out.Reason, over)
		}
		return
	}
	if got, want := pillarKeys(r.all), prKeys(all); !slices.Equal(got, want) {
		t.Fatalf("%s %q: legal moves differ\nengine:    %v\nreference: %v", s, text, got, want)
	}
	engineRoll := r.turn == turnRoll || r.turn == turnRolled
	if engineRoll != roll {
		t.Fatalf("%s %q: engine turn %s, reference roll=%v", s, text, r.turnName(), roll)
	}
	if r.turn == turnRoll {
		return
	}
	if b.die >= 0 {
		moves = b.rolled(moves, b.die)
	}
	if got, want := pillarKeys(r.moves), prKeys(moves); !slices.Equal(got, want) {
		t.Fatalf("%s %q (%s): actions differ\nengine:    %v\nreference: %v", s, text, r.turnName(), got, want)
	}
	// Each action leads to the same position in both.
	byKey := map[pillarKey]pmove{}
	for _, m := range moves {
		byKey[prKeys([]pmove{m})[0]] = m
	}
	for _, m := range r.moves {
		p := r.pos.Clone()
		var u pillarUndo
		p.makePillar(m, r.cfg, &u)
		got := fmt.Sprintf("%s %c %s %v -", p.BoardText(), "wb"[p.Side], p.CastlingText(), p.EP)
		if want := b.play(byKey[pillarKeys([]Move{m})[0]]).text(); got != want {
			t.Fatalf("%s %q: after %s\nengine:    %q\nreference: %q", s, text, r.moveBody(m), got, want)
		}
	}
}

func TestPillarAgainstReference(t *testing.T) {
	for _, s := range pillarSetups {
		for seed := uint64(0); seed < 6; seed++ {
			pillarRandomGame(t, s, seed, 300, func(g *Game) {
				comparePillarWithRef(t, s, g.Rules().(*pillarRules))
			})
		}
	}
}
