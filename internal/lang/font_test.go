package lang

import (
	"testing"
	"unicode"

	"golang.org/x/image/font/sfnt"

	"github.com/quintet-chess/quintet/internal/fonts"
)

// TestFontsHaveEveryLetter: the page draws with Go Regular and Go Bold, cut down to the
// characters internal/fonts keeps (scenes/theme.go); every character of every translation
// must have a glyph in both, or it would show as a box: a new one goes into fonts.Keep.
// (The e2e screenshots show the Cyrillic drawn.)
func TestFontsHaveEveryLetter(t *testing.T) {
	for name, ttf := range map[string][]byte{"Go Regular": fonts.Regular, "Go Bold": fonts.Bold} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		var buf sfnt.Buffer
		missing := map[rune]string{}
		for _, cat := range catalogues {
			for en, tr := range cat {
				for _, r := range en + tr {
					if unicode.IsSpace(r) {
						continue
					}
					if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
						missing[r] = tr
					}
				}
			}
		}
		for _, s := range []string{"! ", "» ", " · ", "…", "–", "→", "×"} { // drawn by the UI code around texts
			for _, r := range s {
				if i, err := f.GlyphIndex(&buf, r); (err != nil || i == 0) && !unicode.IsSpace(r) {
					missing[r] = s
				}
			}
		}
		for _, l := range Languages {
			for _, r := range Name(l) {
				if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
					missing[r] = Name(l)
				}
			}
		}
		for r, in := range missing {
			t.Errorf("%s has no glyph for %q (in %.60q)", name, r, in)
		}
	}
}
