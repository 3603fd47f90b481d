package scenes

import (
	"image/color"
	"log"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"github.com/quintet-chess/quintet/internal/fonts"
	"github.com/quintet-chess/quintet/internal/status"
	"github.com/quintet-chess/quintet/scenes/text"
)

// The colours of the app.
var (
	colBackground = color.RGBA{0x26, 0x24, 0x21, 0xff}
	colTitle      = color.RGBA{0xee, 0xec, 0xe8, 0xff}
	colSub        = color.RGBA{0xa8, 0xa4, 0x9e, 0xff}
	colCoord      = color.RGBA{0xb8, 0xb4, 0xae, 0xff}
	colError      = color.RGBA{0xff, 0x8a, 0x80, 0xff}

	// The board's squares: set by the board theme (setBoardTheme).
	colLight = boardThemes["brown"].light
	colDark  = boardThemes["brown"].dark

	colWhiteFill = color.RGBA{0xfb, 0xfa, 0xf6, 0xff}
	colWhiteLine = color.RGBA{0x1c, 0x1b, 0x1a, 0xff}
	colBlackFill = color.RGBA{0x2e, 0x2c, 0x2a, 0xff}
	colBlackLine = color.RGBA{0x0c, 0x0b, 0x0a, 0xff}
	colBlackMark = color.RGBA{0xd8, 0xd4, 0xcc, 0xff} // details drawn on black pieces
)

// The fonts: Go Regular and Go Bold, compiled in (the page may have no network), cut down
// to the characters the page draws (internal/fonts). They are
// drawn through golang.org/x/image's opentype and our scenes/text: Ebitengine's text/v2
// links go-text/typesetting even for its GoXFace (0.8 MB of main.wasm), and its
// GoTextFace (HarfBuzz shaping) 3.3 MB more; start-up time in the browser grows with size.
var (
	fontRegular = mustFont(fonts.Regular)
	fontBold    = mustFont(fonts.Bold)
)

func mustFont(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		log.Fatalf("scenes: font: %v", err)
	}
	return f
}

// face is a font at a size in device pixels.
func face(src *opentype.Font, size float64) *text.Face {
	f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		log.Fatalf("scenes: font face: %v", err)
	}
	return text.NewFace(f)
}

// drawText draws one line of text centred on (x, y).
func drawText(dst *ebiten.Image, s string, f *text.Face, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = text.AlignCenter
	op.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, f, op)
}

// fitFace is the largest face up to size in which s is at most width wide.
func fitFace(src *opentype.Font, s string, size, width float64) *text.Face {
	f := face(src, size)
	if w, _ := text.Measure(s, f, 0); w > width && w > 0 {
		f = face(src, size*width/w)
	}
	return f
}

// The colours of buttons, highlights and panels.
var (
	colButton       = color.RGBA{0x3c, 0x39, 0x35, 0xff}
	colButtonOff    = color.RGBA{0x30, 0x2e, 0x2b, 0xff}
	colButtonOn     = color.RGBA{0xe0, 0xb0, 0x4a, 0xff}
	colButtonOnText = color.RGBA{0x1c, 0x1b, 0x1a, 0xff}
	colPrimary      = color.RGBA{0x4a, 0x7a, 0x3c, 0xff}
	colPanel        = color.RGBA{0x1d, 0x1c, 0x1a, 0xf4}
	colShade        = color.RGBA{0x00, 0x00, 0x00, 0x99}

	colLastMove = boardThemes["brown"].lastMove
	colSelected = color.RGBA{0x6a, 0x9e, 0xd2, 0x90}
	// colChip: the pale ground of captured black pieces on the dark strips.
	colChip = color.RGBA{0xb8, 0xb0, 0xa2, 0xd0}
	// colPremove: a premove's squares (lichess's dusky red).
	colPremove = color.RGBA{0x9a, 0x3a, 0x3a, 0x90}
	// colSelectedText: the review line, in the selection's blue.
	colSelectedText = color.RGBA{0x8a, 0xb8, 0xe8, 0xff}
	colTarget       = boardThemes["brown"].target
	colCheck        = color.RGBA{0xe0, 0x30, 0x20, 0xb0}
	colHidden       = color.RGBA{0x6a, 0x9e, 0xd2, 0x70}
	colProven       = color.RGBA{0x20, 0x20, 0x20, 0x50}
	colGood         = color.RGBA{0x8f, 0xd0, 0x7a, 0xff}
	colClimb        = color.RGBA{0x2f, 0x7d, 0xc0, 0xff} // a climb onto an own piece: blue, not a capture's red
	colCapture      = color.RGBA{0xc8, 0x3a, 0x2c, 0xff}
)

// toneColor is the colour of a line of text of tone t (status.Tone: what the colour
// means, as the page's status tells it).
func toneColor(t status.Tone) color.RGBA {
	switch t {
	case status.ToneGood:
		return colGood
	case status.ToneAccent:
		return colButtonOn
	case status.ToneSelected:
		return colSelectedText
	case status.TonePlain:
		return colTitle
	}
	return colSub
}

var colArrow = boardThemes["brown"].arrow

// boardTheme is a board's colours and those of the marks drawn on its squares, chosen so
// that every mark (last move, legal squares, arrows, check, towers' badges, the hidden
// square's map) stays readable on both square colours.
type boardTheme struct {
	light, dark, lastMove, target, arrow color.RGBA
}

// boardThemes by name (saved.BoardThemes): lichess's brown, and a green board whose legal
// squares are darker and whose arrows are orange, not green.
var boardThemes = map[string]boardTheme{
	"brown": {light: color.RGBA{0xf0, 0xd9, 0xb5, 0xff}, dark: color.RGBA{0xb5, 0x88, 0x63, 0xff},
		lastMove: color.RGBA{0xcd, 0xd2, 0x6a, 0x80}, target: color.RGBA{0x20, 0x30, 0x18, 0x60}, arrow: color.RGBA{0x30, 0x80, 0x30, 0xc0}},
	"green": {light: color.RGBA{0xeb, 0xec, 0xd0, 0xff}, dark: color.RGBA{0x73, 0x95, 0x52, 0xff},
		lastMove: color.RGBA{0xf0, 0xe8, 0x50, 0x90}, target: color.RGBA{0x10, 0x18, 0x10, 0x70}, arrow: color.RGBA{0xe0, 0x80, 0x20, 0xc8}},
}

// setBoardTheme makes the named theme the board's (an unknown name: brown); it reports
// whether anything changed.
func setBoardTheme(name string) bool {
	t, ok := boardThemes[name]
	if !ok {
		t = boardThemes["brown"]
	}
	if t.light == colLight && t.dark == colDark {
		return false
	}
	colLight, colDark, colLastMove, colTarget, colArrow = t.light, t.dark, t.lastMove, t.target, t.arrow
	return true
}

// pieceSet is the piece set drawn (saved.PieceSets): "drawn", the project's drawings, or
// "letters", each piece a disc with its notation letter (lichess's "letter" set).
var pieceSet = "drawn"

// setPieceSet chooses the piece set; it reports whether anything changed.
func setPieceSet(name string) bool {
	if name != "letters" {
		name = "drawn"
	}
	if name == pieceSet {
		return false
	}
	pieceSet = name
	return true
}
