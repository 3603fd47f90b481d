package layout

import "testing"

// TestList: the move list's column lies inside the move list between its bars, its lines
// fit in it, and a foot's lines are taken from the moves' rows.
func TestList(t *testing.T) {
	for _, l := range []Play{NewPlay(720, 1280, 2, 8, 8, 12), NewPlay(1280, 800, 1, 8, 8, 12), NewPlay(1280, 800, 1, 6, 6, 12)} {
		bar := l.Bar()
		if want := l.Button(0).H * 1.2; bar != want {
			t.Errorf("bar %v, want a button and a fifth %v", bar, want)
		}
		bottom := 0.0
		if l.ReviewFits(bar) {
			bottom = bar
		}
		c := l.List(bar, bottom, 0)
		if !inside(l.MoveList, c.Rect) || c.Rect.Y != l.MoveList.Y+bar || c.Rect.H != l.MoveList.H-(bar+bottom) {
			t.Errorf("column %+v is not the move list %+v between bars of %v", c.Rect, l.MoveList, bar)
		}
		if c.Line != l.ListLine() || (c.Rows < 1 && l.Landscape) || c.Y+float64(c.Rows)*c.Line > c.Rect.Y+c.Rect.H {
			t.Errorf("%d rows of %v from %v leave the column %+v", c.Rows, c.Line, c.Y, c.Rect)
		}
		if c.X <= c.Rect.X || c.X+c.W >= c.Rect.X+c.Rect.W {
			t.Errorf("lines at %v wide %v are not inside %+v", c.X, c.W, c.Rect)
		}
		if f := l.List(bar, bar, 2); f.Rows != c.Rows-2 && c.Rows > 3 {
			t.Errorf("two foot lines leave %d rows of %d", f.Rows, c.Rows)
		}
		if l.Landscape && !l.ReviewFits(bar) {
			t.Errorf("no room for the review bar under an empty move list %+v", l.MoveList)
		}
		if l.ReviewFits(l.MoveList.H) {
			t.Error("the review bar fits under a move list taken by its top bar")
		}
		if w := l.PanelWidth(); w <= 0 || w > l.Board.W || w > 520*l.Scale {
			t.Errorf("panel width %v for a board %v wide", w, l.Board.W)
		}
	}
}

// TestBarCells: the bars' cells lie in the move list, side by side, the review's at its
// foot with Analyse taking what the arrows leave.
func TestBarCells(t *testing.T) {
	for _, l := range []Play{NewPlay(720, 1280, 2, 8, 8, 12), NewPlay(1280, 800, 1, 8, 8, 12)} {
		if !l.TopBarFits() {
			t.Fatalf("no room for a bar over the move list %+v", l.MoveList)
		}
		for cols := 1; cols <= 4; cols++ {
			for i := 0; i < cols; i++ {
				c := l.TopCell(i, cols)
				if !inside(l.MoveList, c) || c.Y != l.MoveList.Y+2 || c.H != l.Button(0).H-4 {
					t.Errorf("top cell %d of %d %+v leaves the bar over %+v", i, cols, c, l.MoveList)
				}
				if i > 0 && overlap(c, l.TopCell(i-1, cols)) {
					t.Errorf("top cells %d and %d of %d overlap", i-1, i, cols)
				}
			}
		}
		cells := l.ReviewCells()
		for i, c := range cells {
			if !inside(l.MoveList, c) || c.Y+c.H > l.MoveList.Y+l.MoveList.H {
				t.Errorf("review cell %d %+v leaves the move list %+v", i, c, l.MoveList)
			}
			if i > 0 && (overlap(c, cells[i-1]) || c.Y != cells[0].Y) {
				t.Errorf("review cells %d and %d are not side by side", i-1, i)
			}
		}
		if cells[4].W <= cells[0].W {
			t.Errorf("Analyse %v is no wider than an arrow %v", cells[4].W, cells[0].W)
		}
	}
}
