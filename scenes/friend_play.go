package scenes

import (
	"errors"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/p2p"
	"github.com/quintet-chess/quintet/scenes/layout"
	"github.com/quintet-chess/quintet/scenes/match"
)

// The play screen of a game with a friend: the usual Play with the friend's seat played
// through the protocol (match.NewRemote), plus the link's state in the title, the
// friend's offers as panels, and, while the link is down, Resume and (after a while) a
// claim that the friend abandoned the game.

// The deadline of every step the friend owes (a move, a reveal, the end-of-game check…)
// and of an absence is the protocol's (p2p.DefaultDeadline, two minutes); a page's
// ?away=SECONDS shortens it (see pageAwayOverride). Past it "Claim win" shows, the link up
// or down; a fault of the friend's device shows it at once.

// friendPlay is what Play keeps of a game with a friend.
type friendPlay struct {
	link      *friendLink
	took      time.Duration // how long the last pairing took
	offline   time.Time     // when the link dropped; zero while it is up
	shown     [4]bool       // the friend's offers already put to the person
	fault     string
	chat      []chatLine // the emotes said, the last chatKeep
	saidAt    time.Time  // our last emote went out
	intruders int        // someone else knocked with the link this many times
	timeUp    bool       // our own clock reached zero: the friend may claim (said once at once)
}

// newFriendPlay opens the play screen on a started (or restored) protocol match.
// resumed: the link is down (a reload), pair again and resume.
func newFriendPlay(pm *p2p.Match, link *friendLink, setup *Setup, resumed bool) *Play {
	me := pm.Color()
	cfg := match.Config{Variant: link.rec.Variant, Options: link.rec.Options}
	cfg.Seats[me] = match.Seat{Human: true}
	cfg.Seats[me.Other()] = match.Seat{Remote: true}
	m := match.NewRemote(pm, cfg)
	p := &Play{m: m, setup: setup, input: newBoardInput(), fs: faces{},
		anim: animation{flashSq: game.NoSquare}}
	p.viewer = me
	p.net = &friendPlay{link: link}
	if d := pageAwayOverride(); d > 0 {
		pm.SetDeadline(d)
	}
	p.reset()
	if resumed {
		p.net.offline = time.Now()
		m.SetOnline(false)
		link.pair()
	}
	return p
}

// netTick reacts to the protocol and to the pairing; Play.Update calls it first.
func (p *Play) netTick(ctx *Ctx) {
	n := p.net
	m := p.m
	for _, ev := range m.NetEvents() {
		switch ev.Kind {
		case p2p.EvAnswer:
			p.say(answerText(ev.What, ev.Yes))
		case p2p.EvStart:
			if ev.Game > 1 {
				p.viewer, p.hand.shown = m.Me(), false
				n.shown = [4]bool{}
				p.reset()
				p.say(lang.T("Rematch: colours swapped."))
			}
		case p2p.EvTakeback:
			n.shown[p2p.OfferTakeback] = false
			p.input.sel, p.input.targets, p.anim.slides = game.NoSquare, 0, nil
			p.say(lang.T("Move taken back."))
		case p2p.EvChat:
			c := chatLine{code: ev.Text, at: time.Now()}
			n.addChat(c)
			p.say(c.text())
		case p2p.EvVoid:
			p.say(ev.Text)
		case p2p.EvDisconnected:
			if n.offline.IsZero() {
				n.offline = time.Now()
			}
			m.SetOnline(false)
			n.link.pair()
		case p2p.EvResumed:
			n.offline = time.Time{}
			m.SetOnline(true)
			p.say(lang.T("Reconnected."))
		case p2p.EvFault:
			n.fault = ev.Err.Error()
			if f, ok := p2p.AsFault(ev.Err); ok && f.Kind.Cheat() {
				n.fault = lang.T("Your friend's device broke the rules of the match; the game stops here. Your game is as it was:") + " " + f.Error()
			}
			if _, ok := m.NetClaimable(); ok {
				p.say(lang.T("You may claim the game."))
			}
			n.link.end(n.fault)
			n.link.close()
		case p2p.EvOverdue:
			if c, ok := m.NetClaimable(); ok && c.Kind == p2p.ClaimDeadline {
				p.say(lang.F("Your friend did not send %s in time. You may claim the game.", owedText(c.Owed)))
			} else if ok && c.Kind == p2p.ClaimFlag {
				p.say(lang.T("Your friend's time ran out. You may claim the game."))
			}
		case p2p.EvIntruder:
			n.intruders++
			p.say(lang.T("Someone else tried to join this game with your link; they were turned away."))
			n.link.pair() // the friend may still come
		case p2p.EvClaimed:
			if r := m.NetResult(); r.Claim != nil && r.Claim.Lost {
				why := lang.F("Your friend claimed the game: you did not send %s in time.", owedText(r.Claim.Owed))
				if r.Claim.Kind == p2p.ClaimFlag {
					why = lang.T("Your time ran out: your friend claimed it.") + " " + lang.Game(r.Outcome.Reason)
				}
				p.notices(ctx)
				p.say(why)
				n.link.end(why)
				n.link.close()
			}
		case p2p.EvLapsed:
			n.shown[p2p.OfferDraw] = false
			if p.panel != nil && p.panel.kind == "netoffer" && !ev.Mine {
				p.panel = nil
			}
			p.say(lang.T("The draw offer lapsed: a move was made after it."))
		}
	}
	if r, ok := n.link.poll(); ok && m.Stopped() == nil {
		if r.err != nil {
			n.link.pair()
		} else {
			n.took = r.took
			n.link.close()
			if err := m.Net().Resume(r.conn); err != nil {
				n.fault = err.Error()
			}
		}
	}
	p.netTimeUp()
	// Who may act changes without the game changing (our move sealed, an offer waiting):
	// make the view again.
	if m.ToAct() != p.acts {
		p.viewKey = [2]uint64{}
	}
	// The friend's offers, one panel at a time.
	if p.panel == nil && m.Stopped() == nil {
		for _, what := range []uint8{p2p.OfferDraw, p2p.OfferTakeback, p2p.OfferRematch} {
			on, k := m.PeerOffer(what)
			if !on {
				n.shown[what] = false
				continue
			}
			if n.shown[what] {
				continue
			}
			n.shown[what] = true
			q := lang.T("Your friend offers a draw. Accept?")
			switch what {
			case p2p.OfferTakeback:
				q = lang.F("Your friend asks to take back %d plies. Accept?", k)
			case p2p.OfferRematch:
				q = lang.T("Your friend offers a rematch with colours swapped. Accept?")
			}
			p.panel = &choicePanel{kind: "netoffer", title: q, items: []panelItem{
				{id: "net-yes:" + string('0'+what), label: lang.T("Accept")},
				{id: "net-no:" + string('0'+what), label: lang.T("Decline")}}}
			break
		}
	}
}

// netTimeUp says, at once and for as long as it holds, that our own clock has reached
// zero: only the friend can end the game on time (its page claims it, see
// p2p.PeerClocks), and until then the person sees why nothing happens. The message
// gives way to others for their while and comes back.
func (p *Play) netTimeUp() {
	n := p.net
	left, _ := p.m.ClockLeft(p.m.Me())
	up := p.m.Timed() && !p.over && p.m.Stopped() == nil && left <= 0
	if up && (!n.timeUp || p.msg.text == "") {
		p.say(timeUpText())
	}
	n.timeUp = up
}

func timeUpText() string { return lang.T("Your time is up — waiting for your friend to claim.") }

// netPick carries out a choice of the friend's offer panel; false if id is not one.
func (p *Play) netPick(id string) bool {
	if p.sayPick(id) {
		return true
	}
	if len(id) < 8 || (id[:7] != "net-yes" && id[:6] != "net-no") {
		return false
	}
	what := id[len(id)-1] - '0'
	if err := p.m.Answer(what, id[:7] == "net-yes"); err != nil {
		p.say(err.Error())
	}
	return true
}

// offerName names an offer for the page's status (not shown: tests read it).
func offerName(what uint8) string {
	switch what {
	case p2p.OfferDraw:
		return "draw"
	case p2p.OfferTakeback:
		return "takeback"
	case p2p.OfferRematch:
		return "rematch"
	}
	return "offer"
}

// answerText is the friend's answer to our offer, in words.
func answerText(what uint8, yes bool) string {
	switch {
	case what == p2p.OfferDraw && yes:
		return lang.T("Your friend accepts the draw.")
	case what == p2p.OfferDraw:
		return lang.T("Your friend declines the draw.")
	case what == p2p.OfferTakeback && yes:
		return lang.T("Your friend accepts the takeback.")
	case what == p2p.OfferTakeback:
		return lang.T("Your friend declines the takeback.")
	case what == p2p.OfferRematch && yes:
		return lang.T("Your friend accepts the rematch.")
	}
	return lang.T("Your friend declines the rematch.")
}

// netButton carries out a play-screen button the friend's game handles itself; false
// for the others.
func (p *Play) netButton(ctx *Ctx, id string) bool {
	m := p.m
	switch id {
	case "undo":
		if err := m.Takeback(); err != nil {
			p.say(err.Error())
		} else {
			p.say(lang.T("Takeback asked; waiting for your friend."))
		}
	case "rematch":
		if err := m.OfferRematch(); err != nil {
			p.say(err.Error())
		} else {
			p.say(lang.T("Rematch offered; waiting for your friend."))
		}
	case "say":
		p.panel = sayPanel()
	case "net-resume":
		p.net.link.pair()
		p.say(lang.T("Looking for your friend…"))
	case "net-abandon":
		c, err := m.ClaimWin()
		if err != nil {
			p.say(err.Error())
			return true
		}
		end, say := lang.T("won: the friend abandoned the game"), lang.T("You win: your friend abandoned the game.")
		switch c.Kind {
		case p2p.ClaimDeadline:
			end = lang.T("won: the friend did not answer in time")
			say = lang.F("You win: your friend did not send %s in time.", owedText(c.Owed))
		case p2p.ClaimFlag:
			end = lang.T("the friend's time ran out")
			say = lang.T("Your friend's time ran out.") + " " + lang.Game(m.NetResult().Outcome.Reason)
		case p2p.ClaimFault:
			end = lang.T("won: the friend's device broke the rules of the match")
			say = lang.T("You win: your friend's device broke the rules of the match.")
		}
		p.net.link.end(end)
		p.net.link.close()
		// The game's own words first, then why.
		p.notices(ctx)
		p.say(say)
	case "new":
		p.net.link.close()
		setPageFragment("")
		return false
	default:
		return false
	}
	return true
}

// buttons adapts the play screen's buttons to the game with the friend (m, over when it
// is) and adds Resume while the link is down and Claim once a claim may be made, over the
// move list's top; bar is the height they take there (0 if none).
func (n *friendPlay) buttons(bs []button, m *match.Match, over bool, lay *layout.Play) ([]button, float64) {
	for i := range bs {
		b := &bs[i]
		switch b.id {
		case "undo":
			b.label = lang.T("Ask takeback")
			b.enabled = !over && !m.MyOffer(p2p.OfferTakeback) && m.Online() && m.Stopped() == nil
		case "rematch":
			b.enabled = over && m.Stopped() == nil && m.Online() && !m.MyOffer(p2p.OfferRematch)
		case "draw":
			b.enabled = b.enabled && m.Online() && !m.MyOffer(p2p.OfferDraw)
		case "load": // nothing to load into a game with a friend: the emotes instead
			b.id, b.label = "say", lang.T("Say…")
			b.enabled = m.Online() && m.Stopped() == nil && !n.saying(time.Now())
		}
	}
	resume := !n.offline.IsZero() && m.Stopped() == nil && !over
	kind, claim := m.NetClaimable()
	if !resume && !claim {
		return bs, 0
	}
	// Over the move list's top: Resume while the link is down; Claim win once the friend
	// is past a deadline, away too long, or broke the protocol.
	if resume {
		bs = append(bs, button{id: "net-resume", label: lang.T("Resume"), enabled: true, primary: true,
			r: lay.TopCell(0, 2)})
	}
	if claim {
		label := lang.T("Claim win")
		if kind.Kind == p2p.ClaimFlag {
			label = lang.T("Claim on time") // a loss on time, or a draw when we cannot win
		}
		bs = append(bs, button{id: "net-abandon", label: label, enabled: true, primary: !resume,
			r: lay.TopCell(1, 2)})
	}
	return bs, lay.Bar()
}

// owedText is what the friend owes, in words.
func owedText(o p2p.Owed) string {
	switch o {
	case p2p.OwedMove:
		return lang.T("a move")
	case p2p.OwedSeal:
		return lang.T("a sealed move")
	case p2p.OwedOpen:
		return lang.T("the opening of a sealed move")
	case p2p.OwedDraw:
		return lang.T("a draw contribution")
	case p2p.OwedReveal:
		return lang.T("a secret the rules ask for")
	case p2p.OwedAnswer:
		return lang.T("an answer to the takeback request")
	case p2p.OwedAudit:
		return lang.T("the end-of-game check")
	}
	return lang.T("an answer")
}

// abandoned reports whether this side ended the game of m by claiming the friend
// abandoned it (false if n is nil: no friend).
func (n *friendPlay) abandoned(m *match.Match) bool {
	return n != nil && errors.Is(m.Stopped(), match.ErrAbandoned)
}

// state is the link's state in words, for the title.
func (n *friendPlay) state(m *match.Match) string {
	res := m.NetResult()
	switch {
	case res.Standing == p2p.Claimed && res.Claim != nil && res.Claim.Lost:
		return lang.T("lost by claim")
	case errors.Is(m.Stopped(), match.ErrAbandoned):
		return lang.T("friend gone")
	case res.Standing == p2p.Claimed:
		return lang.T("won by claim")
	case n.fault != "":
		return lang.T("stopped")
	case res.Standing == p2p.Awaiting:
		return lang.T("awaiting verification")
	case !n.offline.IsZero():
		return lang.T("friend offline — reconnecting")
	case n.timeUp:
		return lang.T("your time is up")
	}
	return lang.T("friend online")
}

// status is the friend's game of m for the page and the tests.
func (n *friendPlay) status(m *match.Match) *NetStatus {
	st := &NetStatus{Role: map[bool]string{true: "host", false: "guest"}[n.link.host], State: "online",
		SetupMS: n.took.Milliseconds(), Color: m.Me().String(), Fault: n.fault}
	if !n.offline.IsZero() {
		st.State = "offline"
	}
	if m.Stopped() != nil {
		st.State = "stopped"
	}
	if pm := m.Net(); pm != nil {
		st.Verified = pm.Verified()
	}
	res := m.NetResult()
	st.Standing = res.Standing.String()
	if c, ok := m.NetClaimable(); ok {
		st.Claimable = claimName(c.Kind)
	}
	if res.Claim != nil {
		st.Claimed = claimName(res.Claim.Kind)
		if res.Claim.Lost {
			st.Claimed = "lost:" + st.Claimed
		}
	}
	st.Intruders = n.intruders
	st.Relays, st.RelaysTotal = n.link.relayStatus()
	sent, recv := m.NetTimes()
	if !sent.IsZero() {
		st.SentAt = sent.UnixMilli()
	}
	if !recv.IsZero() {
		st.RecvAt = recv.UnixMilli()
	}
	for _, c := range n.chat {
		st.Chat = append(st.Chat, c.text())
	}
	for _, w := range []uint8{p2p.OfferDraw, p2p.OfferTakeback, p2p.OfferRematch} {
		if on, _ := m.PeerOffer(w); on {
			st.Offer = offerName(w)
		}
	}
	return st
}

// claimName names a claim's kind for the page's status (not shown: tests read it).
func claimName(k p2p.ClaimKind) string {
	switch k {
	case p2p.ClaimDeadline:
		return "deadline"
	case p2p.ClaimAbandoned:
		return "abandoned"
	case p2p.ClaimFault:
		return "fault"
	case p2p.ClaimFlag:
		return "flag"
	}
	return ""
}
