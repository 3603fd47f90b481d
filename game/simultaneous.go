package game

import (
	"fmt"
	"strconv"
)

// Simultaneous chess (RULES.md §5): both players choose a move at once; the moves are
// sealed, then resolved together. Its files, as every game's (doc.go): this one the
// variant and its options; simultaneous_rules.go the state machine,
// simultaneous_moves.go move generation, simultaneous_resolve.go the resolution of a
// turn, simultaneous_text.go the position text, simultaneous_notation.go the notation.

func init() { Register(simulVariant(50)) }

// simulVariant is simultaneous chess with the no-progress draw after noprogress turns (0:
// none). The draw count lives in AutoMoveRule, counted in turns (both players' moves).
func simulVariant(noprogress int) *Variant {
	v := StandardVariant()
	v.Name, v.Title = "simultaneous", "Simultaneous chess"
	v.Traits.Joint = true
	v.Help = "Both players move at once, sealed; capture the enemy king to win."
	v.Check, v.KingCapture, v.EnPassant = false, true, false
	v.MoveRule, v.AutoMoveRule, v.RepeatRule, v.AutoRepeat = 0, noprogress, 0, 0
	v.Start = StartFEN + " - - 0"
	v.Load = func(v *Variant, text string) (Rules, error) { return NewSimulRules(v, text) }
	v.New = newSimulVariant
	v.OptionHelp = []OptionHelp{{
		Key: "noprogress", Title: "Draw without progress", Default: "50", Values: []string{"50", "off"},
		Labels: []string{"After 50 turns", "Never"},
		Help:   "draw after this many turns without a capture or a pawn move (a number of turns, or off)",
	}}
	return v
}

// newSimulVariant builds the variant from its options (Variant.New).
func newSimulVariant(opts map[string]string) (*Variant, error) {
	n := 50
	for k, val := range opts {
		if k != "noprogress" {
			return nil, fmt.Errorf("simultaneous: unknown option %q (known: noprogress)", k)
		}
		if val == "off" {
			n = 0
			continue
		}
		x, err := strconv.Atoi(val)
		if err != nil || x < 1 || x > 1000 {
			return nil, fmt.Errorf("simultaneous: noprogress=%q: want off or a number of turns 1–1000", val)
		}
		n = x
	}
	v := simulVariant(n)
	val := "off"
	if n > 0 {
		val = strconv.Itoa(n)
	}
	v.Options = map[string]string{"noprogress": val}
	return v, nil
}
