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

func TestRead(t *testing.T) {
	p := Read("?variant=forced&side=Black&opponent=hard&opt=a=1&opt=b=2", "#play=1")
	if p.Variant != "forced" || p.Side != "black" || p.Opponent != "hard" || !p.Start ||
		len(p.Options) != 2 || p.Options[0] != "a=1" || p.Options[1] != "b=2" {
		t.Errorf("Read = %+v", p)
	}
	if p := Read("?play=1&side=white", "#side=black"); p.Side != "black" || !p.Start {
		t.Errorf("the fragment should win: %+v", p)
	}
	if p := Read("?budget=5000", "#budget=x"); p.BudgetMS != 5000 {
		t.Errorf("budget=5000: %+v", p)
	}
	if p := Read("?budget=-1", ""); p.BudgetMS != 0 {
		t.Errorf("a negative budget was read: %+v", p)
	}
	if p := Read("", ""); p.Start || p.Side != "" || p.Variant != DefaultVariant {
		t.Errorf("empty address: %+v", p)
	}
}
