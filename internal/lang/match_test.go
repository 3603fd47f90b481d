package lang

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// regexpOf is the regular expression a format key reads as, the matcher's reference:
// the pattern must take the same values from any text as this does.
func regexpOf(key string) *regexp.Regexp {
	verbs := map[byte]string{'s': `(.+?)`, 'v': `(.+?)`, 'd': `(-?\d+)`, 'c': `(.)`, 'q': `(".*?")`}
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(key); i++ {
		if key[i] != '%' {
			j := strings.IndexByte(key[i:], '%')
			if j < 0 {
				j = len(key) - i
			}
			re.WriteString(regexp.QuoteMeta(key[i : i+j]))
			i += j - 1
			continue
		}
		i++
		if key[i] == '%' {
			re.WriteString("%")
			continue
		}
		re.WriteString(verbs[key[i]])
	}
	re.WriteString("$")
	return regexp.MustCompile(re.String())
}

// sameAsRegexp checks that the pattern of key takes from s what the key's regular
// expression does.
func sameAsRegexp(t *testing.T, key, s string) {
	t.Helper()
	p, ok := compile(key)
	if !ok {
		return
	}
	want := regexpOf(key).FindStringSubmatch(s)
	if want != nil {
		want = want[1:]
	}
	if got := p.match(s); !slices.Equal(got, want) || (got == nil) != (want == nil) {
		t.Errorf("key %q, text %q: the matcher took %q, the regular expression %q", key, s, got, want)
	}
}

// matchCases are texts shaped to find the matcher's edges: ambiguous splits, signs,
// quotes, lines, runes of several bytes and invalid bytes.
var matchCases = []struct{ key, text string }{
	{"%s resigned", "White resigned"},
	{"%s resigned", "White resigned resigned"},
	{"%s resigned", " resigned"},
	{"%s takes %s on %s", "White's knight takes Black's pawn on e5 takes x on y"},
	{"%s: %s", "a: b: c"},
	{"%d+%d=%d: %s", "3+7=0: exd5 (captured)"},
	{"%d+%d=%d: %s", "-3+-7=-10: x"},
	{"%d+%d=%d: %s", "3+-=0: x"},
	{"%d%d", "12345"},
	{"%d-%d", "1--2"},
	{"%d%s", "-12x"},
	{"%s%d", "ab12"},
	{"rolled %c", "rolled R"},
	{"rolled %c", "rolled Ж"},
	{"rolled %c", "rolled \xff"},
	{"rolled %c", "rolled RR"},
	{"rolled %c", "rolled \n"},
	{"%q is not a legal move here", `"Ke9" is not a legal move here`},
	{"%q is not a legal move here", `"a"b" is not a legal move here`},
	{"%q is not a legal move here", "\"a\nb\" is not a legal move here"},
	{"%q%q", `"a""b"`},
	{"%s", "one\ntwo"},
	{"%s\n%s", "one\ntwo"},
	{"100%% %s", "100% sure"},
	{"%s %s", "Жёлтый Ёж"},
	{"%s %s", "\xff \xfe"},
	{"%s", ""},
	{"%v and %s", "x and y and z"},
}

func TestMatchAsRegexp(t *testing.T) {
	for _, c := range matchCases {
		sameAsRegexp(t, c.key, c.text)
	}
	// Every key of the catalogues against texts made from every key.
	var keys []string
	for _, cat := range catalogues {
		for k := range cat {
			if _, ok := compile(k); ok {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	vals := []string{"White", "-3", "12", "e5", `"Nf3"`, "a b: c", "Ж"}
	for i, k := range keys {
		text := k
		for j, v := range []string{"%s", "%v", "%d", "%q", "%c"} {
			text = strings.ReplaceAll(text, v, vals[(i+j)%len(vals)])
		}
		for _, k2 := range keys {
			if strings.IndexByte(k2, k[0]) >= 0 || k2[0] == '%' {
				sameAsRegexp(t, k2, text)
			}
		}
	}
}

// TestMatchLong: a text built to make a naive backtracker try every split is matched
// in one pass per part and position.
func TestMatchLong(t *testing.T) {
	p, _ := compile("%s a %s a %s a %s b")
	s := strings.Repeat("a ", 1000)
	if m := p.match(s); m != nil {
		t.Fatalf("matched %q", m)
	}
}

func FuzzMatch(f *testing.F) {
	for _, c := range matchCases {
		f.Add(c.key, c.text)
	}
	f.Fuzz(func(t *testing.T, key, text string) {
		if len(key) > 40 || len(text) > 200 {
			return
		}
		if _, ok := compile(key); !ok || !utf8.ValidString(key) { // the catalogues' keys are UTF-8
			return
		}
		sameAsRegexp(t, key, text)
	})
}
