package pageurl

import "testing"

func TestVariant(t *testing.T) {
	for _, c := range []struct{ search, hash, want string }{
		{"", "", "chess"},
		{"?variant=forced", "", "forced"},
		{"?variant=Forced", "", "forced"},
		{"?x=1&variant=forced", "", "forced"},
		{"", "#forced", "forced"},
		{"", "#variant=forced", "forced"},
		{"?variant=chess", "#variant=forced", "forced"},
		{"?variant=forced", "#join=abc", "forced"},
		{"?variant=", "", "chess"},
		{"?%zz", "", "chess"},
		{"", "#", "chess"},
	} {
		if got := Variant(c.search, c.hash); got != c.want {
			t.Errorf("Variant(%q, %q) = %q, want %q", c.search, c.hash, got, c.want)
		}
	}
}
