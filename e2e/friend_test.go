//go:build !js

package e2e

import (
	"bufio"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/saved"
	"github.com/quintet-chess/quintet/internal/status"
	"github.com/quintet-chess/quintet/internal/testrelay"
)

// netState is window.quintet.net: a game with a friend.
type netState = status.Net

func (tb *tab) net() netState {
	tb.t.Helper()
	s, err := chromedp.Run(tb.ctx, chromedp.Evaluate[netState](`(window.quintet && window.quintet.net) || {}`))
	if err != nil {
		tb.t.Fatalf("read window.quintet.net: %v", err)
	}
	return s
}

func (tb *tab) waitNet(what string, cond func(state, netState) bool) (state, netState) {
	tb.t.Helper()
	var n netState
	s := tb.wait(what, func(s state) bool { n = tb.net(); return cond(s, n) })
	return s, n
}

// friendBrowser is the Chromium of the tests, whose WebRTC candidates are plain addresses
// (no mDNS names: startBrowser), so two pages and a native peer on one machine reach each other.
func friendBrowser(t *testing.T) context_ { return startBrowser(t) }

// offline is the query that points a page at the test's relay and at no STUN server (the
// machine has no internet).
func offline(relay string) string {
	return "?relay=" + url.QueryEscape(relay) + "&ice=none"
}

// hostLink opens the setup screen, picks a game and "Play a friend", and returns the tab
// and the link it shows.
func hostLink(t *testing.T, browser context_, srv *server, relay, variant string) (*tab, string) {
	return hostLinkQ(t, browser, srv, relay, variant, "")
}

// hostLinkQ is hostLink with more of the page's query (&away=2).
func hostLinkQ(t *testing.T, browser context_, srv *server, relay, variant, query string) (*tab, string) {
	tb := open(t, browser, srv.url, offline(relay)+query, desktop)
	tb.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	tb.button("game:" + variant)
	tb.button("opponent:friend")
	tb.wait("Play a friend chosen", func(s state) bool {
		for _, b := range s.Buttons {
			if b.ID == "opponent:friend" {
				return true
			}
		}
		return false
	})
	tb.key("Enter") // Play (below the fold of a tall setup screen)
	_, n := tb.waitNet("the link, a relay connected", func(s state, n netState) bool {
		return s.Scene == "friend" && n.Link != "" && n.Relays == 1
	})
	tb.screenshot("friend-link-" + variant)
	if !strings.Contains(n.Link, "#friend=") {
		t.Fatalf("link %q", n.Link)
	}
	return tb, n.Link
}

// join opens the link as the friend would (with the test's no-STUN query before the
// fragment) and waits until both pages play.
func join(t *testing.T, browser context_, srv *server, host *tab, link string, vp viewport) (*tab, state, state) {
	return joinQ(t, browser, srv, host, link, vp, "")
}

// joinQ is join with more of the page's query (&away=2).
func joinQ(t *testing.T, browser context_, srv *server, host *tab, link string, vp viewport, query string) (*tab, state, state) {
	base, frag, _ := strings.Cut(link, "#")
	if !strings.HasPrefix(base, srv.url) {
		t.Fatalf("the link %q is not on the page's address %s", link, srv.url)
	}
	// Another device: a browser profile of its own (its own localStorage).
	guest := openWith(t, browser, base, "?ice=none"+query+"#"+frag, vp, chromedp.WithNewBrowserContext())
	hs := waitPlay(host)
	gs := waitPlay(guest)
	return guest, hs, gs
}

// front brings the tab to the front: a page in the background gets no frames, so the app
// would read no input.
func (tb *tab) front() {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, page.BringToFront, cdp.Empty{}); err != nil {
		tb.t.Fatal(err)
	}
}

// playMove plays a move by pressing its two squares (a click or a tap).
func playMove(tb *tab, s state, m game.Move) {
	tb.front()
	tb.press(squareXY(s, m.From.File(), m.From.Rank()))
	tb.press(squareXY(s, m.To.File(), m.To.Rank()))
}

// TestFriend pairs two Chromium pages through one link via a real MQTT relay
// (mosquitto) and plays over WebRTC: a simultaneous turn (both sealed, then revealed),
// and a Crown game up to a reveal.
func TestFriend(t *testing.T) {
	relay := testrelay.Start(t)
	t.Parallel()
	browser := friendBrowser(t)

	t.Run("simultaneous", func(t *testing.T) {
		srv := apart(t)
		host, link := hostLink(t, browser, srv, relay, "simultaneous")
		guest, hs, gs := join(t, browser, srv, host, link, phone)
		hn, gn := host.net(), guest.net()
		t.Logf("paired: host %s (%d ms), guest %s (%d ms)", hn.Color, hn.SetupMS, gn.Color, gn.SetupMS)
		if hn.Color == gn.Color || hn.Color == "" || hn.Role != "host" || gn.Role != "guest" {
			t.Fatalf("colours %q / %q, roles %q / %q", hn.Color, gn.Color, hn.Role, gn.Role)
		}
		if hs.Game.Viewer != hn.Color || gs.Game.Viewer != gn.Color {
			t.Fatalf("viewers %s / %s", hs.Game.Viewer, gs.Game.Viewer)
		}
		// Several simultaneous turns: each side types its move; neither sees the other's
		// until both are in.
		var lat []int64
		for turn := 0; turn < 3; turn++ {
			hs = host.wait("the host's turn", func(s state) bool { return s.Game.ToAct != 0 })
			gs = guest.wait("the guest's turn", func(s state) bool { return s.Game.ToAct != 0 })
			before := hs.Game.Plies
			playMove(host, hs, boardMoves(t, hs)[turn])
			hs = host.wait("the host's move sealed", func(s state) bool { return s.Game.ToAct == 0 })
			if hs.Game.Plies != before {
				t.Fatalf("the host's move was applied before the guest's: %d entries", hs.Game.Plies)
			}
			playMove(guest, gs, boardMoves(t, gs)[turn])
			hs = host.wait("the turn resolved on the host", func(s state) bool { return s.Game.Plies >= before+2 })
			gs = guest.wait("the turn resolved on the guest", func(s state) bool { return s.Game.Plies >= before+2 })
			if hs.Game.Text != gs.Game.Text || !slices.Equal(hs.Game.Moves, gs.Game.Moves) {
				t.Fatalf("the pages disagree:\n%s %q\n%s %q", hs.Game.Text, hs.Game.Moves, gs.Game.Text, gs.Game.Moves)
			}
			hn, gn = host.net(), guest.net()
			// The sealed turn seen from the second mover: its seal out, both opened,
			// the friend's move in its game (one frame of the page included).
			lat = append(lat, gn.RecvAt-gn.SentAt)
		}
		hs = host.wait("the pieces still", func(s state) bool { return !s.Game.Animating })
		gs = guest.wait("the pieces still", func(s state) bool { return !s.Game.Animating })
		host.screenshot("friend-simultaneous-host")
		guest.screenshot("friend-simultaneous-guest")
		checkBoard(t, host, hs)
		checkBoard(t, guest, gs)
		t.Logf("sealed turn (second mover's seal to the resolved turn), ms: %v", lat)
		// The host resigns: both pages keep the finished game in their archive.
		host.button("resign")
		host.wait("the resign question", func(s state) bool { return s.Game.Panel == "resign" })
		host.button("yes")
		hs = host.wait("the game over", func(s state) bool { return s.Game.Result != "*" })
		gs = guest.wait("the game over", func(s state) bool { return s.Game.Result != "*" })
		checkFriendArchived(t, host, "simultaneous", hn.Color, hs)
		checkFriendArchived(t, guest, "simultaneous", gn.Color, gs)
		checkConsole(t, host.close(), srv)
		checkConsole(t, guest.close(), srv)
	})

	t.Run("crown-reveal", func(t *testing.T) {
		srv := apart(t)
		host, link := hostLink(t, browser, srv, relay, "crown")
		guest, _, _ := join(t, browser, srv, host, link, desktop)
		tabs := map[string]*tab{host.net().Color: host, guest.net().Color: guest}
		// Each side chooses its crown in secret; then 1. e4 d6 2. Bb5 a6 3. Bxe8: the
		// king is taken and its secret revealed on both pages.
		script := map[string][]string{"white": {"e2e4", "f1b5", "b5e8"}, "black": {"d7d6", "a7a6"}}
		var lat []int64
		for step := 0; step < 40; step++ {
			w, b := tabs["white"].state(), tabs["black"].state()
			if len(script["white"]) == 0 && w.Game.Plies == b.Game.Plies && !w.Game.Animating {
				break
			}
			acted := false
			for _, c := range []string{"white", "black"} {
				tb, other := tabs[c], tabs[map[string]string{"white": "black", "black": "white"}[c]]
				s := tb.state()
				if s.Game.ToAct == 0 {
					continue
				}
				acted = true
				before := s.Game.Plies
				if s.Game.Panel != "" { // the secret crown choice: the first one offered
					tb.front()
					tb.button("move:0")
				} else {
					if len(script[c]) == 0 {
						t.Fatalf("%s is asked to move after the script", c)
					}
					m, err := rulesOf(t, s).ParseMove(map[string]game.Color{"white": game.White, "black": game.Black}[c], script[c][0])
					if err != nil {
						t.Fatal(err)
					}
					script[c] = script[c][1:]
					playMove(tb, s, m)
				}
				other.wait("the other page to follow", func(s state) bool { return s.Game.Plies > before })
				if n := other.net(); n.RecvAt > 0 && s.Game.Panel == "" {
					lat = append(lat, n.RecvAt-tb.net().SentAt)
				}
			}
			if !acted {
				time.Sleep(100 * time.Millisecond)
			}
		}
		w := tabs["white"].wait("the reveal", func(s state) bool {
			return strings.Contains(strings.Join(s.Game.Moves, " "), " — ") && !s.Game.Animating
		})
		b := tabs["black"].wait("the reveal", func(s state) bool {
			return strings.Contains(strings.Join(s.Game.Moves, " "), " — ") && !s.Game.Animating
		})
		t.Logf("crown: white sees %q (%s), black sees %q (%s)", w.Game.Moves, w.Game.Result, b.Game.Moves, b.Game.Result)
		if w.Game.Result != b.Game.Result || w.Game.Plies != b.Game.Plies || lastMoves(t, w) != lastMoves(t, b) {
			t.Fatalf("the pages disagree after the reveal")
		}
		if last := lastMoves(t, w); !strings.Contains(last, "Bxe8 — Black's crown was on the") {
			t.Fatalf("the last move is not the capture on e8 with Black's secret revealed: %q", w.Game.Moves)
		}
		if w.Game.Result != "*" {
			// Over: both sides opened every secret and checked the other's.
			tabs["white"].waitNet("the game checked by both sides", func(_ state, n netState) bool { return n.Verified })
			tabs["black"].waitNet("the game checked by both sides", func(_ state, n netState) bool { return n.Verified })
			checkFriendArchived(t, tabs["white"], "crown", "white", w)
			checkFriendArchived(t, tabs["black"], "crown", "black", b)
		}
		slices.Sort(lat)
		if len(lat) > 0 {
			t.Logf("move latency (sent to the friend's game, one frame included) over %d moves, ms: %v", len(lat), lat)
		}
		tabs["white"].screenshot("friend-crown-white")
		tabs["black"].screenshot("friend-crown-black")
		checkBoard(t, tabs["white"], w)
		checkConsole(t, host.close(), srv)
		checkConsole(t, guest.close(), srv)
	})
}

// TestFriendNativeHost: a page plays our AI hosted natively by "quintet host" (built
// here), paired through the link it prints via mosquitto, over pion's WebRTC.
func TestFriendNativeHost(t *testing.T) {
	relay := testrelay.Start(t)
	srv := apart(t)
	bin := filepath.Join(t.TempDir(), "quintet")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/quintet").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "host", "-variant", "chess", "-level", "beginner", "-relay", relay, "-stun", "",
		"-base", srv.url, "-timeout", "2m")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(stdout)
	link := ""
	for sc.Scan() {
		if l, ok := strings.CutPrefix(sc.Text(), "link: "); ok {
			link = l
			break
		}
	}
	if link == "" {
		t.Fatalf("quintet host printed no link; stderr: %s", stderr.String())
	}
	var hostOut []string
	var hmu sync.Mutex
	go func() {
		for sc.Scan() {
			hmu.Lock()
			hostOut = append(hostOut, sc.Text())
			hmu.Unlock()
		}
	}()
	browser := friendBrowser(t)
	base, frag, _ := strings.Cut(link, "#")
	tb := open(t, browser, base, "?ice=none#"+frag, phone)
	s := waitPlay(tb)
	n := tb.net()
	t.Logf("paired with quintet host in %d ms; the page plays %s", n.SetupMS, n.Color)

	var lat []int64
	for i := 0; i < 4; i++ {
		s = tb.wait("our turn", func(s state) bool { return s.Game.ToAct != 0 && !s.Game.Animating || s.Game.Result != "*" })
		if s.Game.Result != "*" {
			break
		}
		before := s.Game.Plies
		t0 := time.Now()
		playMove(tb, s, boardMoves(t, s)[0])
		s = tb.wait("the AI's answer", func(s state) bool { return s.Game.Plies >= before+2 || s.Game.Result != "*" })
		lat = append(lat, time.Since(t0).Milliseconds())
	}
	s = tb.wait("the pieces still", func(s state) bool { return !s.Game.Animating })
	tb.screenshot("friend-native-host")
	checkBoard(t, tb, s)
	hmu.Lock()
	t.Logf("moves %q; quintet host said %q", s.Game.Moves, hostOut)
	hmu.Unlock()
	t.Logf("our move to the AI's answer on the page (its search included), ms: %v", lat)
	if len(s.Game.Moves) < 2 {
		t.Fatalf("too few moves: %q", s.Game.Moves)
	}
	checkConsole(t, tb.close(), srv)
}

// TestFriendResume: the friend's page reloads mid-game; it takes the match up again from
// localStorage, pairs again through the same room, and no move is lost.
func TestFriendResume(t *testing.T) {
	relay := testrelay.Start(t)
	srv := apart(t)
	browser := friendBrowser(t)
	host, link := hostLink(t, browser, srv, relay, "chess")
	guest, _, _ := join(t, browser, srv, host, link, desktop)
	tabs := map[string]*tab{host.net().Color: host, guest.net().Color: guest}
	move := func(c string) {
		tb := tabs[c]
		s := tb.wait("the turn of "+c, func(s state) bool { return s.Game.ToAct != 0 })
		playMove(tb, s, boardMoves(t, s)[0])
		other := tabs[map[string]string{"white": "black", "black": "white"}[c]]
		other.wait("the move on the other page", func(x state) bool { return x.Game.Plies > s.Game.Plies })
	}
	move("white")
	move("black")
	before := host.state().Game.Moves
	// The guest reloads.
	guest.front()
	if _, err := chromedp.Run(guest.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	gs := waitPlay(guest)
	t.Logf("after the reload the guest shows %q, state %s", gs.Game.Moves, guest.net().State)
	_, gn := guest.waitNet("the guest back online", func(s state, n netState) bool { return n.State == "online" })
	_, hn := host.waitNet("the host back online", func(s state, n netState) bool { return n.State == "online" })
	t.Logf("resumed: pairing again took %d ms (guest), %d ms (host)", gn.SetupMS, hn.SetupMS)
	gs = guest.state()
	if !slices.Equal(gs.Game.Moves, before) {
		t.Fatalf("the guest's moves after the reload %q, before %q", gs.Game.Moves, before)
	}
	move("white")
	move("black")
	hs, gs := host.state(), guest.state()
	if !slices.Equal(hs.Game.Moves, gs.Game.Moves) || len(hs.Game.Moves) != 2 {
		t.Fatalf("after the resume: host %q, guest %q", hs.Game.Moves, gs.Game.Moves)
	}
	guest.screenshot("friend-resumed-guest")
	checkConsole(t, host.close(), srv)
	checkConsole(t, guest.close(), srv)
}

// TestFriendNoRelay pairs without any relay: the host's link carries the offer, the
// friend's page shows an answer code, the host pastes it into the page's text box.
func TestFriendNoRelay(t *testing.T) {
	srv := apart(t)
	browser := friendBrowser(t)
	// A relay nobody listens on: pairing must not need it.
	host := open(t, browser, srv.url, offline("ws://127.0.0.1:9"), desktop)
	host.wait("the setup screen", func(s state) bool { return s.Scene == "setup" && len(s.Buttons) > 0 })
	host.button("opponent:friend")
	host.button("play")
	host.wait("the friend screen", func(s state) bool { return s.Scene == "friend" })
	host.button("nolink")
	_, hn := host.waitNet("the link with the offer", func(s state, n netState) bool { return n.State == "offer" && strings.Contains(n.Link, "offer=") })
	host.screenshot("friend-offer-link")
	base, frag, _ := strings.Cut(hn.Link, "#")
	guest := openWith(t, browser, base, "?ice=none#"+frag, phone, chromedp.WithNewBrowserContext())
	_, gn := guest.waitNet("the answer code", func(s state, n netState) bool { return n.State == "answer" && n.Link != "" })
	guest.screenshot("friend-answer-code")
	t.Logf("link with the offer: %d characters; answer code: %d characters", len(hn.Link), len(gn.Link))
	host.front()
	host.button("paste")
	if _, err := chromedp.Run(host.ctx, chromedp.WaitVisible("#dlg-text")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(host.ctx, chromedp.SetValue("#dlg-text", gn.Link)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(host.ctx, chromedp.Click("#dlg-ok")); err != nil {
		t.Fatal(err)
	}
	hs, gs := waitPlay(host), waitPlay(guest)
	if hs.Game.Viewer == gs.Game.Viewer {
		t.Fatalf("both pages play %s", hs.Game.Viewer)
	}
	// The browser itself reports the relay it could not reach (on both pages: the link
	// carries it to the guest, whose attempt may fail before or after the pairing);
	// nothing else may fail.
	for _, tb := range []*tab{host, guest} {
		var msgs []chromedp.ConsoleMessage
		for _, m := range tb.close() {
			if !strings.Contains(m.Text, "WebSocket connection to 'ws://127.0.0.1:9/' failed") {
				msgs = append(msgs, m)
			}
		}
		checkConsole(t, msgs, srv)
	}
}

// TestFriendChatAndAbandon: emotes go between the pages as codes, each page showing them
// in its own language (the guest switched to Russian); then the guest's page closes, the
// host sees the friend offline and, past the timeout (shortened by ?away=2), claims the
// game.
func TestFriendChatAndAbandon(t *testing.T) {
	relay := testrelay.Start(t)
	srv := apart(t)
	browser := friendBrowser(t)
	host, link := hostLinkQ(t, browser, srv, relay, "chess", "&away=2")
	guest, _, _ := joinQ(t, browser, srv, host, link, phone, "&away=2")

	// The guest reads Russian.
	guest.front()
	guest.button("lang")
	guest.wait("the page in Russian", func(s state) bool {
		for _, b := range s.Buttons {
			if b.ID == "say" {
				return b.Label == "Сказать…"
			}
		}
		return false
	})

	// The host says "Good game"; the guest reads it in Russian.
	host.front()
	host.button("say")
	hs := host.wait("the emote panel", func(s state) bool { return s.Game.Panel == "say" })
	var labels []string
	for _, b := range hs.Buttons {
		if strings.HasPrefix(b.ID, "say:") {
			labels = append(labels, b.Label)
		}
	}
	if want := []string{"Hello!", "Good luck!", "Good game", "Well played", "Thanks", "Oops", "Your move"}; !slices.Equal(labels, want) {
		t.Fatalf("the emote panel offers %q, want %q", labels, want)
	}
	host.screenshot("friend-say-panel-host")
	host.button("say::gg:")
	// The chat, not the line under the status, on both pages: whoever waits for the first
	// move (?away=2) reads there, two seconds after the pairing, that the friend is late
	// and may be claimed; it replaces an emote's line said just before.
	_, hn := host.waitNet("the host's own line", func(s state, n netState) bool { return len(n.Chat) > 0 })
	if !slices.Equal(hn.Chat, []string{"You: Good game"}) {
		t.Fatalf("the host's chat %q", hn.Chat)
	}
	guest.front()
	_, gn := guest.waitNet("the emote on the guest", func(s state, n netState) bool {
		return len(n.Chat) > 0
	})
	if !slices.Equal(gn.Chat, []string{"Друг: Хорошая партия"}) {
		t.Fatalf("the guest's chat %q", gn.Chat)
	}
	guest.screenshot("friend-emote-guest-ru")

	// The guest answers from the Russian panel; the host reads English.
	guest.button("say")
	guest.wait("the emote panel", func(s state) bool { return s.Game.Panel == "say" })
	guest.screenshot("friend-say-panel-guest-ru")
	guest.button("say::wp:")
	host.front()
	_, hn = host.waitNet("the emote on the host", func(s state, n netState) bool { return len(n.Chat) > 1 })
	if !slices.Equal(hn.Chat, []string{"You: Good game", "Friend: Well played"}) {
		t.Fatalf("the host's chat %q", hn.Chat)
	}
	host.screenshot("friend-emote-host")
	checkConsole(t, guest.close(), srv)

	// The guest is gone: offline, then the claim, then the game is the host's.
	host.front()
	host.waitNet("the friend offline", func(s state, n netState) bool { return n.State == "offline" })
	host.screenshot("friend-offline-host")
	host.wait("the claim offered", func(s state) bool {
		for _, b := range s.Buttons {
			if b.ID == "net-abandon" {
				return b.Label == "Claim win" && b.Enabled
			}
		}
		return false
	})
	host.screenshot("friend-claim-host")
	host.button("net-abandon")
	hs, hn = host.waitNet("the game claimed", func(s state, n netState) bool { return s.Game.Result != "*" })
	want := map[string]string{"white": "1-0", "black": "0-1"}[hn.Color]
	if hs.Game.Result != want || hs.Game.Reason != "abandoned" || hn.State != "stopped" ||
		!strings.Contains(hs.Game.Line, "your friend abandoned the game") || hs.Game.Message != "You win: your friend abandoned the game." {
		t.Fatalf("after the claim the host (%s) shows %s (%s), %q, %q, state %s", hn.Color, hs.Game.Result, hs.Game.Reason, hs.Game.Line, hs.Game.Message, hn.State)
	}
	host.screenshot("friend-abandoned-host")
	checkConsole(t, host.close(), srv)
}

// TestFriendClaimOnTime: the guest stays connected and does not move. Past the deadline
// (?away=2) the host's page offers "Claim win" with the link up; the claim is the host's
// win on both pages, the guest's saying it lost by claim.
func TestFriendClaimOnTime(t *testing.T) {
	relay := testrelay.Start(t)
	srv := apart(t)
	browser := friendBrowser(t)
	host, link := hostLinkQ(t, browser, srv, relay, "chess", "&away=2")
	guest, hs, _ := joinQ(t, browser, srv, host, link, phone, "&away=2")
	hn := host.net()
	if hn.Color == "white" { // the host moves first; from then on the guest owes a move
		host.front()
		playMove(host, hs, game.Move{From: game.Sq(4, 1), To: game.Sq(4, 3)})
		host.wait("the host's move out", func(s state) bool { return s.Game.Plies == 1 })
	}
	host.front()
	hs, hn = host.waitNet("the claim offered, the link up", func(s state, n netState) bool {
		if n.State != "online" || n.Claimable != "deadline" {
			return false
		}
		for _, b := range s.Buttons {
			if b.ID == "net-abandon" {
				return b.Label == "Claim win" && b.Enabled
			}
		}
		return false
	})
	host.screenshot("friend-claim-online-host")
	host.button("net-abandon")
	win := map[string]string{"white": "1-0", "black": "0-1"}[hn.Color]
	hs, hn = host.waitNet("the game claimed", func(s state, n netState) bool { return s.Game.Result != "*" })
	if hs.Game.Result != win || hn.Claimed != "deadline" || hn.Standing != "claimed" || !strings.Contains(hs.Game.Reason, "did not send a move in time") {
		t.Fatalf("the host after the claim: %s (%s), claimed %q, standing %q", hs.Game.Result, hs.Game.Reason, hn.Claimed, hn.Standing)
	}
	guest.front()
	gs, gn := guest.waitNet("the guest hears the claim", func(s state, n netState) bool { return s.Game.Result != "*" })
	if gs.Game.Result != win || gn.Claimed != "lost:deadline" || gn.State != "stopped" {
		t.Fatalf("the guest after the claim: %s (%s), claimed %q, state %q, message %q", gs.Game.Result, gs.Game.Reason, gn.Claimed, gn.State, gs.Game.Message)
	}
	guest.screenshot("friend-claimed-guest")
	t.Logf("host (%s): %s %q, %q; guest: %s, %q, %q", hn.Color, hs.Game.Result, hs.Game.Reason, hs.Game.Message, gs.Game.Result, gn.Claimed, gs.Game.Message)
	checkConsole(t, guest.close(), srv)
	checkConsole(t, host.close(), srv)
}

// checkFriendArchived: the page's archive (as the app reads it back, every game replayed
// to its result) ends with the finished game with a friend: its game, this page's side,
// the result and all its entries.
func checkFriendArchived(t *testing.T, tb *tab, variant, side string, s state) {
	t.Helper()
	var text string
	var a saved.Archive
	for i := 0; i < 50; i++ { // the page archives on its next tick
		text = tb.str(`localStorage.getItem("quintet.archive")`)
		var err error
		if a, err = saved.DecodeArchive(text, levelNames()); err == nil && len(a.Games) > 0 && a.Games[len(a.Games)-1].Variant == variant {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(a.Games) == 0 {
		t.Fatalf("%s: nothing archived: %.300q", side, text)
	}
	x := a.Games[len(a.Games)-1]
	t.Logf("%s's archive: %s against %s as %s, %s (%s), %d entries", side, x.Variant, x.Opponent, x.Human, x.Result, x.Reason, len(x.Log))
	if x.Variant != variant || x.Opponent != "friend" || x.Human != side || x.Result != s.Game.Result || len(x.Log) != s.Game.Plies {
		t.Errorf("%s's archive ends with %s against %s as %s, %s, %d entries; want %s against friend as %s, %s, %d entries",
			side, x.Variant, x.Opponent, x.Human, x.Result, len(x.Log), variant, side, s.Game.Result, s.Game.Plies)
	}
}

func levelNames() []string {
	var out []string
	for _, l := range ai.Levels {
		out = append(out, l.Name)
	}
	return out
}
