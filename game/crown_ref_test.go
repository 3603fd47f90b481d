package game

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// An independent, slow Crown referee for perft: a board of FEN letters, moves as closures,
// every secret known and resolved on the spot. It shares nothing with the engine but the
// starting state, copied field by field from a loaded position.

type rcStone struct {
	sq           int
	mined, taken bool
}

type rcGame struct {
	kind    crownKind
	para    bool
	b       [64]byte
	side    int
	unmoved [2][4]bool // King e1, Dame d1, rook a1, rook h1 (rank 8 for Black)
	ep      int
	chosen  [2]bool
	crown   [2]int
	mon     [2][2]int
	lost    [2]bool
	stones  [2][3]rcStone
	nstones [2]int
	pres    [2]int
	hid     [2]bool
	hsq     [2]int
	proven  [2]uint64
	split   [2]bool
	half    [2]int
	over    bool
}

type rcMove struct {
	name string
	do   func(g *rcGame)
}

func rcColor(p byte) int {
	if p >= 'a' {
		return 1
	}
	return 0
}

func rcUpper(p byte) byte {
	if p >= 'a' {
		return p - 32
	}
	return p
}

func rcSq(f, r int) int            { return r*8 + f }
func rcIn(f, r int) bool           { return f >= 0 && f < 8 && r >= 0 && r < 8 }
func rcName(s int) string          { return string([]byte{byte('a' + s%8), byte('1' + s/8)}) }
func (g *rcGame) own(s int) bool   { return g.b[s] != 0 && rcColor(g.b[s]) == g.side }
func (g *rcGame) enemy(s int) bool { return g.b[s] != 0 && rcColor(g.b[s]) != g.side }

var rcKing = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// rcFrom copies the engine's loaded state.
func rcFrom(r *crownRules) *rcGame {
	g := &rcGame{kind: r.kind, para: r.para, side: int(r.pos.Side), ep: -1}
	for s := Square(0); s < 64; s++ {
		if pc := r.pos.At(s); pc != NoPiece {
			g.b[s] = r.pos.V.Letter(pc)
		}
	}
	if r.pos.EP != NoSquare {
		g.ep = int(r.pos.EP)
	}
	for i, cd := range r.pos.V.Castlings {
		if r.pos.Castle>>i&1 != 0 {
			g.unmoved[cd.Color][cd.Monarch-King] = true
			g.unmoved[cd.Color][2+cd.RookFrom.File()/7] = true
		}
	}
	for c := 0; c < 2; c++ {
		s := &r.side[c]
		g.chosen[c], g.crown[c], g.lost[c] = s.chosen, int(s.crown), s.lost
		for j := 0; j < 2; j++ {
			g.mon[c][j] = -1
			if s.mon[j] != NoSquare {
				g.mon[c][j] = int(s.mon[j])
			}
		}
		for _, x := range s.stones {
			if x.state != stoneReserve {
				g.stones[c][g.nstones[c]] = rcStone{int(x.sq), x.mined, x.state == stoneTaken}
				g.nstones[c]++
			}
		}
		g.pres[c] = int(s.para)
		g.hid[c], g.hsq[c], g.proven[c] = s.hid, int(s.hideSq), uint64(s.proven)
		g.split[c], g.half[c] = s.split, int(s.half)
	}
	g.over = r.out.Over()
	return g
}

func (g *rcGame) remaining(c int) int {
	if g.mon[c][0] >= 0 && g.mon[c][1] < 0 {
		return g.mon[c][0]
	}
	if g.mon[c][1] >= 0 && g.mon[c][0] < 0 {
		return g.mon[c][1]
	}
	return -1
}

func (g *rcGame) moves() []rcMove {
	var out []rcMove
	c := g.side
	add := func(name string, f func(g *rcGame)) { out = append(out, rcMove{name, f}) }
	if !g.chosen[c] {
		for j, l := range []string{"K", "D"} {
			if g.mon[c][j] >= 0 {
				j := j
				add("crown:"+l, func(g *rcGame) { g.chosen[g.side], g.crown[g.side] = true, j; g.side ^= 1 })
			}
		}
		return out
	}
	dir := 1 - 2*c
	for s := 0; s < 64; s++ {
		if !g.own(s) {
			continue
		}
		f, r := s%8, s/8
		from := s
		plain := func(to int, promo byte) {
			name := rcName(from) + rcName(to)
			if promo != 0 {
				name += string(promo + 32)
			}
			add(name, func(g *rcGame) { g.boardMove(from, to, promo) })
		}
		switch p := rcUpper(g.b[s]); p {
		case 'P':
			last := 7 * (1 - c)
			push := func(to int) {
				if to/8 == last {
					for _, pr := range []byte("FRBNKD") {
						plain(to, pr)
					}
				} else {
					plain(to, 0)
				}
			}
			if one := rcSq(f, r+dir); rcIn(f, r+dir) && g.b[one] == 0 {
				push(one)
				if two := rcSq(f, r+2*dir); r == 1+5*c && g.b[two] == 0 {
					plain(two, 0)
				}
			}
			for _, df := range []int{-1, 1} {
				if !rcIn(f+df, r+dir) {
					continue
				}
				to := rcSq(f+df, r+dir)
				if g.enemy(to) {
					push(to)
				} else if to == g.ep {
					add(rcName(from)+rcName(to), func(g *rcGame) { g.boardMove(from, to, 0) })
				}
			}
		case 'N':
			for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
				if rcIn(f+d[0], r+d[1]) && !g.own(rcSq(f+d[0], r+d[1])) {
					plain(rcSq(f+d[0], r+d[1]), 0)
				}
			}
		case 'B', 'R', 'F':
			for k, d := range rcKing {
				if p == 'B' && k < 4 || p == 'R' && k >= 4 {
					continue
				}
				for x, y := f+d[0], r+d[1]; rcIn(x, y); x, y = x+d[0], y+d[1] {
					if g.own(rcSq(x, y)) {
						break
					}
					plain(rcSq(x, y), 0)
					if g.b[rcSq(x, y)] != 0 {
						break
					}
				}
			}
		case 'K', 'D', 'O', 'X':
			for k, d := range rcKing {
				if p == 'O' && k >= 4 || p == 'X' && k < 4 {
					continue
				}
				if rcIn(f+d[0], r+d[1]) && !g.own(rcSq(f+d[0], r+d[1])) {
					plain(rcSq(f+d[0], r+d[1]), 0)
				}
			}
		case 'A':
			out = append(out, g.paraMoves(from)...)
		}
	}
	// Castling: monarch and rook unmoved, nothing between them.
	home := 56 * c
	for m, mf := range []int{4, 3} {
		for k, rf := range []int{0, 7} {
			if !g.unmoved[c][m] || !g.unmoved[c][2+k] || rcUpper(g.b[home+mf]) != "KD"[m] || rcUpper(g.b[home+rf]) != 'R' ||
				!g.own(home+mf) || !g.own(home+rf) {
				continue
			}
			clear := true
			for x := min(mf, rf) + 1; x < max(mf, rf); x++ {
				clear = clear && g.b[home+x] == 0
			}
			if !clear {
				continue
			}
			step := 1
			if rf < mf {
				step = -1
			}
			mFrom, mTo, rFrom, rTo := home+mf, home+mf+2*step, home+rf, home+mf+step
			add(rcName(mFrom)+rcName(mTo), func(g *rcGame) {
				mp, rp := g.b[mFrom], g.b[rFrom]
				g.b[mFrom], g.b[rFrom] = 0, 0
				g.b[mTo], g.b[rTo] = mp, rp
				g.touch(mFrom)
				g.touch(rFrom)
				g.follow(mFrom, mTo)
				g.ep = -1
				g.end(mTo, rTo)
			})
		}
	}
	var empty []int
	for s := 0; s < 64; s++ {
		if g.b[s] == 0 {
			empty = append(empty, s)
		}
	}
	if g.para && g.pres[c] > 0 {
		for _, s := range empty {
			s := s
			add("A@"+rcName(s), func(g *rcGame) {
				g.b[s] = "Aa"[g.side]
				g.pres[g.side]--
				g.ep = -1
				g.end(s, -1)
			})
		}
	}
	if !g.lost[c] {
		return out
	}
	switch g.kind {
	case crownStones:
		if g.nstones[c] == 3 {
			break
		}
		mined, unmined := 0, 0
		for _, x := range g.stones[c][:g.nstones[c]] {
			if x.mined {
				mined++
			} else {
				unmined++
			}
		}
		for _, s := range empty {
			for bit := 0; bit < 2; bit++ {
				if bit == 1 && mined > 0 || bit == 0 && unmined >= 2 {
					continue
				}
				s, bit := s, bit
				add(fmt.Sprintf("S@%s:%d", rcName(s), bit), func(g *rcGame) {
					c := g.side
					g.b[s] = "Ss"[c]
					g.stones[c][g.nstones[c]] = rcStone{sq: s, mined: bit == 1}
					g.nstones[c]++
					g.ep = -1
					g.end(s, -1)
				})
			}
		}
	case crownHidden:
		if g.hid[c] || g.remaining(c) < 0 {
			break
		}
		for _, s := range empty {
			s := s
			add("hide:"+strings.ToUpper(rcName(s)), func(g *rcGame) {
				c := g.side
				g.hid[c], g.hsq[c], g.mon[c] = true, s, [2]int{-1, -1}
				g.unmoved[c][0], g.unmoved[c][1] = false, false // an ordinary piece never castles
				g.proven[c] = 0
				for x := 0; x < 64; x++ {
					if g.b[x] != 0 {
						g.proven[c] |= 1 << x
					}
				}
				g.ep = -1
				g.side ^= 1
				g.judge()
			})
		}
	case crownSplit:
		m := g.remaining(c)
		if g.split[c] || m < 0 {
			break
		}
		for _, d := range rcKing {
			f, r := m%8+d[0], m/8+d[1]
			if !rcIn(f, r) || g.b[rcSq(f, r)] != 0 {
				continue
			}
			to := rcSq(f, r)
			for _, h := range []byte("OX") {
				for crowned := 0; crowned < 2; crowned++ {
					h, crowned := h, crowned
					add(fmt.Sprintf("%s%s%c:%c", rcName(m), rcName(to), h+32, "OX"[crowned]), func(g *rcGame) {
						c := g.side
						other := byte('O' + 'X' - h)
						lc := byte(32 * c)
						g.b[m], g.b[to] = other+lc, h+lc
						g.touch(m)
						g.split[c], g.half[c], g.mon[c] = true, crowned, [2]int{-1, -1}
						g.ep = -1
						g.end(to, -1)
					})
				}
			}
		}
	}
	return out
}

// paraMoves lists the paratrooper's two-step paths, one per effect.
func (g *rcGame) paraMoves(from int) []rcMove {
	type effect struct{ via, to int } // via: square taken on the first step, -1 none; to: -1 reserve
	seen := map[effect]bool{}
	var out []rcMove
	f0, r0 := from%8, from/8
	for _, d1 := range rcKing {
		f1, r1 := f0+d1[0], r0+d1[1]
		if !rcIn(f1, r1) {
			seen[effect{-1, -1}] = true
			continue
		}
		v := rcSq(f1, r1)
		for _, take := range []bool{false, true} {
			if take && !g.enemy(v) {
				continue
			}
			via := -1
			if take {
				via = v
			}
			for _, d2 := range rcKing {
				f2, r2 := f1+d2[0], r1+d2[1]
				if !rcIn(f2, r2) {
					seen[effect{via, -1}] = true
					continue
				}
				t := rcSq(f2, r2)
				switch {
				case t == from:
					if take {
						seen[effect{via, t}] = true
					}
				case !g.own(t):
					seen[effect{via, t}] = true
				}
			}
		}
	}
	for e := range seen {
		e := e
		name := rcName(from)
		if e.via >= 0 {
			name += rcName(e.via)
		}
		if e.to >= 0 {
			name += rcName(e.to)
		} else {
			name += "off"
		}
		out = append(out, rcMove{name, func(g *rcGame) {
			c := g.side
			at := from
			pc := g.b[from]
			g.touch(from)
			g.ep = -1
			if e.via >= 0 {
				victim := g.b[e.via]
				g.b[from], g.b[e.via] = 0, pc
				g.touch(e.via)
				at = e.via
				g.taken(victim, e.via)
				if g.over || g.b[e.via] != pc {
					g.side ^= 1
					g.judgeIfOn()
					return
				}
			}
			g.b[at] = 0
			if e.to < 0 {
				g.pres[c]++
				g.side ^= 1
				g.judgeIfOn()
				return
			}
			victim := g.b[e.to]
			g.b[e.to] = pc
			g.touch(e.to)
			if victim != 0 {
				g.taken(victim, e.to)
			}
			if g.over {
				return
			}
			g.end(e.to, -1)
		}})
	}
	return out
}

func (g *rcGame) judgeIfOn() {
	if !g.over {
		g.judge()
	}
}

// touch: a piece left or arrived on s, so whatever stood there unmoved has moved.
func (g *rcGame) touch(s int) {
	for c := 0; c < 2; c++ {
		for k, f := range []int{4, 3, 0, 7} {
			if s == 56*c+f {
				g.unmoved[c][k] = false
			}
		}
	}
}

func (g *rcGame) follow(from, to int) {
	for c := 0; c < 2; c++ {
		for j := range g.mon[c] {
			if g.mon[c][j] == from {
				g.mon[c][j] = to
			}
		}
	}
}

// boardMove is a pawn or piece move, with en passant and promotion.
func (g *rcGame) boardMove(from, to int, promo byte) {
	pc := g.b[from]
	capSq := to
	if rcUpper(pc) == 'P' && to == g.ep && from%8 != to%8 {
		capSq = to%8 + from/8*8
	}
	victim := g.b[capSq]
	g.b[capSq], g.b[from] = 0, 0
	if promo != 0 {
		pc = promo + byte(32*g.side)
	}
	g.b[to] = pc
	g.touch(from)
	g.touch(to)
	g.follow(from, to)
	g.ep = -1
	if rcUpper(pc) == 'P' && (to-from == 16 || from-to == 16) {
		g.ep = (from + to) / 2
	}
	if victim != 0 {
		g.taken(victim, capSq)
		if g.over {
			return
		}
	}
	if g.b[to] == 0 { // blown up on a mine
		g.side ^= 1
		g.judge()
		return
	}
	g.end(to, -1)
}

// taken resolves a capture on s by the piece now standing there.
func (g *rcGame) taken(victim byte, s int) {
	o := rcColor(victim)
	switch rcUpper(victim) {
	case 'S':
		for i := range g.stones[o][:g.nstones[o]] {
			x := &g.stones[o][i]
			if x.sq == s && !x.taken {
				x.taken = true
				if x.mined {
					capturer := g.b[s]
					g.b[s] = 0
					g.taken(capturer, s)
				}
				return
			}
		}
	case 'K', 'D':
		j := strings.IndexByte("KD", rcUpper(victim))
		if g.mon[o][j] != s {
			return
		}
		g.mon[o][j] = -1
		if g.crown[o] == j {
			g.over = true
		} else {
			g.lost[o] = true
		}
	case 'O', 'X':
		if g.split[o] && g.half[o] == strings.IndexByte("OX", rcUpper(victim)) {
			g.over = true
		}
	}
}

// end finishes a move that ended on a (and b): hidden crowns there decide, the mover's
// own first; then the side to move is judged.
func (g *rcGame) end(a, b int) {
	mover := g.side
	for _, s := range []int{a, b} {
		if s < 0 {
			continue
		}
		for _, h := range []int{mover, 1 - mover} {
			if !g.hid[h] || g.proven[h]>>s&1 != 0 {
				continue
			}
			if g.hsq[h] == s {
				g.over = true
				return
			}
			g.proven[h] |= 1 << s
		}
	}
	g.side ^= 1
	g.judge()
}

func (g *rcGame) judge() {
	if len(g.moves()) == 0 {
		g.over = true
	}
}

func (g *rcGame) copy() *rcGame {
	c := *g
	return &c
}

func rcPerft(g *rcGame, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if g.over {
		return 0
	}
	ms := g.moves()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		c := g.copy()
		m.do(c)
		n += rcPerft(c, depth-1)
	}
	return n
}

// crownDivide compares the engine and the reference move by move, for messages.
func crownDivide(t *testing.T, r *crownRules, g *rcGame, depth int) string {
	eng := map[string]int64{}
	for _, m := range r.Moves(r.pos.Side, nil) {
		name := crownUCI(m)
		if crownHasSecret(m) {
			name += ":" + crownSecretText(m)
		}
		c := r.clone()
		c.Apply(Input{Kind: InputMove, Player: r.pos.Side, Move: m})
		crownAnswer(t, c)
		n, _ := PerftRules(c, depth-1)
		eng[name] = n
	}
	ref := map[string]int64{}
	for _, m := range g.moves() {
		c := g.copy()
		m.do(c)
		ref[m.name] = rcPerft(c, depth-1)
	}
	var diffs []string
	for k, v := range eng {
		if ref[k] != v {
			diffs = append(diffs, fmt.Sprintf("%s: engine %d, reference %d", k, v, ref[k]))
		}
	}
	for k, v := range ref {
		if _, ok := eng[k]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s: engine -, reference %d", k, v))
		}
	}
	sort.Strings(diffs)
	return strings.Join(diffs, "\n")
}

// TestCrownPerftReference: PerftRules on the referee agrees with the reference on
// positions that exercise each rule, and with the counts recorded here.
func TestCrownPerftReference(t *testing.T) {
	for _, c := range []struct {
		opts, text string
		depth      int
		nodes      int64
	}{
		// The start: two choices each, then the opening (the Dames step, castling waits).
		{"", "", 4, 1600},
		// Both monarchs and both rooks castle; promotions to six pieces; en passant.
		{"", "r2dk2r/1P4pp/8/3pP3/8/8/6PP/R2DK2R w KDAHkdah d6 0 1 crown=dk", 3, 31794},
		{"", "4k3/8/8/8/B7/8/8/3dK3 w - - 0 1 crown=kd monarchs=e1/e8d1", 3, 1205},
		// Crown-2: placements with mine bits, a mined stone in reach of several pieces.
		{"kind=stones", "4k3/8/3s4/2P1s3/3N4/8/8/3DK3 w - - 0 10 crown=kK monarchs=e1d1/e8 lost=b stones=rrr/d6me5ur", 3, 20309},
		{"kind=stones", "4k3/8/8/8/8/8/1s6/K7 b - - 0 10 crown=kK monarchs=a1/e8 lost=b stones=rrr/b2urr", 3, 25696},
		// Crown-3: hide, then moves landing on unproven squares.
		{"kind=hidden", "4k3/8/8/8/8/8/5r2/4K2R w KH - 0 10 crown=Kk monarchs=e1/e8 lost=w", 3, 35306},
		{"kind=hidden", "4k3/8/8/8/8/8/5r2/4K2R b - - 0 10 crown=Kk monarchs=-/e8 lost=w hide=f1/- proven=0000000000002090/-", 3, 3756},
		// Crown-4: split and the halves.
		{"kind=split", "4k3/8/8/8/3rK3/8/8/8 w - - 0 10 crown=Kk monarchs=e4/e8 lost=w", 3, 7780},
		{"kind=split", "4k3/8/8/8/3rO3/5X2/8/8 b - - 0 10 crown=Kk monarchs=-/e8 lost=w split=x/-", 3, 1845},
		// Paratroopers: captures on both steps, jumps, the reserve, drops.
		{"paratrooper=on", "4k3/8/5n2/4p3/3PA3/8/8/4K3 w - - 0 10 crown=kk para=01", 3, 86825},
		{"paratrooper=on", "3dk3/3A4/8/8/8/8/1a6/3DK3 w - - 0 10 crown=kd para=00", 3, 26819},
		{"kind=stones paratrooper=on", "4k3/8/8/4s3/4A3/8/8/3DK3 w - - 0 10 crown=kK monarchs=e1d1/e8 lost=b stones=rrr/e5mrr para=01", 3, 144024},
		{"kind=hidden paratrooper=on", "4k3/8/8/8/8/8/8/4K3 w - - 0 10 crown=Kk monarchs=-/e8 lost=w hide=c5/- proven=1000000000000010/- para=11", 2, 4361},
	} {
		r := crownLoad(t, c.opts, c.text)
		g := rcFrom(r)
		got, err := PerftRules(r, c.depth)
		if err != nil {
			t.Fatalf("%s %q: %v", c.opts, c.text, err)
		}
		want := rcPerft(g, c.depth)
		if want != c.nodes {
			t.Errorf("%s %q depth %d: reference %d, recorded %d", c.opts, c.text, c.depth, want, c.nodes)
		}
		if got != want {
			t.Errorf("%s %q depth %d: engine %d, reference %d\n%s", c.opts, c.text, c.depth, got, want, crownDivide(t, r, g, c.depth))
		}
	}
}

// TestCrownPerftRandomPositions compares the engine and the reference to depth 2 on
// states reached by random play of every combination.
func TestCrownPerftRandomPositions(t *testing.T) {
	n := 0
	for _, opts := range crownCombos {
		for seed := uint64(100); seed < 110; seed++ {
			k := 0
			crownPlayRandom(t, opts, seed, 200, map[string]int{}, func(g *Game) {
				r := g.Rules().(*crownRules)
				if k++; k%3 != 0 || r.Next().Kind != StepMove || r.pos.Halfmove > 140 {
					return
				}
				got, err := PerftRules(r, 2)
				if err != nil {
					t.Fatal(err)
				}
				rg := rcFrom(r)
				if want := rcPerft(rg, 2); got != want {
					t.Fatalf("%v %s: engine %d, reference %d\n%s", opts, r.Text(), got, want, crownDivide(t, r, rg, 2))
				}
				n++
			})
		}
	}
	if n < 500 {
		t.Fatalf("only %d positions compared", n)
	}
	t.Logf("%d positions compared", n)
}
