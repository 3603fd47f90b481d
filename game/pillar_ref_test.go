package game

// An independent, deliberately slow reference for pillar chess (RULES.md §4), used to
// check the package's generator, turn logic and perft.
//
// It shares no code with the package: its board is 64 strings of FEN letters (each a
// stack, bottom first), it reads the position text itself, walks rays square by square,
// plays a move on a copy, and compares moves as strings built from Move's fields.

import (
	"fmt"
	"strings"
)

type pref struct {
	sq                        [64]string // a1 = 0; each stack bottom first
	files, ranks              int
	white                     bool
	castle                    [4]bool // K Q k q
	ep                        int     // en-passant square, -1 if none
	die                       int     // face rolled, -1 if none
	big, combi, nodice, alone bool
}

type pmove struct {
	from, to, k int
	promo       byte // upper-case letter or 0
	kind        string
	as          byte // lower-case type letter the move counts as
	via, via2   int  // castling rook
}

func prFile(s int) int { return s % 8 }
func prRank(s int) int { return s / 8 }

func (b *pref) on(f, r int) bool { return f >= 0 && f < b.files && r >= 0 && r < b.ranks }

func prWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

func prType(c byte) byte {
	if prWhite(c) {
		return c + 'a' - 'A'
	}
	return c
}

// prOrder ranks types for the die: pawn lowest, king highest.
var prOrder = map[byte]int{'p': 1, 'n': 2, 'b': 3, 'r': 4, 'q': 5, 'k': 6}

func (b *pref) top(s int) byte {
	if b.sq[s] == "" {
		return 0
	}
	return b.sq[s][len(b.sq[s])-1]
}

// owns reports whether the stack on s is controlled by the side (white or not).
func (b *pref) owns(s int, white bool) bool { t := b.top(s); return t != 0 && prWhite(t) == white }

func (b *pref) faces() string {
	if b.big {
		return "kqrbnp"
	}
	return "kqrnp."
}

// parsePref reads the position text on its own.
func parsePref(text string, big, combi, nodice, alone bool) (*pref, error) {
	b := &pref{files: 6, ranks: 6, ep: -1, die: -1, big: big, combi: combi, nodice: nodice, alone: alone}
	if big {
		b.files, b.ranks = 8, 8
	}
	f := strings.Fields(text)
	if len(f) < 5 {
		return nil, fmt.Errorf("fields")
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != b.ranks {
		return nil, fmt.Errorf("ranks")
	}
	for i, row := range rows {
		r := b.ranks - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case c == '(':
				e := strings.IndexByte(row[j:], ')')
				b.sq[r*8+file] = row[j+1 : j+e]
				j += e
				file++
			default:
				b.sq[r*8+file] = string(c)
				file++
			}
		}
	}
	b.white = f[1] == "w"
	for _, c := range f[2] {
		if i := strings.IndexRune("KQkq", c); i >= 0 {
			b.castle[i] = true
		}
	}
	if f[3] != "-" {
		b.ep = int(f[3][0]-'a') + 8*int(f[3][1]-'1')
	}
	if f[4] != "-" {
		letters := "KQRNPX"
		if big {
			letters = "KQRBNP"
		}
		b.die = strings.Index(letters, f[4])
	}
	return b, nil
}

func (b *pref) kingSq(white bool) int {
	k := byte('k')
	if white {
		k = 'K'
	}
	for s := 0; s < 64; s++ {
		if b.top(s) == k {
			return s
		}
	}
	return -1
}

// reaches reports whether a piece of type t moving for the side white from s reaches
// (attacks) target: the first occupied square of a ray stops it.
func (b *pref) reaches(t byte, white bool, s, target int) bool {
	f, r := prFile(s), prRank(s)
	tf, tr := prFile(target), prRank(target)
	df, dr := tf-f, tr-r
	switch t {
	case 'p':
		fwd := -1
		if white {
			fwd = 1
		}
		return dr == fwd && (df == 1 || df == -1)
	case 'n':
		return df*df+dr*dr == 5
	case 'k':
		return df*df <= 1 && dr*dr <= 1 && (df != 0 || dr != 0)
	}
	straight := df == 0 || dr == 0
	diag := df == dr || df == -dr
	if df == 0 && dr == 0 {
		return false
	}
	if !(t == 'q' && (straight || diag) || t == 'r' && straight || t == 'b' && diag) {
		return false
	}
	sf, sr := prSign(df), prSign(dr)
	for x, y := f+sf, r+sr; x != tf || y != tr; x, y = x+sf, y+sr {
		if b.sq[y*8+x] != "" {
			return false
		}
	}
	return true
}

func prSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// attacked reports whether the side white attacks square s.
func (b *pref) attacked(s int, white bool) bool {
	for from := 0; from < 64; from++ {
		st := b.sq[from]
		if st == "" || prWhite(st[len(st)-1]) != white {
			continue
		}
		pieces := st[len(st)-1:]
		if b.combi {
			pieces = st
		}
		for i := 0; i < len(pieces); i++ {
			if b.reaches(prType(pieces[i]), white, from, s) {
				return true
			}
		}
	}
	return false
}

// targets lists where the top k pieces of s may go moving as type t (stack topped by
// a pawn when topPawn), for the side to move.
func (b *pref) targets(s int, t byte, topPawn bool) []int {
	white := b.white
	own := b.kingSq(white)
	var out []int
	add := func(x, y int) {
		if b.on(x, y) && y*8+x != own {
			out = append(out, y*8+x)
		}
	}
	f, r := prFile(s), prRank(s)
	switch t {
	case 'p':
		fwd := -1
		start := b.ranks - 2
		if white {
			fwd, start = 1, 1
		}
		if b.on(f, r+fwd) && b.sq[(r+fwd)*8+f] == "" {
			add(f, r+fwd)
			if topPawn && r == start && b.on(f, r+2*fwd) && b.sq[(r+2*fwd)*8+f] == "" {
				add(f, r+2*fwd)
			}
		}
		for _, df := range []int{-1, 1} {
			if b.on(f+df, r+fwd) && b.sq[(r+fwd)*8+f+df] != "" {
				add(f+df, r+fwd)
			}
		}
	case 'n', 'k':
		for x := f - 2; x <= f+2; x++ {
			for y := r - 2; y <= r+2; y++ {
				if b.on(x, y) && b.reaches(t, white, s, y*8+x) {
					add(x, y)
				}
			}
		}
	default:
		for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if (t == 'r' && d[0] != 0 && d[1] != 0) || (t == 'b' && (d[0] == 0 || d[1] == 0)) {
				continue
			}
			for x, y := f+d[0], r+d[1]; b.on(x, y); x, y = x+d[0], y+d[1] {
				add(x, y)
				if b.sq[y*8+x] != "" {
					break
				}
			}
		}
	}
	return out
}

// pseudo lists the moves of the side to move before the king-safety test, one per effect,
// each counted as the lowest type that makes it.
func (b *pref) pseudo() []pmove {
	white := b.white
	type effect struct {
		from, to, k int
		promo       byte
		kind        string
	}
	best := map[effect]pmove{}
	add := func(m pmove) {
		e := effect{m.from, m.to, m.k, m.promo, m.kind}
		if o, ok := best[e]; !ok || prOrder[m.as] < prOrder[o.as] {
			best[e] = m
		}
	}
	lastRank := 0
	if white {
		lastRank = b.ranks - 1
	}
	for s := 0; s < 64; s++ {
		if !b.owns(s, white) {
			continue
		}
		st := b.sq[s]
		h := len(st)
		topPawn := prType(st[h-1]) == 'p'
		for k := 1; k <= h; k++ {
			part := st[h-k:]
			types := part[len(part)-1:]
			if b.combi && k >= 2 {
				types = part
			}
			for i := 0; i < len(types); i++ {
				t := prType(types[i])
				for _, to := range b.targets(s, t, topPawn && t == 'p') {
					m := pmove{from: s, to: to, k: k, kind: "n", as: t}
					if topPawn && prRank(to) == lastRank && (!b.alone || k == 1) {
						promos := "QRN"
						if b.big {
							promos = "QRBN"
						}
						for _, pr := range []byte(promos) {
							m.promo = pr
							add(m)
						}
						continue
					}
					start := 1
					if !white {
						start = b.ranks - 2
					}
					if topPawn && prFile(to) == prFile(s) && prRank(s) == start && (prRank(to)-prRank(s))*(prRank(to)-prRank(s)) == 4 && b.sq[to] == "" {
						m.kind = "d"
					}
					add(m)
				}
			}
			if topPawn && b.ep >= 0 {
				fwd := -1
				if white {
					fwd = 1
				}
				if prRank(b.ep) == prRank(s)+fwd && (prFile(b.ep)-prFile(s))*(prFile(b.ep)-prFile(s)) == 1 {
					add(pmove{from: s, to: b.ep, k: k, kind: "ep", as: 'p'})
				}
			}
		}
	}
	// Castling: king and rook alone at home, between and targets empty, king's path safe.
	type cdef struct{ right, king, to, rook, rookTo int }
	var cs []cdef
	if b.big {
		cs = []cdef{{0, 4, 6, 7, 5}, {1, 4, 2, 0, 3}, {2, 60, 62, 63, 61}, {3, 60, 58, 56, 59}}
	} else {
		cs = []cdef{{0, 3, 5, 5, 4}, {1, 3, 1, 0, 2}, {2, 43, 45, 45, 44}, {3, 43, 41, 40, 42}}
	}
	for _, c := range cs {
		if !b.castle[c.right] || (c.right < 2) != white {
			continue
		}
		k, r := "K", "R"
		if !white {
			k, r = "k", "r"
		}
		if b.sq[c.king] != k || b.sq[c.rook] != r {
			continue
		}
		ok := true
		lo, hi := min(c.king, c.rook, c.to, c.rookTo), max(c.king, c.rook, c.to, c.rookTo)
		for x := lo; x <= hi; x++ {
			if x != c.king && x != c.rook && b.sq[x] != "" {
				ok = false
			}
		}
		for x := min(c.king, c.to); x <= max(c.king, c.to); x++ {
			if b.attacked(x, !white) {
				ok = false
			}
		}
		if ok {
			add(pmove{from: c.king, to: c.to, k: 1, kind: "c", as: 'r', via: c.rook, via2: c.rookTo})
		}
	}
	var out []pmove
	for _, m := range best {
		out = append(out, m)
	}
	return out
}

// play returns the position after m.
func (b *pref) play(m pmove) *pref {
	n := *b
	white := b.white
	n.ep = -1
	n.die = -1
	n.white = !white
	rights := [2]int{2, 3}
	if white {
		rights = [2]int{0, 1}
	}
	homes := [4]int{7, 0, 63, 56} // rook homes of the rights K Q k q
	king := 4
	if !b.big {
		homes = [4]int{5, 0, 45, 40}
		king = 3
	}
	switch m.kind {
	case "pass":
		return &n
	case "c":
		n.sq[m.from], n.sq[m.via] = "", "" // the king may land where the rook stood
		n.sq[m.to], n.sq[m.via2] = b.sq[m.from], b.sq[m.via]
		for _, r := range rights {
			n.castle[r] = false
		}
		return &n
	}
	st := b.sq[m.from]
	part := st[len(st)-m.k:]
	n.sq[m.from] = st[:len(st)-m.k]
	if m.kind == "ep" {
		arr := m.to - 8
		if !white {
			arr = m.to + 8
		}
		n.sq[m.to] = b.sq[arr] + part
		n.sq[arr] = ""
	} else if m.promo != 0 {
		p := m.promo
		if !white {
			p = prType(p)
		}
		n.sq[m.to] = string(p)
	} else {
		n.sq[m.to] = b.sq[m.to] + part
	}
	if m.kind == "d" {
		n.ep = (m.from + m.to) / 2
	}
	blackKing := king + 56
	if !b.big {
		blackKing = king + 40
	}
	if m.from == king || m.from == blackKing {
		for r := 0; r < 4; r++ {
			if (r < 2) == (m.from < 8) {
				n.castle[r] = false
			}
		}
	}
	for r, home := range homes {
		if (home == m.from && n.sq[m.from] == "") || (home == m.to && m.promo != 0) {
			n.castle[r] = false
		}
	}
	return &n
}

// legal lists the legal moves of the side to move (the die not applied).
func (b *pref) legal() []pmove {
	var out []pmove
	for _, m := range b.pseudo() {
		n := b.play(m)
		if k := n.kingSq(b.white); k < 0 || !n.attacked(k, !b.white) {
			out = append(out, m)
		}
	}
	return out
}

func (b *pref) queenInDanger(white bool) bool {
	q := "q"
	if white {
		q = "Q"
	}
	for s := 0; s < 64; s++ {
		if b.owns(s, white) && strings.Contains(b.sq[s], q) && b.attacked(s, !white) {
			return true
		}
	}
	return false
}

// turn decides the position: over (with the reason), "roll", or the forced moves.
func (b *pref) turn() (over string, roll bool, moves []pmove) {
	over, roll, moves, _ = b.turnAll()
	return
}

// turnAll is turn and all legal moves.
func (b *pref) turnAll() (over string, roll bool, moves, all []pmove) {
	count := func(white bool) int {
		n := 0
		for s := 0; s < 64; s++ {
			if b.owns(s, white) {
				n++
			}
		}
		return n
	}
	for _, w := range []bool{true, false} {
		if count(w) == 1 && count(!w) >= 3 {
			return "lone king", false, nil, nil
		}
	}
	all = b.legal()
	check := b.attacked(b.kingSq(b.white), !b.white)
	if len(all) == 0 {
		if check {
			return "checkmate", false, nil, all
		}
		return "stalemate", false, nil, all
	}
	if b.nodice || check {
		return "", false, all, all
	}
	if b.queenInDanger(b.white) {
		var saving []pmove
		for _, m := range all {
			if !b.play(m).queenInDanger(b.white) {
				saving = append(saving, m)
			}
		}
		if len(saving) > 0 {
			return "", false, saving, all
		}
	}
	k := b.kingSq(b.white)
	for _, m := range all {
		if m.from != k || m.kind == "c" {
			return "", true, all, all
		}
	}
	return "", false, all, all
}

// rolled filters the moves for face f (an index into faces); pass when none.
func (b *pref) rolled(all []pmove, f int) []pmove {
	face := b.faces()[f]
	var out []pmove
	for _, m := range all {
		if face != '.' && prOrder[m.as] <= prOrder[face] {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		out = []pmove{{kind: "pass"}}
	}
	return out
}

// perft counts as PerftRules does: a ply is a move (a pass included), each face of a roll
// is a branch that costs no ply, a finished game has no children.
func (b *pref) perft(depth int) int64 {
	if depth == 0 {
		return 1
	}
	over, roll, moves := b.turn()
	if over != "" {
		return 0
	}
	if b.die >= 0 {
		moves = b.rolled(moves, b.die)
	} else if roll {
		var n int64
		for f := 0; f < 6; f++ {
			c := *b
			c.die = f
			n += c.perft(depth)
		}
		return n
	}
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		n += b.play(m).perft(depth - 1)
	}
	return n
}

// text writes the position in the package's position text format (move number left out).
func (b *pref) text() string {
	var sb strings.Builder
	for r := b.ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.files; f++ {
			st := b.sq[r*8+f]
			if st == "" {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			if len(st) > 1 {
				st = "(" + st + ")"
			}
			sb.WriteString(st)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(map[bool]string{true: " w ", false: " b "}[b.white])
	rights := ""
	for i, c := range "KQkq" {
		if b.castle[i] {
			rights += string(c)
		}
	}
	if rights == "" {
		rights = "-"
	}
	sb.WriteString(rights)
	if b.ep >= 0 {
		sb.WriteString(fmt.Sprintf(" %c%d", 'a'+b.ep%8, b.ep/8+1))
	} else {
		sb.WriteString(" -")
	}
	if b.die >= 0 {
		letters := "KQRNPX"
		if b.big {
			letters = "KQRBNP"
		}
		sb.WriteString(" " + letters[b.die:b.die+1])
	} else {
		sb.WriteString(" -")
	}
	return sb.String()
}
