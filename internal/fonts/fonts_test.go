package fonts

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

var update = flag.Bool("update", false, "rewrite regular.ttf and bold.ttf")

var sources = []struct {
	file string
	ttf  []byte
	got  *[]byte
}{
	{"regular.ttf", goregular.TTF, &Regular},
	{"bold.ttf", gobold.TTF, &Bold},
}

// TestFontsUpToDate: the committed fonts are what Subset makes of gofont's today.
func TestFontsUpToDate(t *testing.T) {
	for _, s := range sources {
		want, err := Subset(s.ttf, Keep)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(s.file, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !bytes.Equal(*s.got, want) {
			t.Errorf("%s differs from Subset of gofont (%d bytes, not %d): go test ./internal/fonts -update", s.file, len(*s.got), len(want))
		}
		t.Logf("%s: %d bytes (gofont's: %d)", s.file, len(*s.got), len(s.ttf))
	}
}

// TestSubsetGlyphs: every rune kept is drawn exactly as in the full font (same glyph,
// same outline, same advance), and every other one is glyph 0.
func TestSubsetGlyphs(t *testing.T) {
	for _, s := range sources {
		full, err := sfnt.Parse(s.ttf)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := sfnt.Parse(*s.got)
		if err != nil {
			t.Fatalf("%s: %v", s.file, err)
		}
		if full.NumGlyphs() != sub.NumGlyphs() {
			t.Fatalf("%s: %d glyphs, not %d", s.file, sub.NumGlyphs(), full.NumGlyphs())
		}
		var b1, b2 sfnt.Buffer
		kept, dropped := 0, 0
		for r := rune(0); r < 0x10000; r++ {
			g1, _ := full.GlyphIndex(&b1, r)
			g2, err := sub.GlyphIndex(&b2, r)
			if err != nil {
				t.Fatalf("%s: %U: %v", s.file, r, err)
			}
			if g1 == 0 || !Keep(r) {
				if g2 != 0 {
					t.Errorf("%s: %U is glyph %d, not dropped", s.file, r, g2)
				}
				if g1 != 0 {
					dropped++
				}
				continue
			}
			kept++
			if g1 != g2 {
				t.Errorf("%s: %U is glyph %d, not %d", s.file, r, g2, g1)
				continue
			}
			ppem := fixed.I(32)
			s1, err1 := full.LoadGlyph(&b1, g1, ppem, nil)
			s2, err2 := sub.LoadGlyph(&b2, g2, ppem, nil)
			if err1 != nil || err2 != nil {
				t.Errorf("%s: %U: %v, %v", s.file, r, err1, err2)
				continue
			}
			if len(s1) != len(s2) {
				t.Errorf("%s: %U: %d segments, not %d", s.file, r, len(s2), len(s1))
				continue
			}
			for i := range s1 {
				if s1[i] != s2[i] {
					t.Errorf("%s: %U: segment %d is %v, not %v", s.file, r, i, s2[i], s1[i])
					break
				}
			}
			a1, _ := full.GlyphAdvance(&b1, g1, ppem, 0)
			a2, _ := sub.GlyphAdvance(&b2, g2, ppem, 0)
			if a1 != a2 {
				t.Errorf("%s: %U advances %v, not %v", s.file, r, a2, a1)
			}
		}
		if kept < 400 || dropped < 100 {
			t.Errorf("%s: %d characters kept and %d dropped", s.file, kept, dropped)
		}
		t.Logf("%s: %d characters kept, %d dropped", s.file, kept, dropped)
	}
}

// TestSubsetBadInput: a damaged font is an error, never a panic.
func TestSubsetBadInput(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("true"), goregular.TTF[:100], goregular.TTF[:len(goregular.TTF)/2]} {
		if _, err := Subset(b, Keep); err == nil {
			t.Errorf("a damaged font of %d bytes was subset", len(b))
		}
	}
}

func FuzzSubset(f *testing.F) {
	f.Add(goregular.TTF[:2000])
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := Subset(b, Keep)
		if err == nil {
			if _, err := sfnt.Parse(out); err != nil {
				t.Logf("subset of a fuzzed font does not parse: %v", err) // garbage in, garbage out
			}
		}
	})
}
