package game

import "fmt"

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
		if s.hid && p.Castle&p.V.castleSide[c] != 0 {
			return fmt.Errorf("crown text: %v hid its crown, so it has no monarch left to castle", c)
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
		if err := p.checkEP(p.EP); err != nil {
			return fmt.Errorf("crown text: %w", err)
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
