package game

import (
	"fmt"
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
	fmt.Fprintf(&sb, " %s %d %d", p.EPText(), p.Halfmove, p.Fullmove)
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
