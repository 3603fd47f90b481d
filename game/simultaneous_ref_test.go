package game

import (
	"fmt"
	"strconv"
	"strings"
)

// A slow, independent generator for simultaneous chess, written from RULES.md §5 alone:
// an 8×8 array of FEN letters, loops over directions, no bitboards and nothing from the
// package's move generator or resolution. Perft counts joint moves with it.

type sref struct {
	sq         [8][8]byte // [rank][file]: FEN letters, 0 for empty
	rest       [8][8]bool
	castle     [4]bool   // K Q k q
	pool       [2][]byte // upper-case letters of each side's pool
	half, turn int
	passes     int
	noprogress int
	over       bool
}

type srefMove struct {
	pass           bool
	fr, ff, tr, tf int
	promo          byte // upper-case letter
	castle         int  // 1 king side, 2 queen side
}

func (m srefMove) uci() string {
	if m.pass {
		return "0000"
	}
	s := fmt.Sprintf("%c%d%c%d", 'a'+m.ff, m.fr+1, 'a'+m.tf, m.tr+1)
	if m.promo != 0 {
		s += string(m.promo + 'a' - 'A')
	}
	return s
}

func srefWhite(c byte) bool { return c >= 'A' && c <= 'Z' }
func srefUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
func srefIn(r, f int) bool { return r >= 0 && r < 8 && f >= 0 && f < 8 }

// srefParse reads "board w castling - half turn [resting pools passes]".
func srefParse(text string, noprogress int) (*sref, error) {
	f := strings.Fields(text)
	if len(f) != 6 && len(f) != 9 {
		return nil, fmt.Errorf("ref: want 6 or 9 fields")
	}
	b := &sref{noprogress: noprogress}
	rows := strings.Split(f[0], "/")
	for i, row := range rows {
		fl := 0
		for j := 0; j < len(row); j++ {
			if row[j] >= '1' && row[j] <= '8' {
				fl += int(row[j] - '0')
			} else {
				b.sq[7-i][fl] = row[j]
				fl++
			}
		}
	}
	for _, c := range f[2] {
		if i := strings.IndexRune("KQkq", c); i >= 0 {
			b.castle[i] = true
		}
	}
	b.half, _ = strconv.Atoi(f[4])
	b.turn, _ = strconv.Atoi(f[5])
	if len(f) == 9 {
		if f[6] != "-" {
			for _, s := range strings.Split(f[6], ",") {
				b.rest[s[1]-'1'][s[0]-'a'] = true
			}
		}
		if f[7] != "-" {
			for i := 0; i < len(f[7]); i++ {
				c := f[7][i]
				if srefWhite(c) {
					b.pool[0] = append(b.pool[0], c)
				} else {
					b.pool[1] = append(b.pool[1], srefUpper(c))
				}
			}
		}
		b.passes, _ = strconv.Atoi(f[8])
	}
	b.judge()
	return b, nil
}

func (b *sref) own(r, f int, white bool) bool {
	return b.sq[r][f] != 0 && srefWhite(b.sq[r][f]) == white
}

// reach lists the squares the piece on (r, f) moves to or attacks, own pieces included.
func (b *sref) reach(r, f int) [][2]int {
	c := b.sq[r][f]
	white := srefWhite(c)
	var out [][2]int
	add := func(tr, tf int) {
		if srefIn(tr, tf) {
			out = append(out, [2]int{tr, tf})
		}
	}
	switch srefUpper(c) {
	case 'P':
		dir, start := 1, 1
		if !white {
			dir, start = -1, 6
		}
		add(r+dir, f)
		add(r+dir, f-1)
		add(r+dir, f+1)
		if r == start && b.sq[r+dir][f] == 0 {
			add(r+2*dir, f)
		}
	case 'N':
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(r+d[0], f+d[1])
		}
	case 'K':
		for dr := -1; dr <= 1; dr++ {
			for df := -1; df <= 1; df++ {
				if dr != 0 || df != 0 {
					add(r+dr, f+df)
				}
			}
		}
	default:
		var dirs [][2]int
		if u := srefUpper(c); u == 'R' || u == 'Q' {
			dirs = append(dirs, [2]int{1, 0}, [2]int{-1, 0}, [2]int{0, 1}, [2]int{0, -1})
		}
		if u := srefUpper(c); u == 'B' || u == 'Q' {
			dirs = append(dirs, [2]int{1, 1}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{-1, -1})
		}
		for _, d := range dirs {
			for tr, tf := r+d[0], f+d[1]; srefIn(tr, tf); tr, tf = tr+d[0], tf+d[1] {
				out = append(out, [2]int{tr, tf})
				if b.sq[tr][tf] != 0 {
					break
				}
			}
		}
	}
	return out
}

// attacked: does a piece of that colour, not its king, reach (r, f)?
func (b *sref) attacked(r, f int, byWhite bool) bool {
	for ar := 0; ar < 8; ar++ {
		for af := 0; af < 8; af++ {
			if !b.own(ar, af, byWhite) || srefUpper(b.sq[ar][af]) == 'K' {
				continue
			}
			for _, s := range b.reach(ar, af) {
				if s == [2]int{r, f} {
					return true
				}
			}
		}
	}
	return false
}

func (b *sref) poolHas(white bool, t byte) bool {
	i := 1
	if white {
		i = 0
	}
	return strings.IndexByte(string(b.pool[i]), t) >= 0
}

func (b *sref) moves(white bool) []srefMove {
	if b.over {
		return nil
	}
	var ms []srefMove
	last := 7
	if !white {
		last = 0
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if !b.own(r, f, white) || b.rest[r][f] {
				continue
			}
			kind := srefUpper(b.sq[r][f])
			for _, s := range b.reach(r, f) {
				if b.own(s[0], s[1], white) {
					continue
				}
				m := srefMove{fr: r, ff: f, tr: s[0], tf: s[1]}
				switch {
				case kind == 'K' && b.attacked(s[0], s[1], !white):
				case kind == 'P' && s[0] == last:
					for _, t := range []byte("QRBN") {
						if b.poolHas(white, t) {
							m.promo = t
							ms = append(ms, m)
						}
					}
				default:
					ms = append(ms, m)
				}
			}
		}
	}
	// Castling: rights, pieces at home and not resting, empty between, king's path safe.
	home := 0
	k, rk, i := byte('K'), byte('R'), 0
	if !white {
		home, k, rk, i = 7, 'k', 'r', 2
	}
	for side, c := range []struct{ rookF, kingT, rookT int }{{7, 6, 5}, {0, 2, 3}} {
		if !b.castle[i+side] || b.sq[home][4] != k || b.sq[home][c.rookF] != rk || b.rest[home][4] || b.rest[home][c.rookF] {
			continue
		}
		ok := true
		lo, hi := min(4, c.rookF)+1, max(4, c.rookF)-1
		for x := lo; x <= hi; x++ {
			ok = ok && b.sq[home][x] == 0
		}
		for x := min(4, c.kingT); x <= max(4, c.kingT); x++ {
			ok = ok && !b.attacked(home, x, !white)
		}
		if ok {
			ms = append(ms, srefMove{fr: home, ff: 4, tr: home, tf: c.kingT, castle: side + 1})
		}
	}
	return append(ms, srefMove{pass: true})
}

type srefDisp struct {
	fr, ff, tr, tf int
	pc             byte
}

// play resolves one turn by the letter of RULES §5.7.
func (b sref) play(w, bl srefMove) sref {
	var ds [2][]srefDisp
	pawn, capture := false, false
	for i, m := range []srefMove{w, bl} {
		if m.pass {
			continue
		}
		if m.castle != 0 {
			rf, rt := 7, 5
			if m.castle == 2 {
				rf, rt = 0, 3
			}
			ds[i] = append(ds[i], srefDisp{m.fr, m.ff, m.tr, m.tf, b.sq[m.fr][m.ff]}, srefDisp{m.fr, rf, m.fr, rt, b.sq[m.fr][rf]})
			continue
		}
		pc := b.sq[m.fr][m.ff]
		if srefUpper(pc) == 'P' {
			pawn = true
		}
		if m.promo != 0 {
			j := strings.IndexByte(string(b.pool[i]), m.promo)
			b.pool[i] = append(append([]byte(nil), b.pool[i][:j]...), b.pool[i][j+1:]...)
			pc = m.promo
			if i == 1 {
				pc += 'a' - 'A'
			}
		}
		ds[i] = append(ds[i], srefDisp{m.fr, m.ff, m.tr, m.tf, pc})
	}
	var arrive [2][8][8]byte
	for i := range ds {
		for _, d := range ds[i] {
			b.sq[d.fr][d.ff] = 0
			arrive[i][d.tr][d.tf] = d.pc
		}
	}
	lose := func(pc byte) {
		capture = true
		if u := srefUpper(pc); strings.IndexByte("NBRQ", u) >= 0 {
			i := 0
			if !srefWhite(pc) {
				i = 1
			}
			b.pool[i] = append(append([]byte(nil), b.pool[i]...), u)
		}
	}
	var rest [8][8]bool
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			wp, bp := arrive[0][r][f], arrive[1][r][f]
			switch {
			case wp != 0 && bp != 0:
				if (r+f)%2 == 1 { // light: White's piece stays
					b.sq[r][f] = wp
					lose(bp)
				} else {
					b.sq[r][f] = bp
					lose(wp)
				}
				rest[r][f] = true
			case wp != 0 || bp != 0:
				if b.sq[r][f] != 0 {
					lose(b.sq[r][f])
				}
				b.sq[r][f] = wp | bp
				rest[r][f] = true
			}
		}
	}
	b.rest = rest
	for i := range ds {
		for _, d := range ds[i] {
			refDropRights(&b.castle, d.fr, d.ff)
			refDropRights(&b.castle, d.tr, d.tf)
		}
	}
	if pawn || capture {
		b.half = 0
	} else {
		b.half++
	}
	b.turn++
	if w.pass && bl.pass {
		b.passes++
	} else {
		b.passes = 0
	}
	b.judge()
	return b
}

func (b *sref) judge() {
	kings := 0
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if srefUpper(b.sq[r][f]) == 'K' {
				kings++
			}
		}
	}
	b.over = kings < 2 || b.passes >= 2 || (b.noprogress > 0 && b.half >= b.noprogress)
}

func (b *sref) perft(depth int) int64 {
	if depth == 0 {
		return 1
	}
	if b.over {
		return 0
	}
	ws, bs := b.moves(true), b.moves(false)
	if depth == 1 {
		return int64(len(ws)) * int64(len(bs))
	}
	var n int64
	for _, w := range ws {
		for _, bl := range bs {
			c := b.play(w, bl)
			n += c.perft(depth - 1)
		}
	}
	return n
}
