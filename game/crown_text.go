package game

import (
	"fmt"
	"strconv"
	"strings"
)

// Crown position text: FEN with Crown's letters, a castling field of unmoved pieces, and
// key=value fields for everything else. Example (the start):
//
//	rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKBNR w KDAHkdah - 0 1 crown=-- monarchs=e1d1/e8d8
//
// Board letters: K king, D dame, F ferz, R, B, N, P, S stone, A paratrooper, O and X the
// orthogonal and diagonal halves (lower case for Black).
//
// Castling lists the unmoved pieces whose pairs may still castle: K and D the monarchs on
// e1 and d1, A and H the rooks on a1 and h1 (lower case: Black's on rank 8). A monarch may
// castle with a rook when both are listed, so "KDAHkdah" is the start and "DA" after the
// King castled short means Db1+Rc1 is still possible. "-": none.
//
// Fields after the six FEN fields ("/" separates White's part from Black's):
//
//	crown=WB      each side: - not chosen yet, ? chosen (unknown here), k or d chosen
//	              (known here, still secret), K or D revealed
//	monarchs=…    the starting monarchs that may carry the crown, by square ("-": none);
//	              other Kings and Dames are publicly uncrowned
//	lost=wb       the sides that lost their uncrowned monarch (field absent: none)
//	stones=…      Crown-2: three slots per side in placement order: r in reserve, e4?
//	              on the board, xe4? taken; the mark is the mine bit: ? unknown, m / u
//	              mined / not (known here), M / U revealed
//	hide=…        Crown-3: - not hidden, ? hidden (square unknown here), e5 known here,
//	              e5! revealed
//	proven=…      Crown-3: per side, the squares proven empty of that side's hidden
//	              crown, as 16 hex digits of the bitboard (bit 0 = a1), "-" if not hidden
//	split=…       Crown-4: - not split, ? split (crowned half unknown here), o or x the
//	              crowned half known here, O or X revealed
//	para=WB       paratroopers in reserve (0 or 1 each)
//	pending=…     a move waiting for reveals, comma-separated in order: cwKe1 (crown of
//	              White's King captured on e1; C: blown up), hbOe4 (half; H: blown up),
//	              mwe5 (mine bit of White's stone taken on e5), qbe5 (is Black's hidden
//	              crown on e5?), pe4f5 (a paratrooper on e4 still steps to f5, or "off"),
//	              ee4 or ee4f5 (squares still to check against hidden crowns)
//	over=R:why    the game has ended: R is 1-0, 0-1 or 1/2-1/2, why the reason with
//	              spaces written as _
//
// Fields that do not apply to the game's kind are refused; missing fields take their
// defaults (crowns not chosen, the only King and Dame of each side as starting
// monarchs, stones and paratroopers all in reserve).

// Text writes the position text; a View writes only what its player may know.
func (r *crownRules) Text() string {
	p := &r.pos
	var sb strings.Builder
	sb.WriteString(p.BoardText())
	sb.WriteString([]string{" w ", " b "}[p.Side])
	sb.WriteString(crownCastleText(p))
	fmt.Fprintf(&sb, " %v %d %d", p.EP, p.Halfmove, p.Fullmove)
	sb.WriteString(" crown=")
	for c := range r.side {
		sb.WriteByte(r.side[c].crownChar())
	}
	sb.WriteString(" monarchs=")
	r.eachSide(&sb, func(s *crownSide) string {
		out := ""
		for _, m := range s.mon {
			if m != NoSquare {
				out += m.String()
			}
		}
		return orDash(out)
	})
	lost := ""
	for c, s := range r.side {
		if s.lost {
			lost += string("wb"[c])
		}
	}
	if lost != "" {
		sb.WriteString(" lost=" + lost)
	}
	switch r.kind {
	case crownStones:
		sb.WriteString(" stones=")
		r.eachSide(&sb, func(s *crownSide) string {
			out := ""
			for _, x := range s.stones {
				switch x.state {
				case stoneReserve:
					out += "r"
				case stoneTaken:
					out += "x" + x.sq.String() + string(x.mark())
				default:
					out += x.sq.String() + string(x.mark())
				}
			}
			return out
		})
	case crownHidden:
		sb.WriteString(" hide=")
		r.eachSide(&sb, func(s *crownSide) string {
			switch {
			case !s.hid:
				return "-"
			case s.hidePublic:
				return s.hideSq.String() + "!"
			case s.hideKnown:
				return s.hideSq.String()
			}
			return "?"
		})
		sb.WriteString(" proven=")
		r.eachSide(&sb, func(s *crownSide) string {
			if !s.hid {
				return "-"
			}
			return fmt.Sprintf("%016x", uint64(s.proven))
		})
	case crownSplit:
		sb.WriteString(" split=")
		r.eachSide(&sb, func(s *crownSide) string {
			switch {
			case !s.split:
				return "-"
			case s.halfPublic:
				return string("OX"[s.half])
			case s.halfKnown:
				return string("ox"[s.half])
			}
			return "?"
		})
	}
	if r.para {
		fmt.Fprintf(&sb, " para=%d%d", r.side[White].para, r.side[Black].para)
	}
	if !r.pend.empty() {
		sb.WriteString(" pending=" + r.pendText())
	}
	if r.out.Over() {
		fmt.Fprintf(&sb, " over=%v:%s", r.out.Result, strings.ReplaceAll(r.out.Reason, " ", "_"))
	}
	return sb.String()
}

func (r *crownRules) eachSide(sb *strings.Builder, f func(*crownSide) string) {
	sb.WriteString(f(&r.side[White]))
	sb.WriteByte('/')
	sb.WriteString(f(&r.side[Black]))
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (s *crownSide) crownChar() byte {
	switch {
	case !s.chosen:
		return '-'
	case s.crownPublic:
		return "KD"[s.crown]
	case s.crownKnown:
		return "kd"[s.crown]
	}
	return '?'
}

func (x crownStone) mark() byte {
	switch {
	case x.public:
		return "UM"[b2u(x.mined)]
	case x.known:
		return "um"[b2u(x.mined)]
	}
	return '?'
}

func (r *crownRules) pendText() string {
	var items []string
	for _, q := range r.pend.q[:r.pend.n] {
		o := "wb"[q.owner]
		switch q.secret {
		case SecretCrown:
			k := "c"
			if q.mine {
				k = "C"
			}
			items = append(items, fmt.Sprintf("%s%c%c%v", k, o, "KD"[q.piece-King], q.sq))
		case SecretHalf:
			k := "h"
			if q.mine {
				k = "H"
			}
			items = append(items, fmt.Sprintf("%s%c%c%v", k, o, "OX"[q.piece-HalfOrth], q.sq))
		case SecretMine:
			items = append(items, fmt.Sprintf("m%c%v", o, q.sq))
		case SecretSquare:
			items = append(items, fmt.Sprintf("q%c%v", o, q.sq))
		}
	}
	if r.pend.paraAt != NoSquare {
		to := "off"
		if r.pend.paraTo != NoSquare {
			to = r.pend.paraTo.String()
		}
		items = append(items, "p"+r.pend.paraAt.String()+to)
	}
	if r.pend.ends[0] != NoSquare {
		e := "e" + r.pend.ends[0].String()
		if r.pend.ends[1] != NoSquare {
			e += r.pend.ends[1].String()
		}
		items = append(items, e)
	}
	return strings.Join(items, ",")
}

// crownCastleText writes the castling field: the unmoved monarchs and rooks that still
// form a castling pair.
func crownCastleText(p *Position) string {
	var b []byte
	for c := White; c <= Black; c++ {
		var k, d, a, h bool
		for i, cd := range p.V.Castlings {
			if cd.Color != c || p.Castle>>i&1 == 0 {
				continue
			}
			if cd.Monarch == King {
				k = true
			} else {
				d = true
			}
			if cd.RookFrom.File() == 0 {
				a = true
			} else {
				h = true
			}
		}
		l := byte(0)
		if c == Black {
			l = 'a' - 'A'
		}
		for i, on := range [4]bool{k, d, a, h} {
			if on {
				b = append(b, "KDAH"[i]+l)
			}
		}
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}

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
	kind := crownKind(max(0, indexOf(crownKindNames[:], v.Options["kind"])))
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
	r.kind, r.para = crownOptions(v)
	r.pend.clear()
	p := &r.pos
	*p = Position{V: v, EP: NoSquare, Fullmove: 1}
	if err := p.parseBoard(f[0]); err != nil {
		return nil, fmt.Errorf("crown text: %w", err)
	}
	switch f[1] {
	case "w":
		p.Side = White
	case "b":
		p.Side = Black
	default:
		return nil, fmt.Errorf("crown text: side to move %q, want w or b", f[1])
	}
	if err := parseCrownCastle(p, f[2]); err != nil {
		return nil, err
	}
	if f[3] != "-" {
		s, err := ParseSquare(f[3])
		want := 5
		if p.Side == Black {
			want = 2
		}
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
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < i || n > 10000 {
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
		i := indexOf([]string{"1-0", "0-1", "1/2-1/2"}, res)
		if !ok || i < 0 || indexOf(crownReasons, why) < 0 {
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

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// validate checks that the fields agree with each other and with the board, so that no
// rule meets a state it cannot handle.
func (r *crownRules) validate() error {
	p := &r.pos
	mover := p.Side.Other()
	for c := White; c <= Black; c++ {
		s := &r.side[c]
		if p.Pieces(c, Stone) != 0 && r.kind != crownStones {
			return fmt.Errorf("crown text: stones on the board need kind=stones")
		}
		if p.Pieces(c, HalfOrth)|p.Pieces(c, HalfDiag) != 0 && !s.split {
			return fmt.Errorf("crown text: %v has halves but has not split", c)
		}
		if p.Pieces(c, HalfOrth).Count() > 1 || p.Pieces(c, HalfDiag).Count() > 1 {
			return fmt.Errorf("crown text: %v has more than one half of a kind", c)
		}
		if n := p.Pieces(c, Para).Count() + int(s.para); n > 1 || (n > 0 && !r.para) {
			return fmt.Errorf("crown text: %v has %d paratroopers, want at most one (and paratrooper=on)", c, n)
		}
		if !s.chosen && (s.lost || s.hid || s.split) {
			return fmt.Errorf("crown text: %v has not chosen its crown yet", c)
		}
		if s.lost && !s.crownPublic {
			return fmt.Errorf("crown text: %v lost a monarch, so its crown is revealed", c)
		}
		if (s.hid || s.split) && (!s.lost || s.mon != [2]Square{NoSquare, NoSquare}) {
			return fmt.Errorf("crown text: %v hid or split its crown: it must have lost its uncrowned monarch and have no starting monarch left", c)
		}
		pendingCrown := false
		for _, q := range r.pend.q[:r.pend.n] {
			pendingCrown = pendingCrown || q.owner == c && q.secret == SecretCrown
		}
		if s.chosen && s.crownKnown && !s.lost && !r.out.Over() && !pendingCrown && s.mon[s.crown] == NoSquare {
			return fmt.Errorf("crown text: %v's crown is on a monarch that is not there", c)
		}
		if s.lost && !s.hid && !s.split && !r.out.Over() && r.pend.n == 0 && s.remaining() == NoSquare {
			return fmt.Errorf("crown text: %v lost a monarch but its remaining one is not there", c)
		}
		if s.chosen && !s.crownPublic && !pendingCrown && s.mon == [2]Square{NoSquare, NoSquare} {
			return fmt.Errorf("crown text: %v's unrevealed crown has no starting monarch to be on", c)
		}
		if s.hid && !s.hidePublic && s.proven == ^Bitboard(0) {
			return fmt.Errorf("crown text: %v's hidden crown has no square left to be on", c)
		}
		if !s.chosen && s.mon == [2]Square{NoSquare, NoSquare} {
			return fmt.Errorf("crown text: %v has no starting monarch to crown", c)
		}
		if s.hidePublic && !r.out.Over() {
			return fmt.Errorf("crown text: %v's hidden crown was found, so the game is over", c)
		}
	}
	if !r.side[White].chosen || !r.side[Black].chosen {
		if r.side[p.Side].chosen || p.EP != NoSquare || !r.pend.empty() {
			return fmt.Errorf("crown text: the crowns are chosen before any move, by the side to move first")
		}
	}
	if r.out.Over() && !r.pend.empty() {
		return fmt.Errorf("crown text: a finished game has no pending move")
	}
	if p.EP != NoSquare {
		pawn := p.EP - 8
		if p.Side == Black {
			pawn = p.EP + 8
		}
		if p.board[pawn] != MakePiece(mover, Pawn) || p.board[p.EP] != NoPiece {
			return fmt.Errorf("crown text: en-passant square %v without the pawn that passed it", p.EP)
		}
	}
	for _, q := range r.pend.q[:r.pend.n] {
		s := &r.side[q.owner]
		bad := fmt.Errorf("crown text: pending reveal of %v's %v on %v does not fit the position", q.owner, q.secret, q.sq)
		switch q.secret {
		case SecretCrown:
			if s.crownPublic || !s.chosen || s.mon[q.piece-King] != NoSquare {
				return bad
			}
		case SecretHalf:
			if !s.split || s.halfPublic {
				return bad
			}
		case SecretMine:
			if q.owner != p.Side || p.board[q.sq] == NoPiece || p.board[q.sq].Color() != mover {
				return bad // the capturer stands on the stone's square, the stone's owner is to move
			}
			found := false
			for _, x := range s.stones {
				found = found || x.state == stoneTaken && x.sq == q.sq && !x.public
			}
			if !found {
				return bad
			}
		case SecretSquare:
			if !s.hid || s.hidePublic || s.proven.Has(q.sq) {
				return bad
			}
		}
	}
	for _, x := range [2]*crownSide{&r.side[White], &r.side[Black]} {
		for i, st := range x.stones {
			if st.state != stoneTaken || st.public {
				continue
			}
			owner := White
			if x == &r.side[Black] {
				owner = Black
			}
			ok := false
			for _, q := range r.pend.q[:r.pend.n] {
				ok = ok || q.secret == SecretMine && q.owner == owner && q.sq == st.sq
			}
			if !ok && !r.out.Over() {
				return fmt.Errorf("crown text: %v's stone %d was taken but its mine bit is neither revealed nor pending", owner, i+1)
			}
		}
	}
	if at := r.pend.paraAt; at != NoSquare {
		to := r.pend.paraTo
		if p.board[at] != MakePiece(mover, Para) || (to != NoSquare && (!kingAtt[at].Has(to) || p.byColor[mover].Has(to))) {
			return fmt.Errorf("crown text: pending paratrooper step %v→%v does not fit the position", at, to)
		}
	}
	return nil
}
