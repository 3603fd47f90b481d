package ai

import "github.com/quintet-chess/quintet/game"

// pair is a term's weight in the middlegame and the endgame.
type pair [2]int

// forcedTerms are the terms of forced capture's evaluation. The evaluation is linear in
// them (tapered by the phase), so they can be fitted to the results of games
// (forcedTrace, tune_test.go). Tables are from White's side; Black's are mirrored.
type forcedTerms struct {
	material [game.King + 1]pair
	psq      [game.King + 1][64]pair
	mobility [game.King + 1]pair // per square attacked, not own, not attacked by an enemy pawn, less 4
	kingZone pair                // times n(n+2) for n attacks on the squares around the enemy king
	shield   pair                // per own pawn in front of the king, up to 3
	passed   [8]pair             // by relative rank
	doubled  pair                // per pawn on a file with another
	isolated pair
	bishops  pair // the bishop pair
	rookOpen pair // a rook on a file without pawns
	rookHalf pair // a rook on a file with enemy pawns only
	// The side to move has nothing to take almost wherever the search evaluates; what
	// the other side attacks is what it will have to take after our move, unless we move
	// it away.
	hanging  [game.King + 1]pair // a piece of the side to move attacked and undefended
	attacked [game.King + 1]pair // attacked and defended
	tempo    pair
}

// terms lists every weight of w in a fixed order: the tuner's parameter vector.
func (w *forcedTerms) terms() []*pair {
	var ps []*pair
	for t := game.Pawn; t <= game.King; t++ {
		ps = append(ps, &w.material[t])
	}
	for t := game.Pawn; t <= game.King; t++ {
		for s := range w.psq[t] {
			ps = append(ps, &w.psq[t][s])
		}
	}
	for t := game.Pawn; t <= game.King; t++ {
		ps = append(ps, &w.mobility[t])
	}
	ps = append(ps, &w.kingZone, &w.shield)
	for r := range w.passed {
		ps = append(ps, &w.passed[r])
	}
	ps = append(ps, &w.doubled, &w.isolated, &w.bishops, &w.rookOpen, &w.rookHalf)
	for t := game.Pawn; t <= game.King; t++ {
		ps = append(ps, &w.hanging[t])
	}
	for t := game.Pawn; t <= game.King; t++ {
		ps = append(ps, &w.attacked[t])
	}
	ps = append(ps, &w.tempo)
	return ps
}

// forcedEval is the evaluation of forced capture: chessEval's geometry with its own
// weights.
type forcedEval struct {
	*chessEval
	w   forcedTerms
	psq [32][64]pair // material + square, per coloured piece
}

func newForcedEval(e *chessEval, w forcedTerms) *forcedEval {
	f := &forcedEval{chessEval: e, w: w}
	for t := game.Pawn; t <= game.King; t++ {
		for s := game.Square(0); s < 64; s++ {
			v := pair{w.material[t][0] + w.psq[t][s][0], w.material[t][1] + w.psq[t][s][1]}
			f.psq[game.MakePiece(game.White, t)][s] = v
			f.psq[game.MakePiece(game.Black, t)][s^56] = v
		}
	}
	return f
}

// forcedTrace records how many times each weight counts in an evaluation (White's
// minus Black's, as the weights are added), for the tuner.
type forcedTrace struct {
	index map[*pair]int
	coef  []int
	phase int     // of e.full: 0 a bare endgame
	scale [2]bool // the score is divided by 8 when White (0) or Black (1) is ahead
	bonus [2]int  // the bare king's chase when White (0) or Black (1) is ahead
}

func newForcedTrace(w *forcedTerms) *forcedTrace {
	tr := &forcedTrace{index: map[*pair]int{}}
	for i, p := range w.terms() {
		tr.index[p] = i
	}
	tr.coef = make([]int, len(tr.index))
	return tr
}

func (tr *forcedTrace) add(w *pair, n int) {
	i, ok := tr.index[w]
	if !ok {
		panic("forcedTrace: a weight of another forcedTerms") // would count as pawn material
	}
	tr.coef[i] += n
}

// reset readies the trace for another position.
func (tr *forcedTrace) reset() { clear(tr.coef) }

// eval scores p for the side to move; tr, when not nil, records the terms.
func (f *forcedEval) eval(p *game.Position, tr *forcedTrace) int {
	var mg, eg [2]int
	w := &f.w
	occ := p.Occupied()
	pawns := [2]game.Bitboard{p.Pieces(game.White, game.Pawn), p.Pieces(game.Black, game.Pawn)}
	var pawnAtt, att [2]game.Bitboard
	for c := game.White; c <= game.Black; c++ {
		pc := game.MakePiece(c, game.Pawn)
		for b := pawns[c]; b != 0; {
			pawnAtt[c] |= p.Attacks(pc, b.Pop(), occ)
		}
		att[c] = pawnAtt[c]
	}
	var ksq [2]game.Square
	for c := game.White; c <= game.Black; c++ {
		ksq[c] = p.KingSquare(c)
	}
	sign := [2]int{1, -1}
	var zoneAtt [2]int
	for c := game.White; c <= game.Black; c++ {
		them := c.Other()
		own := p.ByColor(c)
		var enemyZone game.Bitboard
		if ksq[them] != game.NoSquare {
			enemyZone = f.zone[ksq[them]]
		}
		for b := own; b != 0; {
			s := b.Pop()
			pc := p.At(s)
			t := pc.Type()
			ps := &f.psq[pc][s]
			mg[c] += ps[0]
			eg[c] += ps[1]
			if tr != nil {
				rel := s
				if c == game.Black {
					rel ^= 56
				}
				tr.add(&w.material[t], sign[c])
				tr.add(&w.psq[t][rel], sign[c])
			}
			if t == game.Pawn {
				continue // its attacks are in pawnAtt, and it has no mobility
			}
			a := p.Attacks(pc, s, occ)
			att[c] |= a
			if t == game.King {
				continue
			}
			n := (a &^ own &^ pawnAtt[them]).Count() - 4
			mw := w.mobility[t]
			mg[c] += mw[0] * n
			eg[c] += mw[1] * n
			zoneAtt[c] += (a & enemyZone).Count()
			if tr != nil {
				tr.add(&w.mobility[t], sign[c]*n)
			}
			if t == game.Rook {
				if fl := f.files[s.File()]; fl&pawns[c] == 0 {
					r := &w.rookOpen
					if fl&pawns[them] != 0 {
						r = &w.rookHalf
					}
					mg[c] += r[0]
					eg[c] += r[1]
					if tr != nil {
						tr.add(r, sign[c])
					}
				}
			}
		}
		for b := pawns[c]; b != 0; {
			s := b.Pop()
			fl := s.File()
			var terms [3]*pair
			if f.front[c][s]&pawns[them] == 0 {
				rel := s.Rank()
				if c == game.Black {
					rel = 7 - rel
				}
				terms[0] = &w.passed[rel]
			}
			if f.adjFil[fl]&pawns[c] == 0 {
				terms[1] = &w.isolated
			}
			if (f.files[fl] & pawns[c]).Count() > 1 {
				terms[2] = &w.doubled
			}
			for _, x := range terms {
				if x != nil {
					mg[c] += x[0]
					eg[c] += x[1]
					if tr != nil {
						tr.add(x, sign[c])
					}
				}
			}
		}
		if p.Pieces(c, game.Bishop).Count() >= 2 {
			mg[c] += w.bishops[0]
			eg[c] += w.bishops[1]
			if tr != nil {
				tr.add(&w.bishops, sign[c])
			}
		}
		if k := ksq[c]; k != game.NoSquare {
			shield := f.zone[k] & pawns[c]
			if c == game.White {
				shield &= f.zone[k] << 8
			} else {
				shield &= f.zone[k] >> 8
			}
			n := min(shield.Count(), 3)
			mg[c] += w.shield[0] * n
			eg[c] += w.shield[1] * n
			if tr != nil {
				tr.add(&w.shield, sign[c]*n)
			}
		}
	}
	for c := game.White; c <= game.Black; c++ {
		n := zoneAtt[c]
		q := n * (n + 2)
		mg[c] += w.kingZone[0] * q
		eg[c] += w.kingZone[1] * q
		if tr != nil {
			tr.add(&w.kingZone, sign[c]*q)
		}
	}
	// What the other side attacks of the side to move's.
	us := p.Side
	them := us.Other()
	for b := p.ByColor(us) & att[them]; b != 0; {
		s := b.Pop()
		t := p.At(s).Type()
		x := &w.hanging[t]
		if att[us].Has(s) {
			x = &w.attacked[t]
		}
		mg[us] += x[0]
		eg[us] += x[1]
		if tr != nil {
			tr.add(x, sign[us])
		}
	}
	mg[us] += w.tempo[0]
	eg[us] += w.tempo[1]
	if tr != nil {
		tr.add(&w.tempo, sign[us])
	}

	ph := min(f.phaseOf(p), f.full)
	s := ((mg[0]-mg[1])*ph + (eg[0]-eg[1])*(f.full-ph)) / f.full
	if tr != nil {
		tr.phase = ph
		// Probe scale with a large lead for each side: divided by 8 or not, and the
		// bare king's chase added or not.
		for i, lead := range []int{8000, -8000} {
			got := f.scale(p, lead, ksq)
			tr.scale[i] = abs(got) < 4000
			if tr.scale[i] {
				lead /= 8
			}
			tr.bonus[i] = got - lead
		}
	}
	s = f.scale(p, s, ksq)
	if us == game.Black {
		s = -s
	}
	return s
}
