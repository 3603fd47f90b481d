package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Reading the Crown position text (the format is described in crown_text.go).

// parseCrownCastle reads the castling field: every pair of a listed monarch and a listed
// rook of one colour may castle; the pieces must stand on their start squares.
func parseCrownCastle(p *Position, f string) error {
	p.Castle = 0
	if f == "-" {
		return nil
	}
	if len(f) > 8 {
		return fmt.Errorf("crown text: castling field %q too long", f)
	}
	var unmoved [2][4]bool
	for i := 0; i < len(f); i++ {
		ch := f[i]
		c := White
		if ch >= 'a' && ch <= 'z' {
			c, ch = Black, ch-('a'-'A')
		}
		k := strings.IndexByte("KDAH", ch)
		if k < 0 {
			return fmt.Errorf("crown text: castling field: unknown letter %q (want K, D, A, H, lower case for Black)", f[i])
		}
		if unmoved[c][k] {
			return fmt.Errorf("crown text: castling field: %q twice", f[i])
		}
		unmoved[c][k] = true
		rank := 7 * int(c)
		sq, want := Sq([4]int{4, 3, 0, 7}[k], rank), [4]PieceType{King, Dame, Rook, Rook}[k]
		if p.board[sq] != MakePiece(c, want) {
			return fmt.Errorf("crown text: castling field: %q but no %v %s on %v", f[i], c, p.V.Pieces[want].Name, sq)
		}
	}
	for i, cd := range p.V.Castlings {
		m := 0
		if cd.Monarch == Dame {
			m = 1
		}
		rk := 2
		if cd.RookFrom.File() == 7 {
			rk = 3
		}
		if unmoved[cd.Color][m] && unmoved[cd.Color][rk] {
			p.Castle |= 1 << i
		}
	}
	return nil
}

// loadCrown is Variant.Load for Crown: the position text ("" for the start).
func loadCrown(v *Variant, text string) (Rules, error) {
	if text == "" {
		text = v.Start
	}
	r, err := parseCrown(v, text)
	if err != nil {
		return nil, err
	}
	switch {
	case r.out.Over() || r.pend.n > 0:
		r.reps = append(r.reps, r.Hash())
	case r.pend.empty():
		r.reps = append(r.reps, r.Hash())
		r.judge()
	default:
		r.settle() // a paratrooper's step or hidden-crown checks wait for nothing: do them
	}
	return r, nil
}

func crownOptions(v *Variant) (crownKind, bool) {
	kind := crownKind(max(0, slices.Index(crownKindNames[:], v.Options["kind"])))
	return kind, v.Options["paratrooper"] == "on"
}

// parseCrown reads a position text; errors name the field and what is wrong.
func parseCrown(v *Variant, text string) (*crownRules, error) {
	if len(text) > MaxTextLen {
		return nil, fmt.Errorf("crown text: %d bytes, more than %d", len(text), MaxTextLen)
	}
	f := strings.Fields(text)
	if len(f) < 4 {
		return nil, fmt.Errorf("crown text: %d fields, want at least board side castling en-passant", len(f))
	}
	r := &crownRules{holds: [2]bool{true, true}}
	r.side[White].hideSq, r.side[Black].hideSq = NoSquare, NoSquare
	r.kind, r.para = crownOptions(v)
	r.pend.clear()
	p := &r.pos
	*p = Position{V: v, EP: NoSquare, Fullmove: 1}
	if err := p.parseBoard(f[0]); err != nil {
		return nil, fmt.Errorf("crown text: %w", err)
	}
	side, ok := parseSide(f[1])
	if !ok {
		return nil, fmt.Errorf("crown text: side to move %q, want w or b", f[1])
	}
	p.Side = side
	if err := parseCrownCastle(p, f[2]); err != nil {
		return nil, err
	}
	if f[3] != "-" {
		s, err := ParseSquare(f[3])
		want := v.epRank(p.Side)
		if err != nil || s.Rank() != want {
			return nil, fmt.Errorf("crown text: en-passant square %q is not on rank %d", f[3], want+1)
		}
		p.EP = s
	}
	rest := f[4:]
	for i, name := range []string{"halfmove clock", "move number"} {
		if len(rest) == 0 || strings.Contains(rest[0], "=") {
			break
		}
		n, ok := parseClock(rest[0], i)
		if !ok {
			return nil, fmt.Errorf("crown text: %s %q, want a number %d–10000", name, rest[0], i)
		}
		if i == 0 {
			p.Halfmove = n
		} else {
			p.Fullmove = n
		}
		rest = rest[1:]
	}
	fields := map[string]string{}
	for _, kv := range rest {
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("crown text: field %q, want key=value", kv)
		}
		if _, dup := fields[k]; dup {
			return nil, fmt.Errorf("crown text: field %s given twice", k)
		}
		fields[k] = val
	}
	if err := r.parseFields(fields); err != nil {
		return nil, err
	}
	if err := r.validate(); err != nil {
		return nil, err
	}
	p.hash = p.computeHash()
	return r, nil
}

// crownFieldKinds says which game kind each field belongs to (-1: every kind).
var crownFieldKinds = map[string]int{
	"crown": -1, "monarchs": -1, "lost": -1, "pending": -1, "over": -1, "para": -1,
	"stones": int(crownStones), "hide": int(crownHidden), "proven": int(crownHidden), "split": int(crownSplit),
}

func (r *crownRules) parseFields(fields map[string]string) error {
	p := &r.pos
	for k := range fields {
		kind, ok := crownFieldKinds[k]
		if !ok {
			return fmt.Errorf("crown text: unknown field %q", k)
		}
		if kind >= 0 && crownKind(kind) != r.kind {
			return fmt.Errorf("crown text: field %s needs kind=%s", k, crownKindNames[kind])
		}
		if k == "para" && !r.para {
			return fmt.Errorf("crown text: field para needs paratrooper=on")
		}
	}
	// crown
	cr, ok := fields["crown"]
	if !ok {
		cr = "--"
	}
	if len(cr) != 2 {
		return fmt.Errorf("crown text: crown=%q, want two marks (White's, Black's)", cr)
	}
	for c := White; c <= Black; c++ {
		s := &r.side[c]
		switch ch := cr[c]; ch {
		case '-':
		case '?':
			s.chosen = true
		case 'k', 'd', 'K', 'D':
			s.chosen, s.crownKnown = true, true
			s.crown = uint8(strings.IndexByte("kd", ch|0x20))
			s.crownPublic = ch < 'a'
		default:
			return fmt.Errorf("crown text: crown=%q: mark %q, want - ? k d K D", cr, ch)
		}
	}
	// monarchs
	if mv, ok := fields["monarchs"]; ok {
		parts, err := twoParts("monarchs", mv)
		if err != nil {
			return err
		}
		for c := White; c <= Black; c++ {
			s := &r.side[c]
			s.mon = [2]Square{NoSquare, NoSquare}
			if parts[c] == "-" {
				continue
			}
			sqs, err := squareList("monarchs", parts[c], 2)
			if err != nil {
				return err
			}
			for _, sq := range sqs {
				pc := p.board[sq]
				if pc.Color() != c || (pc.Type() != King && pc.Type() != Dame) || pc == NoPiece {
					return fmt.Errorf("crown text: monarchs: no %v King or Dame on %v", c, sq)
				}
				j := pc.Type() - King
				if s.mon[j] != NoSquare {
					return fmt.Errorf("crown text: monarchs: two starting %ss of %v", crownMonarchNames[j], c)
				}
				s.mon[j] = sq
			}
		}
	} else {
		for c := White; c <= Black; c++ {
			s := &r.side[c]
			for j, t := range [2]PieceType{King, Dame} {
				s.mon[j] = NoSquare
				switch b := p.Pieces(c, t); b.Count() {
				case 0:
				case 1:
					s.mon[j] = b.First()
				default:
					return fmt.Errorf("crown text: %v has %d %ss: say which is the starting one with monarchs=", c, b.Count(), crownMonarchNames[j])
				}
			}
		}
	}
	// lost
	if lv, ok := fields["lost"]; ok {
		switch lv {
		case "w":
			r.side[White].lost = true
		case "b":
			r.side[Black].lost = true
		case "wb":
			r.side[White].lost, r.side[Black].lost = true, true
		default:
			return fmt.Errorf("crown text: lost=%q, want w, b or wb", lv)
		}
	}
	if r.kind == crownStones {
		if err := r.parseStones(fields["stones"]); err != nil {
			return err
		}
	}
	if r.kind == crownHidden {
		if err := r.parseHide(fields["hide"], fields["proven"]); err != nil {
			return err
		}
	}
	if sv, ok := fields["split"]; ok {
		parts, err := twoParts("split", sv)
		if err != nil {
			return err
		}
		for c := White; c <= Black; c++ {
			s := &r.side[c]
			switch x := parts[c]; x {
			case "-":
			case "?":
				s.split = true
			case "o", "x", "O", "X":
				s.split, s.halfKnown, s.halfPublic = true, true, x[0] < 'a'
				s.half = uint8(strings.IndexByte("ox", x[0]|0x20))
			default:
				return fmt.Errorf("crown text: split=%q: %q, want - ? o x O X", sv, x)
			}
		}
	}
	if r.para {
		pv, ok := fields["para"]
		if !ok {
			pv = fmt.Sprintf("%d%d", 1-min(1, p.Pieces(White, Para).Count()), 1-min(1, p.Pieces(Black, Para).Count()))
		}
		if len(pv) != 2 || pv[0] < '0' || pv[0] > '1' || pv[1] < '0' || pv[1] > '1' {
			return fmt.Errorf("crown text: para=%q, want two digits 0 or 1", pv)
		}
		r.side[White].para, r.side[Black].para = pv[0]-'0', pv[1]-'0'
	}
	if pv, ok := fields["pending"]; ok {
		if err := r.parsePending(pv); err != nil {
			return err
		}
	}
	if ov, ok := fields["over"]; ok {
		res, why, ok := strings.Cut(ov, ":")
		why = strings.ReplaceAll(why, "_", " ")
		i := slices.Index([]string{"1-0", "0-1", "1/2-1/2"}, res)
		if !ok || i < 0 || slices.Index(crownReasons, why) < 0 {
			return fmt.Errorf("crown text: over=%q, want result:reason", ov)
		}
		r.out = Outcome{Result(i + 1), why}
	}
	return nil
}

func twoParts(key, val string) ([2]string, error) {
	a, b, ok := strings.Cut(val, "/")
	if !ok || a == "" || b == "" {
		return [2]string{}, fmt.Errorf("crown text: %s=%q, want White's part/Black's part", key, val)
	}
	return [2]string{a, b}, nil
}

func squareList(key, s string, max int) ([]Square, error) {
	if len(s)%2 != 0 || len(s)/2 > max {
		return nil, fmt.Errorf("crown text: %s: %q is not a list of at most %d squares", key, s, max)
	}
	var out []Square
	for i := 0; i < len(s); i += 2 {
		sq, err := ParseSquare(s[i : i+2])
		if err != nil {
			return nil, fmt.Errorf("crown text: %s: %v", key, err)
		}
		out = append(out, sq)
	}
	return out, nil
}

func (r *crownRules) parseStones(val string) error {
	p := &r.pos
	if val == "" {
		val = "rrr/rrr"
	}
	parts, err := twoParts("stones", val)
	if err != nil {
		return err
	}
	for c := White; c <= Black; c++ {
		s := &r.side[c]
		t := parts[c]
		n := 0
		var onBoard Bitboard
		for len(t) > 0 {
			if n == crownStoneCount {
				return fmt.Errorf("crown text: stones: %v has more than %d", c, crownStoneCount)
			}
			x := crownStone{}
			switch {
			case t[0] == 'r':
				t = t[1:]
			default:
				taken := t[0] == 'x'
				if taken {
					t = t[1:]
				}
				if len(t) < 3 {
					return fmt.Errorf("crown text: stones: %q: want square and mark", parts[c])
				}
				sq, err := ParseSquare(t[:2])
				if err != nil {
					return fmt.Errorf("crown text: stones: %v", err)
				}
				k := strings.IndexByte("?umUM", t[2])
				if k < 0 {
					return fmt.Errorf("crown text: stones: mark %q, want ? u m U M", t[2])
				}
				x = crownStone{state: stoneBoard, sq: sq, known: k > 0, public: k > 2, mined: k == 2 || k == 4}
				if taken {
					x.state = stoneTaken
				} else {
					if onBoard.Has(sq) {
						return fmt.Errorf("crown text: stones: %v twice", sq)
					}
					onBoard |= Bit(sq)
				}
				t = t[3:]
			}
			s.stones[n] = x
			n++
		}
		if n != crownStoneCount {
			return fmt.Errorf("crown text: stones: %v has %d slots, want %d", c, n, crownStoneCount)
		}
		if onBoard != p.Pieces(c, Stone) {
			return fmt.Errorf("crown text: stones: %v's stones on the board do not match the list", c)
		}
		mined, unmined := 0, 0
		for _, x := range s.stones {
			if x.known && x.mined {
				mined++
			} else if x.known {
				unmined++
			}
		}
		if mined > 1 || unmined > crownStoneCount-1 {
			return fmt.Errorf("crown text: stones: %v must have exactly one mined stone", c)
		}
	}
	return nil
}

func (r *crownRules) parseHide(hv, pv string) error {
	if hv == "" {
		hv = "-/-"
	}
	if pv == "" {
		pv = "-/-"
	}
	hp, err := twoParts("hide", hv)
	if err != nil {
		return err
	}
	pp, err := twoParts("proven", pv)
	if err != nil {
		return err
	}
	for c := White; c <= Black; c++ {
		s := &r.side[c]
		s.hideSq = NoSquare
		switch x := hp[c]; {
		case x == "-":
		case x == "?":
			s.hid = true
		default:
			pub := strings.HasSuffix(x, "!")
			sq, err := ParseSquare(strings.TrimSuffix(x, "!"))
			if err != nil {
				return fmt.Errorf("crown text: hide: %v", err)
			}
			s.hid, s.hideSq, s.hideKnown, s.hidePublic = true, sq, true, pub
		}
		if pp[c] == "-" {
			if s.hid {
				return fmt.Errorf("crown text: proven: %v hid its crown but has no map", c)
			}
			continue
		}
		if !s.hid {
			return fmt.Errorf("crown text: proven: %v has not hidden its crown", c)
		}
		b, err := strconv.ParseUint(pp[c], 16, 64)
		if err != nil || len(pp[c]) != 16 {
			return fmt.Errorf("crown text: proven: %q, want 16 hex digits", pp[c])
		}
		s.proven = Bitboard(b)
		if s.hideKnown && s.proven.Has(s.hideSq) {
			return fmt.Errorf("crown text: %v's hidden square %v is proven empty", c, s.hideSq)
		}
	}
	return nil
}

func (r *crownRules) parsePending(val string) error {
	for _, it := range strings.Split(val, ",") {
		if it == "" {
			return fmt.Errorf("crown text: pending: empty item")
		}
		bad := fmt.Errorf("crown text: pending: bad item %q", it)
		switch k := it[0]; k {
		case 'c', 'C', 'h', 'H', 'm', 'q':
			if r.pend.n == uint8(len(r.pend.q)) || r.pend.paraAt != NoSquare || r.pend.ends[0] != NoSquare {
				return bad
			}
			long := k != 'm' && k != 'q'
			if len(it) != 4+b2i(long) || (it[1] != 'w' && it[1] != 'b') {
				return bad
			}
			q := crownReq{owner: Color(strings.IndexByte("wb", it[1]))}
			sq, err := ParseSquare(it[len(it)-2:])
			if err != nil {
				return bad
			}
			q.sq = sq
			switch k {
			case 'c', 'C':
				j := strings.IndexByte("KD", it[2])
				if j < 0 {
					return bad
				}
				q.secret, q.piece, q.mine = SecretCrown, King+PieceType(j), k == 'C'
			case 'h', 'H':
				j := strings.IndexByte("OX", it[2])
				if j < 0 {
					return bad
				}
				q.secret, q.piece, q.mine = SecretHalf, HalfOrth+PieceType(j), k == 'H'
			case 'm':
				q.secret = SecretMine
			case 'q':
				q.secret = SecretSquare
			}
			r.pend.push(q)
		case 'p':
			if len(it) < 5 || r.pend.paraAt != NoSquare || r.pend.ends[0] != NoSquare {
				return bad
			}
			at, err := ParseSquare(it[1:3])
			if err != nil {
				return bad
			}
			to := NoSquare
			if it[3:] != "off" {
				if to, err = ParseSquare(it[3:]); err != nil {
					return bad
				}
			}
			r.pend.paraAt, r.pend.paraTo = at, to
		case 'e':
			if r.pend.ends[0] != NoSquare {
				return bad
			}
			sqs, err := squareList("pending", it[1:], 2)
			if err != nil || len(sqs) == 0 {
				return bad
			}
			copy(r.pend.ends[:], sqs)
		default:
			return bad
		}
	}
	return nil
}
