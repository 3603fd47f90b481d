package game

import (
	"fmt"
	"strings"
)

// Answering Crown's reveals: during a move (crownPend) and at the end of the game.

var crownMonarchNames = [2]string{"King", "Dame"}
var crownHalfNames = [2]string{"orthogonal half", "diagonal half"}

// reveal answers the first awaited reveal with value v.
func (r *crownRules) reveal(v uint64) (Record, error) {
	q := r.pend.q[0]
	s := &r.side[q.owner]
	who := colorName(q.owner)
	var rec Record
	switch q.secret {
	case SecretCrown:
		j, err := r.checkCrown(q.owner, v, q.piece)
		if err != nil {
			return rec, err
		}
		r.pend.pop()
		s.crown, s.crownKnown, s.crownPublic = j, true, true
		rec.Text = fmt.Sprintf("%s's crown was on the %s", who, crownMonarchNames[j])
		if j == uint8(q.piece-King) {
			r.crownLost(&rec, q, crownMonarchNames[j])
		} else {
			s.lost = true
			rec.Events = append(rec.Events, Event{EventReveal, fmt.Sprintf("%s lost its uncrowned %s; the %s carries the crown",
				who, crownMonarchNames[q.piece-King], crownMonarchNames[j])})
		}
	case SecretMine:
		i := -1
		for k, x := range s.stones {
			if x.state == stoneTaken && x.sq == q.sq && !x.public {
				i = k
			}
		}
		if err := r.checkMine(q.owner, i, v); err != nil {
			return rec, err
		}
		r.pend.pop()
		x := &s.stones[i]
		x.mined, x.known, x.public = v == 1, true, true
		if !x.mined {
			rec.Text = fmt.Sprintf("%s's stone on %v was not mined", who, q.sq)
			break
		}
		rec.Text = fmt.Sprintf("%s's stone on %v was mined", who, q.sq)
		p := &r.pos
		pc := p.Remove(q.sq)
		if pc == NoPiece {
			break
		}
		blast := fmt.Sprintf("the %s %s on %v is blown up", strings.ToLower(colorName(pc.Color())), p.V.Pieces[pc.Type()].Name, q.sq)
		rec.Text += ": " + blast
		rec.Events = append(rec.Events, Event{EventCapture, blast})
		r.clearCastle(p.V.castleMask[q.sq])
		if r.pend.paraAt == q.sq {
			r.pend.paraAt, r.pend.paraTo = NoSquare, NoSquare // no second step
		}
		for k, e := range r.pend.ends {
			if e == q.sq {
				r.pend.ends[k] = NoSquare
			}
		}
		if r.pend.ends[0] == NoSquare {
			r.pend.ends[0], r.pend.ends[1] = r.pend.ends[1], NoSquare
		}
		r.lose(pc, q.sq, true)
	case SecretSquare:
		if v > 1 {
			return rec, fmt.Errorf("reveal %d: want 1 (the crown is on %v) or 0 (it is not)", v, q.sq)
		}
		if s.hideKnown && (s.hideSq == q.sq) != (v == 1) {
			return rec, fmt.Errorf("reveal %d contradicts %s's hidden square", v, who)
		}
		r.pend.pop()
		if v == 0 {
			s.proven |= Bit(q.sq)
			rec.Text = fmt.Sprintf("%s's crown is not on %v", who, q.sq)
			break
		}
		s.hideSq, s.hideKnown, s.hidePublic = q.sq, true, true
		rec.Text = fmt.Sprintf("%s's crown was on %v", who, q.sq)
		reason := "crown found"
		if q.owner == r.mover() {
			reason = "own crown crushed"
		}
		r.end(Outcome{WinFor(q.owner.Other()), reason})
		rec.Events = append(rec.Events, Event{EventInfo, fmt.Sprintf("%s: %s wins", reason, colorName(q.owner.Other()))})
	case SecretHalf:
		if err := r.checkHalf(q.owner, v); err != nil {
			return rec, err
		}
		r.pend.pop()
		s.half, s.halfKnown, s.halfPublic = uint8(v), true, true
		rec.Text = fmt.Sprintf("%s's crown was on the %s", who, crownHalfNames[v])
		if uint8(v) == uint8(q.piece-HalfOrth) {
			r.crownLost(&rec, q, crownHalfNames[v])
		} else {
			rec.Events = append(rec.Events, Event{EventReveal, fmt.Sprintf("%s's %s carries the crown", who, crownHalfNames[v])})
		}
	}
	return rec, nil
}

// crownLost ends the game: q's owner lost its crowned piece (in the public count it
// goes on, the side having lost its monarch).
func (r *crownRules) crownLost(rec *Record, q crownReq, name string) {
	if r.public {
		r.side[q.owner].lost = true
		return
	}
	o := Outcome{WinFor(q.owner.Other()), "crown captured"}
	if q.mine {
		o.Reason = "crown blown up"
	}
	r.end(o)
	rec.Events = append(rec.Events, Event{EventInfo, fmt.Sprintf("%s's crowned %s is gone: %s wins",
		colorName(q.owner), name, colorName(q.owner.Other()))})
}

// checkCrown validates a revealed crown value: a starting monarch, the captured one or
// one still standing, and what the state knows was chosen.
func (r *crownRules) checkCrown(c Color, v uint64, captured PieceType) (uint8, error) {
	s := &r.side[c]
	if v > 1 {
		return 0, fmt.Errorf("crown reveal %d: want 0 (King) or 1 (Dame)", v)
	}
	j := uint8(v)
	if (captured == NoType || j != uint8(captured-King)) && s.mon[j] == NoSquare {
		return 0, fmt.Errorf("crown reveal %d: %v has no starting %s the crown could be on", v, c, crownMonarchNames[j])
	}
	if s.crownKnown && s.crown != j {
		return 0, fmt.Errorf("crown reveal %d contradicts %v's choice", v, c)
	}
	return j, nil
}

// checkMine validates a stone's revealed mine bit: exactly one of the three is mined.
func (r *crownRules) checkMine(c Color, i int, v uint64) error {
	s := &r.side[c]
	if i < 0 {
		return fmt.Errorf("no unrevealed stone of %v there", c)
	}
	if v > 1 {
		return fmt.Errorf("mine reveal %d: want 1 (mined) or 0 (not)", v)
	}
	mined, unmined := 0, 0
	for k, x := range s.stones {
		if k == i || !x.public {
			continue
		}
		if x.mined {
			mined++
		} else {
			unmined++
		}
	}
	if v == 1 && mined > 0 {
		return fmt.Errorf("mine reveal 1: %v already had its mined stone", c)
	}
	if v == 0 && unmined >= crownStoneCount-1 && !r.public {
		return fmt.Errorf("mine reveal 0: %v's stones would have no mined one", c)
	}
	if x := s.stones[i]; x.known && x.mined != (v == 1) {
		return fmt.Errorf("mine reveal %d contradicts %v's stone", v, c)
	}
	return nil
}

func (r *crownRules) checkHalf(c Color, v uint64) error {
	s := &r.side[c]
	if v > 1 {
		return fmt.Errorf("half reveal %d: want 0 (orthogonal) or 1 (diagonal)", v)
	}
	if s.halfKnown && s.half != uint8(v) {
		return fmt.Errorf("half reveal %d contradicts %v's choice", v, c)
	}
	return nil
}

// revealFinal answers one of the reveals at the end of the game.
func (r *crownRules) revealFinal(st Step, v uint64) (Record, error) {
	s := &r.side[st.Owner]
	who := colorName(st.Owner)
	var rec Record
	switch st.Secret {
	case SecretCrown:
		j, err := r.checkCrown(st.Owner, v, NoType)
		if err != nil {
			return rec, err
		}
		s.crown, s.crownKnown, s.crownPublic = j, true, true
		rec.Text = fmt.Sprintf("%s's crown was on the %s", who, crownMonarchNames[j])
	case SecretMine:
		i := s.stoneAt(st.Square)
		if err := r.checkMine(st.Owner, i, v); err != nil {
			return rec, err
		}
		x := &s.stones[i]
		x.mined, x.known, x.public = v == 1, true, true
		rec.Text = fmt.Sprintf("%s's stone on %v was mined", who, st.Square)
		if v == 0 {
			rec.Text = fmt.Sprintf("%s's stone on %v was not mined", who, st.Square)
		}
	case SecretSquare:
		if v >= 64 || s.proven.Has(Square(v)) {
			return rec, fmt.Errorf("hidden square reveal %d: not a square the crown could be on", v)
		}
		if s.hideKnown && s.hideSq != Square(v) {
			return rec, fmt.Errorf("hidden square reveal %v contradicts %s's hidden square", Square(v), who)
		}
		s.hideSq, s.hideKnown, s.hidePublic = Square(v), true, true
		rec.Text = fmt.Sprintf("%s's crown was hidden on %v", who, Square(v))
	case SecretHalf:
		if err := r.checkHalf(st.Owner, v); err != nil {
			return rec, err
		}
		s.half, s.halfKnown, s.halfPublic = uint8(v), true, true
		rec.Text = fmt.Sprintf("%s's crown was on the %s", who, crownHalfNames[v])
	}
	return rec, nil
}
