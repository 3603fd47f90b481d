package game

import (
	"strings"
	"testing"
)

func loadRules(t *testing.T, name, text string, opts ...string) Rules {
	t.Helper()
	v, err := Lookup(name, opts...)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load(v, text)
	if err != nil {
		t.Fatalf("%s %q: %v", name, text, err)
	}
	return r
}

// TestFlagOutcome: a flag loses, except where the other side could not win by any legal
// sequence, per game (RULES: the flag).
func TestFlagOutcome(t *testing.T) {
	for _, c := range []struct {
		name, text string
		flagged    Color
		want       Result
	}{
		// Chess: mating material as lichess counts it on time.
		{"chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", Black, WhiteWins},
		{"chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", White, Drawn},       // a lone king
		{"chess", "4k3/8/8/8/8/8/r7/4KN2 w - - 0 1", Black, WhiteWins},  // K+N v K+R: a helpmate exists
		{"chess", "4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1", Black, WhiteWins}, // K+N v K+P: a helpmate exists
		{"chess", "4k3/4q3/8/8/8/8/8/4KN2 w - - 0 1", Black, Drawn},     // K+N v K+Q
		{"chess", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", Black, WhiteWins}, // bishops on both colours
		{"chess", "4k3/8/8/8/8/8/r7/4KB2 w - - 0 1", Black, Drawn},      // K+B v K+R
		{"chess", "4k3/8/8/8/8/8/r7/4KB2 w - - 0 1", White, BlackWins},  // and the other way
		{"chess", "2b1k3/8/8/8/8/8/r7/4KB2 w - - 0 1", Black, Drawn},    // bishops all on light squares
		{"chess", "3bk3/8/8/8/8/8/8/4KB2 w - - 0 1", Black, WhiteWins},  // opposite bishops: a helpmate
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", White, BlackWins},
		// Forced capture: a lone king that attacks nothing cannot win; one that attacks a piece can.
		{"forced", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", White, Drawn},
		{"forced", "4kR2/8/8/8/8/8/8/4K3 w - - 0 1", White, BlackWins},
		{"forced", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Black, WhiteWins},
		// Probabilistic and simultaneous chess: the same.
		{"probabilistic", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", White, Drawn},
		{"probabilistic", "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", White, BlackWins},
		{"simultaneous", "", White, BlackWins},
		{"simultaneous", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", White, Drawn},
		// Pillar chess: a lone king never mates, but a prisoner may come free.
		{"pillar", "", White, BlackWins},
	} {
		r := loadRules(t, c.name, c.text)
		if _, err := r.Apply(Input{Kind: InputFlag, Player: c.flagged}); err != nil {
			t.Errorf("%s %q: flag %v: %v", c.name, c.text, c.flagged, err)
			continue
		}
		o := r.Outcome()
		if o.Result != c.want || !strings.HasPrefix(o.Reason, c.flagged.String()+" ran out of time") {
			t.Errorf("%s %q: %v flags: %+v, want %v", c.name, c.text, c.flagged, o, c.want)
		}
		if r.Next().Kind == StepMove {
			t.Errorf("%s: the game asks a move after the flag", c.name)
		}
	}
}

// TestPillarFlagLoneKing: pillar chess's kings, with and without a prisoner of their own
// colour in a tower.
func TestPillarFlagLoneKing(t *testing.T) {
	r := loadRules(t, "pillar", "").(*pillarRules)
	p := r.pos
	for s := Square(0); s < 64; s++ {
		if pc := p.At(s); pc != NoPiece && pc.Type() != King && pc.Color() == Black {
			p.Remove(s)
		}
	}
	if r.CanWin(Black) {
		t.Fatal("a lone black king can win pillar chess")
	}
	if !r.CanWin(White) {
		t.Fatal("white's full army cannot win")
	}
	// A black pawn held under a white piece may come free.
	for s := Square(0); s < 64; s++ {
		if pc := p.At(s); pc != NoPiece && pc.Type() == Pawn && pc.Color() == White {
			p.Under[s].P[0], p.Under[s].N = MakePiece(Black, Pawn), 1
			break
		}
	}
	if !r.CanWin(Black) {
		t.Fatal("a king with a prisoner that may come free cannot win")
	}
}

// TestFlagPGN: the flag is in the PGN as a command comment and reads back to the same
// result.
func TestFlagPGN(t *testing.T) {
	g, err := NewGame("chess")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e4", "e5"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Apply(Input{Kind: InputFlag, Player: White}); err != nil {
		t.Fatal(err)
	}
	text := g.PGN()
	if !strings.Contains(text, "{[%flag w] white ran out of time} 0-1") {
		t.Fatalf("PGN without the flag:\n%s", text)
	}
	h, err := ParsePGN(text)
	if err != nil {
		t.Fatal(err)
	}
	if h.Outcome() != g.Outcome() {
		t.Fatalf("read back: %+v, want %+v", h.Outcome(), g.Outcome())
	}
}

// TestCrownHiddenOnTime: Crown-3 on time (RULES.md §3): the side whose every piece is
// captured does not lose; its turns pass by themselves and the other side must end a move
// on the hidden square. Untimed, the same capture loses at once.
func TestCrownHiddenOnTime(t *testing.T) {
	const text = "3dk3/8/8/8/8/8/8/r3K3 b - - 0 10 crown=Kd monarchs=-/e8d8 lost=w hide=c5/- proven=1800000000000011/-"
	untimed := crownLoad(t, "kind=hidden", text)
	crownDo(t, untimed, "Rxe1")
	if untimed.out != (Outcome{BlackWins, "all pieces captured"}) {
		t.Fatalf("untimed: %+v", untimed.out)
	}

	timed := crownLoad(t, "kind=hidden clock=on", text)
	crownDo(t, timed, "Rxe1")
	if timed.out.Over() {
		t.Fatalf("on time the game ended at once: %+v", timed.out)
	}
	if ms := timed.Moves(White, nil); len(ms) != 1 || ms[0].Kind != Pass {
		t.Fatalf("white's actions with no piece left: %v, want one pass", ms)
	}
	// Black may not win on white's flag, nor white on black's: white cannot win.
	if timed.CanWin(White) || !timed.CanWin(Black) {
		t.Fatalf("CanWin white %v black %v, want false, true", timed.CanWin(White), timed.CanWin(Black))
	}
	crownDo(t, timed, "pass", "Rc1", "!0", "pass", "Rc5", "!1")
	if timed.out != (Outcome{BlackWins, "crown found"}) {
		t.Fatalf("combing: %+v", timed.out)
	}

	// A flag of the side still combing is a draw: the other has nothing to win with.
	timed = crownLoad(t, "kind=hidden clock=on", text)
	crownDo(t, timed, "Rxe1", "pass")
	if _, err := timed.Apply(Input{Kind: InputFlag, Player: Black}); err != nil {
		t.Fatal(err)
	}
	if timed.out.Result != Drawn {
		t.Fatalf("black flags while combing: %+v, want a draw", timed.out)
	}
	if _, err := Load(timed.pos.V, timed.Text()); err != nil {
		t.Fatalf("the finished game's text does not load: %v\n%s", err, timed.Text())
	}
}

func TestTimedOptions(t *testing.T) {
	if got := TimedOptions("crown", []string{"kind=hidden"}, true); strings.Join(got, " ") != "kind=hidden clock=on" {
		t.Fatalf("crown on time: %v", got)
	}
	if got := TimedOptions("crown", []string{"kind=hidden", "clock=on"}, false); strings.Join(got, " ") != "kind=hidden" {
		t.Fatalf("crown untimed: %v", got)
	}
	if got := TimedOptions("chess", nil, true); len(got) != 0 {
		t.Fatalf("chess has no clock option: %v", got)
	}
}
