// Package interact says how a person reaches each legal action of any game on the board:
// board moves by their from and to squares (tap-tap or drag-and-drop), placing moves (a
// drop, a stone, the hidden crown) by choosing the action and then its square, and the
// actions without squares (a pass, a secret choice, a declined strike, a two-attempt
// defence) as buttons; several actions that share their squares are told apart by their
// labels in a choice. It is plain Go so that a native test checks, for every registered
// game, that every legal action is reachable and that no two in one choice look alike.
package interact

import (
	"fmt"
	"strings"

	"github.com/quintet-chess/quintet/game"
)

// Kind is how a person picks an action.
type Kind uint8

const (
	Board Kind = iota // tap or drag from From to To
	Place             // choose the action, then tap To
	Panel             // a button
)

// KindOf classifies an action.
func KindOf(m game.Move) Kind {
	switch m.Kind {
	case game.Drop, game.PlaceStone, game.HideCrown:
		if m.To < game.NoSquare {
			return Place
		}
		return Panel
	case game.Pass, game.Choose, game.Decline, game.Defence:
		return Panel
	}
	if m.From >= game.NoSquare || m.To >= game.NoSquare || m.From == m.To {
		return Panel
	}
	return Board
}

// Targets is the set of destinations of board moves from s.
func Targets(moves []game.Move, s game.Square) game.Bitboard {
	var b game.Bitboard
	for _, m := range moves {
		if KindOf(m) == Board && m.From == s {
			b |= game.Bit(m.To)
		}
	}
	return b
}

// Fits are the board moves from → to: one is played at once, several open a choice.
func Fits(moves []game.Move, from, to game.Square) []game.Move {
	var out []game.Move
	for _, m := range moves {
		if KindOf(m) == Board && m.From == from && m.To == to {
			out = append(out, m)
		}
	}
	return out
}

// Group is one placing action (its kind and piece): chosen first, then a square.
type Group struct {
	Label string
	Kind  game.MoveKind
	Promo game.PieceType
}

// Groups are the placing actions among moves, and the panel actions.
func Groups(v *game.Variant, moves []game.Move) (groups []Group, panel []game.Move) {
	seen := map[[2]uint8]bool{}
	for _, m := range moves {
		switch KindOf(m) {
		case Place:
			k := [2]uint8{uint8(m.Kind), uint8(m.Promo)}
			if !seen[k] {
				seen[k] = true
				groups = append(groups, Group{Label: placeLabel(v, m), Kind: m.Kind, Promo: m.Promo})
			}
		case Panel:
			panel = append(panel, m)
		}
	}
	return groups, panel
}

// Placed are the moves of group g on square s.
func Placed(moves []game.Move, g Group, s game.Square) []game.Move {
	var out []game.Move
	for _, m := range moves {
		if KindOf(m) == Place && m.Kind == g.Kind && m.Promo == g.Promo && m.To == s {
			out = append(out, m)
		}
	}
	return out
}

// GroupTargets are the squares of group g.
func GroupTargets(moves []game.Move, g Group) game.Bitboard {
	var b game.Bitboard
	for _, m := range moves {
		if KindOf(m) == Place && m.Kind == g.Kind && m.Promo == g.Promo {
			b |= game.Bit(m.To)
		}
	}
	return b
}

func placeLabel(v *game.Variant, m game.Move) string {
	switch m.Kind {
	case game.PlaceStone:
		return "Place a stone"
	case game.HideCrown:
		return "Hide the crown"
	}
	name := v.Pieces[m.Promo].Name
	if name == "" {
		name = "piece"
	}
	return "Drop " + name
}

// Label names an action for a button or a choice: the game's notation, with the secret
// or the count that notation leaves out (which monarch is crowned, whether a stone is
// mined, which half keeps the crown, how many pieces of a tower move).
func Label(r game.Rules, m game.Move) string {
	switch m.Kind {
	case game.Pass:
		return "Pass"
	case game.Decline:
		return "Decline the strike"
	case game.Defence:
		if a, b, ok := strings.Cut(r.MoveText(m), ","); ok {
			return fmt.Sprintf("Defend: %s, then %s", a, b)
		}
	case game.Choose:
		if m.N == 1 {
			return "Crown the Dame"
		}
		return "Crown the King"
	case game.PlaceStone:
		if m.N == 1 {
			return "Mined stone on " + m.To.String()
		}
		return "Plain stone on " + m.To.String()
	case game.SplitMonarch:
		// Short enough for a phone's button: the half that moves, and whether the crown
		// goes with it or stays on the monarch's square.
		name := r.Variant().Pieces[m.Promo].Name
		if game.HalfOrth+game.PieceType(m.N) == m.Promo {
			return fmt.Sprintf("%s to %v, with the crown", name, m.To)
		}
		return fmt.Sprintf("%s to %v, crown stays", name, m.To)
	}
	t := r.MoveText(m)
	pos := r.Position()
	if h := Height(pos, m.From); h > 1 && m.N > 0 && m.Kind != game.ParaMove {
		// In words, not notation: which part of the tower goes (and, promoting, into
		// what, which only the notation says shortly).
		what := fmt.Sprintf("The top %d pieces", m.N)
		switch int(m.N) {
		case h:
			what = fmt.Sprintf("The whole tower (%d)", h)
		case 1:
			what = "The top piece"
		}
		if m.Promo != game.NoType {
			return fmt.Sprintf("%s: %s", what, t)
		}
		return what
	}
	return t
}

// Height is the number of pieces on s (a tower's height, 1 for a lone piece).
func Height(pos *game.Position, s game.Square) int {
	if s >= game.NoSquare || pos.At(s) == game.NoPiece {
		return 0
	}
	if pos.Under == nil {
		return 1
	}
	return 1 + int(pos.Under[s].N)
}

// DieAllows says what a rolled face allows: the type and every lower one the game has.
func DieAllows(v *game.Variant, face game.PieceType) string {
	if face == game.NoType {
		return "skip: the turn passes"
	}
	order := []game.PieceType{game.King, game.Queen, game.Rook, game.Bishop, game.Knight, game.Pawn}
	var names []string
	on := false
	for _, t := range order {
		if t == face {
			on = true
		}
		if on && v.Pieces[t].Letter != 0 {
			names = append(names, v.Pieces[t].Name)
		}
	}
	return fmt.Sprintf("die %s: move a %s", v.Pieces[face].Name, strings.Join(names, ", "))
}
