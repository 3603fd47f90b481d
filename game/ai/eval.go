package ai

import "github.com/quintet-chess/quintet/game"

// Evaluator scores a position for the side to move, in centipawns. Each kind of game
// brings its own; the chess-like games share chessEval with per-variant weights.
type Evaluator interface {
	Evaluate(p *game.Position) int
}

// weights are the terms of chessEval that differ between games.
type weights struct {
	mobility  [game.NumTypes][2]int // per attacked square, middlegame and endgame
	kingZone  int                   // per enemy attack on the squares around the king (middlegame)
	shield    int                   // per own pawn in front of the king (middlegame)
	passed    [8][2]int             // passed pawn by relative rank
	doubled   [2]int
	isolated  [2]int
	bishops   [2]int // the bishop pair
	rookOpen  int
	tempo     int
	kingValue int // material of a king that can be captured (forced capture)
}

func standardWeights() weights {
	w := weights{
		kingZone: 12, shield: 10,
		doubled:  [2]int{-10, -20},
		isolated: [2]int{-12, -15},
		bishops:  [2]int{30, 50},
		rookOpen: 20, tempo: 12,
	}
	w.mobility[game.Knight] = [2]int{4, 4}
	w.mobility[game.Bishop] = [2]int{5, 5}
	w.mobility[game.Rook] = [2]int{2, 4}
	w.mobility[game.Queen] = [2]int{1, 2}
	w.passed = [8][2]int{{0, 0}, {5, 10}, {5, 15}, {10, 25}, {25, 50}, {45, 90}, {70, 140}, {0, 0}}
	return w
}

// forcedWeights: in forced-capture chess the king is a piece that can be taken and a
// loose piece is a lever the opponent must grab, so activity counts more and the king
// wants company rather than a pawn wall alone. Forced capture now plays with weights of
// its own (eval_forced.go); these are where the tuner starts from.
func forcedWeights() weights {
	w := standardWeights()
	w.mobility[game.Knight] = [2]int{5, 5}
	w.mobility[game.Bishop] = [2]int{6, 6}
	w.mobility[game.Rook] = [2]int{3, 5}
	w.mobility[game.Queen] = [2]int{2, 3}
	w.kingZone = 18
	w.kingValue = 0
	return w
}

// chessEval is material, piece-square tables built from the board's geometry (so one
// formula serves every board size), mobility, pawn structure and king safety, tapered
// between middlegame and endgame by the material left.
type chessEval struct {
	v      *game.Variant
	w      weights
	psq    [32][64][2]int32 // material + square bonus, per coloured piece, mg and eg
	phase  [game.NumTypes]int
	full   int // phase of the start material
	files  Bitboards
	adjFil [8]game.Bitboard
	front  [2][64]game.Bitboard // squares ahead of a pawn on its file and the two beside
	zone   [64]game.Bitboard
	mop    bool        // check rules off: drive a bare king to be captured
	forced *forcedEval // forced capture's own evaluation, which Evaluate uses when set
}

// Bitboards is a file mask per file.
type Bitboards [8]game.Bitboard

func newChessEval(v *game.Variant) *chessEval {
	e := &chessEval{v: v, w: standardWeights(), mop: true}
	if v.MustCapture {
		e.w = forcedWeights()
	}
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			e.files[f] |= game.Bit(game.Sq(f, r))
		}
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			e.adjFil[f] |= e.files[f-1]
		}
		if f < 7 {
			e.adjFil[f] |= e.files[f+1]
		}
	}
	for s := game.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		span := e.files[f] | e.adjFil[f]
		for rr := 0; rr < 8; rr++ {
			row := game.Bitboard(0xFF) << (8 * rr)
			if rr > r {
				e.front[game.White][s] |= span & row
			}
			if rr < r {
				e.front[game.Black][s] |= span & row
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if ff, rr := f+df, r+dr; ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
					e.zone[s] |= game.Bit(game.Sq(ff, rr))
				}
			}
		}
	}
	for t := game.Pawn; t < game.NumTypes; t++ {
		switch d := v.Pieces[t]; {
		case d.Letter == 0 || d.Pawn:
		case t == game.Queen || d.Rook && d.Bishop:
			e.phase[t] = 4
		case d.Rook:
			e.phase[t] = 2
		case t == game.King:
		default:
			if d.Value >= 250 {
				e.phase[t] = 1
			}
		}
	}
	e.full = 0
	if start, err := game.ParseFEN(v, v.Start); err == nil {
		e.full = e.phaseOf(start)
	}
	if e.full == 0 {
		e.full = 24
	}
	for t := game.Pawn; t < game.NumTypes; t++ {
		if v.Pieces[t].Letter == 0 {
			continue
		}
		for s := game.Square(0); s < 64; s++ {
			if !v.OnBoard(s) {
				continue
			}
			mg, eg := e.square(t, s)
			val := v.Pieces[t].Value
			if t == game.King && val == 0 {
				val = e.w.kingValue // chess's king has no price; a game may give it one
			}
			mgv, egv := val, val
			switch t {
			case game.Pawn:
				egv = val + 20
			case game.Rook:
				egv = val + 40
			}
			w := game.MakePiece(game.White, t)
			b := game.MakePiece(game.Black, t)
			mirror := game.Sq(s.File(), v.Ranks-1-s.Rank())
			e.psq[w][s] = [2]int32{int32(mgv + mg), int32(egv + eg)}
			e.psq[b][mirror] = [2]int32{int32(mgv + mg), int32(egv + eg)}
		}
	}
	if v.MustCapture && v.KingCapture && v.Files == 8 && v.Ranks == 8 {
		e.forced = newForcedEval(e, tunedForcedTerms)
	}
	return e
}

func (e *chessEval) phaseOf(p *game.Position) int {
	n := 0
	for t := game.Knight; t < game.NumTypes; t++ {
		if e.phase[t] != 0 {
			n += e.phase[t] * p.ByType(t).Count()
		}
	}
	return n
}

// square is the bonus of a white piece of type t on s, middlegame and endgame: a formula
// of how central the square is and how far it has advanced.
func (e *chessEval) square(t game.PieceType, s game.Square) (mg, eg int) {
	F, R := e.v.Files, e.v.Ranks
	f, r := s.File(), s.Rank()
	cf := min(f, F-1-f) // distance from the nearest side edge
	cr := min(r, R-1-r) // distance from the nearest back edge
	cen := min(cf, 3) + min(cr, 3)
	mid := f == F/2-1 || f == F/2
	d := e.v.Pieces[t]
	switch {
	case d.Pawn:
		adv := r - 1
		mg = adv * 4
		if mid && (r == 2 || r == 3 || r == 4) {
			mg += 8 + 6*(r-2)
		}
		if cf == 0 {
			mg -= 4
		}
		eg = adv * 10
	case t == game.King:
		mg = -20 * r
		if r == 0 && (cf <= 2 && !mid) {
			mg += 25
		}
		if mid {
			mg -= 10
		}
		eg = 10*cen - 30
	case d.Rook && d.Bishop:
		mg, eg = 2*cen-6, 4*cen-10
	case d.Rook:
		if r == R-2 {
			mg, eg = 15, 10
		}
		if mid {
			mg += 4
		}
	case d.Bishop:
		mg, eg = 5*cen-12, 3*cen-8
	default: // leapers and steppers
		mg, eg = 9*cen-25, 6*cen-18
		if r == 0 {
			mg -= 8
		}
	}
	return mg, eg
}

// Evaluate scores p for the side to move.
func (e *chessEval) Evaluate(p *game.Position) int {
	if e.forced != nil {
		return e.forced.eval(p, nil)
	}
	s := e.white(p)
	if p.Side == game.Black {
		s = -s
	}
	return s + e.w.tempo
}

// white is the evaluation for White, the side to move aside.
func (e *chessEval) white(p *game.Position) int {
	var mg, eg [2]int
	v := p.V
	occ := p.Occupied()
	w := &e.w
	pawns := [2]game.Bitboard{p.Pieces(game.White, game.Pawn), p.Pieces(game.Black, game.Pawn)}
	var zoneAtt [2]int
	var ksq [2]game.Square
	for c := game.White; c <= game.Black; c++ {
		ksq[c] = p.KingSquare(c)
	}
	for c := game.White; c <= game.Black; c++ {
		them := c.Other()
		own := p.ByColor(c)
		var enemyZone game.Bitboard
		if ksq[them] != game.NoSquare {
			enemyZone = e.zone[ksq[them]]
		}
		// Squares attacked by enemy pawns are poor for mobility.
		var pawnAtt game.Bitboard
		for b := pawns[them]; b != 0; {
			pawnAtt |= p.Attacks(game.MakePiece(them, game.Pawn), b.Pop(), occ)
		}
		for b := own; b != 0; {
			s := b.Pop()
			pc := p.At(s)
			t := pc.Type()
			ps := &e.psq[pc][s]
			mg[c] += int(ps[0])
			eg[c] += int(ps[1])
			if mw := w.mobility[t]; mw != [2]int{} {
				a := p.Attacks(pc, s, occ)
				n := (a &^ own &^ pawnAtt).Count()
				mg[c] += mw[0] * (n - 4)
				eg[c] += mw[1] * (n - 4)
				zoneAtt[c] += (a & enemyZone).Count()
				if t == game.Rook {
					if f := e.files[s.File()]; f&pawns[c] == 0 {
						if f&pawns[them] == 0 {
							mg[c] += w.rookOpen
						} else {
							mg[c] += w.rookOpen / 2
						}
					}
				}
			}
		}
		// Pawn structure.
		for b := pawns[c]; b != 0; {
			s := b.Pop()
			f := s.File()
			if e.front[c][s]&pawns[them] == 0 {
				rel := s.Rank()
				if c == game.Black {
					rel = v.Ranks - 1 - rel
				}
				rel = min(rel, 7)
				if v.Ranks < 8 {
					rel = min(rel+8-v.Ranks, 7)
				}
				mg[c] += w.passed[rel][0]
				eg[c] += w.passed[rel][1]
			}
			if e.adjFil[f]&pawns[c] == 0 {
				mg[c] += w.isolated[0]
				eg[c] += w.isolated[1]
			}
			if (e.files[f] & pawns[c]).Count() > 1 {
				mg[c] += w.doubled[0] / 2 // counted once per pawn of the pair
				eg[c] += w.doubled[1] / 2
			}
		}
		if p.Pieces(c, game.Bishop).Count() >= 2 {
			mg[c] += w.bishops[0]
			eg[c] += w.bishops[1]
		}
		if k := ksq[c]; k != game.NoSquare {
			shield := e.zone[k] & pawns[c]
			if c == game.White {
				shield &= e.zone[k] << 8
			} else {
				shield &= e.zone[k] >> 8
			}
			mg[c] += w.shield * min(shield.Count(), 3)
		}
	}
	// King attacks weigh more with more attackers around: quadratic in the count.
	for c := game.White; c <= game.Black; c++ {
		n := zoneAtt[c]
		mg[c] += w.kingZone * n * (n + 2) / 4
	}
	ph := min(e.phaseOf(p), e.full)
	s := ((mg[0]-mg[1])*ph + (eg[0]-eg[1])*(e.full-ph)) / e.full
	return e.scale(p, s, ksq)
}

// scale handles endings: a side without pawns needs more than a minor piece of extra
// material to win, and a won ending with a bare king drives that king to the edge and
// brings the winning king near, so the search finds the mate (or the capture).
func (e *chessEval) scale(p *game.Position, s int, ksq [2]game.Square) int {
	strong := game.White
	if s < 0 {
		strong = game.Black
	}
	weak := strong.Other()
	if p.Pieces(strong, game.Pawn) == 0 {
		var mat [2]int
		for c := game.White; c <= game.Black; c++ {
			for t := game.Knight; t < game.NumTypes; t++ {
				if t != game.King {
					mat[c] += e.v.Pieces[t].Value * p.Pieces(c, t).Count()
				}
			}
		}
		if mat[strong]-mat[weak] < 400 {
			s /= 8
		}
	}
	if ksq[weak] == game.NoSquare || ksq[strong] == game.NoSquare {
		return s
	}
	if p.ByColor(weak)&^p.Pieces(weak, game.King) == 0 && abs(s) > 300 {
		k, o := ksq[weak], ksq[strong]
		F, R := e.v.Files, e.v.Ranks
		edge := 3 - min(k.File(), F-1-k.File(), 3) + 3 - min(k.Rank(), R-1-k.Rank(), 3)
		dist := max(abs(k.File()-o.File()), abs(k.Rank()-o.Rank()))
		bonus := 200 + 20*edge + 10*(7-dist)
		if strong == game.White {
			s += bonus
		} else {
			s -= bonus
		}
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// newRulesEval is the evaluation of any game's state for player c: the chess evaluation
// of the top pieces, plus the pieces held in towers (own pieces under an own top count in
// full; an enemy's prisoner is lost to its owner and worth a little to its holder).
func newRulesEval(v *game.Variant) func(game.Rules, game.Color) int {
	ce := newChessEval(v)
	if v.Traits.Joint {
		// Both move next: no tempo, and each side's threats count (a threatened piece
		// may step away in the same turn, or rest and be taken). No towers here.
		return func(r game.Rules, c game.Color) int {
			p := r.Position()
			s := ce.white(p) + (threat(p, v, game.White)-threat(p, v, game.Black))/2
			if c == game.Black {
				s = -s
			}
			return s
		}
	}
	return func(r game.Rules, c game.Color) int {
		p := r.Position()
		s := ce.Evaluate(p) + threat(p, v, p.Side)/2
		if p.Side != c {
			s = -s
		}
		if p.Under != nil {
			for b := p.Occupied(); b != 0; {
				sq := b.Pop()
				top := p.At(sq).Color()
				t := &p.Under[sq]
				for i := 0; i < int(t.N); i++ {
					u := t.P[i]
					val := v.Pieces[u.Type()].Value
					if u.Color() != top {
						val /= 10
					}
					if top == c {
						s += val
					} else {
						s -= val
					}
				}
			}
		}
		return s
	}
}

// threat is the best material us can win at once by a capture (the victim, less the
// attacker when the victim is defended), the horizon a search without quiescence leaves
// open. Halved by the caller: the capture may fail (a chance game), the die may not allow
// it, or the victim may move at the same time (simultaneous chess).
func threat(p *game.Position, v *game.Variant, us game.Color) int {
	them := us.Other()
	occ := p.Occupied()
	defended := attackedBy(p, them)
	best := 0
	for b := p.ByColor(us); b != 0; {
		s := b.Pop()
		pc := p.At(s)
		if v.Pieces[pc.Type()].NoMoves {
			continue
		}
		for a := p.Attacks(pc, s, occ) & p.ByColor(them); a != 0; {
			t := a.Pop()
			gain := v.Pieces[p.At(t).Type()].Value
			if p.At(t).Type() == game.King && v.KingCapture {
				gain = 2000 // taking the king ends the game
			}
			if defended.Has(t) {
				gain -= v.Pieces[pc.Type()].Value
			}
			best = max(best, gain)
		}
	}
	return best
}
