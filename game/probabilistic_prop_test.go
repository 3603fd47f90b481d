package game

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// probStats counts what the random games went through, so the tests can tell that the
// properties were checked on every kind of turn.
type probStats struct {
	offers, strikes, declines, defences, seconds, skipped, enPassant, kingDeaths, kingCaptures int
}

// probRandomGame plays seeded random actions with draws from the same seeded generator
// (Playout), leaning towards captures, defences and strikes so that they happen often;
// check runs after every input.
func probRandomGame(t *testing.T, start string, seed uint64, steps int, st *probStats, check func(g *Game), opts ...string) *Game {
	t.Helper()
	v, err := Lookup("probabilistic", opts...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGameFrom(v, start)
	if err != nil {
		t.Fatal(err)
	}
	choose := func(g *Game, c Color, ms []Move, rng *rand.Rand) Move {
		pick := func(ok func(Move) bool) []Move {
			var out []Move
			for _, m := range ms {
				if ok(m) {
					out = append(out, m)
				}
			}
			return out
		}
		strikes := pick(func(m Move) bool { return m.Kind == Strike })
		defences := pick(func(m Move) bool { return m.Kind == Defence })
		captures := pick(func(m Move) bool { return m.Kind == EnPassant || m.Kind == Normal && g.Position().At(m.To) != NoPiece })
		passing := pick(func(m Move) bool { return m.Kind == EnPassant })
		switch {
		case len(passing) > 0 && rng.IntN(2) == 0:
			ms = passing
		case len(strikes) > 0 && rng.IntN(4) > 0:
			ms = strikes
		case len(defences) > 0 && rng.IntN(2) == 0:
			ms = defences
		case len(captures) > 0 && rng.IntN(3) == 0:
			ms = captures
		}
		m := ms[rng.IntN(len(ms))]
		switch m.Kind {
		case Strike:
			st.strikes++
		case Decline:
			st.declines++
		case Defence:
			st.defences++
		case EnPassant:
			st.enPassant++
		}
		return m
	}
	counted := func(g *Game) {
		if slices.Contains(strings.Fields(g.Rules().Text()), "offer") {
			st.offers++
		}
		if strings.Contains(lastRecord(g), "skipped") {
			st.skipped++
		}
		switch g.Outcome().Reason {
		case "king died attacking":
			st.kingDeaths++
		case "king captured":
			st.kingCaptures++
		}
		if a, _ := PendingAttempt(g.Rules()); g.Next().Kind == StepDraw && a.Second {
			st.seconds++
		}
		check(g)
	}
	if err := Playout(g, rand.New(rand.NewPCG(seed, 11)), steps, choose, counted); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return g
}

// probStarts are the random games' start positions: the standard one and some with
// mates, en-passant chances and attacked kings close at hand.
var probStarts = []string{
	"",
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"6k1/5ppp/8/3pP3/8/8/5PPP/R5K1 w - d6 0 1",
	"r5k1/5ppp/8/8/1pP5/8/1P3PPP/R5K1 b - c3 0 1",
	"4k3/8/8/8/1b6/3n4/2P1P3/3QK3 w - - 0 1",
	"k4B2/3p4/8/2n1P3/4K3/8/8/8 b - - 0 1",
	"3qkb2/3p1p2/8/8/4N3/8/8/4R1K1 w - - 0 1",
}

// probSameState reports how two states differ, "" if they agree on text, hash, step,
// actions and result.
func probSameState(a, b Rules) string {
	switch {
	case a.Text() != b.Text():
		return "text " + a.Text() + " vs " + b.Text()
	case a.Hash() != b.Hash():
		return "hash"
	case a.Next() != b.Next():
		return "next step"
	case a.Outcome().Result != b.Outcome().Result:
		return "result"
	}
	for c := White; c <= Black; c++ {
		if !slices.Equal(a.Moves(c, nil), b.Moves(c, nil)) {
			return "moves of " + c.String()
		}
	}
	return ""
}

// Every step of many random games: the position text reads back to the same state, the
// incremental hash is right, views are copies; replaying the ply log reproduces each game,
// and PGN export and import round trip.
func TestProbRandomGames(t *testing.T) {
	var st probStats
	games := 150
	if testing.Short() {
		games = 30
	}
	for seed := uint64(0); seed < uint64(games); seed++ {
		var opts []string
		if seed%5 == 4 {
			opts = []string{"table=values"}
		}
		start := probStarts[seed%uint64(len(probStarts))]
		g := probRandomGame(t, start, seed, 400, &st, func(g *Game) {
			r := g.Rules()
			back, err := Load(r.Variant(), r.Text())
			if err != nil {
				t.Fatalf("seed %d: reading own text %q: %v", seed, r.Text(), err)
			}
			if d := probSameState(r, back); d != "" {
				t.Fatalf("seed %d: text round trip of %q differs: %s", seed, r.Text(), d)
			}
			if p := r.Position(); p.hash != p.computeHash() {
				t.Fatalf("seed %d: incremental hash wrong at %q", seed, r.Text())
			}
			if d := probSameState(r, r.View(White)); d != "" {
				t.Fatalf("seed %d: view differs: %s", seed, d)
			}
		}, opts...)

		// Replay the ply log.
		r, err := Load(g.Variant(), start)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range g.Entries() {
			rec, err := r.Apply(e.Input)
			if err != nil || rec.Text != e.Record.Text {
				t.Fatalf("seed %d: replay of entry %d: %v, record %q vs %q", seed, i, err, rec.Text, e.Record.Text)
			}
		}
		if d := probSameState(r, g.Rules()); d != "" || r.Outcome() != g.Outcome() {
			t.Fatalf("seed %d: replay differs: %s", seed, d)
		}

		// PGN round trip (a game still running is resigned so it has a result).
		if !g.Outcome().Over() {
			if err := g.Apply(Input{Kind: InputResign, Player: Color(seed % 2)}); err != nil {
				t.Fatal(err)
			}
		}
		g.Tags["Date"] = "2024.01.01"
		text := g.PGN()
		h, err := ParsePGN(text)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if h.Rules().Hash() != g.Rules().Hash() || h.Outcome() != g.Outcome() || len(h.Entries()) != len(g.Entries()) {
			t.Fatalf("seed %d: PGN replay differs: %+v vs %+v\n%s", seed, h.Outcome(), g.Outcome(), text)
		}
		if h.PGN() != text {
			t.Fatalf("seed %d: PGN not stable:\n%s\n---\n%s", seed, text, h.PGN())
		}
	}
	t.Logf("%+v", st)
	if st.offers == 0 || st.strikes == 0 || st.declines == 0 || st.defences == 0 || st.seconds == 0 ||
		st.skipped == 0 || st.enPassant == 0 || st.kingDeaths == 0 || st.kingCaptures == 0 {
		t.Errorf("the random games missed a kind of turn: %+v", st)
	}
}
