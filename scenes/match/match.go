// Package match runs one game on this device: the referee's state (every secret), who sits
// at each colour (a person or the AI), the automatic steps (random draws from crypto/rand,
// reveals answered from the referee's secrets), takeback, draw offers and PGN. It is plain
// Go without Ebitengine, so it is tested natively; the play scene drives it and draws
// only what the viewing player may see (View).
package match

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/p2p"
)

// Seat is who plays one colour.
type Seat struct {
	Human  bool
	Level  string // the AI's level when not Human
	Remote bool   // a friend on another device (see NewRemote)
}

// AI reports whether the AI plays this seat.
func (s Seat) AI() bool { return !s.Human && !s.Remote }

// Name is the seat as a PGN player name.
func (s Seat) Name() string {
	if s.Human {
		return "Player"
	}
	if s.Remote {
		return "Friend"
	}
	return "AI (" + s.Level + ")"
}

// Config is a match to start: a game with its options and the two seats.
type Config struct {
	Variant string
	Options []string // "key=value"
	Seats   [2]Seat
	// Pick: people pick their own number 0–9 for a capture attempt's draw (probabilistic
	// chess) instead of the device drawing it; the AI's number is still drawn at random.
	Pick bool
	// Clock is the time control (zero: no clocks).
	Clock clock.Control
}

// Opponent is an AI that answers a position. Think must not block and must not search on
// the calling goroutine (in the browser that is the page's only thread): the answer comes
// on the channel. Cancel abandons the current request (its channel may never deliver).
// An opponent may also report its progress (Progress() string) for the status line.
type Opponent interface {
	Think(view game.Rules, side game.Color, level string) <-chan Answer
	Cancel()
}

// Answer is the AI's move, or why it has none.
type Answer struct {
	Move game.Move
	Err  error
}

// Notice is something that happened, for the scene's sounds, animations and messages.
type Notice struct {
	Entry game.Entry
	By    string // "you", "AI", "" for automatic steps
	at    int    // the entry's place in the log
}

// Match is one game in progress on this device.
type Match struct {
	cfg   Config
	g     *game.Game
	opp   Opponent
	rand  io.Reader
	think *request
	offer int // 1+colour of a standing draw offer, 0 if none
	// sealed is set once the game asked both players at once (simultaneous chess): then,
	// like games with secrets, a hotseat needs hand-over screens.
	sealed  bool
	notices []Notice
	err     error    // the last error of an automatic step (shown, not fatal)
	picked  [2]int   // 1+number a person picked for the pending draw, 0 if none yet
	failed  bool     // the AI answered an error: not asked again until the game changes
	net     *netSide // the friend's side of a network game (remote.go), nil on one device
	auto    []int    // log places of the passes made for a person (forcedPass)
	tm      *timing  // the clocks of a timed game (clock.go), nil if untimed
}

type request struct {
	side game.Color
	hash uint64
	ply  int
	ch   <-chan Answer
}

// New starts a match. opp plays the AI seats (it may be nil when both seats are people).
func New(cfg Config, opp Opponent) (*Match, error) {
	cfg.Options = game.TimedOptions(cfg.Variant, cfg.Options, cfg.Clock.On())
	g, err := game.NewGame(cfg.Variant, cfg.Options...)
	if err != nil {
		return nil, err
	}
	m := &Match{cfg: cfg, g: g, opp: opp, rand: rand.Reader}
	m.begin()
	return m, nil
}

// begin starts a match made by New or Resume on this device: the AI's worker loading,
// the PGN's tags, the notices of the game as it stands, the clocks.
func (m *Match) begin() {
	m.warm()
	m.tag()
	m.observe()
	m.startClocks()
}

// warm starts the AI loading when it plays a seat, so that its worker has started by
// the time it is asked for a move.
func (m *Match) warm() {
	if w, ok := m.opp.(interface{ Warm() }); ok && (m.cfg.Seats[0].AI() || m.cfg.Seats[1].AI()) {
		w.Warm()
	}
}

// SetRand replaces the source of random draws (tests use a seeded one).
func (m *Match) SetRand(r io.Reader) { m.rand = r }

func (m *Match) tag() {
	m.g.Tags["White"] = m.cfg.Seats[game.White].Name()
	m.g.Tags["Black"] = m.cfg.Seats[game.Black].Name()
}

// Config is the match's configuration.
func (m *Match) Config() Config { return m.cfg }

// Game is the referee's game (every secret): read it, change it only through Match.
func (m *Match) Game() *game.Game { return m.g }

// Seat is who plays colour c.
func (m *Match) Seat(c game.Color) Seat { return m.cfg.Seats[c] }

// Hotseat reports whether two people share this device.
func (m *Match) Hotseat() bool { return m.cfg.Seats[0].Human && m.cfg.Seats[1].Human }

// Hidden reports whether the game has information one player may not see: secrets, or
// moves sealed while both choose.
func (m *Match) Hidden() bool {
	_, secrets := m.g.Rules().(game.Secrets)
	return secrets || m.sealed || m.g.Next().Players == 3
}

// Err is the last error of an automatic step or of the AI, "" if none.
func (m *Match) Err() error { return m.err }

// Thinking reports whether the AI is working on a move.
func (m *Match) Thinking() bool { return m.think != nil }

// Progress is the AI's latest report while it thinks, "" if none.
func (m *Match) Progress() string {
	if pr, ok := m.opp.(interface{ Progress() string }); ok && m.think != nil {
		return pr.Progress()
	}
	return ""
}

// TakeNotices returns what viewer may know of what happened since the last call, as
// Log shows it: a choice viewer may not know yet (the other side's sealed move) stays
// back until its reveal, so no sound, slide or message tells of it before.
func (m *Match) TakeNotices(viewer game.Color) []Notice {
	log := m.Log(viewer)
	var out, keep []Notice
	for _, n := range m.notices {
		switch {
		case n.at >= len(m.g.Entries()): // taken back
		case n.at < len(log):
			n.Entry = log[n.at]
			out = append(out, n)
		default:
			keep = append(keep, n)
		}
	}
	m.notices = keep
	return out
}

// Log is the game's log as viewer may know it now (game.Game.Known): everything the
// screen shows of the log — marks, the move list, sounds — is read from it, never from
// the referee's log, so no secret reaches a pixel before its reveal. A network game's
// log is this side's view already.
func (m *Match) Log(viewer game.Color) []game.Entry {
	if m.g.Outcome().Over() && m.net == nil {
		return m.g.Entries() // the referee reveals every secret at the end
	}
	return m.g.Known(viewer)
}

// Update advances everything that needs no person: random draws, reveals, the AI. The
// scene calls it every tick; it never blocks.
func (m *Match) Update() {
	if m.net != nil {
		m.netUpdate()
		return
	}
	if m.checkFlag() {
		return
	}
	for i := 0; i < 64; i++ { // a bound: no game makes that many automatic steps in a row
		if !m.step() {
			break
		}
	}
	m.syncClocks()
}

// step makes one automatic step, false when a person must act or the AI is thinking.
func (m *Match) step() bool {
	r := m.g.Rules()
	s := r.Next()
	if s.Players == 3 {
		m.sealed = true
	}
	switch s.Kind {
	case game.StepDraw:
		if _, ok := m.NeedsPick(); ok {
			return false
		}
		var in game.Input
		in.Kind = game.InputDraw
		for i := range in.Values {
			in.Values[i] = m.randomBelow(s.Range)
			if m.picked[i] > 0 {
				in.Values[i] = uint8(m.picked[i] - 1)
			}
		}
		m.picked = [2]int{}
		return m.apply(in, "")
	case game.StepReveal:
		sec, ok := r.(game.Secrets)
		if !ok {
			m.err = fmt.Errorf("the game asks a reveal but keeps no secrets")
			return false
		}
		v, ok := sec.Secret(s)
		if !ok {
			m.err = fmt.Errorf("the referee does not know the secret asked (%v)", s.Secret)
			return false
		}
		return m.apply(game.Input{Kind: game.InputReveal, Player: s.Owner, Secret: v}, "")
	case game.StepMove:
		if m.forcedPass(s) {
			return true
		}
		return m.pollAI(s)
	}
	return false
}

// forcedPass passes for a person whose only legal action is to pass (pillar chess's die
// showing a skip or a face with no move): there is nothing to decide, so no one is asked.
// Such passes are the game's, not the person's: a takeback goes past them.
func (m *Match) forcedPass(s game.Step) bool {
	if s.Players == 3 {
		return false
	}
	c := s.OnlyPlayer()
	if !m.cfg.Seats[c].Human {
		return false
	}
	ms := m.g.Rules().Moves(c, nil)
	if len(ms) != 1 || ms[0].Kind != game.Pass {
		return false
	}
	if !m.apply(game.Input{Kind: game.InputMove, Player: c, Move: ms[0]}, "") {
		return false
	}
	m.auto = append(m.auto, len(m.g.Entries())-1)
	return true
}

// pollAI asks the AI for a move when an AI seat is asked, and applies its answer.
func (m *Match) pollAI(s game.Step) bool {
	if m.think != nil {
		select {
		case ans := <-m.think.ch:
			req := m.think
			m.think = nil
			if req.hash != m.g.Rules().Hash() || req.ply != len(m.g.Entries()) {
				return true // a stale answer: ask again
			}
			if ans.Err != nil {
				// Not asked again until the game changes (a takeback, a load): a broken
				// worker would otherwise be restarted every frame.
				m.err, m.failed = fmt.Errorf("the AI could not move: %w", ans.Err), true
				return false
			}
			mv := ans.Move
			in := game.Input{Kind: game.InputMove, Player: req.side, Move: mv}
			if err := m.g.Apply(in); err != nil {
				m.err = fmt.Errorf("the AI answered an illegal move %v: %w", mv, err)
				return false
			}
			m.decided(req.side, len(m.g.Entries())-1)
			m.notice("AI")
			return true
		default:
			return false
		}
	}
	if m.failed {
		return false
	}
	for c := game.White; c <= game.Black; c++ {
		if s.Asks(c) && !m.cfg.Seats[c].Human {
			if m.opp == nil {
				m.err = errors.New("no AI to play " + c.String())
				return false
			}
			r := m.g.Rules()
			m.syncClocks()
			m.clockForAI(c)
			m.think = &request{side: c, hash: r.Hash(), ply: len(m.g.Entries()),
				ch: m.opp.Think(r.View(c), c, m.cfg.Seats[c].Level)}
			return false
		}
	}
	return false
}

// randomBelow is a uniform value in [0, n) from the match's random source.
func (m *Match) randomBelow(n int) uint8 {
	if n <= 1 || n > 256 {
		return 0
	}
	var b [1]byte
	limit := 256 - 256%n // reject the biased top
	for {
		if _, err := io.ReadFull(m.rand, b[:]); err != nil {
			m.err = fmt.Errorf("random draw: %w", err)
			return 0
		}
		if int(b[0]) < limit {
			return uint8(int(b[0]) % n)
		}
	}
}

func (m *Match) apply(in game.Input, by string) bool {
	if err := m.g.Apply(in); err != nil {
		m.err = err
		return false
	}
	m.notice(by)
	return true
}

// observe notes a step that asks both players at once: the game seals choices.
func (m *Match) observe() {
	if m.g.Next().Players == 3 {
		m.sealed = true
	}
}

func (m *Match) notice(by string) {
	m.observe()
	es := m.g.Entries()
	m.notices = append(m.notices, Notice{Entry: es[len(es)-1], By: by, at: len(es) - 1})
}

// Sealed reports whether the game has asked both players at once (simultaneous chess).
func (m *Match) Sealed() bool { return m.sealed }

// NeedsPick is the person who must pick a number for the pending draw, ok false if none.
func (m *Match) NeedsPick() (game.Color, bool) {
	s := m.g.Next()
	if !m.cfg.Pick || s.Kind != game.StepDraw || s.Draw != game.DrawCapture {
		return game.White, false
	}
	for c := game.White; c <= game.Black; c++ {
		if m.cfg.Seats[c].Human && m.picked[c] == 0 {
			return c, true
		}
	}
	return game.White, false
}

// Pick sets person c's number for the pending draw.
func (m *Match) Pick(c game.Color, n int) error {
	s := m.g.Next()
	if s.Kind != game.StepDraw || n < 0 || n >= s.Range {
		return fmt.Errorf("no number %d to pick now", n)
	}
	m.picked[c] = n + 1
	m.decided(c, -1)
	return nil
}

// ToAct is the people who must act now (bit per colour).
func (m *Match) ToAct() uint8 {
	if m.net != nil {
		return m.netToAct()
	}
	s := m.g.Next()
	if s.Kind != game.StepMove {
		return 0
	}
	var b uint8
	for c := game.White; c <= game.Black; c++ {
		if s.Asks(c) && m.cfg.Seats[c].Human {
			b |= 1 << c
		}
	}
	return b
}

// Play makes person c's move.
func (m *Match) Play(c game.Color, mv game.Move) error {
	if m.net != nil {
		return m.netPlay(c, mv)
	}
	if !m.cfg.Seats[c].Human {
		return fmt.Errorf("%v is played by the AI", c)
	}
	if !m.g.Next().Asks(c) {
		return fmt.Errorf("it is not %v's turn", c)
	}
	if err := m.g.Apply(game.Input{Kind: game.InputMove, Player: c, Move: mv}); err != nil {
		return err
	}
	m.decided(c, len(m.g.Entries())-1)
	m.offer = 0
	m.notice("you")
	m.syncClocks()
	return nil
}

// PlayText makes person c's move written in the game's notation or in coordinates.
func (m *Match) PlayText(c game.Color, s string) error {
	mv, err := m.g.Rules().ParseMove(c, strings.TrimSpace(s))
	if err != nil {
		return err
	}
	return m.Play(c, mv)
}

// Resign ends the game: c resigns.
func (m *Match) Resign(c game.Color) error {
	if m.g.Outcome().Over() {
		return errors.New("the game is over")
	}
	if m.net != nil {
		return m.net.pm.Resign()
	}
	m.cancelAI()
	if err := m.g.Apply(game.Input{Kind: game.InputResign, Player: c}); err != nil {
		return err
	}
	m.notice("you")
	return nil
}

// Claimable names the draw the side to move may claim now, "" if none.
func (m *Match) Claimable() string { return game.CanClaimDraw(m.g.Rules()) }

// Claim claims the draw the rules allow for person c.
func (m *Match) Claim(c game.Color) error {
	if m.net != nil {
		return m.net.pm.Claim()
	}
	m.cancelAI()
	if err := m.g.Apply(game.Input{Kind: game.InputClaim, Player: c}); err != nil {
		return err
	}
	m.notice("you")
	return nil
}

// Offer is the colour that offers a draw now, ok false if none stands.
func (m *Match) Offer() (game.Color, bool) {
	if m.net != nil {
		return m.net.me.Other(), m.net.peerOffr[p2p.OfferDraw] && !m.g.Outcome().Over()
	}
	if m.offer == 0 || m.g.Outcome().Over() {
		return game.White, false
	}
	return game.Color(m.offer - 1), true
}

// OfferDraw offers a draw from c. Against the AI the answer is immediate (accepted, true);
// between people the offer stands until the other accepts or a move is made.
func (m *Match) OfferDraw(c game.Color) (accepted bool, err error) {
	if m.g.Outcome().Over() {
		return false, errors.New("the game is over")
	}
	o := c.Other()
	if m.net != nil {
		if err := m.net.pm.OfferDraw(); err != nil {
			return false, err
		}
		m.net.myOffer[p2p.OfferDraw] = true
		return false, nil
	}
	if m.cfg.Seats[o].Human {
		m.offer = 1 + int(c)
		return false, nil
	}
	// The AI accepts when it stands worse by at least a pawn of material.
	if material(m.g.Rules(), o)+100 > material(m.g.Rules(), c) {
		return false, nil
	}
	m.cancelAI()
	return true, m.agree()
}

// AcceptDraw accepts the standing offer (by the other person).
func (m *Match) AcceptDraw() error {
	if m.net != nil {
		return m.Answer(p2p.OfferDraw, true)
	}
	if _, ok := m.Offer(); !ok {
		return errors.New("no draw offer stands")
	}
	m.cancelAI()
	return m.agree()
}

// DeclineDraw withdraws the standing offer.
func (m *Match) DeclineDraw() {
	if m.net != nil {
		m.Answer(p2p.OfferDraw, false)
	}
	m.offer = 0
}

func (m *Match) agree() error {
	m.offer = 0
	if err := m.g.Apply(game.Input{Kind: game.InputAgree}); err != nil {
		return err
	}
	m.notice("")
	return nil
}

// material is the value of c's pieces on the board and in its towers.
func material(r game.Rules, c game.Color) int {
	p, v := r.Position(), r.Variant()
	n := 0
	for s := game.Square(0); s < game.NoSquare; s++ {
		if pc := p.At(s); pc != game.NoPiece && pc.Color() == c {
			n += v.Pieces[pc.Type()].Value
		}
		if p.Under != nil {
			t := &p.Under[s]
			for i := 0; i < int(t.N); i++ {
				if t.P[i].Color() == c {
					n += v.Pieces[t.P[i].Type()].Value
				}
			}
		}
	}
	return n
}

// CanTakeback reports whether a person has a move to take back.
func (m *Match) CanTakeback() bool { return m.takebackTo() >= 0 }

// takebackTo is the length of the log after a takeback: the log before the last move a
// person made (with the AI's answers after it), -1 if there is none.
func (m *Match) takebackTo() int {
	es := m.g.Entries()
	for i := len(es) - 1; i >= 0; i-- {
		in := es[i].Input
		if in.Kind == game.InputMove && m.cfg.Seats[in.Player].Human && !slices.Contains(m.auto, i) {
			return i
		}
	}
	return -1
}

// Takeback takes back the last move of a person and everything after it.
func (m *Match) Takeback() error {
	if m.net != nil {
		return m.netTakeback()
	}
	n := m.takebackTo()
	if n < 0 {
		return errors.New("no move to take back")
	}
	m.cancelAI()
	m.offer = 0
	m.err = nil
	m.picked, m.failed = [2]int{}, false
	m.notices = nil // of moves taken back, or held back for a reveal that will not come
	m.auto = slices.DeleteFunc(m.auto, func(i int) bool { return i >= n })
	err := m.g.Undo(len(m.g.Entries()) - n)
	m.syncClocks() // the time spent stays spent, as on every site
	return err
}

func (m *Match) cancelAI() {
	if m.think != nil && m.opp != nil {
		m.opp.Cancel()
	}
	m.think = nil
}

// Close stops the AI's work for this match.
func (m *Match) Close() {
	m.cancelAI()
	if m.net != nil {
		m.net.pm.Close()
	}
}

// PGN is the game in PGN.
func (m *Match) PGN() string { return m.g.PGN() }

// Load replaces the game by a PGN text or by a position text of the current game (the
// seats stay). A text that reads as neither changes nothing.
func (m *Match) Load(text string) error {
	text = strings.TrimSpace(text)
	if m.net != nil {
		return errors.New("a game with a friend cannot load another")
	}
	if text == "" {
		return errors.New("nothing to load")
	}
	var g *game.Game
	var err error
	if looksLikePGN(text) {
		g, err = game.ParsePGN(text)
	} else {
		g, err = game.NewGameFrom(m.g.Variant(), text)
	}
	if err != nil {
		return err
	}
	m.cancelAI()
	m.g, m.offer, m.err, m.sealed, m.failed = g, 0, nil, false, false
	m.notices, m.auto = nil, nil
	m.picked = [2]int{} // numbers picked for the old game's attempt
	m.observe()
	m.cfg.Variant = g.Variant().Name
	m.cfg.Options = nil
	for k, v := range g.Variant().Options {
		m.cfg.Options = append(m.cfg.Options, k+"="+v)
	}
	m.tag()
	if m.tm != nil {
		m.startClocks() // a loaded game starts on fresh clocks
	}
	return nil
}

// looksLikePGN tells PGN (tags, or move text starting with a move number) from position
// text.
func looksLikePGN(s string) bool {
	if strings.HasPrefix(s, "[") {
		return true
	}
	f := strings.Fields(s)
	return len(f) > 0 && strings.HasPrefix(f[0], "1.")
}

// Viewer is whose view a person at this device sees when the game is not over: the
// person at a game against the AI; in a hotseat the person who acts now, or acted last.
func (m *Match) Viewer(last game.Color) game.Color {
	if !m.Hotseat() {
		if m.cfg.Seats[game.Black].Human && !m.cfg.Seats[game.White].Human {
			return game.Black
		}
		return game.White
	}
	act := m.ToAct()
	if act == 0 || act>>last&1 != 0 {
		return last
	}
	if act&1 != 0 {
		return game.White
	}
	return game.Black
}

// View is what viewer may see: the whole game once it is over (every secret is then
// revealed), else the viewer's view.
func (m *Match) View(viewer game.Color) game.Rules {
	r := m.g.Rules()
	if r.Outcome().Over() || !m.Hidden() || m.net != nil {
		return r // a network game's is already this side's view
	}
	return r.View(viewer)
}
