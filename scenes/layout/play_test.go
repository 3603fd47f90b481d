package layout

import (
	"fmt"
	"testing"
)

func overlap(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func TestPlayFits(t *testing.T) {
	for _, c := range []struct {
		w, h, scale  float64
		files, ranks int
		landscape    bool
		minSquare    float64 // CSS pixels
	}{
		{720, 1280, 2, 8, 8, false, 40},    // the phone: 360×640 CSS
		{1170, 2532, 3, 8, 8, false, 45},   // 390×844 CSS
		{1280, 800, 1, 8, 8, true, 80},     // desktop
		{1640, 2360, 2, 8, 8, false, 90},   // tablet portrait
		{2360, 1640, 2, 8, 8, true, 80},    // tablet landscape
		{1280, 800, 1, 6, 6, true, 110},    // pillar's 6×6
		{720, 1280, 2, 6, 6, false, 55},    // 6×6 on the phone
		{1920, 1080, 1.25, 8, 8, true, 90}, // scaled laptop
	} {
		t.Run(fmt.Sprintf("%vx%v@%v_%dx%d", c.w, c.h, c.scale, c.files, c.ranks), func(t *testing.T) {
			l := NewPlay(c.w, c.h, c.scale, c.files, c.ranks, 10)
			if l.Landscape != c.landscape {
				t.Errorf("landscape %v, want %v", l.Landscape, c.landscape)
			}
			screen := Rect{0, 0, c.w, c.h}
			parts := map[string]Rect{"header": l.Header, "board": l.Board, "top": l.Top,
				"bottom": l.Bottom, "buttons": l.Buttons, "moves": l.MoveList}
			for n, r := range parts {
				if !inside(screen, r) {
					t.Errorf("%s %+v leaves the screen", n, r)
				}
				for m, q := range parts {
					if n < m && overlap(r, q) {
						t.Errorf("%s %+v overlaps %s %+v", n, r, m, q)
					}
				}
			}
			if l.MoveList.H < 2*l.Small {
				t.Errorf("move list %.0f px high: less than two lines", l.MoveList.H)
			}
			if sq := l.Square / c.scale; sq < c.minSquare {
				t.Errorf("square %.1f CSS px, want at least %v", sq, c.minSquare)
			}
			for i := 0; i < 10; i++ {
				if b := l.Button(i); !inside(l.Buttons, b) || b.H < 30*c.scale {
					t.Errorf("button %d %+v outside its area or lower than 30 CSS px", i, b)
				}
			}
		})
	}
}

func TestPlaySquaresRoundTrip(t *testing.T) {
	for _, flip := range []bool{false, true} {
		l := NewPlay(1280, 800, 1, 8, 8, 10)
		l.Flipped = flip
		for f := 0; f < 8; f++ {
			for r := 0; r < 8; r++ {
				x, y := l.SquareRect(f, r).Center()
				if gf, gr, ok := l.SquareAt(x, y); !ok || gf != f || gr != r {
					t.Errorf("flip %v: centre of (%d,%d) reads back as (%d,%d,%v)", flip, f, r, gf, gr, ok)
				}
			}
		}
		a1 := l.SquareRect(0, 0)
		if bottom := a1.Y+a1.H == l.Board.Y+l.Board.H; bottom == flip {
			t.Errorf("flip %v: a1 at %+v", flip, a1)
		}
	}
}
