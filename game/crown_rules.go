package game

import "fmt"

// Applying Crown inputs. A move changes the board at once; what depends on a secret (a
// captured monarch's or half's crown bit, a captured stone's mine bit, a move ending on a
// square that may hold a hidden crown) waits in crownPend for Reveal inputs, and a
// paratrooper that took a stone on its first step makes its second step only after the
// stone proved harmless.

// Apply answers the current step; a refused input changes nothing.
func (r *crownRules) Apply(in Input) (Record, error) {
	if r.out.Over() {
		if in.Kind != InputReveal {
			return Record{}, fmt.Errorf("the game is over (%s)", r.out.Reason)
		}
		st, ok := r.finalReveal()
		if !ok {
			return Record{}, fmt.Errorf("the game is over and every secret is revealed")
		}
		return r.revealFinal(st, in.Secret)
	}
	if in.Kind != InputReveal && r.pend.n > 0 {
		return Record{}, fmt.Errorf("a reveal of %v's secret is awaited", r.pend.q[0].owner)
	}
	switch in.Kind {
	case InputMove:
		if in.Player != r.pos.Side {
			return Record{}, fmt.Errorf("it is %v's turn", r.pos.Side)
		}
		m, ok := r.match(in.Player, in.Move)
		if !ok {
			return Record{}, fmt.Errorf("illegal move %s", crownUCI(in.Move))
		}
		rec := Record{Text: r.MoveText(m), PGN: r.moveToken(m)}
		r.play(m)
		r.settle()
		return rec, nil
	case InputReveal:
		if r.pend.n == 0 {
			return Record{}, fmt.Errorf("no reveal is awaited")
		}
		rec, err := r.reveal(in.Secret)
		if err != nil {
			return Record{}, err
		}
		r.settle()
		return rec, nil
	case InputResign:
		if in.Player > Black {
			return Record{}, fmt.Errorf("no such player")
		}
		r.end(Outcome{WinFor(in.Player.Other()), in.Player.String() + " resigned"})
		return Record{Text: r.out.Reason}, nil
	case InputAgree:
		r.end(Outcome{Drawn, "agreement"})
		return Record{Text: "draw agreed"}, nil
	case InputFlag:
		o, err := flagInput(r, in)
		if err != nil {
			return Record{}, err
		}
		r.end(o)
		return Record{Text: o.Reason}, nil
	case InputClaim:
		why := r.claimable()
		if why == "" {
			return Record{}, fmt.Errorf("no draw to claim")
		}
		r.end(Outcome{Drawn, why})
		return Record{Text: "draw claimed: " + why}, nil
	}
	return Record{}, fmt.Errorf("Crown has no random draws")
}

func (r *crownRules) end(o Outcome) {
	r.out = o
	r.pend.clear()
}

// claimable names the draw the side to move may claim now, or "".
func (r *crownRules) claimable() string {
	if r.out.Over() || r.pend.n > 0 || r.inChoice() {
		return ""
	}
	if r.pos.Halfmove >= 2*r.pos.V.MoveRule {
		return fmt.Sprintf("%d-move rule", r.pos.V.MoveRule)
	}
	if r.repetitions()+1 >= r.pos.V.RepeatRule {
		return "threefold repetition"
	}
	return ""
}

// repetitions counts earlier occurrences of the current state since the last capture or
// pawn move.
func (r *crownRules) repetitions() int {
	if len(r.reps) == 0 {
		return 0
	}
	h, n := r.reps[len(r.reps)-1], 0
	for _, x := range r.reps[:len(r.reps)-1] {
		if x == h {
			n++
		}
	}
	return n
}

// clearCastle withdraws castling rights, keeping the hash.
func (r *crownRules) clearCastle(mask uint8) {
	p := &r.pos
	if p.Castle&mask != 0 {
		p.hash ^= zCastle[p.Castle]
		p.Castle &^= mask
		p.hash ^= zCastle[p.Castle]
	}
}

// play makes the public part of move m, up to the first point a secret decides.
func (r *crownRules) play(m Move) {
	p := &r.pos
	v := p.V
	us := p.Side
	s := &r.side[us]
	p.hash ^= p.epKey() ^ zCastle[p.Castle]
	p.EP = NoSquare
	if m.Kind == Choose {
		s.chosen = true
		if r.holds[us] && m.N != crownSealed {
			s.crown, s.crownKnown = m.N, true
		}
		p.Side = us.Other()
		p.hash ^= zSide ^ zCastle[p.Castle] ^ p.epKey()
		return
	}
	p.Halfmove++
	known := r.holds[us] && m.N != crownSealed
	switch m.Kind {
	case Normal, Double, EnPassant:
		pc := p.board[m.From]
		capSq := m.To
		if m.Kind == EnPassant {
			capSq = Sq(m.To.File(), m.From.Rank())
		}
		victim := p.Remove(capSq)
		p.Remove(m.From)
		np := pc
		if m.Promo != NoType {
			np = MakePiece(us, m.Promo)
		}
		p.Put(np, m.To)
		if pc.Type() == Pawn || victim != NoPiece {
			p.Halfmove = 0
		}
		if m.Kind == Double {
			p.EP = (m.From + m.To) / 2
		}
		p.Castle &^= v.castleMask[m.From] | v.castleMask[m.To]
		r.moveMonarch(us, m.From, m.To)
		r.pend.ends[0] = m.To
		if victim != NoPiece {
			r.lose(victim, capSq, false)
		}
	case Castle:
		k, rk := p.Remove(m.From), p.Remove(m.Via)
		p.Put(k, m.To)
		p.Put(rk, m.Via2)
		// The rook's own status goes too: RULES §3 Decision, each piece keeps its own.
		p.Castle &^= v.castleMask[m.From] | v.castleMask[m.Via]
		r.moveMonarch(us, m.From, m.To)
		r.pend.ends = [2]Square{m.To, m.Via2}
	case Drop:
		p.Put(MakePiece(us, Para), m.To)
		s.para--
		r.pend.ends[0] = m.To
	case PlaceStone:
		for i := range s.stones {
			if s.stones[i].state == stoneReserve {
				s.stones[i] = crownStone{state: stoneBoard, sq: m.To, mined: known && m.N == 1, known: known}
				break
			}
		}
		p.Put(MakePiece(us, Stone), m.To)
		r.pend.ends[0] = m.To
	case HideCrown:
		s.hid, s.proven = true, p.Occupied()
		if r.holds[us] && m.To != NoSquare {
			s.hideSq, s.hideKnown = m.To, true
		}
		s.mon = [2]Square{NoSquare, NoSquare} // the monarch is an ordinary piece now
		// Only monarchs castle (RULES §3): the side's castlings go with its monarch.
		p.Castle &^= v.castleSide[us]
	case SplitMonarch:
		p.Remove(m.From)
		p.Put(MakePiece(us, HalfOrth+HalfDiag-m.Promo), m.From)
		p.Put(MakePiece(us, m.Promo), m.To)
		s.split, s.mon = true, [2]Square{NoSquare, NoSquare}
		if known {
			s.half, s.halfKnown = m.N, true
		}
		p.Castle &^= v.castleMask[m.From]
		r.pend.ends[0] = m.To
	case ParaMove:
		r.pend.paraAt, r.pend.paraTo = m.From, m.To
		if m.Via != NoSquare {
			victim := p.Remove(m.Via)
			p.Put(p.Remove(m.From), m.Via)
			p.Halfmove = 0
			p.Castle &^= v.castleMask[m.Via]
			r.pend.paraAt = m.Via
			r.lose(victim, m.Via, false)
		}
	}
	if us == Black {
		p.Fullmove++
	}
	p.Side = us.Other()
	p.hash ^= zSide ^ zCastle[p.Castle] ^ p.epKey()
}

// moveMonarch follows a starting monarch that moved.
func (r *crownRules) moveMonarch(c Color, from, to Square) {
	s := &r.side[c]
	for i := range s.mon {
		if s.mon[i] == from {
			s.mon[i] = to
		}
	}
}

// lose handles a piece that left the board, captured or blown up on a mine (mine):
// a stone's mine bit, a starting monarch's or a half's crown bit must be revealed unless
// already public.
func (r *crownRules) lose(pc Piece, sq Square, mine bool) {
	o := pc.Color()
	s := &r.side[o]
	win := Outcome{WinFor(o.Other()), "crown captured"}
	if mine {
		win.Reason = "crown blown up"
	}
	switch t := pc.Type(); t {
	case Stone:
		for i := range s.stones {
			if x := &s.stones[i]; x.state == stoneBoard && x.sq == sq {
				x.state = stoneTaken
				r.pend.push(crownReq{secret: SecretMine, owner: o, sq: sq})
				return
			}
		}
	case King, Dame:
		j := uint8(t - King)
		if s.mon[j] != sq {
			return // a monarch made by promotion (or after hiding): publicly uncrowned
		}
		s.mon[j] = NoSquare
		if s.crownPublic {
			if s.crown == j && !r.public {
				r.end(win)
			}
			return
		}
		r.pend.push(crownReq{secret: SecretCrown, owner: o, sq: sq, piece: t, mine: mine})
	case HalfOrth, HalfDiag:
		if !s.split {
			return
		}
		if s.halfPublic {
			if s.half == uint8(t-HalfOrth) && !r.public {
				r.end(win)
			}
			return
		}
		r.pend.push(crownReq{secret: SecretHalf, owner: o, sq: sq, piece: t, mine: mine})
	}
}

// settle carries a move on as far as the revealed secrets allow, and judges the position
// once the move is complete.
func (r *crownRules) settle() {
	for {
		switch {
		case r.out.Over():
			r.pend.clear()
			return
		case r.pend.n > 0:
			return
		case r.pend.paraAt != NoSquare:
			r.paraStep()
		case r.pend.ends[0] != NoSquare:
			r.checkEnds()
		default:
			r.finish()
			return
		}
	}
}

// paraStep is the paratrooper's second step (or its return to the reserve).
func (r *crownRules) paraStep() {
	p := &r.pos
	at, to := r.pend.paraAt, r.pend.paraTo
	r.pend.paraAt, r.pend.paraTo = NoSquare, NoSquare
	pc := p.board[at]
	if pc.Type() != Para {
		return
	}
	p.Remove(at)
	if to == NoSquare {
		r.side[pc.Color()].para++
		return
	}
	victim := p.Remove(to)
	p.Put(pc, to)
	r.pend.ends[0] = to
	if victim != NoPiece {
		p.Halfmove = 0
		r.clearCastle(p.V.castleMask[to])
		r.lose(victim, to, false)
	}
}

// checkEnds asks, for each square the move ended on, whether a hidden crown not yet
// proven absent lies there: the mover's own first (crushing it loses even if the enemy's
// lies there too), then the enemy's.
func (r *crownRules) checkEnds() {
	ends := r.pend.ends
	r.pend.ends = [2]Square{NoSquare, NoSquare}
	mover := r.mover()
	for _, sq := range ends {
		if sq == NoSquare {
			continue
		}
		for _, h := range [2]Color{mover, mover.Other()} {
			if s := &r.side[h]; s.hid && !s.hidePublic && !s.proven.Has(sq) {
				r.pend.push(crownReq{secret: SecretSquare, owner: h, sq: sq})
			}
		}
	}
}

// finish judges the position after a complete move.
func (r *crownRules) finish() {
	p := &r.pos
	if p.Halfmove == 0 {
		r.reps = r.reps[:0]
	}
	r.reps = append(r.reps, r.Hash())
	r.judge()
}

func (r *crownRules) judge() {
	p := &r.pos
	us := p.Side
	s := &r.side[us]
	if !r.hasMove() {
		switch {
		case r.kind == crownStones && s.lost && s.remaining() != NoSquare &&
			kingAtt[s.remaining()]&p.Pieces(us, Stone) != 0:
			r.end(Outcome{Drawn, "no legal move beside own stones"})
		case p.byColor[us] == 0 && s.para == 0:
			r.end(Outcome{WinFor(us.Other()), "all pieces captured"})
		default:
			r.end(Outcome{WinFor(us.Other()), "no legal move"})
		}
		return
	}
	if n := p.V.AutoMoveRule; n > 0 && p.Halfmove >= 2*n {
		r.end(Outcome{Drawn, fmt.Sprintf("%d-move rule", n)})
	} else if n := p.V.AutoRepeat; n > 0 && r.repetitions()+1 >= n {
		r.end(Outcome{Drawn, "fivefold repetition"})
	}
}
