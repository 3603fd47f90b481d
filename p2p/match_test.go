package p2p

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// player drives one side of a match with random legal moves (or a chooser), answering
// offers by a policy, until the game is over and checked or the match stops.
type player struct {
	m      *Match
	rng    *rand.Rand
	choose func(r game.Rules, me game.Color, moves []game.Move, rng *rand.Rand) game.Move
	// hook sees every event first; returning true means it handled the event.
	hook    func(p *player, ev Event) bool
	games   int // games to play (rematches after the first); 0 means 1
	out     []game.Outcome
	err     error
	kinds   map[game.InputKind]int
	applied int
	events  []Event
}

func randomMove(r game.Rules, me game.Color, moves []game.Move, rng *rand.Rand) game.Move {
	return moves[rng.IntN(len(moves))]
}

// run consumes the match's events until the wanted games are over or the match stops.
func (p *player) run(done chan<- *player) {
	defer func() { done <- p }()
	if p.choose == nil {
		p.choose = randomMove
	}
	if p.kinds == nil {
		p.kinds = map[game.InputKind]int{}
	}
	want := max(p.games, 1)
	timeout := time.After(60 * time.Second) // only a stall takes this long; a loaded machine under -race can be slow
	for {
		var ev Event
		var ok bool
		select {
		case ev, ok = <-p.m.Events():
		case <-timeout:
			p.err = errors.New("timed out: the match stalled: " + p.m.state())
			return
		}
		if !ok {
			if p.err == nil {
				p.err = p.m.Err()
			}
			return
		}
		p.events = append(p.events, ev)
		if p.hook != nil && p.hook(p, ev) {
			continue
		}
		switch ev.Kind {
		case EvTurn, EvTakeback:
			p.move()
		case EvAnswer:
			if ev.What == OfferTakeback {
				p.move() // our takeback request was answered: we may move again
			}
		case EvApplied:
			p.applied++
			p.kinds[ev.Input.Kind]++
		case EvOffer:
			p.m.Answer(ev.What, ev.What == OfferRematch)
		case EvOver:
			p.out = append(p.out, ev.Outcome)
			if len(p.out) >= want {
				return
			}
			if p.m.Color() == game.White {
				p.m.OfferRematch()
			}
		case EvFault:
			p.err = ev.Err
			return
		case EvDisconnected:
			return
		}
	}
}

func (p *player) move() {
	h := p.m.Hash()
	v := p.m.View()
	me := p.m.Color()
	if !v.Next().Asks(me) {
		return
	}
	moves := v.Moves(me, nil)
	if len(moves) == 0 {
		return
	}
	mv := p.choose(v, me, moves, p.rng)
	if err := p.m.Play(mv); err != nil && !errors.Is(err, ErrNotYourTurn) && !errors.Is(err, ErrPending) && !errors.Is(err, ErrSealed) {
		if p.m.Hash() == h && v.Hash() == p.m.View().Hash() {
			p.err = fmt.Errorf("%v refused at the state it was chosen in: %w", mv, err)
		}
	}
}

// pair makes two matches on a pipe, host first.
func pairOn(t testing.TB, a, b Conn, variant string, opts ...string) (*Match, *Match) {
	t.Helper()
	host := NewMatch(Config{Host: true, Variant: variant, Options: opts})
	guest := NewMatch(Config{})
	if err := guest.Start(b); err != nil {
		t.Fatal(err)
	}
	if err := host.Start(a); err != nil {
		t.Fatal(err)
	}
	return host, guest
}

// playBoth runs both players to the end and returns them.
func playBoth(t testing.TB, a, b *player) (*player, *player) {
	t.Helper()
	done := make(chan *player, 2)
	go a.run(done)
	go b.run(done)
	<-done
	<-done
	return a, b
}

// agree checks that both sides finished with the same log, hash and outcome.
func agree(t testing.TB, a, b *player) {
	t.Helper()
	if a.err != nil || b.err != nil {
		t.Fatalf("errors: host %v, guest %v", a.err, b.err)
	}
	ha, na := a.m.LogHash()
	hb, nb := b.m.LogHash()
	if ha != hb || na != nb {
		t.Fatalf("logs differ: %d plies %x vs %d plies %x", na, ha[:4], nb, hb[:4])
	}
	if len(a.out) == 0 || len(a.out) != len(b.out) {
		t.Fatalf("outcomes: %v vs %v", a.out, b.out)
	}
	for i := range a.out {
		if a.out[i] != b.out[i] {
			t.Fatalf("game %d: outcomes differ: %v vs %v", i+1, a.out[i], b.out[i])
		}
	}
	if !a.m.Verified() || !b.m.Verified() {
		t.Fatal("the last game was not verified on both sides")
	}
	if a.m.Color() == b.m.Color() {
		t.Fatal("both sides play the same colour")
	}
}

func TestToyGamesOverPipe(t *testing.T) {
	counts := map[game.InputKind]int{}
	seals := 0
	colours := [2]int{}
	for seed := range uint64(40) {
		ca, cb := Pipe()
		h, g := pairOn(t, ca, cb, toyName)
		a := &player{m: h, rng: rand.New(rand.NewPCG(seed, 1))}
		b := &player{m: g, rng: rand.New(rand.NewPCG(seed, 2))}
		playBoth(t, a, b)
		agree(t, a, b)
		for k, n := range a.kinds {
			counts[k] += n
		}
		for _, e := range a.events {
			if e.Kind == EvApplied && e.Record.Text != "" && e.Input.Kind == game.InputMove && e.Input.Move.Kind == game.Normal {
				seals++
			}
		}
		colours[h.Color()]++
		h.Close()
		g.Close()
	}
	if counts[game.InputDraw] == 0 || counts[game.InputReveal] == 0 || counts[game.InputMove] == 0 {
		t.Fatalf("the games did not exercise every step: %v", counts)
	}
	if colours[0] == 0 || colours[1] == 0 {
		t.Fatalf("the host always had the same colour: %v", colours)
	}
	t.Logf("inputs by kind over 40 games: %v; host colours %v", counts, colours)
}

// state describes the match for a stalled test.
func (m *Match) state() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	gs := m.gs
	if gs == nil {
		return "no game"
	}
	s := fmt.Sprintf("%v ply %d step %+v over %v; my offers %v peer offers %v; seal %v peer seal %v; draw %d sent %v peer %v; final %d peerFinal %v done %v; out %d in %d ack %d outbox %d; games %d",
		m.me, len(gs.pub), gs.r.Next(), gs.r.Outcome(), gs.offers.mine, gs.offers.peer, gs.seal.mine != nil, gs.seal.peer != nil,
		gs.draw.next, gs.draw.sent, gs.draw.peer != nil, gs.audit.len, gs.audit.peer != nil, gs.audit.done, m.outSeq, m.inSeq, m.peerAck, len(m.outbox), m.games)
	return s
}
