// Package fonts holds the page's two fonts, Go Regular and Go Bold (golang.org/x/image's
// gofont, BSD-licensed, their copyright kept in each font's name table), cut down to the
// characters the page draws: Latin (ASCII, Latin-1, Latin Extended-A, so that a name in
// a loaded PGN shows whole), Cyrillic, and the punctuation, arrows and signs the texts
// use. Without hinting (the page draws unhinted) and without the rest (Greek, box
// drawing, …) they are a third of their size, 113 KB less to download in main.wasm.
//
// regular.ttf and bold.ttf are made by Subset from the gofont package of go.mod;
// `go test ./internal/fonts -update` remakes them after Keep or that package changes, and
// the test fails while they differ. internal/lang's tests check that every character of
// every translation is kept.
package fonts

import _ "embed"

var (
	//go:embed regular.ttf
	Regular []byte
	//go:embed bold.ttf
	Bold []byte
)

// Keep tells whether the fonts keep the glyph of r.
func Keep(r rune) bool {
	switch {
	case r >= 0x20 && r <= 0x7E, // ASCII
		r >= 0xA0 && r <= 0x17F,                          // Latin-1 and Latin Extended-A
		r >= 0x400 && r <= 0x45F, r == 0x490, r == 0x491, // Cyrillic (Russian, Ukrainian, Belarusian, …)
		r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x203A, // dashes, quotes, bullets, …
		r >= 0x2190 && r <= 0x2195: // arrows
		return true
	}
	switch r {
	case 0x20AC, 0x2116, 0x2122, // € № ™
		0x2212, 0x2215, 0x221E, 0x2248, 0x2260, 0x2264, 0x2265: // − ∕ ∞ ≈ ≠ ≤ ≥
		return true
	}
	return false
}
