package match

import (
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
)

// fakeTime is the test's clock: it moves only when the test says.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time                  { return f.t }
func (f *fakeTime) pass(d time.Duration)            { f.t = f.t.Add(d) }
func newFakeTime() *fakeTime                        { return &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }
func control(base, inc time.Duration) clock.Control { return clock.Control{Base: base, Inc: inc} }

// held is an AI that answers the first legal move when the test releases it, and keeps
// what it was told of its clock.
type held struct {
	ch    chan Answer
	side  game.Color
	view  game.Rules
	clock []time.Duration
}

func (h *held) Think(view game.Rules, side game.Color, level string) <-chan Answer {
	h.ch, h.side, h.view = make(chan Answer, 1), side, view
	return h.ch
}
func (h *held) Cancel()                          {}
func (h *held) SetClock(left, inc time.Duration) { h.clock = append(h.clock, left) }
func (h *held) answer()                          { h.ch <- Answer{Move: h.view.Moves(h.side, nil)[0]} }

func timedVsAI(t *testing.T, variant string, ctl clock.Control) (*Match, *held, *fakeTime) {
	t.Helper()
	ai := &held{}
	m, err := New(Config{Variant: variant, Seats: [2]Seat{{Human: true}, {Level: "easy"}}, Clock: ctl}, ai)
	if err != nil {
		t.Fatal(err)
	}
	ft := newFakeTime()
	m.SetNow(ft.now)
	return m, ai, ft
}

func left(m *Match, c game.Color) time.Duration {
	d, _ := m.ClockLeft(c)
	return d
}

// TestClocksAgainstTheAI: at 3+2 the person's clock runs on its turn and the AI's while
// it thinks, each decision adds the increment and is recorded for the PGN, and the AI is
// told what it has left.
func TestClocksAgainstTheAI(t *testing.T) {
	m, ai, ft := timedVsAI(t, "chess", control(3*time.Minute, 2*time.Second))
	m.Update()
	if _, run := m.ClockLeft(game.White); !run {
		t.Fatal("white's clock does not run at the start")
	}
	ft.pass(10 * time.Second)
	if err := m.PlayText(game.White, "e4"); err != nil {
		t.Fatal(err)
	}
	if w := left(m, game.White); w != 172*time.Second {
		t.Fatalf("white after e4 in 10 s: %v, want 2m52s", w)
	}
	m.Update() // the AI is asked
	if len(ai.clock) != 1 || ai.clock[0] != 3*time.Minute {
		t.Fatalf("the AI was told %v, want 3m0s", ai.clock)
	}
	ft.pass(5 * time.Second)
	if _, run := m.ClockLeft(game.Black); !run || left(m, game.Black) != 175*time.Second {
		t.Fatalf("black's clock while the AI thinks: %v", left(m, game.Black))
	}
	ai.answer()
	m.Update()
	if b := left(m, game.Black); b != 177*time.Second {
		t.Fatalf("black after 5 s: %v, want 2m57s", b)
	}
	pgn := strings.Join(strings.Fields(m.PGN()), " ")
	for _, want := range []string{`[TimeControl "180+2"]`, "1. e4 {[%clk 0:02:52]} 1... ", " {[%clk 0:02:57]}"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN without %q:\n%s", want, pgn)
		}
	}
}

// TestFlagAgainstTheAI: the person's clock runs out: the AI wins; the PGN says so.
func TestFlagAgainstTheAI(t *testing.T) {
	m, _, ft := timedVsAI(t, "chess", control(time.Minute, 0))
	m.Update()
	ft.pass(time.Minute - time.Millisecond)
	m.Update()
	if m.Game().Outcome().Over() {
		t.Fatal("flag a millisecond early")
	}
	ft.pass(time.Millisecond)
	m.Update()
	if o := m.Game().Outcome(); o.Result != game.BlackWins || o.Reason != "white ran out of time" {
		t.Fatalf("outcome %+v", o)
	}
	if _, run := m.ClockLeft(game.White); run {
		t.Fatal("a clock runs after the game")
	}
	if pgn := m.PGN(); !strings.Contains(pgn, `[Termination "Time forfeit"]`) || !strings.Contains(pgn, "{[%flag w]") {
		t.Fatalf("PGN:\n%s", pgn)
	}
}

// TestFlagDrawAgainstLoneKing: out of time against a lone king is a draw.
func TestFlagDrawAgainstLoneKing(t *testing.T) {
	m, _, ft := timedVsAI(t, "chess", control(10*time.Second, 0))
	if err := m.Load("4k3/8/8/8/8/8/8/4K2R w - - 0 1"); err != nil {
		t.Fatal(err)
	}
	m.SetNow(ft.now)
	m.Update()
	ft.pass(11 * time.Second)
	m.Update()
	if o := m.Game().Outcome(); o.Result != game.Drawn {
		t.Fatalf("outcome %+v, want a draw", o)
	}
}

// TestSimultaneousClocks: in simultaneous chess both clocks run while both choose, and a
// sealed choice stops its own; hand-over screens stop nothing.
func TestSimultaneousClocks(t *testing.T) {
	m, err := New(Config{Variant: "simultaneous", Seats: [2]Seat{{Human: true}, {Human: true}}, Clock: control(time.Minute, time.Second)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ft := newFakeTime()
	m.SetNow(ft.now)
	m.Update()
	_, w := m.ClockLeft(game.White)
	_, b := m.ClockLeft(game.Black)
	if !w || !b {
		t.Fatalf("running at the start: white %v black %v, want both", w, b)
	}
	ft.pass(3 * time.Second)
	if err := m.PlayText(game.White, "e2e4"); err != nil {
		t.Fatal(err)
	}
	ft.pass(4 * time.Second)
	m.Update()
	if l, run := m.ClockLeft(game.White); run || l != 58*time.Second {
		t.Fatalf("white after sealing in 3 s: %v running %v, want 58s stopped", l, run)
	}
	if l, run := m.ClockLeft(game.Black); !run || l != 53*time.Second {
		t.Fatalf("black still choosing after 7 s: %v running %v", l, run)
	}
	if err := m.PlayText(game.Black, "e7e5"); err != nil {
		t.Fatal(err)
	}
	m.Update()
	_, w = m.ClockLeft(game.White)
	_, b = m.ClockLeft(game.Black)
	if !w || !b {
		t.Fatalf("the next turn: white %v black %v, want both running", w, b)
	}
	// The PGN has both players' times for each turn, whichever sealed first; a sealed
	// move's time shows only once its turn is resolved.
	ft.pass(2 * time.Second)
	if err := m.PlayText(game.Black, "g8f6"); err != nil {
		t.Fatal(err)
	}
	if pgn := m.PGN(); strings.Count(pgn, "%clk") != 2 {
		t.Fatalf("Black's sealed move shows a time before its turn resolved:\n%s", pgn)
	}
	ft.pass(time.Second)
	if err := m.PlayText(game.White, "g1f3"); err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(m.PGN()), " ")
	if want := "1. e4 {[%clk 0:00:58]} 1... e5 {[%clk 0:00:54]} 2. Nf3 Nf6 {[%clk 0:00:56 0:00:53]}"; !strings.Contains(flat, want) {
		t.Fatalf("PGN without %q:\n%s", want, m.PGN())
	}
}

// TestAutomaticStepsRunNoClock: pillar chess's die is rolled with no clock running, and
// a turn the die passes runs none either.
func TestAutomaticStepsRunNoClock(t *testing.T) {
	m, err := New(Config{Variant: "pillar", Seats: [2]Seat{{Human: true}, {Human: true}}, Clock: control(time.Minute, 0)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ft := newFakeTime()
	m.SetNow(ft.now)
	m.SetRand(strings.NewReader(strings.Repeat("\x05\x00\x01\x02\x03\x04", 100)))
	if m.Game().Next().Kind != game.StepDraw {
		t.Fatalf("pillar starts with a %v", m.Game().Next().Kind)
	}
	m.tm.key = clockKey{n: -1}
	m.syncClocks()
	if _, run := m.ClockLeft(game.White); run {
		t.Fatal("white's clock runs while the die is rolled")
	}
	for i := 0; i < 20 && !m.Game().Outcome().Over(); i++ {
		m.Update()
		for c := game.White; c <= game.Black; c++ {
			act := m.ToAct()
			_, run := m.ClockLeft(c)
			if run != (act>>c&1 != 0) {
				t.Fatalf("step %d: %v's clock runs %v, acts %v (next %v)", i, c, run, act>>c&1 != 0, m.Game().Next())
			}
			if act>>c&1 != 0 {
				ft.pass(time.Second)
				mv := m.Game().LegalMoves(c)[0]
				if err := m.Play(c, mv); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if w, b := left(m, game.White), left(m, game.Black); w+b >= 2*time.Minute {
		t.Fatalf("no time was spent: %v %v", w, b)
	}
}
