package match

import (
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// instant is an opponent that answers the first legal move at once.
type instant struct{ asked, cancels int }

func (o *instant) Think(view game.Rules, side game.Color, level string) <-chan Answer {
	o.asked++
	ch := make(chan Answer, 1)
	ch <- Answer{Move: view.Moves(side, nil)[0]}
	return ch
}
func (o *instant) Cancel() { o.cancels++ }

func vsAI(t *testing.T, variant string, human game.Color) (*Match, *instant) {
	t.Helper()
	var seats [2]Seat
	seats[human] = Seat{Human: true}
	seats[human.Other()] = Seat{Level: "easy"}
	o := &instant{}
	m, err := New(Config{Variant: variant, Seats: seats}, o)
	if err != nil {
		t.Fatal(err)
	}
	return m, o
}

func TestAIAnswersAndTakeback(t *testing.T) {
	m, o := vsAI(t, "chess", game.White)
	m.Update()
	if o.asked != 0 || m.ToAct() != 1 {
		t.Fatalf("at the start the person (White) acts; AI asked %d times, ToAct %b", o.asked, m.ToAct())
	}
	if err := m.PlayText(game.White, "e4"); err != nil {
		t.Fatal(err)
	}
	m.Update() // asks the AI
	m.Update() // takes its answer
	if n := len(m.Game().Entries()); n != 2 {
		t.Fatalf("%d entries after e4 and the AI's answer, want 2", n)
	}
	ns := m.TakeNotices(game.White)
	if len(ns) != 2 || ns[0].By != "you" || ns[1].By != "AI" {
		t.Fatalf("notices %+v", ns)
	}
	if err := m.PlayText(game.Black, "e5"); err == nil {
		t.Error("playing the AI's colour was accepted")
	}
	if !m.CanTakeback() {
		t.Fatal("no takeback after a move")
	}
	if err := m.Takeback(); err != nil {
		t.Fatal(err)
	}
	if n := len(m.Game().Entries()); n != 0 {
		t.Fatalf("%d entries after takeback, want 0 (own move and the AI's answer)", n)
	}
	if m.CanTakeback() {
		t.Error("takeback offered at the start")
	}
}

func TestAIPlaysWhite(t *testing.T) {
	m, o := vsAI(t, "forced", game.Black)
	m.Update()
	m.Update()
	if o.asked != 1 || len(m.Game().Entries()) != 1 || m.ToAct() != 2 {
		t.Fatalf("the AI (White) should have moved once: asked %d, entries %d", o.asked, len(m.Game().Entries()))
	}
	if m.CanTakeback() {
		t.Error("takeback offered before the person moved")
	}
	if m.Viewer(game.White) != game.Black {
		t.Error("the person playing Black does not view as Black")
	}
}

func TestStaleAnswerIgnored(t *testing.T) {
	m, o := vsAI(t, "chess", game.White)
	if err := m.PlayText(game.White, "e4"); err != nil {
		t.Fatal(err)
	}
	m.Update() // the AI has been asked (and answered into its channel)
	if err := m.Takeback(); err != nil {
		t.Fatal(err)
	}
	if o.cancels != 1 {
		t.Errorf("takeback while thinking cancelled %d times, want 1", o.cancels)
	}
	m.Update()
	if n := len(m.Game().Entries()); n != 0 {
		t.Fatalf("an answer to a taken-back position was applied (%d entries)", n)
	}
}

func TestHotseatDrawOfferResign(t *testing.T) {
	m, err := New(Config{Variant: "chess", Seats: [2]Seat{{Human: true}, {Human: true}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Hotseat() || m.Hidden() {
		t.Fatal("chess between two people: hotseat without hidden information")
	}
	if acc, err := m.OfferDraw(game.White); acc || err != nil {
		t.Fatalf("offer: %v %v", acc, err)
	}
	if c, ok := m.Offer(); !ok || c != game.White {
		t.Fatal("the offer does not stand")
	}
	if err := m.PlayText(game.White, "d4"); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Offer(); ok {
		t.Error("a move did not withdraw the offer")
	}
	m.OfferDraw(game.Black)
	if err := m.AcceptDraw(); err != nil {
		t.Fatal(err)
	}
	if o := m.Game().Outcome(); o.Result != game.Drawn {
		t.Fatalf("outcome %+v after an accepted draw", o)
	}
	if err := m.Resign(game.White); err == nil {
		t.Error("resigning a finished game was accepted")
	}
	if err := m.Takeback(); err != nil {
		t.Fatal(err)
	}
	if m.Game().Outcome().Over() || len(m.Game().Entries()) != 0 {
		t.Fatal("takeback in a hotseat should undo the agreement and d4")
	}
	if err := m.Resign(game.White); err != nil || m.Game().Outcome().Result != game.BlackWins {
		t.Fatalf("resign: %v %+v", err, m.Game().Outcome())
	}
}

func TestAIDeclinesEvenDraw(t *testing.T) {
	m, _ := vsAI(t, "chess", game.White)
	if acc, err := m.OfferDraw(game.White); acc || err != nil {
		t.Fatalf("the AI accepted a draw at the start: %v %v", acc, err)
	}
	// Black (the AI) is a queen down: it accepts.
	if err := m.Load("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); err != nil {
		t.Fatal(err)
	}
	if acc, err := m.OfferDraw(game.White); !acc || err != nil {
		t.Fatalf("the AI a queen down declined: %v %v", acc, err)
	}
}

func TestLoadPGNAndPosition(t *testing.T) {
	m, _ := vsAI(t, "chess", game.White)
	if err := m.Load("not a position"); err == nil {
		t.Fatal("nonsense loaded")
	}
	if len(m.Game().Entries()) != 0 || m.Game().Variant().Name != "chess" {
		t.Fatal("a refused load changed the game")
	}
	if err := m.Load("[Variant \"forced\"]\n\n1. e4 d5 2. exd5 *"); err != nil {
		t.Fatal(err)
	}
	if m.Config().Variant != "forced" || len(m.Game().Entries()) != 3 {
		t.Fatalf("loaded %s with %d entries", m.Config().Variant, len(m.Game().Entries()))
	}
	pgn := m.PGN()
	if !strings.Contains(pgn, `[White "Player"]`) || !strings.Contains(pgn, `[Black "AI (easy)"]`) {
		t.Errorf("PGN lacks the players:\n%s", pgn)
	}
	g, err := game.ParsePGN(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rules().Hash() != m.Game().Rules().Hash() {
		t.Error("PGN round trip changed the position")
	}
	// A near-final forced-capture position: the king capture ends it.
	if err := m.Load("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"); err != nil {
		t.Fatal(err)
	}
	if err := m.PlayText(game.White, "Kxe2"); err != nil {
		t.Fatal(err)
	}
	if err := m.Load("4k3/8/8/8/8/8/8/4K2q b - - 0 1"); err != nil {
		t.Fatal(err)
	}
	m.Update()
	m.Update() // the AI (Black) must capture: only Qxe1 wins at once, but any capture is forced
	if !m.Game().Outcome().Over() {
		t.Fatalf("forced capture of the king did not end the game: %+v", m.Game().Outcome())
	}
	if m.View(game.White) != m.Game().Rules() {
		t.Error("a finished game is not shown whole")
	}
}

// seq is a random source of fixed bytes.
type seq struct{ b []byte }

func (s *seq) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = s.b[0]
		s.b = append(s.b[1:], s.b[0])
	}
	return len(p), nil
}

func TestRandomBelowUniformRange(t *testing.T) {
	m, _ := vsAI(t, "chess", game.White)
	m.SetRand(&seq{b: []byte{255, 250, 3, 12}})
	// 255 and 250 are rejected for n = 10 (biased top), then 3, then 12 % 10.
	if v := m.randomBelow(10); v != 3 {
		t.Errorf("first draw %d, want 3", v)
	}
	if v := m.randomBelow(10); v != 2 {
		t.Errorf("second draw %d, want 2", v)
	}
}

func TestPickNumbers(t *testing.T) {
	m, err := New(Config{Variant: "probabilistic", Seats: [2]Seat{{Human: true}, {Level: "easy"}}, Pick: true}, &instant{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"); err != nil {
		t.Fatal(err)
	}
	if err := m.PlayText(game.White, "Kxd2"); err != nil {
		t.Fatal(err)
	}
	m.Update()
	if c, ok := m.NeedsPick(); !ok || c != game.White {
		t.Fatalf("the capture attempt should wait for White's number: %v %v", c, ok)
	}
	if err := m.Pick(game.White, 7); err != nil {
		t.Fatal(err)
	}
	m.Update()
	es := m.Game().Entries()
	if len(es) < 2 || es[1].Input.Kind != game.InputDraw || es[1].Input.Values[0] != 7 {
		t.Fatalf("the draw did not use the picked 7: %+v", es)
	}
	if _, ok := m.NeedsPick(); ok {
		t.Error("a pick is still asked after the draw")
	}
}

// TestHotseatViewerSimultaneous follows whose view a shared device shows in simultaneous
// chess: the person who acts, keeping the last one while both are asked.
func TestHotseatViewerSimultaneous(t *testing.T) {
	m, err := New(Config{Variant: "simultaneous", Seats: [2]Seat{{Human: true}, {Human: true}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Hidden() {
		t.Fatal("simultaneous chess between two people must hide the sealed choices")
	}
	if v := m.Viewer(game.White); v != game.White || m.ToAct() != 3 {
		t.Fatalf("at the start both act and White keeps the device: viewer %v, act %b", v, m.ToAct())
	}
	if err := m.PlayText(game.White, "e4"); err != nil {
		t.Fatal(err)
	}
	if v := m.Viewer(game.White); v != game.Black {
		t.Fatalf("after White sealed, Black must take the device, got %v", v)
	}
	if !m.Sealed() {
		t.Error("Sealed is false after a turn asked both")
	}
	if r := m.View(game.Black); r.Position().At(game.Sq(4, 3)) != game.NoPiece {
		t.Error("Black's view shows White's sealed e4 before the turn resolves")
	}
	if err := m.PlayText(game.Black, "e5"); err != nil {
		t.Fatal(err)
	}
	if v := m.Viewer(game.Black); v != game.Black || m.ToAct() != 3 {
		t.Fatalf("after the turn both act and Black keeps the device: viewer %v act %b", v, m.ToAct())
	}
}

// TestAIOpponent plays a few moves against the real AI (natively it searches in a
// goroutine): its answers are legal and the match goes on.
func TestAIOpponent(t *testing.T) {
	ai := NewAI()
	m, err := New(Config{Variant: "forced", Seats: [2]Seat{{Human: true}, {Level: "beginner"}}}, ai)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3 && !m.Game().Outcome().Over(); i++ {
		mv := m.Game().LegalMoves(game.White)[0]
		if err := m.Play(game.White, mv); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 2000 && m.ToAct() == 0 && !m.Game().Outcome().Over(); j++ {
			m.Update()
			if m.Err() != nil {
				t.Fatal(m.Err())
			}
			time.Sleep(time.Millisecond)
		}
	}
	if n := len(m.Game().Entries()); n < 6 && !m.Game().Outcome().Over() {
		t.Fatalf("%d entries after three moves against the AI", n)
	}
}

func TestResumeGoesOn(t *testing.T) {
	g, err := game.NewGame("simultaneous")
	if err != nil {
		t.Fatal(err)
	}
	// White has sealed a move; Black (the AI) has not chosen yet.
	var white game.Move
	for _, mv := range g.LegalMoves(game.White) {
		if mv.Kind != game.Pass {
			white = mv
			break
		}
	}
	if err := g.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: white}); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Variant: "simultaneous", Seats: [2]Seat{{Human: true}, {Level: "easy"}}}
	opp := &instant{}
	m := Resume(cfg, g, opp)
	if !m.Sealed() || !m.Hidden() {
		t.Error("a resumed simultaneous game in mid-turn must keep the choices sealed")
	}
	m.Update()
	if !m.Thinking() || opp.asked != 1 {
		t.Errorf("the AI should be asked for its move at once: thinking %v, asked %d", m.Thinking(), opp.asked)
	}
	m.Update()
	if n := len(m.Game().Entries()); n < 2 || m.Game().Next().Players != 3 {
		t.Errorf("after the AI's answer the turn should resolve: %d entries, next %+v", n, m.Game().Next())
	}
}
