package match

import (
	"errors"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/p2p"
)

// A match against a friend over the network: the other seat is played through the p2p
// match protocol, which is the referee of both sides (draws, reveals, sealed moves,
// offers). This side's game is its own view — the friend's secrets sealed until revealed
// — rebuilt from the protocol's log whenever it changes; Match's methods that change the
// game go to the protocol instead of the local referee.

// netSide is the protocol's side of a network match.
type netSide struct {
	pm       *p2p.Match
	me       game.Color
	games    int
	sealedAt int     // log length at which our sealed move went out (-1: none)
	peerOffr [4]bool // the friend's standing offers, by p2p.Offer*
	takeN    int     // plies the friend asks to take back
	myOffer  [4]bool
	online   bool
	stopped  error
	events   []p2p.Event // what the scene should react to (offers, answers, chat, drops)
	sentAt   time.Time   // our last move went out
	recvAt   time.Time   // the friend's last move reached this side's game
	claim    *p2p.Result // a claim decided the game (ours or the friend's)
}

// settled is a network game's rules once a claim has decided it: the game as it was,
// the claim's result (the rules may have said otherwise, or nothing yet).
type settled struct {
	game.Rules
	out     game.Outcome
	decided bool // false while the log is replayed into it
}

func (s *settled) Outcome() game.Outcome {
	if s.decided {
		return s.out
	}
	return s.Rules.Outcome()
}

func (s *settled) Next() game.Step {
	if s.decided {
		return game.Step{Kind: game.StepOver}
	}
	return s.Rules.Next()
}

func (s *settled) Clone() game.Rules { return &settled{s.Rules.Clone(), s.out, s.decided} }

// NewRemote is a match against a friend through pm, which has started; cfg names the
// game and its seats (the friend's seat Remote).
func NewRemote(pm *p2p.Match, cfg Config) *Match {
	cfg.Clock = pm.TimeControl() // the clocks the handshake agreed; the protocol runs them
	m := &Match{cfg: cfg, net: &netSide{pm: pm, sealedAt: -1, online: true}}
	m.g, _ = game.NewGame(cfg.Variant, cfg.Options...)
	if m.g == nil { // a game this page does not know: the first it offers stands in
		m.g, _ = game.NewGame(game.Menu()[0])
	}
	m.tag()
	if pm.View() != nil {
		m.g = nil // built from the start the match agreed
	}
	m.netRebuild()
	return m
}

// Net is the protocol match of a network game, nil for a game on this device.
func (m *Match) Net() *p2p.Match {
	if m.net == nil {
		return nil
	}
	return m.net.pm
}

// Me is this device's colour in a network game.
func (m *Match) Me() game.Color {
	if m.net == nil {
		return game.White
	}
	return m.net.me
}

// SetOnline records whether the link to the friend is up (the scene knows).
func (m *Match) SetOnline(on bool) {
	if m.net != nil {
		m.net.online = on
	}
}

// Online reports whether the link to the friend is up.
func (m *Match) Online() bool { return m.net != nil && m.net.online }

// NetEvents returns the protocol's events the scene reacts to (offers, answers, chat,
// the link dropping, a fault) since the last call.
func (m *Match) NetEvents() []p2p.Event {
	if m.net == nil {
		return nil
	}
	e := m.net.events
	m.net.events = nil
	return e
}

// PeerOffer reports whether the friend's offer what (p2p.OfferDraw, OfferTakeback,
// OfferRematch) stands, and for a takeback how many plies.
func (m *Match) PeerOffer(what uint8) (bool, int) {
	if m.net == nil || int(what) >= len(m.net.peerOffr) {
		return false, 0
	}
	return m.net.peerOffr[what], m.net.takeN
}

// MyOffer reports whether our offer what is waiting for the friend's answer.
func (m *Match) MyOffer(what uint8) bool {
	return m.net != nil && int(what) < len(m.net.myOffer) && m.net.myOffer[what]
}

// Answer answers the friend's offer what.
func (m *Match) Answer(what uint8, yes bool) error {
	if m.net == nil {
		return errors.New("no friend to answer")
	}
	if err := m.net.pm.Answer(what, yes); err != nil {
		return err
	}
	m.net.peerOffr[what] = false
	return nil
}

// OfferRematch asks the friend for a new game with colours swapped.
func (m *Match) OfferRematch() error {
	if m.net == nil {
		return errors.New("no friend to ask")
	}
	if err := m.net.pm.OfferRematch(); err != nil {
		return err
	}
	m.net.myOffer[p2p.OfferRematch] = true
	return nil
}

// Stopped is why the protocol stopped (a cheat detected, a broken link to a bad peer), nil
// while it runs.
func (m *Match) Stopped() error {
	if m.net == nil {
		return nil
	}
	return m.net.stopped
}

// netUpdate takes the protocol's events and brings the view up to date; it never blocks.
func (m *Match) netUpdate() {
	n := m.net
	changed := false
	for i := 0; i < 256; i++ {
		var ev p2p.Event
		var ok bool
		select {
		case ev, ok = <-n.pm.Events():
		default:
			i = 256
			continue
		}
		if !ok {
			if n.stopped == nil {
				n.stopped = n.pm.Err()
				if n.stopped == nil {
					n.stopped = p2p.ErrStopped
				}
			}
			break
		}
		switch ev.Kind {
		case p2p.EvStart:
			n.games = ev.Game
			n.me = ev.Color
			n.sealedAt = -1
			n.peerOffr, n.myOffer = [4]bool{}, [4]bool{}
			if ev.Game > 1 { // a rematch: the seats swap
				m.cfg.Seats[0], m.cfg.Seats[1] = m.cfg.Seats[1], m.cfg.Seats[0]
			}
			m.g = nil
			changed = true
		case p2p.EvApplied:
			changed = true
			if !ev.Mine && ev.Input.Kind == game.InputMove {
				n.recvAt = time.Now()
			}
			if ev.Input.Kind == game.InputMove || ev.Input.Kind == game.InputAgree {
				n.peerOffr[p2p.OfferDraw], n.myOffer[p2p.OfferDraw] = false, false
			}
		case p2p.EvTakeback:
			m.g = nil
			n.sealedAt = -1
			n.peerOffr[p2p.OfferTakeback], n.myOffer[p2p.OfferTakeback] = false, false
			changed = true
		case p2p.EvOffer:
			if int(ev.What) < len(n.peerOffr) {
				n.peerOffr[ev.What] = true
				n.takeN = ev.N
			}
		case p2p.EvAnswer:
			if int(ev.What) < len(n.myOffer) {
				n.myOffer[ev.What] = false
			}
		case p2p.EvDisconnected:
			n.online = false
		case p2p.EvResumed:
			n.online = true
		case p2p.EvFault:
			n.stopped = ev.Err
		case p2p.EvClaimed:
			if n.claim == nil { // not our own claim, already shown
				r := n.pm.Result()
				n.claim = &r
				m.g = nil
				changed = true
			}
		}
		n.events = append(n.events, ev)
	}
	if changed {
		m.netRebuild()
	}
}

// netRebuild brings this side's view of the game up to the protocol's log, applying what
// is new (with notices) or replaying it all after a takeback or a new game.
func (m *Match) netRebuild() {
	n := m.net
	log := n.pm.Log()
	view := n.pm.View()
	if view == nil {
		return
	}
	n.me = n.pm.Color()
	if m.g != nil && len(m.g.Entries()) > len(log) {
		m.g, m.notices = nil, nil
	}
	quiet := m.g == nil
	var decide *settled
	if m.g == nil {
		// The start the match plays (the guest plays only the one its link named).
		_, _, start := n.pm.Game()
		r, err := game.Load(view.Variant(), start)
		if err != nil {
			m.err = err
			return
		}
		if _, secret := r.(game.Secrets); secret {
			r = r.View(n.me)
		}
		if n.claim != nil {
			decide = &settled{Rules: r, out: n.claim.Outcome}
			r = decide
		}
		m.g = game.NewGameOn(r, start)
		m.tag()
		if m.cfg.Clock.On() {
			m.g.Tags["TimeControl"] = m.cfg.Clock.PGN()
		}
	}
	for i := len(m.g.Entries()); i < len(log); i++ {
		if err := m.g.Apply(log[i].Input); err != nil {
			m.err = fmt.Errorf("the game as the protocol has it does not replay: %w", err)
			return
		}
		if quiet {
			continue
		}
		by := ""
		if in := log[i].Input; in.Kind == game.InputMove || in.Kind == game.InputResign || in.Kind == game.InputClaim {
			by = "friend"
			if in.Player == n.me {
				by = "you"
			}
		}
		m.notice(by)
	}
	if m.cfg.Clock.On() { // the %clk of each decision, as this side counted it
		left, ok := n.pm.LogClocks()
		for i := range min(len(ok), len(m.g.Entries())) {
			if ok[i] {
				m.g.SetClock(i, left[i])
			}
		}
	}
	if decide != nil {
		decide.decided = true
		// The play screen hears the result as it hears a resignation: the loser's, in the
		// claim's words.
		loser := game.White
		if decide.out.Result == game.WhiteWins {
			loser = game.Black
		}
		kind := game.InputResign
		if c := n.claim.Claim; c != nil && c.Kind == p2p.ClaimFlag {
			// The side whose time ran out (a flag may draw: then the loser is no guide).
			kind, loser = game.InputFlag, n.me.Other()
			if c.Lost {
				loser = n.me
			}
		}
		m.notices = append(m.notices, Notice{Entry: game.Entry{Input: game.Input{Kind: kind, Player: loser},
			Record: game.Record{Text: decide.out.Reason}}})
	}
	m.observe()
}

// netToAct is our bit when the game asks us and our move is not already sealed.
func (m *Match) netToAct() uint8 {
	n := m.net
	s := m.g.Next()
	if s.Kind != game.StepMove || !s.Asks(n.me) || n.stopped != nil || n.myOffer[p2p.OfferTakeback] {
		return 0
	}
	if s.Players == 3 && n.sealedAt == len(m.g.Entries()) {
		return 0
	}
	return 1 << n.me
}

func (m *Match) netPlay(c game.Color, mv game.Move) error {
	n := m.net
	if c != n.me {
		return fmt.Errorf("%v is your friend's side", c)
	}
	s := m.g.Next()
	if err := n.pm.Play(mv); err != nil {
		return err
	}
	n.sentAt = time.Now()
	if s.Players == 3 {
		n.sealedAt = len(m.g.Entries())
	}
	m.offer = 0
	m.netRebuild() // the log has our move now; its event may come a moment later
	return nil
}

// netTakeback asks the friend to take back our last move (and what followed it).
func (m *Match) netTakeback() error {
	n := m.net
	es := m.g.Entries()
	k := -1
	for i := len(es) - 1; i >= 0; i-- {
		if es[i].Input.Kind == game.InputMove && es[i].Input.Player == n.me {
			k = i
			break
		}
	}
	if k < 0 {
		return errors.New("no move of yours to take back")
	}
	if err := n.pm.OfferTakeback(len(es) - k); err != nil {
		return err
	}
	n.myOffer[p2p.OfferTakeback] = true
	return nil
}

// NetTimes are when our last move went out and when the friend's last move reached this
// side's game (zero before the first).
func (m *Match) NetTimes() (sent, recv time.Time) {
	if m.net == nil {
		return
	}
	return m.net.sentAt, m.net.recvAt
}

// NetClaimable reports whether this side may claim the game now (the friend let a
// deadline pass, stayed away, or broke the protocol), and on what.
func (m *Match) NetClaimable() (p2p.Claim, bool) {
	if m.net == nil || m.net.claim != nil {
		return p2p.Claim{}, false
	}
	return m.net.pm.Claimable()
}

// NetResult is the protocol's result of the game: playing, awaiting verification (the
// rules ended it, the friend's audit is not in), verified, or claimed.
func (m *Match) NetResult() p2p.Result {
	if m.net == nil {
		return p2p.Result{}
	}
	if m.net.claim != nil {
		return *m.net.claim
	}
	return m.net.pm.Result()
}

// ClaimWin ends the game as won by this side, on what NetClaimable says: the protocol
// stops (over a live link the friend's device hears the claim and checks it) and this
// side's game shows the claim's result, whatever the board says.
func (m *Match) ClaimWin() (p2p.Claim, error) {
	n := m.net
	if n == nil {
		return p2p.Claim{}, errors.New("no game to claim")
	}
	c, ok := n.pm.Claimable()
	if !ok {
		return c, p2p.ErrNoClaim
	}
	if err := n.pm.ClaimWin(); err != nil {
		return c, err
	}
	r := n.pm.Result()
	n.claim = &r
	n.stopped = p2p.ErrClaimed
	if c.Kind == p2p.ClaimAbandoned {
		n.stopped = ErrAbandoned
	}
	m.g = nil
	m.netRebuild()
	return c, nil
}

// ErrAbandoned is why a network game stopped when this side claimed it after the
// friend stayed away.
var ErrAbandoned = errors.New("the friend abandoned the game")
