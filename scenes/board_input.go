package scenes

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/scenes/interact"
)

// boardInput is the person's hand on the board: the piece selected and where it may go,
// a drag, an action kind chosen that targets squares (drops, stones), a move being typed,
// the tower inspected, and a premove set while the other side moves (premove.go). Play
// turns it into moves (play_board.go).
type boardInput struct {
	sel     game.Square // selected square, NoSquare if none
	targets game.Bitboard
	odds    map[game.Square]game.Odds // capture odds of the selected piece (probabilistic)
	drag    dragState
	group   *interact.Group // a chosen action kind that targets squares (drops, stones)
	typed   string
	inspect game.Square     // tower shown in the inspector, NoSquare if none
	premove *[2]game.Square // a move set while the other side moves
	premSel game.Square     // the piece picked for a premove, NoSquare if none
}

type dragState struct {
	on, moved bool
	from      game.Square
	x, y      float64
	px, py    float64 // where the press was
}

func newBoardInput() boardInput {
	return boardInput{sel: game.NoSquare, inspect: game.NoSquare, premSel: game.NoSquare}
}

// premovePress handles a press on square s of position pos while me may premove.
func (b *boardInput) premovePress(s game.Square, me game.Color, pos *game.Position, e PointerEvent) {
	switch {
	case b.premSel != game.NoSquare && s != game.NoSquare && s != b.premSel:
		b.premove = &[2]game.Square{b.premSel, s}
		b.premSel = game.NoSquare
	case s != game.NoSquare && s != b.premSel && pos.At(s) != game.NoPiece && pos.At(s).Color() == me:
		b.premSel, b.premove = s, nil
		b.drag = dragState{on: true, from: s, x: e.X, y: e.Y, px: e.X, py: e.Y}
	default:
		b.cancelPremove()
	}
}

// premoveDrop ends a drag begun on an own piece while premoves are possible.
func (b *boardInput) premoveDrop(s game.Square) {
	if b.premSel == b.drag.from && s != game.NoSquare && s != b.drag.from {
		b.premove = &[2]game.Square{b.drag.from, s}
		b.premSel = game.NoSquare
	}
}

func (b *boardInput) cancelPremove() { b.premove, b.premSel = nil, game.NoSquare }

// premoveText is the premove for the page's status, "" if none.
func (b *boardInput) premoveText() string {
	if b.premove == nil {
		return ""
	}
	return fmt.Sprintf("%v%v", b.premove[0], b.premove[1])
}
