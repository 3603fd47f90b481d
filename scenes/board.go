package scenes

import (
	"fmt"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/scenes/layout"
)

// Board shows a game's start position: a title line naming the game, a line of help and
// the board with coordinates. It is the first scene until the real play screen lands.
type Board struct {
	name string
	v    *game.Variant
	pos  *game.Position
	err  error

	title, sub string

	// Derived from the screen in Update.
	env                           Env
	lay                           layout.Board
	titleFace, subFace, coordFace text.Face
	sprites                       *pieceSprites
}

// NewBoard makes the scene for the game registered under name. An unknown name or a bad
// start position is shown on the screen as an error.
func NewBoard(name string) *Board {
	b := &Board{name: name, title: "Quintet"}
	v, err := game.Lookup(name)
	if err != nil {
		b.err = err
		b.sub = err.Error()
		return b
	}
	p, err := game.ParseFEN(v, v.Start)
	if err != nil {
		b.err = fmt.Errorf("%s start position: %w", v.Name, err)
		b.sub = b.err.Error()
		return b
	}
	b.v, b.pos = v, p
	b.title = v.Title
	if b.title == "" {
		b.title = v.Name
	}
	b.sub = v.Help
	return b
}

// Update implements Scene: it lays the screen out again when its size changed.
func (b *Board) Update(env Env) error {
	if env == b.env {
		return nil
	}
	b.env = env
	files, ranks := 8, 8
	if b.v != nil {
		files, ranks = b.v.Files, b.v.Ranks
	}
	b.lay = layout.NewBoard(env.Width, env.Height, env.Scale, files, ranks)
	textW := 0.94 * env.Width
	b.titleFace = fitFace(fontBold, b.title, b.lay.TitleSize, textW)
	b.subFace = fitFace(fontRegular, b.sub, b.lay.SubSize, textW)
	b.coordFace = face(fontRegular, b.lay.CoordSize)
	if b.v != nil && (b.sprites == nil || b.sprites.size != int(b.lay.Square)) {
		if b.sprites != nil {
			b.sprites.dispose()
		}
		b.sprites = newPieceSprites(b.v, int(b.lay.Square))
	}
	return nil
}

// Draw implements Scene.
func (b *Board) Draw(screen *ebiten.Image) {
	l := &b.lay
	if l.Square == 0 {
		return
	}
	tx, ty := l.Title.Center()
	drawText(screen, b.title, b.titleFace, tx, ty, colTitle)
	sx, sy := l.Sub.Center()
	if b.err != nil {
		drawText(screen, b.sub, b.subFace, sx, sy, colError)
		return
	}
	drawText(screen, b.sub, b.subFace, sx, sy, colSub)

	for r := 0; r < l.Ranks; r++ {
		for f := 0; f < l.Files; f++ {
			s := l.SquareRect(f, r)
			c := colDark
			if game.Sq(f, r).Light() {
				c = colLight
			}
			vector.DrawFilledRect(screen, float32(s.X), float32(s.Y), float32(s.W), float32(s.H), c, false)
		}
	}
	for f := 0; f < l.Files; f++ {
		x, y := l.FileLabel(f)
		drawText(screen, string(rune('a'+f)), b.coordFace, x, y, colCoord)
	}
	for r := 0; r < l.Ranks; r++ {
		x, y := l.RankLabel(r)
		drawText(screen, strconv.Itoa(r+1), b.coordFace, x, y, colCoord)
	}
	for r := 0; r < l.Ranks; r++ {
		for f := 0; f < l.Files; f++ {
			if pc := b.pos.At(game.Sq(f, r)); pc != game.NoPiece {
				s := l.SquareRect(f, r)
				b.sprites.draw(screen, pc, s.X, s.Y)
			}
		}
	}
}

// Status implements Scene.
func (b *Board) Status() Status {
	s := Status{Variant: b.name, Title: b.title}
	if b.err != nil {
		s.Error = b.err.Error()
		return s
	}
	s.Variant = b.v.Name
	s.Files, s.Ranks = b.v.Files, b.v.Ranks
	if b.lay.Square > 0 && b.env.Scale > 0 {
		s.BoardX = b.lay.Board.X / b.env.Scale
		s.BoardY = b.lay.Board.Y / b.env.Scale
		s.Square = b.lay.Square / b.env.Scale
	}
	return s
}
