//go:build !js

package e2e

import (
	"fmt"
	"image/color"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/game"
)

// TestActions plays, through the page, what each game adds to chess (probabilistic
// chess's odds, strike, defence and picked numbers; Crown's stones, hidden crown, halves
// and paratroopers; pillar chess's die, towers and their inspector; simultaneous chess's
// sealed choices and resolution), the play screen's buttons (draw offer and claim,
// resign, rematch, new game, takeback, flip, sound) and how every screen fits phones,
// tablets and desktops. Each starts from a position loaded through the page's dialog, so
// that no long game is played to reach it.
func TestActions(t *testing.T) {
	t.Parallel()
	browser := startBrowser(t)

	t.Run("probabilistic-strike-odds", func(t *testing.T) { testStrike(t, browser, apart(t)) })
	t.Run("probabilistic-defence-phone", func(t *testing.T) { testDefence(t, browser, apart(t)) })
	t.Run("probabilistic-pick-hotseat", func(t *testing.T) { testPickHotseat(t, browser, apart(t)) })
	t.Run("crown-stones", func(t *testing.T) { testStones(t, browser, apart(t)) })
	t.Run("crown-hidden", func(t *testing.T) { testHidden(t, browser, apart(t)) })
	t.Run("crown-split", func(t *testing.T) { testSplit(t, browser, apart(t)) })
	t.Run("crown-paratrooper-phone", func(t *testing.T) { testParatrooper(t, browser, apart(t)) })
	t.Run("pillar-tower", func(t *testing.T) { testTower(t, browser, apart(t)) })
	t.Run("pillar-long-press-phone", func(t *testing.T) { testLongPress(t, browser, apart(t)) })
	t.Run("simultaneous-hotseat", func(t *testing.T) { testSimulHotseat(t, browser, apart(t)) })
	t.Run("buttons-vs-ai", func(t *testing.T) { testButtonsAI(t, browser, apart(t)) })
	t.Run("buttons-hotseat", func(t *testing.T) { testButtonsHotseat(t, browser, apart(t)) })
	t.Run("board-comfort", func(t *testing.T) { testComfort(t, browser, apart(t)) })
	t.Run("labels-fit", func(t *testing.T) { testLabels(t, browser, apart(t)) })
}

// loadText loads a position text or PGN through the page's dialog and waits until the
// game has plies entries and the person may act (or the game is over).
func loadText(t *testing.T, tb *tab, text string, plies int) state {
	t.Helper()
	// A question over the board (a pillar roll's pass, Crown's crown choice) takes every
	// press: answer it first.
	for i := 0; i < 5; i++ {
		s := tb.state()
		if s.Game == nil || s.Game.Panel == "" || s.Game.Handover {
			break
		}
		id := "move:0"
		for _, b := range s.Buttons {
			if b.ID == "cancel" {
				id = "cancel"
			}
		}
		tb.button(id)
		tb.updates(2, 100*time.Millisecond)
	}
	tb.button("load")
	tb.until("the load dialog opens", `!document.getElementById("dlg").hidden`, 30*time.Second)
	if _, err := chromedp.Run(tb.ctx, chromedp.SetValue("#dlg-text", text)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Click("#dlg-ok")); err != nil {
		t.Fatal(err)
	}
	return tb.wait("the loaded game", func(s state) bool {
		return s.Game != nil && s.Game.Plies == plies && s.Game.Error == "" &&
			(s.Game.ToAct != 0 || s.Game.Result != "*" || s.Game.Handover) && !s.Game.Animating
	})
}

// pressSq presses (clicks or taps) the centre of a square named like "e4".
func pressSq(tb *tab, s state, name string) {
	tb.t.Helper()
	sq, err := game.ParseSquare(name)
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.press(squareXY(s, sq.File(), sq.Rank()))
}

// buttonLabeled presses the enabled button whose label contains label and returns its id.
func buttonLabeled(tb *tab, label string) string {
	tb.t.Helper()
	var id string
	tb.wait("a button labelled "+label, func(s state) bool {
		for _, b := range s.Buttons {
			if b.Enabled && strings.Contains(b.Label, label) {
				id = b.ID
				return true
			}
		}
		return false
	})
	tb.button(id)
	return id
}

// buttonLabels are the labels of the buttons on the screen.
func buttonLabels(s state) []string {
	var out []string
	for _, b := range s.Buttons {
		out = append(out, b.Label)
	}
	return out
}

// boardAt is the piece letter the engine reads on a square of the page's position, ' '
// if empty.
func boardAt(t *testing.T, s state, name string) byte {
	sq, err := game.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	pc := rulesOf(t, s).Position().At(sq)
	if pc == game.NoPiece {
		return ' '
	}
	return pieceLetter(pc)
}

// count is how many points of a grid over a square (fractions x0–x1, y0–y1 of it) are
// near colour c in the last screenshot.
func count(tb *tab, s state, name string, x0, y0, x1, y1 float64, c color.RGBA) int {
	sq, _ := game.ParseSquare(name)
	cx, cy := squareXY(s, sq.File(), sq.Rank())
	b := s.Board.Square
	n := 0
	for fy := y0; fy <= y1; fy += 0.02 {
		for fx := x0; fx <= x1; fx += 0.02 {
			if near(tb.at(cx+(fx-0.5)*b, cy+(fy-0.5)*b), c) {
				n++
			}
		}
	}
	return n
}

// countFunc is how many points of a grid over a square satisfy f in the last screenshot.
func countFunc(tb *tab, s state, name string, f func(color.RGBA) bool) int {
	sq, _ := game.ParseSquare(name)
	cx, cy := squareXY(s, sq.File(), sq.Rank())
	b := s.Board.Square
	n := 0
	for fy := 0.0; fy <= 1; fy += 0.02 {
		for fx := 0.0; fx <= 1; fx += 0.02 {
			if f(tb.at(cx+(fx-0.5)*b, cy+(fy-0.5)*b)) {
				n++
			}
		}
	}
	return n
}

// glowing is the amber of highlights (a reveal, the own hidden crown) over either square
// colour: neither square's blue component is that low with red that high.
func glowing(c color.RGBA) bool { return c.R > 0xd0 && c.G > 0xa0 && c.B < 0x90 }

var drawnRe = regexp.MustCompile(`(\d)\+(\d)=(\d)`)

// lastMoves is the move list's last line of moves. Once the game is over the list ends
// with the result and why ("1-0, king captured"), which must be there.
func lastMoves(t *testing.T, s state) string {
	t.Helper()
	ms := s.Game.Moves
	if s.Game.Result != "*" {
		want := strings.Replace(s.Game.Result, "1/2-1/2", "½-½", 1) + ", "
		if len(ms) < 2 || !strings.HasPrefix(ms[len(ms)-1], want) {
			t.Fatalf("the move list does not end with the result %q: %q", want, ms)
		}
		ms = ms[:len(ms)-1]
	}
	if len(ms) == 0 {
		t.Fatalf("no moves in the list")
	}
	return ms[len(ms)-1]
}

// checkDrawn checks that the record tells the two numbers and X = (a+b) mod 10.
func checkDrawn(t *testing.T, moves []string) (a, b, x int) {
	t.Helper()
	m := drawnRe.FindStringSubmatch(strings.Join(moves, " "))
	if m == nil {
		t.Fatalf("the move list tells no drawn numbers: %q", moves)
	}
	fmt.Sscan(m[1], &a)
	fmt.Sscan(m[2], &b)
	fmt.Sscan(m[3], &x)
	if (a+b)%10 != x {
		t.Errorf("drawn %d+%d=%d: X is not the sum's last digit", a, b, x)
	}
	return a, b, x
}

// testStrike: a quiet move mates in the classical sense (rule 7): the strike on the king
// is offered beside "Decline the strike"; selecting the rook shows the attempt's odds on
// the king's square; the strike is played and its draw is shown with both numbers and X.
func testStrike(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=probabilistic&side=white&opponent=beginner&play=1", desktop)
	waitPlay(tb)
	s := loadText(t, tb, "1R2B2k/6pp/8/8/8/8/8/4K3 w - - 0 1", 0)
	pressSq(tb, s, "e8")
	pressSq(tb, s, "d7")
	s = tb.wait("the strike offered", func(s state) bool {
		return s.Game.Plies == 1 && s.Game.ToAct == 1 && !s.Game.Animating && slicesContain(buttonLabels(s), "Decline the strike")
	})
	if !strings.Contains(s.Game.Line, "strike") && !strings.Contains(strings.ToLower(s.Game.Line), "decline") {
		t.Logf("status line while the strike is offered: %q", s.Game.Line)
	}
	pressSq(tb, s, "b8")
	tb.screenshot("probabilistic-strike-odds")
	// The odds band at the foot of h8: the panel colour and the odds in green.
	if n := count(tb, s, "h8", 0.05, 0.8, 0.95, 0.98, colPanel); n < 50 {
		t.Errorf("no odds band on h8 after selecting the rook (%d panel-coloured points)", n)
	}
	if n := count(tb, s, "h8", 0.05, 0.78, 0.95, 0.98, colGood); n < 3 {
		t.Errorf("no odds written on h8 (%d green points)", n)
	}
	pressSq(tb, s, "h8")
	s = tb.wait("the strike drawn", func(s state) bool {
		return s.Game.Plies >= 3 && !s.Game.Animating && (s.Game.ToAct != 0 || s.Game.Result != "*") && !s.Game.Thinking
	})
	a, b, x := checkDrawn(t, s.Game.Moves)
	if !strings.Contains(strings.Join(s.Game.Moves, " "), "strike Rxh8") {
		t.Errorf("the move list does not tell the strike: %q", s.Game.Moves)
	}
	want := map[bool]string{true: "1-0", false: "*"}[x <= 5]
	if s.Game.Result != want {
		t.Errorf("strike drew %d+%d=%d: result %s, want %s", a, b, x, s.Game.Result, want)
	}
	tb.screenshot("probabilistic-strike-drawn")
	checkConsole(t, tb.close(), srv)
}

func slicesContain(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// testDefence: the king attacked by two pieces at the start of the turn (rule 8): the
// two-attempt defences are offered in the actions panel, one is chosen by touch and its
// attempts are drawn.
func testDefence(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=probabilistic&side=white&opponent=beginner&play=1", phone)
	waitPlay(tb)
	loadText(t, tb, "4k3/8/8/8/1b6/3n4/2P1P3/3QK3 w - - 0 1", 0)
	tb.button("actions")
	s := tb.wait("the defences", func(s state) bool { return s.Game.Panel == "actions" })
	tb.screenshot("probabilistic-defence-phone")
	var defs []string
	for _, l := range buttonLabels(s) {
		if strings.Contains(l, "then") {
			defs = append(defs, l)
		}
	}
	if len(defs) != 6 {
		t.Errorf("%d two-attempt defences offered, want 6: %q", len(defs), buttonLabels(s))
	}
	for _, b := range s.Buttons {
		if b.Clipped {
			t.Errorf("button %q is cut short on the phone", b.Label)
		}
	}
	buttonLabeled(tb, "cxd3, then exd3")
	s = tb.wait("the defence drawn", func(s state) bool {
		return s.Game.Plies >= 2 && !s.Game.Animating && (s.Game.ToAct != 0 || s.Game.Result != "*") && !s.Game.Thinking
	})
	if j := strings.Join(s.Game.Moves, " "); !strings.Contains(j, "cxd3,exd3") {
		t.Errorf("the move list does not tell the defence: %q", s.Game.Moves)
	}
	checkDrawn(t, s.Game.Moves)
	tb.screenshot("probabilistic-defence-drawn-phone")
	checkConsole(t, tb.close(), srv)
}

// checkHidden fails if the last screenshot shows any pixel of the board or white pieces.
func checkHidden(t *testing.T, tb *tab, what string) {
	t.Helper()
	n := 0
	for y := 0.0; y < float64(tb.vp.height); y += 2 {
		for x := 0.0; x < float64(tb.vp.width); x += 2 {
			c := tb.at(x, y)
			if near(c, colLight) || near(c, colDark) || near(c, colWhiteFill) {
				n++
			}
		}
	}
	if n > 0 {
		t.Errorf("%s shows %d pixels of board or piece colours", what, n)
	}
}

// testPickHotseat: two people on one phone pick their numbers for a capture attempt,
// each behind a hand-over screen; the attempt is decided by the sum of the two.
func testPickHotseat(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=probabilistic&opponent=person&side=white", phone)
	tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	tb.button("pick:on")
	tb.wait("pick chosen", func(s state) bool {
		for _, b := range s.Buttons {
			if b.ID == "pick:on" {
				return true
			}
		}
		return false
	})
	tb.screenshot("setup-pick-phone")
	tb.button("play")
	waitPlay(tb)
	s := loadText(t, tb, "4k3/8/8/8/8/3p4/8/3QK3 w - - 0 1", 0)
	pressSq(tb, s, "d1")
	pressSq(tb, s, "d3")
	for i, c := range []string{"white", "black"} {
		tb.wait("the hand-over to "+c+" for the pick", func(s state) bool {
			return s.Game.Handover && !s.Game.Animating
		})
		tb.screenshot("probabilistic-pick-handover-" + c)
		checkHidden(t, tb, "the hand-over before "+c+"'s pick")
		tb.tap(float64(tb.vp.width)/2, float64(tb.vp.height)/2)
		s = tb.wait(c+"'s pick", func(s state) bool { return s.Game.Pick && s.Game.Panel == "pick" && !s.Game.Handover })
		if s.Game.Viewer != c {
			t.Errorf("the pick after the hand-over to %s is shown to %s", c, s.Game.Viewer)
		}
		if i == 0 {
			tb.screenshot("probabilistic-pick-phone")
		}
		tb.button(fmt.Sprintf("pick:%d", 3+i))
	}
	s = tb.wait("the attempt decided", func(s state) bool {
		return s.Game.Plies >= 2 && !s.Game.Handover && !s.Game.Pick && s.Game.ToAct != 0 && !s.Game.Animating
	})
	if a, b, x := checkDrawn(t, s.Game.Moves); a != 3 || b != 4 || x != 7 {
		t.Errorf("picked 3 and 4, the record tells %d+%d=%d", a, b, x)
	}
	// X = 7: a miss, nothing moves.
	if boardAt(t, s, "d1") != 'Q' || boardAt(t, s, "d3") != 'p' {
		t.Errorf("a missed attempt changed the board: %s", s.Game.Text)
	}
	tb.screenshot("probabilistic-pick-result-phone")
	checkConsole(t, tb.close(), srv)
}

// testStones: Crown-2: after losing its uncrowned monarch a player places a mined stone;
// a capture of the opponent's mined stone blows the capturer up, shown on its square.
func testStones(t *testing.T, browser context_, srv *server) {
	tb := openScripted(t, browser, srv.url, "?variant=crown&opt=kind=stones&side=white&opponent=beginner&play=1", desktop, aiGate)
	waitPlay(tb)
	settle(tb, 0) // the crown choice first: loading waits for it
	s := loadText(t, tb, "3dk3/8/8/8/8/8/3P4/4K3 w - - 0 20 crown=Kd monarchs=e1/e8d8 lost=w", 0)
	buttonLabeled(tb, "Place a stone")
	pressSq(tb, s, "e4")
	s = tb.wait("mined or plain", func(s state) bool { return s.Game.Panel == "choose" })
	tb.screenshot("crown-stone-choice")
	if l := buttonLabels(s); !slicesContain(l, "Mined stone on e4") || !slicesContain(l, "Plain stone on e4") {
		t.Errorf("the stone's choice offers %q", l)
	}
	buttonLabeled(tb, "Mined stone on e4")
	s = waitTurn(tb, 2)
	if boardAt(t, s, "e4") != 'S' || !strings.Contains(s.Game.Text, "stones=e4m") {
		t.Errorf("no own mined stone on e4 in White's view: %s", s.Game.Text)
	}
	tb.screenshot("crown-stone-placed")

	s = loadText(t, tb, "4k3/8/8/4s3/8/2B5/8/4K3 w - - 0 10 crown=kK monarchs=e1/e8 lost=b stones=rrr/e5mrr", 0)
	if strings.Contains(s.Game.Text, "e5m") {
		t.Errorf("White's view tells Black's mine: %s", s.Game.Text)
	}
	// The AI's reply is held until the line about the mine is read: the reply's own line
	// would take its place.
	tb.eval(`window.quintetAIGate.hold = true`)
	pressSq(tb, s, "c3")
	pressSq(tb, s, "e5")
	s = tb.wait("the mine revealed", func(s state) bool {
		return s.Game.Plies >= 1 && strings.Contains(s.Game.Text, "e5M") || strings.Contains(s.Game.Text, "xe5M")
	})
	tb.eval(`window.quintetAIGate.release()`)
	// The line is read at once: it expires msgFor after it is said.
	if m := s.Game.Message; !strings.Contains(m, "mined") || strings.Count(m, "blown up") != 1 {
		t.Errorf("the message after the mine should tell it once: %q", m)
	}
	tb.screenshot("crown-mine-revealed")
	if n := countFunc(tb, s, "e5", glowing); n < 20 {
		t.Errorf("the reveal on e5 is not marked (%d glowing points)", n)
	}
	// Read before Black's reply, which may place a stone of its own on e5.
	if boardAt(t, s, "e5") != ' ' || strings.ContainsRune(strings.Fields(s.Game.Text)[0], 'B') {
		t.Errorf("the bishop that took the mined stone is still there: %s", s.Game.Text)
	}
	s = waitTurn(tb, 2)
	if strings.ContainsRune(strings.Fields(s.Game.Text)[0], 'B') {
		t.Errorf("a white bishop is back after Black's reply: %s", s.Game.Text)
	}
	checkConsole(t, tb.close(), srv)
}

// testHidden: Crown-3: White hides its crown on a square (marked for White only), then
// White sees Black's hidden crown as a battleship map: proven squares shaded, the others
// marked "?".
func testHidden(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=crown&opt=kind=hidden&side=white&opponent=beginner&play=1", desktop)
	waitPlay(tb)
	settle(tb, 0) // the crown choice first: loading waits for it
	s := loadText(t, tb, "3dk3/8/8/8/8/8/3P4/4K3 w - - 0 20 crown=Kd monarchs=e1/e8d8 lost=w", 0)
	buttonLabeled(tb, "Hide the crown")
	pressSq(tb, s, "b3")
	s = waitTurn(tb, 2)
	if !strings.Contains(s.Game.Text, "hide=b3") {
		t.Errorf("White's view does not hold the crown on b3: %s", s.Game.Text)
	}
	tb.screenshot("crown-hidden-own")
	if n := countFunc(tb, s, "b3", glowing); n < 40 {
		t.Errorf("White's own hidden square is not outlined (%d points)", n)
	}
	// Black hid its crown; g4 was proven empty since (a piece ended a move there).
	var proven game.Bitboard
	for _, n := range []string{"e8", "d2", "e1", "g4"} {
		sq, _ := game.ParseSquare(n)
		proven |= game.Bit(sq)
	}
	text := fmt.Sprintf("4k3/8/8/8/8/8/3P4/4K3 w - - 0 20 crown=kK monarchs=e1/- lost=b hide=-/a6 proven=-/%016x", uint64(proven))
	v, _ := game.Lookup("crown", "kind=hidden")
	if _, err := game.Load(v, text); err != nil {
		t.Fatalf("test position: %v", err)
	}
	s = loadText(t, tb, text, 0)
	if strings.Contains(s.Game.Text, "a6") {
		t.Errorf("White's view tells where Black hid its crown: %s", s.Game.Text)
	}
	tb.screenshot("crown-battleship")
	// g4 is shaded: its corner is not the plain square colour; h4 (unproven) keeps it and
	// has a mark in its middle.
	sq := func(n string) (float64, float64) {
		q, _ := game.ParseSquare(n)
		x, y := squareXY(s, q.File(), q.Rank())
		return x - 0.44*s.Board.Square, y - 0.44*s.Board.Square
	}
	if c := tb.at(sq("g4")); near(c, colLight) || near(c, colDark) {
		t.Errorf("proven g4 is not shaded: %s", hex(c))
	}
	if c := tb.at(sq("h4")); !near(c, colLight) && !near(c, colDark) {
		t.Errorf("unproven h4 is shaded: %s", hex(c))
	}
	plain := count(tb, s, "h4", 0.3, 0.3, 0.7, 0.7, colLight) + count(tb, s, "h4", 0.3, 0.3, 0.7, 0.7, colDark)
	if plain > 380 {
		t.Errorf("no ? mark on unproven h4 (%d plain points of 441)", plain)
	}
	checkConsole(t, tb.close(), srv)
}

// testSplit: Crown-4: the remaining monarch splits into two halves by dragging it to an
// empty neighbour and choosing which half goes there and which carries the crown.
func testSplit(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=crown&opt=kind=split&side=white&opponent=beginner&play=1", desktop)
	waitPlay(tb)
	settle(tb, 0) // the crown choice first: loading waits for it
	s := loadText(t, tb, "3dk3/8/8/8/8/8/3P4/4K3 w - - 0 20 crown=Kd monarchs=e1/e8d8 lost=w", 0)
	pressSq(tb, s, "e1")
	pressSq(tb, s, "e2")
	s = tb.wait("the split choice", func(s state) bool { return s.Game.Panel == "choose" })
	tb.screenshot("crown-split-choice")
	n := 0
	for _, b := range s.Buttons {
		if strings.Contains(b.Label, "half to e2") {
			n++
		}
		if b.Clipped {
			t.Errorf("split choice %q is cut short", b.Label)
		}
	}
	if n != 4 {
		t.Errorf("%d split actions to e2, want 4: %q", n, buttonLabels(s))
	}
	buttonLabeled(tb, "Diagonal half to e2, crown stays")
	s = waitTurn(tb, 2)
	if boardAt(t, s, "e2") != 'X' || boardAt(t, s, "e1") != 'O' {
		t.Errorf("the halves are not on e1 (O) and e2 (X): %s", s.Game.Text)
	}
	tb.screenshot("crown-split-halves")
	checkConsole(t, tb.close(), srv)
}

// testParatrooper: the paratrooper waits in reserve (told in the strip) and drops by touch.
func testParatrooper(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=crown&opt=paratrooper=on&side=white&opponent=beginner&play=1", phone)
	waitPlay(tb)
	settle(tb, 0)
	s := loadText(t, tb, "3dk3/pppppppp/8/8/8/8/PPPPPPPP/3DK3 w - - 0 1 crown=kd", 0)
	if !strings.Contains(s.Game.Text, "para=11") {
		t.Errorf("no paratroopers in reserve: %s", s.Game.Text)
	}
	tb.screenshot("crown-paratrooper-reserve-phone")
	buttonLabeled(tb, "Drop paratrooper")
	pressSq(tb, s, "e4")
	s = waitTurn(tb, 2)
	if boardAt(t, s, "e4") != 'A' || !strings.Contains(s.Game.Text, "para=0") {
		t.Errorf("the paratrooper did not land on e4: %s", s.Game.Text)
	}
	tb.screenshot("crown-paratrooper-dropped-phone")
	checkConsole(t, tb.close(), srv)
}

// testTower: pillar chess: the rolled die is drawn in the header, the tower inspector
// opens on hover, and moving a tower asks how many of its pieces go.
func testTower(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=pillar&side=white&opponent=beginner&play=1", desktop)
	waitPlay(tb)
	s := loadText(t, tb, "k5/6/6/6/2(NR)3/5K w - - R 1", 0)
	if !strings.Contains(s.Game.Line, "die rook") {
		t.Errorf("the status line does not tell the die: %q", s.Game.Line)
	}
	sq, _ := game.ParseSquare("c2")
	x, y := squareXY(s, sq.File(), sq.Rank())
	tb.mouse(input.DispatchMouseEventTypeMouseMoved, x, y, 0)
	tb.screenshot("pillar-inspector-hover")
	checkInspector(t, tb, s, "c2")
	// The die in the header's right: a white face.
	n := 0
	for yy := 0.0; yy < s.Board.Y; yy++ {
		for xx := float64(tb.vp.width) / 2; xx < float64(tb.vp.width); xx++ {
			if near(tb.at(xx, yy), colWhiteFill) {
				n++
			}
		}
	}
	if n < 200 {
		t.Errorf("no die drawn in the header (%d white points)", n)
	}
	pressSq(tb, s, "c2")
	pressSq(tb, s, "c4")
	s = tb.wait("how many pieces", func(s state) bool { return s.Game.Panel == "choose" })
	tb.screenshot("pillar-how-many")
	if l := buttonLabels(s); !slicesContain(l, "The top piece") || !slicesContain(l, "The whole tower (2)") {
		t.Errorf("the tower's choice offers %q", l)
	}
	buttonLabeled(tb, "The whole tower")
	s = tb.wait("the tower moved and the AI's die rolled", func(s state) bool { return s.Game.Plies >= 2 })
	tb.screenshot("pillar-die-rolling")
	// (Read from the move list: a die face that leaves White nothing to move passes by
	// itself, so the board may have moved on since.)
	s = waitTurn(tb, 3)
	if j := strings.Join(s.Game.Moves, " "); !strings.Contains(j, "R2c2-c4") {
		t.Errorf("the whole tower did not move: %q", s.Game.Moves)
	}
	checkConsole(t, tb.close(), srv)
}

// checkInspector checks that the tower inspector (a dark panel with the tower's pieces)
// is drawn beside square name.
func checkInspector(t *testing.T, tb *tab, s state, name string) {
	t.Helper()
	sq, _ := game.ParseSquare(name)
	x, y := squareXY(s, sq.File(), sq.Rank())
	b := s.Board.Square
	panel, white := 0, 0
	for yy := y - 0.5*b; yy < y+0.9*b; yy++ {
		for xx := x + 0.5*b; xx < x+1.2*b; xx++ {
			c := tb.at(xx, yy)
			if near(c, colPanel) {
				panel++
			}
			if near(c, colWhiteFill) {
				white++
			}
		}
	}
	if panel < 100 || white < 50 {
		t.Errorf("no tower inspector beside %s (%d panel, %d white points)", name, panel, white)
	}
}

// testLongPress: on the phone a long press on a tower opens the inspector.
func testLongPress(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=pillar&side=white&opponent=beginner&play=1", phone)
	waitPlay(tb)
	s := loadText(t, tb, "k5/6/6/6/2(NR)3/5K w - - R 1", 0)
	sq, _ := game.ParseSquare("c2")
	x, y := squareXY(s, sq.File(), sq.Rank())
	tb.touch(input.DispatchTouchEventTypeTouchStart, x, y)
	tb.updates(2, 900*time.Millisecond) // held past the long press's 450 ms
	tb.screenshot("pillar-inspector-long-press-phone")
	tb.touch(input.DispatchTouchEventTypeTouchEnd, x, y)
	checkInspector(t, tb, s, "c2")
	checkConsole(t, tb.close(), srv)
}

// testSimulHotseat: simultaneous chess on one phone: White's choice is sealed behind the
// hand-over, Black sees only that White has chosen, and the collision of both rooks is
// explained once both are in.
func testSimulHotseat(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=simultaneous&opponent=person&play=1", phone)
	pass := func(to string) {
		t.Helper()
		tb.wait("the hand-over to "+to, func(s state) bool { return s.Game != nil && s.Game.Handover && !s.Game.Animating })
		tb.tap(float64(tb.vp.width)/2, float64(tb.vp.height)/2)
		tb.wait(to+"'s view", func(s state) bool { return !s.Game.Handover && s.Game.Viewer == to })
	}
	pass("white")
	loadText(t, tb, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - 0", 0)
	pass("white")
	s := tb.state()
	pressSq(tb, s, "a1")
	pressSq(tb, s, "a4")
	pass("black")
	s = tb.state()
	tb.screenshot("simultaneous-sealed-phone")
	if j := strings.Join(s.Game.Moves, " "); !strings.Contains(j, "(sealed)") || strings.Contains(j, "Ra4") {
		t.Errorf("Black's move list should show White's choice sealed: %q", s.Game.Moves)
	}
	pressSq(tb, s, "a8")
	pressSq(tb, s, "a4")
	s = tb.wait("the resolution", func(s state) bool {
		return s.Game.Plies >= 2 && strings.Contains(s.Game.Message, "collision")
	})
	t.Logf("resolution: %q; moves %q", s.Game.Message, s.Game.Moves)
	// Black, who completed the turn, watches it resolve and may choose first next turn.
	if s.Game.Handover || s.Game.Viewer != "black" {
		t.Errorf("after the resolution: hand-over %v, viewer %s; want Black watching", s.Game.Handover, s.Game.Viewer)
	}
	// The line is read here: it expires msgFor after it is said, which a loaded machine's
	// screenshots can outlast.
	if !strings.Contains(s.Game.Message, "collision on a4") {
		t.Errorf("the explanation line: %q", s.Game.Message)
	}
	tb.screenshot("simultaneous-resolving-phone")
	s = tb.wait("the resolution drawn", func(s state) bool { return !s.Game.Animating })
	tb.screenshot("simultaneous-resolved-phone")
	if boardAt(t, s, "a4") == ' ' || boardAt(t, s, "a1") != ' ' || boardAt(t, s, "a8") != ' ' {
		t.Errorf("the collision left %s", s.Game.Text)
	}
	checkConsole(t, tb.close(), srv)
}

// testButtonsAI: against the AI: takeback, a declined draw offer, resign with
// confirmation, rematch with the colours swapped, flip, sound, new game.
func testButtonsAI(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", desktop)
	s := waitTurn(tb, 0)
	tb.eval(audioRecorder) // the app makes its audio context at the first sound
	pressSq(tb, s, "e2")
	pressSq(tb, s, "e4")
	s = waitTurn(tb, 2)
	// Both moves sounded, and a second after the last the context is suspended: an idle
	// page runs no audio thread.
	tb.until("the audio context suspended after the moves' sounds", `window.quintetAudio.started >= 2 && window.quintetAudio.state === "suspended"`, 10*time.Second)
	if idle := tabEval[float64](tb, `window.quintetAudio.suspended - window.quintetAudio.last`); idle < 900 {
		t.Errorf("the audio context was suspended %.0f ms after the last sound began, want a second or more", idle)
	}
	tb.button("undo")
	s = tb.wait("the takeback", func(s state) bool { return s.Game.Plies == 0 && s.Game.ToAct == 1 })
	if s.Game.Message != "Move taken back." {
		t.Errorf("takeback message %q", s.Game.Message)
	}
	tb.button("draw")
	s = tb.wait("the AI's answer to the draw offer", func(s state) bool { return strings.Contains(s.Game.Message, "draw") })
	t.Logf("draw offer: %q, result %s", s.Game.Message, s.Game.Result)
	tb.button("flip")
	s = tb.wait("the board flipped", func(s state) bool { return s.Board.Flipped })
	tb.screenshot("chess-flipped")
	checkBoard(t, tb, s)
	tb.button("flip")
	if l := setting(tb, "sound"); l != "Sound off" {
		t.Errorf("the sound setting says %q, want Sound off", l)
	}
	closeSettings(tb)
	tb.button("resign")
	tb.wait("the resign question", func(s state) bool { return s.Game.Panel == "resign" })
	tb.screenshot("chess-resign-confirm")
	tb.button("yes")
	s = tb.wait("resigned", func(s state) bool { return s.Game.Result == "0-1" })
	tb.button("rematch")
	s = tb.wait("the rematch as Black", func(s state) bool {
		return s.Scene == "play" && s.Game != nil && s.Game.Viewer == "black" && s.Game.Result == "*"
	})
	if !s.Board.Flipped {
		t.Error("the rematch as Black does not show Black at the bottom")
	}
	s = waitTurn(tb, 1)
	if n := tabEval[int](tb, `window.quintetAudio.started`); n != 2 {
		t.Errorf("%d sounds started, want the first two moves' only (then the sound was off)", n)
	}
	tb.button("new")
	tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" })
	checkConsole(t, tb.close(), srv)
}

// audioRecorder counts the sounds the page starts (Web Audio buffer sources) and notes
// its audio context's state changes, in window.quintetAudio.
const audioRecorder = `(() => {
  const rec = window.quintetAudio = { started: 0, last: 0, state: "", suspended: 0 };
  const AC = window.AudioContext;
  window.AudioContext = class extends AC {
    constructor(...a) {
      super(...a);
      rec.state = this.state;
      this.addEventListener("statechange", () => {
        rec.state = this.state;
        if (this.state === "suspended") rec.suspended = performance.now();
      });
    }
    createBufferSource() {
      const src = super.createBufferSource(), start = src.start.bind(src);
      src.start = (...a) => { rec.started++; rec.last = performance.now(); return start(...a); };
      return src;
    }
  };
})()`

// testButtonsHotseat: two people on one phone: takeback, a draw offer declined then
// accepted, and draws claimed by the 50-move rule and by threefold repetition.
func testButtonsHotseat(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=chess&opponent=person&play=1", phone)
	s := waitPlay(tb)
	pressSq(tb, s, "e2")
	pressSq(tb, s, "e4")
	tb.wait("e4 played", func(s state) bool { return s.Game.Plies == 1 && !s.Game.Animating })
	tb.button("undo")
	s = tb.wait("the takeback", func(s state) bool { return s.Game.Plies == 0 })
	pressSq(tb, s, "d2")
	pressSq(tb, s, "d4")
	tb.wait("d4 played", func(s state) bool { return s.Game.Plies == 1 && !s.Game.Animating })
	tb.button("draw")
	tb.wait("the draw offer to White", func(s state) bool { return s.Game.Panel == "drawoffer" })
	tb.screenshot("chess-draw-offer-phone")
	tb.button("decline")
	tb.wait("declined", func(s state) bool { return s.Game.Panel == "" && s.Game.Message == "Draw declined." })
	tb.button("draw")
	tb.wait("the draw offer again", func(s state) bool { return s.Game.Panel == "drawoffer" })
	tb.button("accept")
	s = tb.wait("the draw agreed", func(s state) bool { return s.Game.Result == "1/2-1/2" })
	t.Logf("draw agreed: %s", s.Game.Reason)

	loadText(t, tb, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", 0)
	buttonLabeled(tb, "Claim draw")
	s = tb.wait("the 50-move claim", func(s state) bool { return s.Game.Result == "1/2-1/2" })
	if !strings.Contains(s.Game.Reason, "50") {
		t.Errorf("50-move claim: reason %q", s.Game.Reason)
	}
	loadText(t, tb, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8", 8)
	buttonLabeled(tb, "Claim draw")
	s = tb.wait("the threefold claim", func(s state) bool { return s.Game.Result == "1/2-1/2" })
	if !strings.Contains(s.Game.Reason, "threefold") {
		t.Errorf("threefold claim: reason %q", s.Game.Reason)
	}
	tb.screenshot("chess-claimed-phone")
	checkConsole(t, tb.close(), srv)
}

// testComfort: what lichess players expect of the board: the king in check glows,
// coordinates are drawn, the promotion piece is chosen from pictures, and a move by
// taps slides the piece.
func testComfort(t *testing.T, browser context_, srv *server) {
	tb := open(t, browser, srv.url, "?variant=chess&side=white&opponent=beginner&play=1", desktop)
	waitPlay(tb)
	s := loadText(t, tb, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", 0)
	tb.screenshot("chess-check")
	e1x, e1y := squareXY(s, 4, 0)
	if c := tb.at(e1x-0.45*s.Board.Square, e1y-0.45*s.Board.Square); int(c.R) < int(c.G)+40 {
		t.Errorf("the king in check on e1 does not glow red: %s", hex(c))
	}
	// Coordinates: "a" on a1 and "1" on h1 in the light colour (both squares are dark).
	if n := count(tb, s, "a1", 0, 0.6, 0.4, 1, colLight); n < 5 {
		t.Errorf("no file letter on a1 (%d points)", n)
	}
	if n := count(tb, s, "h1", 0.6, 0, 1, 0.4, colLight); n < 5 {
		t.Errorf("no rank number on h1 (%d points)", n)
	}
	s = loadText(t, tb, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 0)
	pressSq(tb, s, "b7")
	pressSq(tb, s, "b8")
	s = tb.wait("the promotion chooser", func(s state) bool { return s.Game.Panel == "promotion" })
	tb.screenshot("chess-promotion")
	buttonLabeled(tb, "8=R") // the label is "B8=R…": panel labels start upper case
	s = waitTurn(tb, 2)
	if boardAt(t, s, "b8") != 'R' && !strings.Contains(strings.Join(s.Game.Moves, " "), "b8=R") {
		t.Errorf("promoted to %c, want a rook: %s %q", boardAt(t, s, "b8"), s.Game.Text, s.Game.Moves)
	}
	// A move by taps slides: a screenshot while the piece is on its way.
	pressSq(tb, s, "e1")
	pressSq(tb, s, "d2")
	tb.screenshot("chess-sliding")
	checkConsole(t, tb.close(), srv)
}

// testLabels: every button's label fits on phones (portrait 2× and 3×, landscape), a
// tablet and a small desktop, on the setup and play screens.
func testLabels(t *testing.T, browser context_, srv *server) {
	small := viewport{"desktop-small", 900, 600, 1, false, false}
	landscape := viewport{"phone-landscape", 640, 360, 2, false, false}
	// One page goes through every size, as a window resized or a phone turned does: the
	// setup screen lays out again at each, then a game starts and goes back to it.
	var tb *tab
	for i, vp := range []viewport{phone, phone3, tablet, small, landscape} {
		if i == 0 {
			tb = open(t, browser, srv.url, "?variant=probabilistic&side=white&opponent=beginner", vp)
		} else {
			tb.resize(vp)
		}
		s := tb.wait("the setup screen at "+vp.name, func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 && laidOut(s, vp) })
		tb.screenshot("labels-setup-" + vp.name)
		for _, b := range s.Buttons {
			if b.Clipped {
				t.Errorf("%s setup: %q is cut short", vp.name, b.Label)
			}
		}
		// Play is pinned to the window's bottom when the screen is taller than the window.
		for _, b := range s.Buttons {
			if (b.ID == "play" || b.ID == "rules") && (b.Y < 0 || b.Y+b.H > float64(vp.height)) {
				t.Errorf("%s setup: %s at y %.0f–%.0f is outside the %d px window", vp.name, b.ID, b.Y, b.Y+b.H, vp.height)
			}
		}
		scrollTo(tb, "play")
		tb.button("play")
		s = waitTurn(tb, 0)
		tb.screenshot("labels-play-" + vp.name)
		for _, b := range s.Buttons {
			if b.Clipped {
				t.Errorf("%s play: %q is cut short (%.0f px wide)", vp.name, b.Label, b.W)
			}
		}
		checkBoard(t, tb, s)
		tb.button("new")
		tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" })
	}
	checkConsole(t, tb.close(), srv)
}

// laidOut reports whether the screen in s is laid out for viewport vp: its Play button
// (pinned to the window's bottom on the setup screen) ends inside vp's height, near it.
func laidOut(s state, vp viewport) bool {
	for _, b := range s.Buttons {
		if b.ID == "play" {
			return b.Y+b.H <= float64(vp.height) && b.Y+b.H > float64(vp.height)-80
		}
	}
	return false
}

// scrollTo scrolls the screen with the mouse wheel until the button id is inside the
// viewport (the setup screen is taller than a small laptop's window; its Play bar is
// pinned, but other buttons scroll).
// visibleButton reports whether button id lies inside the viewport and, on the setup
// screen, above its pinned Rules/Play bar (which takes a press first).
func visibleButton(tb *tab, s state, id string) bool {
	limit := float64(tb.vp.height)
	if s.Scene == "setup" && id != "play" && id != "rules" {
		for _, b := range s.Buttons {
			if b.ID == "play" {
				limit = min(limit, b.Y)
			}
		}
	}
	for _, b := range s.Buttons {
		if b.ID == id && b.Y >= 0 && b.Y+b.H <= limit {
			return true
		}
	}
	return false
}

func scrollTo(tb *tab, id string) {
	tb.t.Helper()
	for i := 0; i < 20; i++ {
		st := tb.state()
		if visibleButton(tb, st, id) {
			return
		}
		p := input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseWheel,
			X: float64(tb.vp.width) / 2, Y: float64(tb.vp.height) / 2, DeltaX: 0.01, DeltaY: 120} // a zero deltaX is left out, which the protocol refuses
		if _, err := chromedp.Call(tb.ctx, input.DispatchMouseEvent, p); err != nil {
			tb.t.Fatal(err)
		}
		tb.updates(2, 100*time.Millisecond)
	}
	tb.t.Fatalf("button %s stays outside the %d×%d viewport", id, tb.vp.width, tb.vp.height)
}
