package game

import (
	"errors"
	"fmt"
	"time"
)

// Game is the friendly front of a game for the UI and the tools: the rules' state plus
// the ply log, the move list and the PGN tags. The search never goes through it.
type Game struct {
	rules   Rules
	start   string // position text of the start ("" when the variant's own start)
	entries []Entry
	Tags    map[string]string
}

// Entry is one applied input with what it did.
type Entry struct {
	Input  Input
	Record Record
	MoveNo int   // the full-move number when it was played
	Side   Color // whose turn it was
	// both: the input was a choice at a step that asked both players at once, so the
	// other player may not know it until the next input resolves the two (Known).
	both bool
	// clock, when timed: what the player had left after this decision (SetClock).
	clock time.Duration
	timed bool
}

// NewGame starts variant name (with "key=value" options) at its start position.
func NewGame(name string, options ...string) (*Game, error) {
	v, err := Lookup(name, options...)
	if err != nil {
		return nil, err
	}
	return NewGameFrom(v, "")
}

// NewGameFrom starts variant v at the position text (v's start when empty).
func NewGameFrom(v *Variant, text string) (*Game, error) {
	r, err := Load(v, text)
	if err != nil {
		return nil, err
	}
	return &Game{rules: r, start: text, Tags: map[string]string{}}, nil
}

// NewGameOn starts a game on rules already made at the position text they were loaded
// from: a player's view of a game played over the network, whose opponent's secrets this
// side does not know. Undo replays from the full start and is not for such a game.
func NewGameOn(r Rules, start string) *Game {
	return &Game{rules: r, start: start, Tags: map[string]string{}}
}

// Load builds the rules' state of variant v from position text ("" for the start).
func Load(v *Variant, text string) (Rules, error) {
	if v.Load != nil {
		return v.Load(v, text)
	}
	return NewChessRules(v, text)
}

// Rules is the current state (read-only by convention: apply inputs through the Game).
func (g *Game) Rules() Rules { return g.rules }

// Variant is the game's variant.
func (g *Game) Variant() *Variant { return g.rules.Variant() }

// Position is the board as it stands.
func (g *Game) Position() *Position { return g.rules.Position() }

// Next is what the game needs now.
func (g *Game) Next() Step { return g.rules.Next() }

// Outcome is the result so far.
func (g *Game) Outcome() Outcome { return g.rules.Outcome() }

// Entries is the ply log with its records, oldest first.
func (g *Game) Entries() []Entry { return g.entries }

// StartText is the position text the game started from ("" for the variant's start).
func (g *Game) StartText() string { return g.start }

// LegalMoves lists the legal actions of player c now.
func (g *Game) LegalMoves(c Color) []Move { return g.rules.Moves(c, nil) }

// Play makes a move for the player whose turn it is (the single player asked).
func (g *Game) Play(m Move) error {
	s := g.rules.Next()
	if s.Kind != StepMove {
		return fmt.Errorf("the game needs a %v, not a move", s.Kind)
	}
	return g.Apply(Input{Kind: InputMove, Player: s.OnlyPlayer(), Move: m})
}

// PlayText makes a move written in SAN or UCI for the player whose turn it is.
func (g *Game) PlayText(s string) error {
	st := g.rules.Next()
	if st.Kind != StepMove {
		return fmt.Errorf("the game needs a %v, not a move", st.Kind)
	}
	m, err := g.rules.ParseMove(st.OnlyPlayer(), s)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// Apply applies any input; a refused input changes nothing.
func (g *Game) Apply(in Input) error {
	p := g.rules.Position()
	st := g.rules.Next()
	e := Entry{Input: in, MoveNo: p.Fullmove, Side: p.Side,
		both: in.Kind == InputMove && st.Kind == StepMove && st.Players == 3}
	rec, err := g.rules.Apply(in)
	if err != nil {
		return err
	}
	e.Record = rec
	g.entries = append(g.entries, e)
	return nil
}

// Undo takes back the last n inputs by replaying the log without them.
func (g *Game) Undo(n int) error {
	if n < 0 || n > len(g.entries) {
		return errors.New("nothing to take back")
	}
	r, err := Load(g.Variant(), g.start)
	if err != nil {
		return err
	}
	keep := g.entries[:len(g.entries)-n]
	for _, e := range keep {
		if _, err := r.Apply(e.Input); err != nil {
			return fmt.Errorf("replay: %w", err)
		}
	}
	g.rules, g.entries = r, keep
	return nil
}

// Clone is an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.rules = g.rules.Clone()
	c.entries = append([]Entry(nil), g.entries...)
	c.Tags = map[string]string{}
	for k, v := range g.Tags {
		c.Tags[k] = v
	}
	return &c
}
