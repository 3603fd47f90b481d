package lang

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Texts that come from the rules engine and the match (outcome reasons, events, errors,
// the games' names and help) are English by design: game/ knows no languages. Game
// translates them where they are shown. A text is looked up as it is; failing that, it is
// matched against the catalogue's format keys ("%s resigned", "illegal move %s"), and the
// values it carries are translated in turn ("White resigned" → "Белые сдались").

// pattern is a format key cut into its literal parts and verbs. It matches a whole text
// as the regular expression the key reads as would: a literal byte for byte; %s and %v
// one or more characters, as few as will do; %d an integer, as many digits as will do;
// %c one character; %q a quoted string, as short as will do; none of them spans a line.
// (A matcher of its own rather than package regexp, which with its Unicode tables was
// half a megabyte of the page's wasm for these few shapes.)
type pattern struct {
	key   string
	parts []part
	lits  int // literal characters: the more, the more specific
}

// part is a literal (verb 0) or a verb: 's' (%s and %v), 'd', 'c' or 'q'.
type part struct {
	verb byte
	lit  string
}

var (
	patMu    sync.Mutex
	patterns = map[string][]pattern{}
)

// compile cuts a format key into a pattern, ok false if it has no verb or one we do not
// match (the key is then only looked up exactly).
func compile(key string) (pattern, bool) {
	var parts []part
	var lit strings.Builder
	lits, n := 0, 0
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c != '%' {
			lit.WriteByte(c)
			lits++
			continue
		}
		if i+1 >= len(key) {
			return pattern{}, false
		}
		i++
		v := key[i]
		switch v {
		case '%':
			lit.WriteByte('%')
			continue
		case 'v':
			v = 's'
		case 's', 'd', 'c', 'q':
		default:
			return pattern{}, false
		}
		if lit.Len() > 0 {
			parts = append(parts, part{lit: lit.String()})
			lit.Reset()
		}
		parts = append(parts, part{verb: v})
		n++
	}
	if lit.Len() > 0 {
		parts = append(parts, part{lit: lit.String()})
	}
	if n == 0 {
		return pattern{}, false
	}
	return pattern{key: key, parts: parts, lits: lits}, true
}

// match returns the values the verbs took in s, or nil if the pattern does not match all
// of s. Where a text can be read several ways, it takes the one the regular expression
// would: the earlier verbs as short (%s, %q) or as long (%d) as still lets the rest match.
// A part that failed at a position fails there always (nothing depends on what came
// before), so each (part, position) is tried once: quadratic at worst, never exponential.
func (p pattern) match(s string) []string {
	if first := p.parts[0]; first.verb == 0 && !strings.HasPrefix(s, first.lit) {
		return nil // most keys, at once
	}
	vals := make([]string, 0, len(p.parts))
	var failed map[[2]int]bool
	var at func(i, pos int) bool
	at = func(i, pos int) bool {
		if i == len(p.parts) {
			return pos == len(s)
		}
		if failed[[2]int{i, pos}] {
			return false
		}
		rest := s[pos:]
		try := func(n int) bool {
			vals = append(vals, rest[:n])
			if at(i+1, pos+n) {
				return true
			}
			vals = vals[:len(vals)-1]
			return false
		}
		ok := false
		switch pt := p.parts[i]; pt.verb {
		case 0:
			ok = strings.HasPrefix(rest, pt.lit) && at(i+1, pos+len(pt.lit))
		case 's':
			for n := 0; n < len(rest) && rest[n] != '\n' && !ok; {
				_, w := utf8.DecodeRuneInString(rest[n:])
				n += w
				ok = try(n)
			}
		case 'c':
			if len(rest) > 0 && rest[0] != '\n' {
				_, w := utf8.DecodeRuneInString(rest)
				ok = try(w)
			}
		case 'd':
			minus := 0
			if strings.HasPrefix(rest, "-") {
				minus = 1 // and then it must be there: nothing else matches a "-"
			}
			digits := 0
			for minus+digits < len(rest) && rest[minus+digits] >= '0' && rest[minus+digits] <= '9' {
				digits++
			}
			for d := digits; d > 0 && !ok; d-- {
				ok = try(minus + d)
			}
		case 'q':
			if strings.HasPrefix(rest, `"`) {
				for n := 1; n < len(rest) && rest[n] != '\n' && !ok; n++ {
					if rest[n] == '"' {
						ok = try(n + 1)
					}
				}
			}
		}
		if !ok {
			if failed == nil {
				failed = map[[2]int]bool{}
			}
			failed[[2]int{i, pos}] = true
		}
		return ok
	}
	if !at(0, 0) {
		return nil
	}
	return vals
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
		m := p.match(s)
		if m == nil {
			continue
		}
		args := make([]any, len(m))
		for i, a := range m {
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
