package match

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/p2p"
)

// remotePair starts a network match of variant between two sides over an in-memory pipe,
// each seen through a Match as the play screen sees it.
func remotePair(t *testing.T, variant string, opts ...string) [2]*Match {
	t.Helper()
	return remotePairOn(t, clock.Control{}, variant, opts...)
}

// remotePairOn is remotePair on the time control ctl.
func remotePairOn(t *testing.T, ctl clock.Control, variant string, opts ...string) [2]*Match {
	t.Helper()
	a, b := p2p.Pipe()
	host := p2p.NewMatch(p2p.Config{Host: true, Variant: variant, Options: opts, Clock: ctl})
	guest := p2p.NewMatch(p2p.Config{})
	if err := host.Start(a); err != nil {
		t.Fatal(err)
	}
	if err := guest.Start(b); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Variant: variant, Options: opts, Seats: [2]Seat{{Human: true}, {Remote: true}}}
	var ms [2]*Match
	for i, pm := range []*p2p.Match{host, guest} {
		for pm.View() == nil {
			time.Sleep(time.Millisecond)
		}
		c := cfg
		if pm.Color() == game.Black {
			c.Seats = [2]Seat{{Remote: true}, {Human: true}}
		}
		ms[i] = NewRemote(pm, c)
	}
	t.Cleanup(func() { ms[0].Close(); ms[1].Close() })
	return ms
}

// playRandom plays random moves on both sides through Match until the game ends, as the
// play screen would (ToAct, Play, Update), and checks both views agree on every public
// fact.
func playRandom(t *testing.T, ms [2]*Match, seed uint64, limit int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	deadline := time.Now().Add(60 * time.Second)
	for plies := 0; ; {
		for _, m := range ms {
			m.Update()
		}
		over := ms[0].Game().Outcome().Over() && ms[1].Game().Outcome().Over() &&
			ms[0].Net().Verified() && ms[1].Net().Verified()
		if over || plies > limit {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stuck after %d plies: %v / %v", plies, ms[0].Game().Next(), ms[1].Game().Next())
		}
		moved := false
		for _, m := range ms {
			if m.ToAct() == 0 {
				continue
			}
			me := m.Me()
			moves := m.View(me).Moves(me, nil)
			if len(moves) == 0 {
				continue
			}
			if err := m.Play(me, moves[rng.IntN(len(moves))]); err != nil {
				t.Fatalf("play: %v", err)
			}
			plies++
			moved = true
		}
		if !moved {
			time.Sleep(time.Millisecond)
		}
		for _, m := range ms {
			if err := m.Stopped(); err != nil {
				t.Fatalf("the protocol stopped: %v", err)
			}
			if err := m.Err(); err != nil {
				t.Fatalf("match error: %v", err)
			}
		}
	}
}

func TestRemoteGames(t *testing.T) {
	for i, v := range []string{"chess", "crown", "simultaneous", "probabilistic", "forced"} {
		t.Run(v, func(t *testing.T) {
			ms := remotePair(t, v)
			if ms[0].Me() == ms[1].Me() {
				t.Fatal("both sides have the same colour")
			}
			playRandom(t, ms, uint64(i+1), 3000)
			a, b := ms[0].Game(), ms[1].Game()
			if !a.Outcome().Over() {
				t.Fatalf("no result in 3000 plies")
			}
			if a.Outcome() != b.Outcome() || len(a.Entries()) != len(b.Entries()) {
				t.Fatalf("the sides disagree: %v (%d) / %v (%d)", a.Outcome(), len(a.Entries()), b.Outcome(), len(b.Entries()))
			}
			t.Logf("%s: %d entries, %v", v, len(a.Entries()), a.Outcome())
		})
	}
}

// until updates both sides until cond holds.
func until(t *testing.T, ms [2]*Match, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s", what)
		}
		ms[0].Update()
		ms[1].Update()
	}
}

func TestRemoteOffers(t *testing.T) {
	ms := remotePair(t, "chess")
	w, b := ms[0], ms[1]
	if w.Me() != game.White {
		w, b = b, w
	}
	ms = [2]*Match{w, b}
	if err := w.PlayText(game.White, "e4"); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "e4 on Black's side", func() bool { return len(b.Game().Entries()) == 1 })
	if err := w.Takeback(); err != nil {
		t.Fatal(err)
	}
	if w.ToAct() != 0 {
		t.Fatal("White may move while its takeback request waits")
	}
	until(t, ms, "the takeback request", func() bool { ok, _ := b.PeerOffer(p2p.OfferTakeback); return ok })
	if err := b.Answer(p2p.OfferTakeback, true); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "the takeback on both sides", func() bool {
		return len(w.Game().Entries()) == 0 && len(b.Game().Entries()) == 0 && w.ToAct() == 1
	})
	if err := w.PlayText(game.White, "d4"); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "d4", func() bool { return b.ToAct() == 2 })
	if _, err := b.OfferDraw(game.Black); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "the draw offer", func() bool { _, ok := w.Offer(); return ok })
	if err := w.AcceptDraw(); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "the agreed draw, checked", func() bool {
		return w.Net().Verified() && b.Net().Verified() && b.Game().Outcome().Result == game.Drawn
	})
	if err := w.OfferRematch(); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "the rematch offer", func() bool { ok, _ := b.PeerOffer(p2p.OfferRematch); return ok })
	if err := b.Answer(p2p.OfferRematch, true); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "the rematch, colours swapped", func() bool {
		return w.Me() == game.Black && b.Me() == game.White && len(w.Game().Entries()) == 0 && !w.Game().Outcome().Over()
	})
	if !b.Seat(game.White).Human || !w.Seat(game.Black).Human || !w.Seat(game.White).Remote {
		t.Fatalf("seats after the rematch: %+v / %+v", w.Config().Seats, b.Config().Seats)
	}
	if err := b.PlayText(game.White, "c4"); err != nil {
		t.Fatal(err)
	}
	until(t, ms, "c4 in the rematch", func() bool { return w.ToAct() == 2 })
}

// TestRemoteClaimShowsResult: the play screen's game of a network match starts from the
// start the match agreed (not the variant's), and once the friend is past a deadline and
// this side claims, its game shows the claim's result, as does the friend's.
func TestRemoteClaimShowsResult(t *testing.T) {
	const start = "r2dk3/8/8/8/8/8/7P/4K3 w - - 0 10 crown=Kd monarchs=e1/e8d8 lost=w"
	a, b := p2p.Pipe()
	host := p2p.NewMatch(p2p.Config{Host: true, Variant: "crown", Options: []string{"kind=hidden"}, Start: start, Deadline: time.Millisecond})
	guest := p2p.NewMatch(p2p.Config{Start: start, Deadline: time.Millisecond})
	host.Start(a)
	guest.Start(b)
	cfg := Config{Variant: "crown", Options: []string{"kind=hidden"}}
	var ms [2]*Match
	for i, pm := range []*p2p.Match{host, guest} {
		for pm.View() == nil {
			time.Sleep(time.Millisecond)
		}
		c := cfg
		c.Seats[pm.Color()] = Seat{Human: true}
		c.Seats[pm.Color().Other()] = Seat{Remote: true}
		ms[i] = NewRemote(pm, c)
	}
	defer ms[0].Close()
	defer ms[1].Close()
	for _, m := range ms {
		if got := m.Game().StartText(); got != start {
			t.Fatalf("the game starts from %q", got)
		}
		if p := m.Game().Position(); p.At(game.Sq(0, 7)) != game.MakePiece(game.Black, game.Rook) || p.At(game.Sq(3, 0)) != game.NoPiece {
			t.Fatal("the board is not the agreed start")
		}
	}
	// White (whoever it is) waits: nobody moves. The side waiting for a move may claim.
	waiting := ms[0]
	if waiting.Me() == game.White {
		waiting = ms[1]
	}
	other := ms[0]
	if other == waiting {
		other = ms[1]
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
	time.Sleep(20 * time.Millisecond) // well past the friend's own count of the deadline too
	c, err := waiting.ClaimWin()
	if err != nil || c.Kind != p2p.ClaimDeadline || c.Owed != p2p.OwedMove {
		t.Fatalf("claim %+v: %v", c, err)
	}
	want := game.Outcome{Result: game.WinFor(waiting.Me()), Reason: "white did not send a move in time"}
	if o := waiting.Game().Outcome(); o != want || waiting.Game().Next().Kind != game.StepOver || waiting.NetResult().Standing != p2p.Claimed {
		t.Fatalf("the claimer's game: %+v, %v", o, waiting.NetResult())
	}
	for i := 0; !other.Game().Outcome().Over(); i++ {
		other.Update()
		if i > 10000 {
			t.Fatalf("the friend's side never heard the claim: %v", other.Stopped())
		}
		time.Sleep(time.Millisecond)
	}
	if o := other.Game().Outcome(); o != want || !other.NetResult().Claim.Lost {
		t.Fatalf("the friend's game: %+v", o)
	}
	t.Logf("both games: %v (%s)", want.Result, want.Reason)
}

// TestRemoteClocks: a friend match on a clock shows the protocol's clocks: the guest
// took the host's control, the mover's clock runs on both devices and the other's is
// stopped, each within its base and increments, and the PGN names the control.
func TestRemoteClocks(t *testing.T) {
	ctl := clock.Control{Base: 3 * time.Minute, Inc: 2 * time.Second}
	ms := remotePairOn(t, ctl, "chess")
	playRandom(t, ms, 5, 6)
	for _, m := range ms {
		m.Update()
	}
	until := time.Now().Add(10 * time.Second)
	for ms[0].Game().Next() != ms[1].Game().Next() || len(ms[0].Game().Entries()) != len(ms[1].Game().Entries()) {
		if time.Now().After(until) {
			t.Fatal("the two views never agree")
		}
		time.Sleep(time.Millisecond)
		ms[0].Update()
		ms[1].Update()
	}
	n := len(ms[0].Game().Entries())
	mover := ms[0].Game().Next().OnlyPlayer()
	for i, m := range ms {
		if !m.Timed() || m.Config().Clock != ctl {
			t.Fatalf("side %d: timed %v, control %v", i, m.Timed(), m.Config().Clock)
		}
		if tag := m.Game().Tags["TimeControl"]; tag != "180+2" {
			t.Errorf("side %d: TimeControl tag %q", i, tag)
		}
		for c := game.White; c <= game.Black; c++ {
			left, run := m.ClockLeft(c)
			if run != (c == mover) {
				t.Errorf("side %d after %d plies: %v's clock runs %v, %v to move", i, n, c, run, mover)
			}
			if left <= 0 || left > ctl.Base+time.Duration(n)*ctl.Inc {
				t.Errorf("side %d: %v has %v left", i, c, left)
			}
		}
	}
	for i, m := range ms {
		pgn := m.Game().PGN()
		if !strings.Contains(pgn, `[TimeControl "180+2"]`) || strings.Count(pgn, "[%clk ") != n {
			t.Errorf("side %d: the PGN has %d clock comments for %d plies:\n%s", i, strings.Count(pgn, "[%clk "), n, pgn)
		}
	}
	a, _ := ms[0].ClockLeft(game.White)
	b, _ := ms[1].ClockLeft(game.White)
	t.Logf("after %d plies, White's clock: %v on one device, %v on the other", n, a, b)
}
