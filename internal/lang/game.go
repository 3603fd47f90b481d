package lang

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Texts that come from the rules engine and the match (outcome reasons, events, errors,
// the games' names and help) are English by design: game/ knows no languages. Game
// translates them where they are shown. A text is looked up as it is; failing that, it is
// matched against the catalogue's format keys ("%s resigned", "illegal move %s"), and the
// values it carries are translated in turn ("White resigned" → "Белые сдались").

// pattern is a format key compiled into a regular expression.
type pattern struct {
	key  string
	re   *regexp.Regexp
	lits int // literal characters: the more, the more specific
}

var (
	patMu    sync.Mutex
	patterns = map[string][]pattern{}
)

// verbs maps the format verbs of the keys to what they match.
var verbs = map[byte]string{'s': `(.+?)`, 'v': `(.+?)`, 'd': `(-?\d+)`, 'c': `(.)`, 'q': `(".*?")`}

// compile turns a format key into a pattern, ok false if it has no verb or one we do not
// match (the key is then only looked up exactly).
func compile(key string) (pattern, bool) {
	var re strings.Builder
	re.WriteString("^")
	lits, n := 0, 0
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c != '%' {
			j := strings.IndexByte(key[i:], '%')
			if j < 0 {
				j = len(key) - i
			}
			re.WriteString(regexp.QuoteMeta(key[i : i+j]))
			lits += j
			i += j - 1
			continue
		}
		if i+1 >= len(key) {
			return pattern{}, false
		}
		if key[i+1] == '%' {
			re.WriteString("%")
			i++
			continue
		}
		v, ok := verbs[key[i+1]]
		if !ok {
			return pattern{}, false
		}
		re.WriteString(v)
		n++
		i++
	}
	re.WriteString("$")
	if n == 0 {
		return pattern{}, false
	}
	return pattern{key: key, re: regexp.MustCompile(re.String()), lits: lits}, true
}

func patternsOf(lang string) []pattern {
	patMu.Lock()
	defer patMu.Unlock()
	if ps, ok := patterns[lang]; ok {
		return ps
	}
	var ps []pattern
	for k := range catalogues[lang] {
		if p, ok := compile(k); ok {
			ps = append(ps, p)
		}
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].lits != ps[j].lits {
			return ps[i].lits > ps[j].lits
		}
		return ps[i].key < ps[j].key
	})
	patterns[lang] = ps
	return ps
}

// Game translates a text made by game/ or the match: exactly, or by a format key whose
// values are translated in turn. Unknown texts stay English.
func Game(s string) string { return gameText(s, 0) }

func gameText(s string, depth int) string {
	cat := catalogues[Current()]
	if cat == nil || s == "" {
		return s
	}
	if tr, ok := cat[s]; ok {
		return tr
	}
	if depth > 4 || len(s) > 2000 {
		return s
	}
	for _, p := range patternsOf(Current()) {
		m := p.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args := make([]any, len(m)-1)
		for i, a := range m[1:] {
			args[i] = gameText(a, depth+1)
		}
		return fill(cat[p.key], args)
	}
	return s
}

// fill puts the values into the translation: every verb takes the next value as text
// (the values are already text); "%[2]s" takes the second, for another word order.
func fill(tr string, args []any) string {
	var out strings.Builder
	k := 0
	for i := 0; i < len(tr); i++ {
		c := tr[i]
		if c != '%' || i+1 >= len(tr) {
			out.WriteByte(c)
			continue
		}
		i++
		if tr[i] == '%' {
			out.WriteByte('%')
			continue
		}
		if tr[i] == '[' {
			j := strings.IndexByte(tr[i:], ']')
			if j > 1 {
				if n, err := strconv.Atoi(tr[i+1 : i+j]); err == nil {
					k = n - 1
				}
				i += j + 1
			}
		}
		if k >= 0 && k < len(args) {
			out.WriteString(args[k].(string))
		}
		k++
	}
	return out.String()
}
