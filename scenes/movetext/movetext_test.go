package movetext

import (
	"slices"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/status"
	"github.com/quintet-chess/quintet/scenes/match"
)

// silent is an AI seat that never answers: the tests' games stand where they were loaded.
type silent struct{}

func (silent) Think(game.Rules, game.Color, string) <-chan match.Answer {
	return make(chan match.Answer)
}
func (silent) Cancel() {}

// live is a hotseat match of variant with script's moves played on it by whoever is to
// move (the match's own secrets, which a loaded PGN would not know).
func live(t *testing.T, variant, script string) *match.Match {
	t.Helper()
	m, err := match.New(match.Config{Variant: variant, Seats: [2]match.Seat{{Human: true}, {Human: true}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range strings.Fields(script) {
		m.Update()
		if err := m.PlayText(m.Game().Next().OnlyPlayer(), w); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
	for i := 0; i < 4; i++ {
		m.Update() // the reveals the rules ask for next
	}
	return m
}

// played is a match of variant from text (a FEN, "" for the start) with script played
// (words: moves; "a+b" a draw; "w:e4" a player's choice in simultaneous chess), White a
// person and Black the AI (hotseat: both people).
func played(t *testing.T, variant string, opts []string, text, script string, hotseat bool) *match.Match {
	t.Helper()
	v, err := game.Lookup(variant, opts...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.NewGameFrom(v, text)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range strings.Fields(script) {
		if a, b, ok := strings.Cut(w, "+"); ok && len(a) == 1 && len(b) == 1 {
			if err := g.Apply(game.Input{Kind: game.InputDraw, Values: [2]uint8{a[0] - '0', b[0] - '0'}}); err != nil {
				t.Fatalf("draw %s: %v", w, err)
			}
			continue
		}
		if c, mv, ok := strings.Cut(w, ":"); ok && (c == "w" || c == "b") {
			side := game.White
			if c == "b" {
				side = game.Black
			}
			m, err := g.Rules().ParseMove(side, mv)
			if err == nil {
				err = g.Apply(game.Input{Kind: game.InputMove, Player: side, Move: m})
			}
			if err != nil {
				t.Fatalf("%s: %v", w, err)
			}
			continue
		}
		if err := g.PlayText(w); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
	seats := [2]match.Seat{{Human: true}, {Level: "easy"}}
	if hotseat {
		seats[1] = match.Seat{Human: true}
	}
	m, err := match.New(match.Config{Variant: variant, Options: opts, Seats: seats}, silent{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(g.PGN()); err != nil {
		t.Fatalf("load: %v\n%s", err, g.PGN())
	}
	return m
}

// turnOf is the header's words for viewer, who acts when asked.
func turnOf(m *match.Match, viewer game.Color) Turn {
	view := m.View(viewer)
	acts := m.ToAct()
	t := Turn{M: m, View: view, Viewer: viewer, Actor: viewer, Over: m.Game().Outcome().Over()}
	t.CanAct = acts>>viewer&1 != 0 && !t.Over
	if t.CanAct {
		t.Moves = m.Game().Rules().View(viewer).Moves(viewer, nil)
	}
	return t
}

func TestListGolden(t *testing.T) {
	for _, tc := range []struct {
		name, variant string
		opts          []string
		text, script  string
		viewer        game.Color
		live          bool // played on a hotseat match (its secrets), not loaded
		want          []string
		ends          []int
	}{
		{name: "capture marks", variant: "probabilistic", text: "r3k2r/p7/8/8/8/8/7P/R3K2R w - - 0 1",
			script: "Rxa7 3+4 Rxh2 0+0 Rxa7 4+5 Kd7 Rxh2 1+1 Ke7",
			want:   []string{"1. Rxa7 [3+4=7: Rxa7 (missed)] Rxh2 [0+0=0: Rxh2 (captured)]", "2. Rxa7 [4+5=9: Rxa7 (attacker died)] Kd7", "3. Rxh2 [1+1=2: Rxh2 (captured)] Ke7"},
			ends:   []int{4, 7, 10}},
		{name: "strike and result", variant: "probabilistic",
			script: "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7 1+2 strike:Qxe8 2+3",
			want:   []string{"1. e4 e5", "2. Bc4 Nc6", "3. Qh5 Nf6", "4. Qxf7 [1+2=3: Qxf7 (captured)] strike:Qxe8 [2+3=5: strike Qxe8 (king captured)]", "1-0, king captured"},
			ends:   []int{2, 4, 6, 10, 10}},
		{name: "die faces", variant: "pillar",
			script: "1+0 Ra1^a2 4+0 b5-b4 2+0 Ne1-f3 5+0 pass 4+0 c2-c3 4+0",
			want:   []string{"1. [Q] Ra1^a2 [P] b5-b4", "2. [R] Ne1-f3 [skip] pass", "3. [P] c2-c3 [P]"},
			ends:   []int{4, 8, 11}},
		{name: "simultaneous resolution", variant: "simultaneous", text: "r3k3/8/8/3n4/4P3/8/8/2B1K3 w - - 0 1",
			script: "w:exd5 b:Nf4",
			want:   []string{"1. exd5 Nf4 — White's pawn takes nothing on d5: Black's knight left"},
			ends:   []int{2}},
		{name: "crown secret", variant: "crown", live: true,
			script: "crown:K crown:K Nf3",
			want:   []string{"1. crown chosen (secret)", "1. Nf3"},
			ends:   []int{2, 3}},
		{name: "crown reveal", variant: "crown", live: true,
			script: "crown:K crown:K Nf3 a6 Ng5 a5 Nxf7 a4 Nxd8",
			want:   []string{"1. crown chosen (secret)", "1. Nf3 a6", "2. Ng5 a5", "3. Nxf7 a4", "4. Nxd8 — Black's crown was on the King"},
			ends:   []int{2, 4, 6, 8, 10}},
		{name: "crown result", variant: "crown", live: true,
			script: "crown:K crown:D Nf3 a6 Ng5 a5 Nxf7 a4 Nxd8",
			want:   []string{"1. crown chosen crown chosen", "1. Nf3 a6", "2. Ng5 a5", "3. Nxf7 a4", "4. Nxd8 — Black's crown was on the Dame — White's crown was on the King", "1-0, crown captured"},
			ends:   []int{2, 4, 6, 8, 11, 11}},
		{name: "forced", variant: "forced",
			script: "e4 d5 exd5 Qxd5",
			want:   []string{"1. e4 d5", "2. exd5 Qxd5"},
			ends:   []int{2, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m *match.Match
			if tc.live {
				m = live(t, tc.variant, tc.script)
			} else {
				m = played(t, tc.variant, tc.opts, tc.text, tc.script, false)
			}
			lines, ends := List(m, tc.viewer)
			got := Texts(lines)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") || !slices.Equal(ends, tc.ends) {
				t.Errorf("lines\n%s\nwant\n%s\nends %v", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), ends)
			}
		})
	}
}

// TestTurnGolden: the header's lines and tones, the strips' notes, for each game.
func TestTurnGolden(t *testing.T) {
	for _, tc := range []struct {
		name   string
		m      func() *match.Match
		viewer game.Color
		typed  string
		want   string // line|tone|note|tone|crown notes White/Black|seal notes White/Black
	}{
		{"your move", func() *match.Match { return played(t, "chess", nil, "", "", false) }, game.White, "",
			"Your move (White): move a piece|good||||"},
		{"the AI's move", func() *match.Match { return played(t, "chess", nil, "", "e4", false) }, game.White, "",
			"Black to move|neutral||||"},
		{"hotseat in check", func() *match.Match { return played(t, "chess", nil, "", "e4 f5 Qh5", true) }, game.Black, "",
			"Black to move, in check: move a piece|good||||"},
		{"typing", func() *match.Match { return played(t, "chess", nil, "", "", false) }, game.White, "e2e",
			"Type a move, Enter to play: e2e_|good||||"},
		{"die rolled", func() *match.Match { return played(t, "pillar", nil, "", "1+0", false) }, game.White, "",
			"Your move (White): move a piece|good|Die queen: move a queen, rook, knight, pawn|accent||"},
		{"attempt pending", func() *match.Match {
			return played(t, "probabilistic", nil, "r3k2r/p7/8/8/8/8/7P/R3K2R w - - 0 1", "Rxa7", true)
		}, game.White, "", "Drawing the outcome…|neutral|Attempt a1×a7: 60% success, 20% miss, 20% dies|accent||"},
		{"result", func() *match.Match {
			return played(t, "probabilistic", nil, "", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7 1+2 strike:Qxe8 2+3", false)
		}, game.White, "", "White wins (1-0) — king captured|neutral||||"},
		{"crown to choose", func() *match.Match { return live(t, "crown", "") }, game.White, "",
			"White to move: choose an action|good||||"},
		{"crown chosen", func() *match.Match { return live(t, "crown", "crown:K") }, game.White, "",
			"Black to move|neutral|||crown: king/|"},
		{"crown chosen, the other's secret", func() *match.Match { return live(t, "crown", "crown:K crown:D") }, game.White, "",
			"White to move: move a piece|good|||crown: king/crown: secret|"},
		{"crown revealed", func() *match.Match { return live(t, "crown", "crown:K crown:K Nf3 a6 Ng5 a5 Nxf7 a4 Nxd8") }, game.White, "",
			"Black to move|neutral|||crown: king/crown: king|"},
		{"sealed choices", func() *match.Match { return played(t, "simultaneous", nil, "", "", false) }, game.White, "",
			"Your move (White): sealed until both have chosen|good||||choosing…/choosing…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tu := turnOf(tc.m(), tc.viewer)
			tu.Typed = tc.typed
			l, tone, n, nt := tu.Header("", "")
			got := strings.Join([]string{l, string(tone), n, string(nt), tu.CrownNote(game.White) + "/" + tu.CrownNote(game.Black),
				tu.SealNote(game.White) + "/" + tu.SealNote(game.Black)}, "|")
			got = strings.ReplaceAll(strings.ReplaceAll(got, "|/|", "||"), "|/", "|")
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestHeaderNote: the line under the status line is the review's, else the game's own,
// else the last message, each in its tone.
func TestHeaderNote(t *testing.T) {
	tu := turnOf(played(t, "chess", nil, "", "", false), game.White)
	for _, tc := range []struct {
		review, msg, note string
		tone              status.Tone
	}{
		{"Review: the start (End: back to the game)", "Loaded.", "Review: the start (End: back to the game)", status.ToneSelected},
		{"", "loaded.", "Loaded.", status.TonePlain},
		{"", "", "", ""},
	} {
		if _, _, n, nt := tu.Header(tc.review, tc.msg); n != tc.note || nt != tc.tone {
			t.Errorf("Header(%q, %q) note %q %q, want %q %q", tc.review, tc.msg, n, nt, tc.note, tc.tone)
		}
	}
	if got := tu.Full("Review: the start"); got != "Your move (White): move a piece · Review: the start" {
		t.Errorf("Full: %q", got)
	}
}

// TestTitle: the header's title names the game, who plays it, the time control and the
// link's state.
func TestTitle(t *testing.T) {
	ai := played(t, "chess", nil, "", "", false)
	hot := played(t, "pillar", nil, "", "", true)
	c, err := clock.Parse("3+2")
	if err != nil {
		t.Fatal(err)
	}
	timed, err := match.New(match.Config{Variant: "crown", Clock: c, Seats: [2]match.Seat{{Human: true}, {Remote: true}}}, silent{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		m         *match.Match
		net, want string
	}{
		{ai, "", "Chess · vs AI easy"},
		{hot, "", "Pillar chess · two players"},
		{timed, "friend online", "Crown · 3+2 · friend online"},
	} {
		if got := Title(tc.m, tc.net); got != tc.want {
			t.Errorf("Title %q, want %q", got, tc.want)
		}
	}
}
