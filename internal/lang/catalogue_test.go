package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
)

// The page's code is scanned with go/ast: every text a person reads must go through the
// catalogue, and the catalogue must hold what the code uses, no more.

// root is the module's top directory.
const root = "../.."

// uiFiles are the page's UI code: scenes/, scenes/prefs and scenes/movetext (without the
// plain-Go packages whose English texts are translated where shown: match, interact,
// layout, rulestext) and main*.go.
func uiFiles(t *testing.T) map[string]*ast.File {
	t.Helper()
	out := map[string]*ast.File{}
	fset := token.NewFileSet()
	add := func(path string) {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out[path] = f
	}
	ms, _ := filepath.Glob(filepath.Join(root, "main*.go"))
	for _, m := range ms {
		add(m)
	}
	filepath.WalkDir(filepath.Join(root, "scenes"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != filepath.Join(root, "scenes") && path != filepath.Join(root, "scenes", "prefs") &&
			path != filepath.Join(root, "scenes", "movetext") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			add(path)
		}
		return nil
	})
	if len(out) < 10 {
		t.Fatalf("found only %d files under %s", len(out), root)
	}
	return out
}

// goFiles parses the non-test Go files of the directories dirs (not recursive).
func goFiles(t *testing.T, dirs ...string) []*ast.File {
	t.Helper()
	var out []*ast.File
	fset := token.NewFileSet()
	for _, d := range dirs {
		ms, _ := filepath.Glob(filepath.Join(root, d, "*.go"))
		for _, m := range ms {
			if strings.HasSuffix(m, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, m, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, f)
		}
	}
	return out
}

// isLangCall reports whether call is lang.<name>(…).
func isLangCall(call *ast.CallExpr, names ...string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok || x.Name != "lang" {
		return false
	}
	for _, n := range names {
		if sel.Sel.Name == n {
			return true
		}
	}
	return false
}

func unquote(l *ast.BasicLit) string {
	s, err := strconv.Unquote(l.Value)
	if err != nil {
		return ""
	}
	return s
}

var verbRE = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// visible guesses whether a string literal is text for people: after dropping format
// verbs it has a letter, and a space, a capital or end punctuation. Ids, keys and
// formats such as "game:", "move:%d", "quintet-%s.pgn" are not.
func visible(s string) bool {
	s = verbRE.ReplaceAllString(s, "")
	letters := false
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters = true
		}
	}
	if !letters {
		return false
	}
	first := []rune(strings.TrimSpace(s))
	return strings.Contains(strings.TrimSpace(s), " ") || (len(first) > 0 && unicode.IsUpper(first[0])) ||
		strings.HasSuffix(s, ".") || strings.HasSuffix(s, "…")
}

// allowed are literals that look like text but are not for translating.
var allowed = map[string]bool{
	"Quintet":    true, // the name of the app
	" · Quintet": true, // the page title's end
	"quintet.":   true, // the prefix of localStorage keys
	" Chess":     true, // cut from games' titles for buttons
}

// notText are the calls whose literal arguments are names for programs: JavaScript's
// (Get("JSON"), New), flags of the native build, log messages for developers.
var notText = map[string]bool{"Get": true, "Call": true, "Set": true, "New": true, "Getenv": true,
	"String": true, "Bool": true, "Fatalf": true}

// TestNoTextOutsideCatalogue fails on text in the UI code that does not go through
// lang.T or lang.F.
func TestNoTextOutsideCatalogue(t *testing.T) {
	for path, f := range uiFiles(t) {
		inLang := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if isLangCall(n, "T", "F", "N") && len(n.Args) > 0 {
					if l, ok := n.Args[0].(*ast.BasicLit); ok {
						inLang[l] = true
					}
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && notText[sel.Sel.Name] && !isLangCall(n, "Set") {
					for _, a := range n.Args {
						if l, ok := a.(*ast.BasicLit); ok {
							inLang[l] = true
						}
					}
				}
			case *ast.ImportSpec:
				inLang[n.Path] = true
			case *ast.Field:
				if n.Tag != nil {
					inLang[n.Tag] = true
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			l, ok := n.(*ast.BasicLit)
			if !ok || l.Kind != token.STRING || inLang[l] {
				return true
			}
			if s := unquote(l); visible(s) && !allowed[s] {
				t.Errorf("%s: %q is shown to people but not translated (lang.T / lang.F)", filepath.Base(path), s)
			}
			return true
		})
	}
}

// uiKeys are the catalogue keys the UI code uses: the literal first arguments of lang.T
// and lang.F, and the rules help's headings, paragraphs and captions.
func uiKeys(t *testing.T) map[string]bool {
	keys := map[string]bool{}
	for _, f := range uiFiles(t) {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && isLangCall(c, "T", "F", "N") && len(c.Args) > 0 {
				if l, ok := c.Args[0].(*ast.BasicLit); ok {
					keys[unquote(l)] = true
				}
			}
			return true
		})
	}
	for _, f := range goFiles(t, "scenes/rulestext") {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "h" || id.Name == "p") && len(n.Args) == 1 {
					if l, ok := n.Args[0].(*ast.BasicLit); ok {
						keys[unquote(l)] = true
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Caption" {
					if l, ok := n.Value.(*ast.BasicLit); ok {
						keys[unquote(l)] = true
					}
				}
			}
			return true
		})
	}
	return keys
}

// TestRussianHasEveryKey: every key the UI uses has a Russian entry, and every entry of
// the UI's catalogue is used.
func TestRussianHasEveryKey(t *testing.T) {
	keys := uiKeys(t)
	for k := range russianFriend {
		if _, dup := russian[k]; dup {
			t.Errorf("%q is in both the page's and the friend's catalogue", k)
		}
	}
	russian := merge(russian, russianFriend) // the UI's catalogue, in two files
	var missing []string
	for k := range keys {
		if _, ok := russian[k]; !ok {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		t.Errorf("no Russian for %q", k)
	}
	for k := range russian {
		if !keys[k] {
			t.Errorf("stale Russian entry %q: no code uses it", k)
		}
	}
	for k, v := range russian {
		if strings.Count(verbRE.ReplaceAllString(k, "%"), "%") != strings.Count(verbRE.ReplaceAllString(v, "%"), "%") {
			t.Errorf("%q and its Russian %q have different format verbs", k, v)
		}
	}
}

// TestVisible pins the guess of what is text.
func TestVisible(t *testing.T) {
	for s, want := range map[string]bool{"Rules": true, "move a piece": true, "Loaded.": true, "Actions…": true,
		"%s to move": true, "game:": false, "move:%d": false, "quintet-%s.pgn": false, "undo": false, "%d. %s": false, "⚠ ": false} {
		if visible(s) != want {
			t.Errorf("visible(%q) = %v", s, !want)
		}
	}
}

// gameLiterals are the string literals of the packages whose English texts the page
// shows through Game.
func gameLiterals(t *testing.T) []string {
	var out []string
	for _, f := range goFiles(t, "game", "game/ai", "scenes/match", "scenes/interact") {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					out = append(out, unquote(n))
				}
			case *ast.BinaryExpr:
				if n.Op == token.ADD {
					out = append(out, concat(n))
				}
			}
			return true
		})
	}
	return out
}

// concat is a sum of strings as written, with a NUL for each part that is not a literal.
func concat(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			return unquote(e)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return concat(e.X) + concat(e.Y)
		}
	case *ast.ParenExpr:
		return concat(e.X)
	}
	return "\x00"
}

// covered reports whether s is made of pieces of the literals lits (a text built with +=
// from several literals), each piece as long as the literals allow and at least 8 bytes
// unless it ends s.
func covered(s, lits string) bool {
	for i := 0; i < len(s); {
		lo, hi := i, len(s) // s[i:lo] is in lits; find the longest
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if strings.Contains(lits, s[i:mid]) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		if lo == i || (lo-i < 8 && lo < len(s)) {
			return false
		}
		i = lo
	}
	return true
}

// fmtVerb is a verb of the format keys, for cutting a key into its literal parts.
var fmtVerb = regexp.MustCompile(`%%|%(\[\d+\])?(\.\d+)?[svdcqw]`)

// TestGameEntriesAreUsed: every entry of the game texts' catalogue comes from the code:
// each literal piece of its key is in a string literal of game/ or the match.
func TestGameEntriesAreUsed(t *testing.T) {
	lits := strings.Join(gameLiterals(t), "\x00")
	ui := merge(russian, russianFriend)
	for k := range russianGame {
		if _, dup := ui[k]; dup {
			t.Errorf("%q is in both catalogues", k)
		}
		for _, part := range fmtVerb.Split(k, -1) {
			if part != "" && !covered(part, lits) {
				t.Errorf("stale game entry %q: %q is in no literal of game/ or scenes/match", k, part)
			}
		}
	}
}

// TestGameTextsTranslated: what the games say of themselves (names, help, options, pieces)
// and their outcome reasons, events and move-list words are all in Russian.
func TestGameTextsTranslated(t *testing.T) {
	if !Set("ru") {
		t.Fatal("no Russian")
	}
	defer Set("en")
	var texts []string
	for _, n := range game.Names() {
		v, err := game.Lookup(n)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, v.Title, v.Help)
		for _, o := range v.OptionHelp {
			texts = append(texts, o.Key, o.Help, o.Default)
			if o.Title != "" {
				texts = append(texts, o.Title)
			}
			texts = append(texts, o.Values...)
		}
		for _, p := range v.Pieces {
			if p.Name != "" {
				texts = append(texts, p.Name)
			}
		}
	}
	for _, l := range ai.Levels { // the setup screen's level lines
		texts = append(texts, l.Name, l.Help)
		for _, n := range game.Names() {
			v, err := game.Lookup(n)
			if err != nil {
				t.Fatal(err)
			}
			if h := l.For(v).Help; h != "" {
				texts = append(texts, h)
			}
		}
	}
	// Outcome reasons, events and records written as literals in game/.
	for _, f := range goFiles(t, "game") {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				typ, _ := n.Type.(*ast.Ident)
				if typ == nil {
					return true
				}
				switch typ.Name {
				case "Outcome":
					if len(n.Elts) == 2 {
						if l, ok := n.Elts[1].(*ast.BasicLit); ok {
							texts = append(texts, unquote(l))
						}
					}
				case "Event", "Record":
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Text" {
								if l, ok := kv.Value.(*ast.BasicLit); ok {
									texts = append(texts, unquote(l))
								}
							}
						}
					}
				}
			}
			return true
		})
	}
	for _, s := range texts {
		if s == "" || !strings.ContainsFunc(s, unicode.IsLetter) || isCode(s) {
			continue
		}
		if Game(s) == s {
			t.Errorf("game text %q has no Russian", s)
		}
	}
}

// isCode reports texts that read the same in Russian: option values that are sizes,
// numbers and percentages ("6x6", "60/20/20", "off" is not one).
func isCode(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && r != 'x' {
			return false
		}
	}
	return true
}
