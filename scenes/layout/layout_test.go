package layout

import (
	"fmt"
	"math"
	"testing"
)

func inside(outer, inner Rect) bool {
	return inner.X >= outer.X && inner.Y >= outer.Y &&
		inner.X+inner.W <= outer.X+outer.W && inner.Y+inner.H <= outer.Y+outer.H
}

func TestBoardFits(t *testing.T) {
	for _, c := range []struct {
		w, h, scale  float64
		files, ranks int
		minSquare    float64 // in CSS pixels
	}{
		{1280, 800, 1, 8, 8, 70},     // desktop
		{1170, 2532, 3, 8, 8, 40},    // phone portrait, 390×844 CSS
		{2532, 1170, 3, 8, 8, 30},    // phone landscape
		{750, 1334, 2, 8, 8, 40},     // small phone
		{1280, 800, 1, 5, 6, 90},     // a smaller board
		{320, 240, 1, 8, 8, 15},      // tiny window
		{3840, 2160, 2, 8, 8, 100},   // 4K
		{1024, 1366, 2, 8, 8, 50},    // tablet portrait
		{1920, 1080, 1.25, 8, 8, 80}, // scaled laptop
	} {
		t.Run(fmt.Sprintf("%vx%v@%v_%dx%d", c.w, c.h, c.scale, c.files, c.ranks), func(t *testing.T) {
			l := NewBoard(c.w, c.h, c.scale, c.files, c.ranks)
			screen := Rect{0, 0, c.w, c.h}
			withCoords := Rect{l.Board.X - l.Margin, l.Board.Y, l.Board.W + l.Margin, l.Board.H + l.Margin}
			if !inside(screen, withCoords) {
				t.Errorf("board and coordinates %+v leave the screen", withCoords)
			}
			if !inside(screen, l.Title) || !inside(screen, l.Sub) {
				t.Errorf("title %+v or sub %+v leaves the screen", l.Title, l.Sub)
			}
			if left, right := l.Board.X, c.w-l.Board.X-l.Board.W; math.Abs(left-right) > 1 {
				t.Errorf("board not centred: %.0f px left of it, %.0f right", left, right)
			}
			if l.Sub.Y+l.Sub.H > l.Board.Y {
				t.Errorf("sub line %+v overlaps the board %+v", l.Sub, l.Board)
			}
			if css := l.Square / c.scale; css < c.minSquare {
				t.Errorf("square %.0f CSS px, want at least %.0f", css, c.minSquare)
			}
			if l.Square != float64(int(l.Square)) || l.Board.X != float64(int(l.Board.X)) || l.Board.Y != float64(int(l.Board.Y)) {
				t.Errorf("board %+v square %v not on whole pixels (blurry edges)", l.Board, l.Square)
			}
		})
	}
}

func TestPortraitPhoneUsesWidth(t *testing.T) {
	l := NewBoard(1170, 2532, 3, 8, 8)
	if l.Board.W < 0.82*1170 {
		t.Errorf("board %.0f px wide on a 1170 px wide phone: want it to use most of the width", l.Board.W)
	}
}

func TestSquares(t *testing.T) {
	l := NewBoard(1280, 800, 1, 8, 8)
	a1, h8 := l.SquareRect(0, 0), l.SquareRect(7, 7)
	if a1.X != l.Board.X || a1.Y+a1.H != l.Board.Y+l.Board.H {
		t.Errorf("a1 %+v is not the bottom-left corner of %+v", a1, l.Board)
	}
	if h8.X+h8.W != l.Board.X+l.Board.W || h8.Y != l.Board.Y {
		t.Errorf("h8 %+v is not the top-right corner of %+v", h8, l.Board)
	}
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			x, y := l.SquareRect(f, r).Center()
			gf, gr, ok := l.SquareAt(x, y)
			if !ok || gf != f || gr != r {
				t.Errorf("SquareAt(centre of %d,%d) = %d,%d,%v", f, r, gf, gr, ok)
			}
		}
	}
	if _, _, ok := l.SquareAt(l.Board.X-1, l.Board.Y); ok {
		t.Error("SquareAt left of the board reports a square")
	}
}
