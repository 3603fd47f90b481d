package prefs

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/p2p"
	"github.com/quintet-chess/quintet/scenes/match"
)

// still is an AI that never answers: the tests look at the saved records only.
type still struct{}

func (still) Think(game.Rules, game.Color, string) <-chan match.Answer {
	return make(chan match.Answer)
}
func (still) Cancel() {}

func TestLanguageChoice(t *testing.T) {
	defer lang.Set("en")
	st := NewMemory()
	Load(st, []string{"de-DE", "ru-RU", "en"})
	if lang.Current() != "ru" {
		t.Errorf("the first language the page speaks should win: %s", lang.Current())
	}
	p := Load(st, []string{"fr"})
	if lang.Current() != "en" {
		t.Errorf("no known browser language: %s, want en", lang.Current())
	}
	p.SetLang("ru")
	Load(st, []string{"en-US"})
	if lang.Current() != "ru" {
		t.Errorf("a chosen language must outlive the browser's: %s", lang.Current())
	}
}

func TestSettingsKept(t *testing.T) {
	defer lang.Set("en")
	st := NewMemory()
	p := Load(st, nil)
	if p.SoundOff() || p.Flip() || p.Board() != "brown" || p.Pieces() != "drawn" {
		t.Fatal("fresh settings: sound on, board not turned, the first theme and piece set")
	}
	if _, ok := p.TimeControl(); ok {
		t.Fatal("fresh settings name a time control")
	}
	p.SetSound(false)
	p.SetFlip(true)
	p.SetTimeControl(clock.Presets[1])
	p.SetBoard("green")
	p.SetPieces("letters")
	p.SetBoard("pink") // not a theme: ignored
	q := Load(st, nil)
	if !q.SoundOff() || !q.Flip() || q.Board() != "green" || q.Pieces() != "letters" || q.Notice() != "" {
		t.Errorf("settings not kept: sound off %v, flip %v, board %q, pieces %q", q.SoundOff(), q.Flip(), q.Board(), q.Pieces())
	}
	if c, ok := q.TimeControl(); !ok || c != clock.Presets[1] {
		t.Errorf("time control not kept: %v %v", c, ok)
	}
	q.SetTimeControl(clock.Control{})
	if c, ok := Load(st, nil).TimeControl(); !ok || c.On() {
		t.Errorf("no clock not kept: %v %v", c, ok)
	}
}

// TestReducedMotion: a device set to reduce motion has no animations until the person
// chooses a setting, and then has theirs, kept over a reload on the same device.
func TestReducedMotion(t *testing.T) {
	st := NewMemory()
	p := Load(st, nil)
	if p.Motion() != "normal" {
		t.Fatalf("fresh settings: motion %q, want normal", p.Motion())
	}
	p.ReduceMotion(true)
	if p.Motion() != "off" {
		t.Errorf("reduced motion, nothing chosen: %q, want off", p.Motion())
	}
	if st.Get(KeySettings) != "" {
		t.Errorf("the device's preference was saved as the person's: %q", st.Get(KeySettings))
	}
	p.SetMotion("fast")
	q := Load(st, nil)
	q.ReduceMotion(true)
	if q.Motion() != "fast" {
		t.Errorf("reduced motion, fast chosen: %q, want fast", q.Motion())
	}
}

func TestDamagedSettings(t *testing.T) {
	defer lang.Set("en")
	st := NewMemory()
	st.Set(KeySettings, `{"v":1,"lang":"ru","sound":"maybe"}`)
	p := Load(st, []string{"en"})
	if n := p.Notice(); !strings.Contains(n, "settings could not be read") {
		t.Errorf("notice %q", n)
	}
	if p.Notice() != "" {
		t.Error("the notice must be given once")
	}
	if st.Get(KeySettings) != "" || lang.Current() != "en" {
		t.Errorf("damaged settings must be dropped: %q, lang %s", st.Get(KeySettings), lang.Current())
	}
}

func vsAI(t *testing.T, variant string, human game.Color, opts ...string) *match.Match {
	t.Helper()
	var seats [2]match.Seat
	seats[human] = match.Seat{Human: true}
	seats[human.Other()] = match.Seat{Level: "hard"}
	m, err := match.New(match.Config{Variant: variant, Options: opts, Seats: seats}, still{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestGameKeptAndResumed(t *testing.T) {
	st := NewMemory()
	p := Load(st, nil)
	m := vsAI(t, "crown", game.Black, "kind=hidden")
	// White (the AI) crowns its Dame, Black (the person) its King, then 1. e4.
	for _, in := range []game.Input{
		{Kind: game.InputMove, Player: game.White, Move: game.Move{Kind: game.Choose, N: 1, From: game.NoSquare, To: game.NoSquare}},
	} {
		if err := m.Game().Apply(in); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.PlayText(game.Black, "crown:K"); err != nil {
		t.Fatal(err)
	}
	p.Keep(m)
	if st.Get(KeyGame) == "" {
		t.Fatal("the game against the AI was not saved")
	}
	q := Load(st, nil)
	r := q.Resume(still{})
	if r == nil {
		t.Fatalf("not resumed; notice %q", q.Notice())
	}
	if r.Game().Rules().Hash() != m.Game().Rules().Hash() || len(r.Game().Entries()) != 2 {
		t.Error("resumed at another position")
	}
	if cfg := r.Config(); !cfg.Seats[game.Black].Human || cfg.Seats[game.White].Level != "hard" || r.Game().Variant().Options["kind"] != "hidden" {
		t.Errorf("resumed with other seats or options: %+v %v", cfg, r.Game().Variant().Options)
	}
	if s, ok := game.CrownSide(r.Game().Rules(), game.White); !ok || s.Crown != game.Dame {
		t.Errorf("the AI's secret crown was lost: %+v", s)
	}
	// Over: dropped.
	if err := r.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	q.Keep(r)
	if st.Get(KeyGame) != "" {
		t.Error("a finished game must not be kept")
	}
}

func TestOnlyGamesAgainstTheAIAreKept(t *testing.T) {
	st := NewMemory()
	p := Load(st, nil)
	m, err := match.New(match.Config{Variant: "chess", Seats: [2]match.Seat{{Human: true}, {Human: true}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.Keep(m)
	if st.Get(KeyGame) != "" {
		t.Error("a game between two people was saved")
	}
	a := vsAI(t, "chess", game.White)
	p.Keep(a)
	p.Drop()
	if st.Get(KeyGame) != "" || p.Resume(still{}) != nil {
		t.Error("Drop must forget the game")
	}
}

func TestDamagedGame(t *testing.T) {
	for _, text := range []string{"garbage", `{"v":1}`, `{"v":1,"variant":"chess","human":"white","level":"easy","log":[[0,0,12,44,1,0,0,0,0,0]]}`,
		strings.Repeat("[", 1<<21)} {
		st := NewMemory()
		st.Set(KeyGame, text)
		p := Load(st, nil)
		if p.Resume(still{}) != nil {
			t.Errorf("resumed %.60q", text)
		}
		if n := p.Notice(); !strings.Contains(n, "game could not be read") {
			t.Errorf("notice %q for %.60q", n, text)
		}
		if st.Get(KeyGame) != "" {
			t.Error("the damaged game was not dropped")
		}
	}
}

// TestTimedGameResumed: a timed game against the AI comes back with its time control and
// what each side had left when it was saved (Crown's on-time option with it).
func TestTimedGameResumed(t *testing.T) {
	st := NewMemory()
	p := Load(st, nil)
	m, err := match.New(match.Config{Variant: "crown", Options: []string{"kind=hidden"},
		Seats: [2]match.Seat{{Level: "hard"}, {Human: true}}, Clock: clock.Presets[1]}, still{})
	if err != nil {
		t.Fatal(err)
	}
	choose := game.Move{Kind: game.Choose, N: 1, From: game.NoSquare, To: game.NoSquare}
	if err := m.Game().Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: choose}); err != nil {
		t.Fatal(err)
	}
	m.SetClockLeft([2]time.Duration{150 * time.Second, 170 * time.Second})
	p.Keep(m)
	r := Load(st, nil).Resume(still{})
	if r == nil {
		t.Fatal("no game resumed")
	}
	w, _ := r.ClockLeft(game.White)
	b, _ := r.ClockLeft(game.Black)
	if !r.Timed() || r.Config().Clock != clock.Presets[1] || w != 150*time.Second || b/time.Second != 169 && b/time.Second != 170 {
		t.Fatalf("resumed: timed %v, control %v, left %v %v", r.Timed(), r.Config().Clock, w, b)
	}
	if r.Game().Variant().Options[game.OptionClock] != "on" {
		t.Fatalf("crown options %v: not on time", r.Game().Variant().Options)
	}
}

// TestClaimedFriendGameArchived: a friend game ended by a claim past a deadline (its moves
// do not end it) is archived on both devices as settled, with the claim's result, and
// the archive reads back.
func TestClaimedFriendGameArchived(t *testing.T) {
	ms := friendPair(t, p2p.Config{Host: true, Variant: "chess", Deadline: time.Millisecond}, p2p.Config{Deadline: time.Millisecond})
	waiting, other := ms[0], ms[1]
	if waiting.Me() == game.White {
		waiting, other = other, waiting
	}
	for i := 0; ; i++ {
		waiting.Update()
		if _, ok := waiting.NetClaimable(); ok {
			break
		}
		if i > 10000 {
			t.Fatal("never claimable")
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // past the friend's own count of the deadline too
	if _, err := waiting.ClaimWin(); err != nil {
		t.Fatal(err)
	}
	for i := 0; !other.Game().Outcome().Over(); i++ {
		other.Update()
		if i > 10000 {
			t.Fatal("the friend never heard the claim")
		}
		time.Sleep(time.Millisecond)
	}
	for _, m := range []*match.Match{waiting, other} {
		st := NewMemory()
		p := Load(st, nil)
		p.Keep(m)
		q := Load(st, nil)
		got := q.Archive().Games
		if len(got) != 1 || !got[0].Settled || got[0].Opponent != "friend" || got[0].Reason != "white did not send a move in time" || got[0].Result != "0-1" {
			t.Fatalf("archived %+v", got)
		}
		// Opened from the archive, it is over as the claim left it: nobody may move on.
		o, err := q.Open(got[0], still{})
		if err != nil {
			t.Fatal(err)
		}
		if out := o.Game().Outcome(); out.Result != game.BlackWins || out.Reason != got[0].Reason || o.Game().Next().Kind != game.StepOver {
			t.Fatalf("opened: %+v, next %v", out, o.Game().Next().Kind)
		}
	}
}

// TestTimedFriendGameArchivedWithClocks: a timed game of simultaneous chess between
// friends (over the protocol) has a %clk for both players' moves in its PGN, and the
// archived game, reopened, exports the same times.
func TestTimedFriendGameArchivedWithClocks(t *testing.T) {
	ctl := clock.Presets[2]
	ms := friendPair(t, p2p.Config{Host: true, Variant: "simultaneous", Clock: ctl}, p2p.Config{Clock: ctl})
	const turns = 3
	for i := 0; len(ms[0].Game().Entries()) < 2*turns || len(ms[1].Game().Entries()) < 2*turns; i++ {
		for _, m := range ms {
			m.Update()
			if me := m.Me(); m.ToAct()&(1<<me) != 0 && len(m.Game().Entries()) < 2*turns {
				moves := m.Game().Rules().View(me).Moves(me, nil)
				if err := m.Play(me, moves[len(m.Game().Entries())%len(moves)]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if i > 20000 {
			t.Fatalf("the game stalled at %d and %d entries", len(ms[0].Game().Entries()), len(ms[1].Game().Entries()))
		}
		time.Sleep(time.Millisecond)
	}
	if err := ms[0].Resign(ms[0].Me()); err != nil {
		t.Fatal(err)
	}
	for i := 0; !ms[1].Game().Outcome().Over() || !ms[0].Game().Outcome().Over(); i++ {
		ms[0].Update()
		ms[1].Update()
		if i > 20000 {
			t.Fatal("the resignation never arrived")
		}
		time.Sleep(time.Millisecond)
	}
	clk := regexp.MustCompile(`\{\[%clk [0-9:]+( [0-9:]+)?\]\}`)
	for _, m := range ms {
		pgn := m.PGN()
		// Each turn is written move by move (White sealed first) or as one word with both
		// times: either way, one time per move.
		n := 0
		for _, c := range clk.FindAllStringSubmatch(pgn, -1) {
			n++
			if c[1] != "" {
				n++
			}
		}
		if n != 2*turns || !strings.Contains(pgn, `[TimeControl "300+3"]`) {
			t.Fatalf("%d times for %d moves in the friend game's PGN:\n%s", n, 2*turns, pgn)
		}
		t.Logf("%v's PGN:\n%s", m.Me(), pgn)
		st := NewMemory()
		p := Load(st, nil)
		p.Keep(m)
		q := Load(st, nil)
		got := q.Archive().Games
		if len(got) != 1 || got[0].Clock != ctl.String() || len(got[0].Clocks) != len(m.Game().Entries()) {
			t.Fatalf("archived %+v", got)
		}
		o, err := q.Open(got[0], still{})
		if err != nil {
			t.Fatal(err)
		}
		if want, got := clk.FindAllString(pgn, -1), clk.FindAllString(o.PGN(), -1); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("reopened from the archive, the times are %v, in the game %v", got, want)
		}
	}
}

// friendPair starts a friend game between two matches over a pipe, the host's seat
// first, each seen by its person with the other remote; both close when the test ends.
func friendPair(t *testing.T, hostCfg, guestCfg p2p.Config) [2]*match.Match {
	t.Helper()
	a, b := p2p.Pipe()
	host, guest := p2p.NewMatch(hostCfg), p2p.NewMatch(guestCfg)
	host.Start(a)
	guest.Start(b)
	var ms [2]*match.Match
	for i, pm := range []*p2p.Match{host, guest} {
		for pm.View() == nil {
			time.Sleep(time.Millisecond)
		}
		var c match.Config
		c.Variant = hostCfg.Variant
		c.Seats[pm.Color()] = match.Seat{Human: true}
		c.Seats[pm.Color().Other()] = match.Seat{Remote: true}
		ms[i] = match.NewRemote(pm, c)
		t.Cleanup(ms[i].Close)
	}
	return ms
}
