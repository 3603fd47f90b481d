package gametest

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
)

// King of the hill is the sixth game, for tests only: chess, and a king that reaches one
// of the four centre squares (d4, e4, d5, e5) wins at once. It is this file and nothing
// else: registered under HillName by importing the package, it is played by the AI, the
// match protocol and the page's match driver with no line of theirs naming it, which is
// what shows that a new game needs no edit outside its own file.
const HillName = "hill"

// hill is the four centre squares.
var hill = game.Bit(game.Sq(3, 3)) | game.Bit(game.Sq(4, 3)) | game.Bit(game.Sq(3, 4)) | game.Bit(game.Sq(4, 4))

func init() {
	v := game.StandardVariant()
	v.Name, v.Title = HillName, "King of the hill"
	v.Help = "Chess, and a king that reaches a centre square (d4, e4, d5, e5) wins."
	v.Load = func(v *game.Variant, text string) (game.Rules, error) {
		r, err := game.NewChessRules(v, text)
		if err != nil {
			return nil, err
		}
		return &hillRules{r}, nil
	}
	game.Register(v)
}

// hillRules are the chess rules with the hill's win on top: once a king stands on the
// hill the game is over, whatever the chess rules beneath would say of the position.
type hillRules struct{ game.Rules }

// onHill is the side whose king stands on the hill.
func (r *hillRules) onHill() (game.Color, bool) {
	p := r.Position()
	for c := game.White; c <= game.Black; c++ {
		if p.Pieces(c, game.King)&hill != 0 {
			return c, true
		}
	}
	return game.White, false
}

func (r *hillRules) Outcome() game.Outcome {
	if c, ok := r.onHill(); ok {
		return game.Outcome{Result: game.WinFor(c), Reason: "king on the hill"}
	}
	return r.Rules.Outcome()
}

func (r *hillRules) Next() game.Step {
	if r.Outcome().Over() {
		return game.Step{Kind: game.StepOver}
	}
	return r.Rules.Next()
}

func (r *hillRules) Moves(c game.Color, buf []game.Move) []game.Move {
	if r.Outcome().Over() {
		return buf
	}
	return r.Rules.Moves(c, buf)
}

func (r *hillRules) Apply(in game.Input) (game.Record, error) {
	if o := r.Outcome(); o.Over() {
		return game.Record{}, fmt.Errorf("the game is over (%s)", o.Reason)
	}
	rec, err := r.Rules.Apply(in)
	if err == nil && in.Kind == game.InputMove {
		if _, ok := r.onHill(); ok {
			rec.Events = nil // no check to announce: the game is won
		}
	}
	return rec, err
}

func (r *hillRules) Clone() game.Rules          { return &hillRules{r.Rules.Clone()} }
func (r *hillRules) View(game.Color) game.Rules { return r.Clone() }
