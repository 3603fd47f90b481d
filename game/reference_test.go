package game

// An independent, deliberately slow reference move generator for "chess" and "forced"
// (RULES.md §1), and tests that compare the package's fast generator with it.
//
// The reference shares no code with the package: it has its own mailbox board of FEN
// letters, its own FEN reader, move generation that walks rays square by square, a make
// that copies the board, and an attack test that looks outward from the square. It only
// talks to the package through Lookup, ParseFEN, Perft, Divide, LegalMoves, Make, Unmake,
// FEN, Hash and Move.UCI, and compares moves as UCI strings.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// refBoard is a position: sq[rank][file] holds a FEN letter or 0, rank 0 is rank 1.
type refBoard struct {
	sq     [8][8]byte
	white  bool    // White to move
	castle [4]bool // rights K, Q, k, q
	epR    int     // en-passant target square; epR < 0 when none
	epF    int
}

// refMove is a move; promo is a lower-case letter or 0.
type refMove struct {
	fr, ff, tr, tf int
	promo          byte
	ep, castle     bool
}

func (m refMove) uci() string {
	s := string([]byte{byte('a' + m.ff), byte('1' + m.fr), byte('a' + m.tf), byte('1' + m.tr)})
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

func refIsWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

func refLower(c byte) byte {
	if refIsWhite(c) {
		return c + 'a' - 'A'
	}
	return c
}

// refOwn reports whether c is a piece of the side (white or not).
func refOwn(c byte, white bool) bool { return c != 0 && refIsWhite(c) == white }

func refIn(r, f int) bool { return r >= 0 && r < 8 && f >= 0 && f < 8 }

var (
	refKnight = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	refKing   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	refRookD  = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	refBishD  = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// refParseFEN reads the first four FEN fields; the clocks are ignored.
func refParseFEN(fen string) (refBoard, error) {
	var b refBoard
	f := strings.Fields(fen)
	if len(f) < 4 {
		return b, fmt.Errorf("ref fen %q: too few fields", fen)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return b, fmt.Errorf("ref fen %q: %d ranks", fen, len(rows))
	}
	for i, row := range rows {
		r, file := 7-i, 0
		for _, ch := range []byte(row) {
			switch {
			case ch >= '1' && ch <= '8':
				file += int(ch - '0')
			case strings.IndexByte("PNBRQKpnbrqk", ch) >= 0:
				if file > 7 {
					return b, fmt.Errorf("ref fen %q: rank %d too long", fen, r+1)
				}
				b.sq[r][file] = ch
				file++
			default:
				return b, fmt.Errorf("ref fen %q: bad letter %q", fen, ch)
			}
		}
		if file != 8 {
			return b, fmt.Errorf("ref fen %q: rank %d has %d files", fen, r+1, file)
		}
	}
	switch f[1] {
	case "w":
		b.white = true
	case "b":
		b.white = false
	default:
		return b, fmt.Errorf("ref fen %q: bad side", fen)
	}
	if f[2] != "-" {
		for _, ch := range []byte(f[2]) {
			i := strings.IndexByte("KQkq", ch)
			if i < 0 {
				return b, fmt.Errorf("ref fen %q: bad castling %q", fen, ch)
			}
			b.castle[i] = true
		}
	}
	b.epR = -1
	if f[3] != "-" {
		if len(f[3]) != 2 || f[3][0] < 'a' || f[3][0] > 'h' || f[3][1] < '1' || f[3][1] > '8' {
			return b, fmt.Errorf("ref fen %q: bad en-passant square", fen)
		}
		b.epF, b.epR = int(f[3][0]-'a'), int(f[3][1]-'1')
	}
	return b, nil
}

// refFEN writes the first four FEN fields, the en-passant square only when a pawn can
// take there (chess: legally; forced: any pawn attacking it).
func refFEN(b *refBoard, forced bool) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			if b.sq[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(b.sq[r][f])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if b.white {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	rights := ""
	for i, ok := range b.castle {
		if ok {
			rights += string("KQkq"[i])
		}
	}
	if rights == "" {
		rights = "-"
	}
	sb.WriteString(rights)
	sb.WriteByte(' ')
	moves := refPseudo(b)
	if !forced {
		moves = refLegal(b, false)
	}
	if !slices.ContainsFunc(moves, func(m refMove) bool { return m.ep }) {
		sb.WriteByte('-')
	} else {
		sb.WriteString(string([]byte{byte('a' + b.epF), byte('1' + b.epR)}))
	}
	return sb.String()
}

// refAttacked reports whether the side byWhite attacks square (r, f), looking outward from
// the square for each kind of attacker.
func refAttacked(b *refBoard, r, f int, byWhite bool) bool {
	is := func(rr, ff int, lower byte) bool {
		if !refIn(rr, ff) {
			return false
		}
		c := b.sq[rr][ff]
		return refOwn(c, byWhite) && refLower(c) == lower
	}
	// A white pawn attacks up-diagonally, so it stands one rank below the square.
	pr := r - 1
	if !byWhite {
		pr = r + 1
	}
	if is(pr, f-1, 'p') || is(pr, f+1, 'p') {
		return true
	}
	for _, d := range refKnight {
		if is(r+d[0], f+d[1], 'n') {
			return true
		}
	}
	for _, d := range refKing {
		if is(r+d[0], f+d[1], 'k') {
			return true
		}
	}
	for k := 0; k < 2; k++ {
		dirs, slider := refRookD, byte('r')
		if k == 1 {
			dirs, slider = refBishD, 'b'
		}
		for _, d := range dirs {
			rr, ff := r+d[0], f+d[1]
			for refIn(rr, ff) {
				if c := b.sq[rr][ff]; c != 0 {
					if refOwn(c, byWhite) && (refLower(c) == slider || refLower(c) == 'q') {
						return true
					}
					break
				}
				rr, ff = rr+d[0], ff+d[1]
			}
		}
	}
	return false
}

// refPseudo is every move of the side to move by the pieces' movement alone (no castling,
// no regard to the own king).
func refPseudo(b *refBoard) []refMove {
	var ms []refMove
	us := b.white
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			c := b.sq[r][f]
			if !refOwn(c, us) {
				continue
			}
			switch refLower(c) {
			case 'p':
				dir, start, last := 1, 1, 7
				if !us {
					dir, start, last = -1, 6, 0
				}
				add := func(tr, tf int, ep bool) {
					if tr == last {
						for _, pr := range []byte("qrbn") {
							ms = append(ms, refMove{fr: r, ff: f, tr: tr, tf: tf, promo: pr})
						}
						return
					}
					ms = append(ms, refMove{fr: r, ff: f, tr: tr, tf: tf, ep: ep})
				}
				if refIn(r+dir, f) && b.sq[r+dir][f] == 0 {
					add(r+dir, f, false)
					if r == start && b.sq[r+2*dir][f] == 0 {
						add(r+2*dir, f, false)
					}
				}
				for _, df := range []int{-1, 1} {
					tr, tf := r+dir, f+df
					if !refIn(tr, tf) {
						continue
					}
					if refOwn(b.sq[tr][tf], !us) {
						add(tr, tf, false)
					} else if b.epR == tr && b.epF == tf {
						add(tr, tf, true)
					}
				}
			case 'n', 'k':
				steps := refKnight
				if refLower(c) == 'k' {
					steps = refKing
				}
				for _, d := range steps {
					tr, tf := r+d[0], f+d[1]
					if refIn(tr, tf) && !refOwn(b.sq[tr][tf], us) {
						ms = append(ms, refMove{fr: r, ff: f, tr: tr, tf: tf})
					}
				}
			default: // r, b, q
				var dirs [][2]int
				if refLower(c) != 'b' {
					dirs = append(dirs, refRookD[:]...)
				}
				if refLower(c) != 'r' {
					dirs = append(dirs, refBishD[:]...)
				}
				for _, d := range dirs {
					tr, tf := r+d[0], f+d[1]
					for refIn(tr, tf) && !refOwn(b.sq[tr][tf], us) {
						ms = append(ms, refMove{fr: r, ff: f, tr: tr, tf: tf})
						if b.sq[tr][tf] != 0 {
							break
						}
						tr, tf = tr+d[0], tf+d[1]
					}
				}
			}
		}
	}
	return ms
}

// refCastles is the castlings whose rights stand, with king and rook at home and the
// squares between them empty; safe adds chess's demand that the king's start, crossed and
// target squares are not attacked.
func refCastles(b *refBoard, safe bool) []refMove {
	var ms []refMove
	r, k, rk, right := 0, byte('K'), byte('R'), 0
	if !b.white {
		r, k, rk, right = 7, 'k', 'r', 2
	}
	row := &b.sq[r]
	if row[4] != k {
		return nil
	}
	// King side: e→g, rook h→f; f and g empty; e, f, g not attacked.
	if b.castle[right] && row[7] == rk && row[5] == 0 && row[6] == 0 &&
		(!safe || !refAttacked(b, r, 4, !b.white) && !refAttacked(b, r, 5, !b.white) && !refAttacked(b, r, 6, !b.white)) {
		ms = append(ms, refMove{fr: r, ff: 4, tr: r, tf: 6, castle: true})
	}
	// Queen side: e→c, rook a→d; b, c, d empty; e, d, c not attacked.
	if b.castle[right+1] && row[0] == rk && row[1] == 0 && row[2] == 0 && row[3] == 0 &&
		(!safe || !refAttacked(b, r, 4, !b.white) && !refAttacked(b, r, 3, !b.white) && !refAttacked(b, r, 2, !b.white)) {
		ms = append(ms, refMove{fr: r, ff: 4, tr: r, tf: 2, castle: true})
	}
	return ms
}

// refMake returns the position after m (the board is copied; b is not changed).
func refMake(b refBoard, m refMove) refBoard {
	pc := b.sq[m.fr][m.ff]
	b.sq[m.fr][m.ff] = 0
	if m.ep {
		b.sq[m.fr][m.tf] = 0 // the passed pawn stands beside the capturer
	}
	if m.castle {
		if m.tf == 6 {
			b.sq[m.tr][5], b.sq[m.tr][7] = b.sq[m.tr][7], 0
		} else {
			b.sq[m.tr][3], b.sq[m.tr][0] = b.sq[m.tr][0], 0
		}
	}
	if m.promo != 0 {
		pc = m.promo
		if b.white {
			pc -= 'a' - 'A'
		}
	}
	b.sq[m.tr][m.tf] = pc
	b.epR = -1
	if refLower(pc) == 'p' && (m.tr-m.fr == 2 || m.fr-m.tr == 2) {
		b.epR, b.epF = (m.fr+m.tr)/2, m.ff
	}
	refDropRights(&b.castle, m.fr, m.ff)
	refDropRights(&b.castle, m.tr, m.tf)
	b.white = !b.white
	return b
}

// refDropRights ends the castling rights (K, Q, k, q) that use square (r, f): a move
// from or to a king's or rook's home square.
func refDropRights(castle *[4]bool, r, f int) {
	switch [2]int{r, f} {
	case [2]int{0, 4}:
		castle[0], castle[1] = false, false
	case [2]int{0, 7}:
		castle[0] = false
	case [2]int{0, 0}:
		castle[1] = false
	case [2]int{7, 4}:
		castle[2], castle[3] = false, false
	case [2]int{7, 7}:
		castle[2] = false
	case [2]int{7, 0}:
		castle[3] = false
	}
}

// refHasKing reports whether the side has a king on the board.
func refHasKing(b *refBoard, white bool) bool {
	k := byte('k')
	if white {
		k = 'K'
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if b.sq[r][f] == k {
				return true
			}
		}
	}
	return false
}

// refKingAttacked reports whether the side's king stands attacked.
func refKingAttacked(b *refBoard, white bool) bool {
	k := byte('k')
	if white {
		k = 'K'
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if b.sq[r][f] == k {
				return refAttacked(b, r, f, !white)
			}
		}
	}
	return false
}

func refIsCapture(b *refBoard, m refMove) bool { return m.ep || b.sq[m.tr][m.tf] != 0 }

// refLegal is the legal moves. chess: pseudo-legal moves and safe castlings, keeping those
// after which the mover's king is not attacked. forced: no check at all; no moves once a
// king is gone (the game is over); castling needs only rights, pieces and empty squares;
// if any capture exists only the captures are legal.
func refLegal(b *refBoard, forced bool) []refMove {
	if !forced {
		var out []refMove
		for _, m := range append(refPseudo(b), refCastles(b, true)...) {
			a := refMake(*b, m)
			if !refKingAttacked(&a, b.white) {
				out = append(out, m)
			}
		}
		return out
	}
	if !refHasKing(b, true) || !refHasKing(b, false) {
		return nil
	}
	all := append(refPseudo(b), refCastles(b, false)...)
	var caps []refMove
	for _, m := range all {
		if refIsCapture(b, m) {
			caps = append(caps, m)
		}
	}
	if len(caps) > 0 {
		return caps
	}
	return all
}

// refPerft counts move sequences of exactly depth moves; in forced a move that captures a
// king ends the game, so it counts at its own depth only.
func refPerft(b *refBoard, depth int, forced bool) int64 {
	if depth == 0 {
		return 1
	}
	ms := refLegal(b, forced)
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		if forced && refLower(b.sq[m.tr][m.tf]) == 'k' {
			continue
		}
		a := refMake(*b, m)
		n += refPerft(&a, depth-1, forced)
	}
	return n
}

func refDivide(b *refBoard, depth int, forced bool) map[string]int64 {
	out := map[string]int64{}
	for _, m := range refLegal(b, forced) {
		if depth <= 1 {
			out[m.uci()] = 1
			continue
		}
		if forced && refLower(b.sq[m.tr][m.tf]) == 'k' {
			out[m.uci()] = 0
			continue
		}
		a := refMake(*b, m)
		out[m.uci()] = refPerft(&a, depth-1, forced)
	}
	return out
}

// refDivideReport lists, per first move, where the fast and the reference counts differ.
func refDivideReport(p *Position, b *refBoard, depth int, forced bool) string {
	fast := map[string]int64{}
	for m, n := range p.Divide(depth) {
		fast[m.UCI()] = n
	}
	ref := refDivide(b, depth, forced)
	keys := map[string]bool{}
	for k := range fast {
		keys[k] = true
	}
	for k := range ref {
		keys[k] = true
	}
	var ks []string
	for k := range keys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var sb strings.Builder
	fmt.Fprintf(&sb, "divide at depth %d (move: fast ref):\n", depth)
	for _, k := range ks {
		f, fok := fast[k]
		r, rok := ref[k]
		switch {
		case !fok:
			fmt.Fprintf(&sb, "  %s: missing in fast, ref %d\n", k, r)
		case !rok:
			fmt.Fprintf(&sb, "  %s: fast %d, not legal in ref\n", k, f)
		case f != r:
			fmt.Fprintf(&sb, "  %s: fast %d ref %d\n", k, f, r)
		}
	}
	return sb.String()
}

type refCase struct {
	fen   string
	depth int
	nodes int64
}

func refCheckPerft(t *testing.T, variant string, cases []refCase) {
	t.Helper()
	v, err := Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	forced := variant == "forced"
	for _, c := range cases {
		p, err := ParseFEN(v, c.fen)
		if err != nil {
			t.Errorf("%s: ParseFEN(%q): %v", variant, c.fen, err)
			continue
		}
		b, err := refParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		ref := refPerft(&b, c.depth, forced)
		fast := p.Perft(c.depth)
		if ref != c.nodes {
			t.Errorf("%s %q depth %d: reference %d, table %d", variant, c.fen, c.depth, ref, c.nodes)
		}
		if fast != ref {
			t.Errorf("%s %q depth %d: fast %d, reference %d\n%s", variant, c.fen, c.depth, fast, ref,
				refDivideReport(p, &b, c.depth, forced))
		}
	}
}

// TestReferenceChess checks the reference generator against the published counts of the
// perft suite, and the fast generator against it, where the slow one is quick enough.
func TestReferenceChess(t *testing.T) {
	refCheckSuite(t, "chess")
}

// refCheckSuite runs refCheckPerft on the suite's entries of a variant small enough for
// the reference generator.
func refCheckSuite(t *testing.T, variant string) {
	var cases []refCase
	for _, c := range readPerftSuite(t) {
		if c.variant == variant && c.nodes <= 700000 {
			cases = append(cases, refCase{c.fen, c.depth, c.nodes})
		}
	}
	if len(cases) < 10 {
		t.Fatalf("only %d %s cases in the perft suite", len(cases), variant)
	}
	refCheckPerft(t, variant, cases)
}

// TestReferenceForced compares the generators on the forced-capture entries of the perft
// suite, made to test the rule's edges (each with a comment on its depth-1 count).
func TestReferenceForced(t *testing.T) {
	refCheckSuite(t, "forced")
}

// TestReferenceRandomGames plays random games in both variants and compares at every ply
// the fast and the reference sets of legal moves, the positions after the moves, and the
// hash of the position with the hash of its FEN read back.
func TestReferenceRandomGames(t *testing.T) {
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	}
	for _, variant := range []string{"chess", "forced"} {
		t.Run(variant, func(t *testing.T) {
			v, err := Lookup(variant)
			if err != nil {
				t.Fatal(err)
			}
			forced := variant == "forced"
			rng := rand.New(rand.NewPCG(20240601, uint64(len(variant))))
			plies := 0
			for game := 0; game < 200; game++ {
				start := starts[0]
				if game%2 == 1 { // half from the start, half from the other test positions
					start = starts[1+game/2%(len(starts)-1)]
				}
				if !refPlayGame(t, v, forced, start, rng, &plies) {
					return
				}
			}
			t.Logf("%s: %d plies compared", variant, plies)
		})
	}
}

// refPlayGame plays one random game of up to 80 plies; it reports false after a failure.
func refPlayGame(t *testing.T, v *Variant, forced bool, start string, rng *rand.Rand, plies *int) bool {
	t.Helper()
	p, err := ParseFEN(v, start)
	if err != nil {
		t.Fatal(err)
	}
	b, err := refParseFEN(start)
	if err != nil {
		t.Fatal(err)
	}
	startFEN, startHash := p.FEN(), p.Hash()
	var line []string
	for ply := 0; ply < 80; ply++ {
		*plies++
		fen := p.FEN()
		where := fmt.Sprintf("%s after %v (fast FEN %s)", start, line, fen)
		if got, want := strings.Join(strings.Fields(fen)[:4], " "), refFEN(&b, forced); got != want {
			t.Errorf("%s: fast position %q, reference %q", where, got, want)
			return false
		}
		q, err := ParseFEN(v, fen)
		if err != nil {
			t.Errorf("%s: FEN does not read back: %v", where, err)
			return false
		}
		if q.Hash() != p.Hash() {
			t.Errorf("%s: hash %#x, hash of the FEN read back %#x", where, p.Hash(), q.Hash())
			return false
		}
		fastMoves := map[string]Move{}
		var fastList []string
		for _, m := range p.LegalMoves(nil) {
			u := m.UCI()
			if _, dup := fastMoves[u]; dup {
				t.Errorf("%s: fast generator lists %s twice", where, u)
				return false
			}
			fastMoves[u] = m
			fastList = append(fastList, u)
		}
		sort.Strings(fastList)
		refMoves := refLegal(&b, forced)
		var refList []string
		for _, m := range refMoves {
			refList = append(refList, m.uci())
		}
		sort.Strings(refList)
		if strings.Join(fastList, " ") != strings.Join(refList, " ") {
			t.Errorf("%s:\nfast %v\nref  %v", where, fastList, refList)
			return false
		}
		if len(refMoves) == 0 {
			break
		}
		m := refMoves[rng.IntN(len(refMoves))]
		p.Make(fastMoves[m.uci()])
		b = refMake(b, m)
		line = append(line, m.uci())
	}
	for range line {
		p.Unmake()
	}
	if p.FEN() != startFEN || p.Hash() != startHash {
		t.Errorf("%s after %v: unmaking every move gives %s (hash %#x), want %s (hash %#x)",
			start, line, p.FEN(), p.Hash(), startFEN, startHash)
		return false
	}
	return true
}
