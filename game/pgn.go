package game

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// MaxPGNLen bounds the PGN text ParsePGN reads.
const MaxPGNLen = 1 << 20

// Inputs that are not moves travel in PGN as command comments, so that importing a game
// replays it exactly: {[%draw 3 7]} a random draw, {[%reveal 1]} a secret, {[%resign w]},
// {[%claim]}, {[%agree]}. Text after the command is for people.

// pgnTerminations are the PGN standard's words for how a game ended, as lichess writes
// them; our own reason goes in a comment before the result.
var pgnTerminations = []string{"Normal", "Time forfeit", "Abandoned", "Rules infraction", "Adjudication", "Death", "Emergency", "Unterminated"}

// pgnVariant is the [Variant] tag of a game: lichess's words for chess ("Standard", or
// "From Position" when it starts elsewhere), Fairy-Stockfish's spelling of forced
// capture, our own names for the games no one else has.
func pgnVariant(v *Variant, start string) string {
	switch v.Name {
	case "chess":
		if start != "" {
			return "From Position"
		}
		return "Standard"
	case "forced":
		return "forcedcapture"
	}
	return v.Name
}

// pgnVariantNames maps the other names a [Variant] tag may use to ours.
var pgnVariantNames = map[string]string{"": "chess", "standard": "chess", "chess": "chess", "from position": "chess", "forcedcapture": "forced"}

// external reports whether the game's [Termination] tag says it ended outside the
// rules' moves (time forfeit, abandonment, an infraction, adjudication).
func (g *Game) external() bool {
	t := g.Tags["Termination"]
	return slices.Contains(pgnTerminations, t) && t != "Normal" && t != "Unterminated"
}

// PGN writes the game in Portable Game Notation: the seven tags, [Variant] (and
// [VariantOptions] when the variant has options; [SetUp] and [FEN] when it did not start
// at the start), [Termination] in the standard's words with the reason in a comment
// before the result, [PlyCount].
func (g *Game) PGN() string {
	v := g.Variant()
	tags := map[string]string{
		"Event": "Casual game", "Site": "quintet", "Date": time.Now().Format("2006.01.02"),
		"Round": "-", "White": "?", "Black": "?",
	}
	for k, val := range g.Tags {
		tags[k] = val
	}
	result := g.Outcome().Result.String()
	if r := g.Tags["Result"]; !g.Outcome().Over() && g.external() && (r == "1-0" || r == "0-1" || r == "1/2-1/2") {
		result = r // decided outside the moves: on time, by abandonment, by an arbiter
	}
	tags["Result"] = result
	tags["Variant"] = pgnVariant(v, g.start)
	if len(v.Options) > 0 {
		var kv []string
		for k, val := range v.Options {
			kv = append(kv, k+"="+val)
		}
		sort.Strings(kv)
		tags["VariantOptions"] = strings.Join(kv, " ")
	}
	if g.start != "" {
		tags["SetUp"], tags["FEN"] = "1", g.start
	}
	term := "Unterminated"
	switch {
	case g.external():
		term = g.Tags["Termination"] // set by whoever ended the game outside the rules
	case len(g.entries) > 0 && g.entries[len(g.entries)-1].Input.Kind == InputFlag:
		term = "Time forfeit"
	case g.Outcome().Over():
		term = "Normal"
	}
	tags["Termination"] = term
	plies := 0
	for _, e := range g.entries {
		if e.Input.Kind == InputMove { // both sealed moves of a simultaneous turn too
			plies++
		}
	}
	tags["PlyCount"] = strconv.Itoa(plies)
	var sb strings.Builder
	for _, k := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
		fmt.Fprintf(&sb, "[%s %s]\n", k, quotePGN(tags[k]))
		delete(tags, k)
	}
	var rest []string
	for k := range tags {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	for _, k := range rest {
		fmt.Fprintf(&sb, "[%s %s]\n", k, quotePGN(tags[k]))
	}
	sb.WriteByte('\n')

	var words []string
	afterComment := true
	for i, e := range g.entries {
		in := e.Input
		switch in.Kind {
		case InputMove:
			if e.Record.Text == "" {
				continue // a sealed simultaneous move, written with the move that resolved its turn
			}
			switch {
			case e.Side == White:
				words = append(words, fmt.Sprintf("%d.", e.MoveNo))
			case afterComment:
				words = append(words, fmt.Sprintf("%d...", e.MoveNo))
			}
			w := e.Record.Text
			if e.Record.PGN != "" {
				w = e.Record.PGN
			}
			words = append(words, w)
			afterComment = false
			if clk := g.turnClocks(i); clk != "" {
				words = append(words, "{[%clk "+clk+"]}")
				afterComment = true
			}
			continue
		case InputDraw:
			words = append(words, fmt.Sprintf("{[%%draw %d %d] %s}", in.Values[0], in.Values[1], e.Record.Text))
		case InputReveal:
			words = append(words, fmt.Sprintf("{[%%reveal %d] %s}", in.Secret, e.Record.Text))
		case InputResign:
			words = append(words, fmt.Sprintf("{[%%resign %c] %s}", "wb"[in.Player], e.Record.Text))
		case InputClaim:
			words = append(words, fmt.Sprintf("{[%%claim %c] %s}", "wb"[in.Player], e.Record.Text))
		case InputAgree:
			words = append(words, "{[%agree] draw agreed}")
		case InputFlag:
			words = append(words, fmt.Sprintf("{[%%flag %c] %s}", "wb"[in.Player], e.Record.Text))
		}
		afterComment = true
	}
	if o := g.Outcome(); o.Over() && o.Reason != "" {
		// Unless the last move's own comment already says it ("… passed twice: draw").
		if last := words[len(words)-1]; !strings.HasSuffix(last, "}") || !strings.Contains(last, o.Reason) {
			words = append(words, "{"+strings.NewReplacer("{", "(", "}", ")").Replace(o.Reason)+"}")
		}
	}
	words = append(words, result)
	col := 0
	for i, w := range words {
		if i > 0 {
			if col+1+len(w) > 80 {
				sb.WriteByte('\n')
				col = 0
			} else {
				sb.WriteByte(' ')
				col++
			}
		}
		sb.WriteString(w)
		col += len(w)
	}
	sb.WriteByte('\n')
	return sb.String()
}

func quotePGN(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// ParsePGN reads the first game of a PGN text and replays it. Errors say where (line)
// and what is wrong.
func ParsePGN(text string) (*Game, error) {
	if len(text) > MaxPGNLen {
		return nil, fmt.Errorf("pgn: %d bytes, more than %d", len(text), MaxPGNLen)
	}
	return parseGame(&pgnLexer{s: text, line: 1})
}

// MaxPGNFileLen bounds the text ParsePGNGames reads; each game in it is bounded by
// MaxPGNLen.
const MaxPGNFileLen = 64 << 20

// ParsePGNGames reads every game of a PGN text (a file of games, as databases and
// lichess exports write them) and replays each. On an error it returns the games read
// before it and an error naming the game by its number and line.
func ParsePGNGames(text string) ([]*Game, error) {
	if len(text) > MaxPGNFileLen {
		return nil, fmt.Errorf("pgn: %d bytes, more than %d", len(text), MaxPGNFileLen)
	}
	l := &pgnLexer{s: text, line: 1}
	var games []*Game
	for {
		l.skipSpace()
		if l.i >= len(l.s) {
			return games, nil
		}
		from, line := l.i, l.line
		g, err := parseGame(l)
		if err != nil {
			return games, fmt.Errorf("game %d (line %d): %w", len(games)+1, line, err)
		}
		if l.i-from > MaxPGNLen {
			return games, fmt.Errorf("game %d (line %d): %d bytes, more than %d", len(games)+1, line, l.i-from, MaxPGNLen)
		}
		if l.i == from {
			return games, fmt.Errorf("game %d (line %d): no game here", len(games)+1, line)
		}
		games = append(games, g)
	}
}

// parseGame reads one game from l: its tags, then its movetext up to the result, the
// next game's tags or the end.
func parseGame(l *pgnLexer) (*Game, error) {
	tags := map[string]string{}
	for {
		l.skipSpace()
		if l.i >= len(l.s) || l.s[l.i] != '[' {
			break
		}
		k, val, err := l.tag()
		if err != nil {
			return nil, err
		}
		if len(tags) > 100 {
			return nil, fmt.Errorf("pgn: line %d: too many tags", l.line)
		}
		tags[k] = val
	}
	name := tags["Variant"]
	if n, ok := pgnVariantNames[strings.ToLower(name)]; ok {
		name = n
	}
	var opts []string
	if o := tags["VariantOptions"]; o != "" {
		opts = strings.Fields(o)
	}
	v, err := Lookup(name, opts...)
	if err != nil {
		// Accept a variant's title as well as its name.
		for _, n := range Names() {
			if strings.EqualFold(registry[n].Title, name) {
				v, err = Lookup(n, opts...)
				break
			}
		}
		if err != nil {
			return nil, fmt.Errorf("pgn: [Variant]: %w", err)
		}
	}
	start := ""
	if fen, ok := tags["FEN"]; ok {
		start = fen
	}
	g, err := NewGameFrom(v, start)
	if err != nil {
		return nil, fmt.Errorf("pgn: [FEN]: %w", err)
	}
	for k, val := range tags {
		switch k {
		case "Variant", "VariantOptions", "FEN", "SetUp", "PlyCount":
		case "Termination", "Result":
			// Kept when they say what the moves cannot (time, abandonment); Normal and
			// Unterminated, and the result of a game the moves finish, follow from them.
			if t := tags["Termination"]; slices.Contains(pgnTerminations, t) && t != "Normal" && t != "Unterminated" {
				g.Tags[k] = val
			}
		default:
			g.Tags[k] = val
		}
	}
	for {
		if l.skipSpace(); l.i < len(l.s) && l.s[l.i] == '[' {
			break // the next game's tags: this one had no result
		}
		tok, line, err := l.next()
		if err != nil {
			return nil, err
		}
		if tok == "" {
			break
		}
		if len(g.entries) > 20000 {
			return nil, fmt.Errorf("pgn: line %d: too many moves", line)
		}
		if tok[0] == '{' {
			if err := g.applyCommand(tok); err != nil {
				return nil, fmt.Errorf("pgn: line %d: %w", line, err)
			}
			continue
		}
		switch tok {
		case "1-0", "0-1", "1/2-1/2", "*":
			return g, nil
		}
		if err := g.PlayText(tok); err != nil {
			return nil, fmt.Errorf("pgn: line %d: move %q: %w", line, tok, err)
		}
	}
	return g, nil
}

// applyCommand applies a {[%…]} command comment; other comments are ignored.
func (g *Game) applyCommand(c string) error {
	c = strings.TrimSpace(strings.Trim(c, "{}"))
	if !strings.HasPrefix(c, "[%") {
		return nil
	}
	end := strings.IndexByte(c, ']')
	if end < 0 {
		return fmt.Errorf("unclosed command %q", c)
	}
	f := strings.Fields(c[2:end])
	if len(f) == 0 {
		return fmt.Errorf("empty command")
	}
	num := func(i int, max uint64) (uint64, error) {
		if i >= len(f) {
			return 0, fmt.Errorf("%%%s: missing value", f[0])
		}
		n, err := strconv.ParseUint(f[i], 10, 64)
		if err != nil || n > max {
			return 0, fmt.Errorf("%%%s: bad value %q", f[0], f[i])
		}
		return n, nil
	}
	player := func() (Color, error) {
		if len(f) < 2 || (f[1] != "w" && f[1] != "b") {
			return White, fmt.Errorf("%%%s: want w or b", f[0])
		}
		return Color(strings.Index("wb", f[1])), nil
	}
	var in Input
	switch f[0] {
	case "draw":
		a, err := num(1, 255)
		if err != nil {
			return err
		}
		b, err := num(2, 255)
		if err != nil {
			return err
		}
		in = Input{Kind: InputDraw, Values: [2]uint8{uint8(a), uint8(b)}}
	case "reveal":
		s, err := num(1, 1<<63)
		if err != nil {
			return err
		}
		in = Input{Kind: InputReveal, Secret: s}
	case "resign", "claim", "flag":
		c, err := player()
		if err != nil {
			return err
		}
		in = Input{Kind: InputResign, Player: c}
		switch f[0] {
		case "claim":
			in.Kind = InputClaim
		case "flag":
			in.Kind = InputFlag
		}
	case "agree":
		in = Input{Kind: InputAgree}
	case "clk":
		if len(g.entries) == 0 {
			return nil // a clock before any move says nothing about one
		}
		n := len(g.entries)
		// Two times follow a simultaneous turn written as one word: its two moves are
		// the last two entries, by different players.
		pair := n >= 2 && g.entries[n-2].Input.Kind == InputMove && g.entries[n-1].Input.Kind == InputMove &&
			g.entries[n-2].Input.Player != g.entries[n-1].Input.Player
		if len(f) != 2 && (len(f) != 3 || !pair) {
			return fmt.Errorf("%%clk: want one time (two after a simultaneous turn)")
		}
		var ds []time.Duration
		for _, s := range f[1:] {
			d, err := ParsePGNClock(s)
			if err != nil {
				return err
			}
			ds = append(ds, d)
		}
		if len(ds) == 1 {
			g.SetClock(n-1, ds[0])
			return nil
		}
		for _, i := range []int{n - 2, n - 1} { // White's time first, Black's second
			g.SetClock(i, ds[g.entries[i].Input.Player])
		}
		return nil
	default:
		return nil // someone else's command ([%clk …] and the like)
	}
	return g.Apply(in)
}

type pgnLexer struct {
	s    string
	i    int
	line int
}

func (l *pgnLexer) skipSpace() {
	for l.i < len(l.s) {
		switch c := l.s[l.i]; {
		case c == '\n':
			l.line++
			l.i++
		case c == ' ' || c == '\t' || c == '\r':
			l.i++
		case c == '%' && (l.i == 0 || l.s[l.i-1] == '\n'), c == ';':
			for l.i < len(l.s) && l.s[l.i] != '\n' { // escape line or rest-of-line comment
				l.i++
			}
		default:
			return
		}
	}
}

// tag reads [Name "value"].
func (l *pgnLexer) tag() (string, string, error) {
	start := l.line
	l.i++ // [
	j := l.i
	for l.i < len(l.s) && l.s[l.i] != ' ' && l.s[l.i] != '"' && l.s[l.i] != ']' {
		l.i++
	}
	name := l.s[j:l.i]
	if name == "" || len(name) > 64 {
		return "", "", fmt.Errorf("pgn: line %d: bad tag name", start)
	}
	l.skipSpace()
	if l.i >= len(l.s) || l.s[l.i] != '"' {
		return "", "", fmt.Errorf("pgn: line %d: tag %s: value must be quoted", start, name)
	}
	l.i++
	var val strings.Builder
	for {
		if l.i >= len(l.s) || l.s[l.i] == '\n' {
			return "", "", fmt.Errorf("pgn: line %d: tag %s: unterminated value", start, name)
		}
		c := l.s[l.i]
		l.i++
		if c == '\\' && l.i < len(l.s) {
			c = l.s[l.i]
			l.i++
		} else if c == '"' {
			break
		}
		if val.Len() > MaxTextLen {
			return "", "", fmt.Errorf("pgn: line %d: tag %s: value too long", start, name)
		}
		val.WriteByte(c)
	}
	l.skipSpace()
	if l.i >= len(l.s) || l.s[l.i] != ']' {
		return "", "", fmt.Errorf("pgn: line %d: tag %s: missing ]", start, name)
	}
	l.i++
	return name, val.String(), nil
}

// next returns the next movetext token: a move, a result, or a whole {comment}; move
// numbers, NAGs and (variations) are skipped. "" at the end.
func (l *pgnLexer) next() (string, int, error) {
	for {
		l.skipSpace()
		if l.i >= len(l.s) {
			return "", l.line, nil
		}
		line := l.line
		switch c := l.s[l.i]; {
		case c == '{':
			j := strings.IndexByte(l.s[l.i:], '}')
			if j < 0 {
				return "", line, fmt.Errorf("pgn: line %d: unterminated comment", line)
			}
			tok := l.s[l.i : l.i+j+1]
			l.line += strings.Count(tok, "\n")
			l.i += j + 1
			return tok, line, nil
		case c == '(':
			depth := 0
			for ; l.i < len(l.s); l.i++ {
				switch l.s[l.i] {
				case '(':
					depth++
				case ')':
					depth--
				case '\n':
					l.line++
				}
				if depth == 0 {
					l.i++
					break
				}
			}
			if depth != 0 {
				return "", line, fmt.Errorf("pgn: line %d: unterminated variation", line)
			}
		case c == '$':
			for l.i++; l.i < len(l.s) && l.s[l.i] >= '0' && l.s[l.i] <= '9'; l.i++ {
			}
		case c == ')' || c == '[' || c == ']' || c == '}':
			return "", line, fmt.Errorf("pgn: line %d: unexpected %q", line, c)
		default:
			j := l.i
			for l.i < len(l.s) && !strings.ContainsRune(" \t\r\n{}()[];$", rune(l.s[l.i])) {
				l.i++
			}
			if l.i == j {
				return "", line, fmt.Errorf("pgn: line %d: unexpected %q", line, l.s[j])
			}
			tok := l.s[j:l.i]
			// Strip a move number glued to the move ("12.e4", "12...e4").
			if k := strings.LastIndexByte(tok, '.'); k >= 0 {
				if _, err := strconv.Atoi(strings.TrimRight(tok[:k+1], ".")); err == nil {
					tok = tok[k+1:]
				}
			}
			if tok == "" {
				continue
			}
			return tok, line, nil
		}
	}
}
