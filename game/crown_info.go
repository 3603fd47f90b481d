package game

import "fmt"

// What the UI and the AI may ask a Crown state beyond the Rules interface. A View answers
// with its player's own secrets and only the opponent's revealed ones.

// CrownState is one side of a Crown game as a state knows it.
type CrownState struct {
	Chosen       bool         // the crown choice is made
	Crown        PieceType    // King or Dame when known to this state, else NoType
	CrownPublic  bool         // the crown's monarch is revealed to both
	Monarchs     []Square     // starting monarchs that may carry the crown; other Kings and Dames are uncrowned
	Lost         bool         // lost its uncrowned monarch: stones, hiding or splitting are open
	Stones       []CrownStone // stones placed, in placement order
	StonesLeft   int          // stones in reserve (Crown-2)
	Paratroopers int          // paratroopers in reserve
	Hidden       bool         // the crown is hidden on a square (Crown-3)
	HiddenSquare Square       // the hidden square when known to this state, else NoSquare
	HiddenPublic bool
	Proven       Bitboard  // squares proven not to hold the hidden crown: the battleship map
	Split        bool      // the monarch has split (Crown-4)
	CrownedHalf  PieceType // HalfOrth or HalfDiag when known to this state, else NoType
	HalfPublic   bool
}

// CrownStone is a placed stone. Mined means something only when Known.
type CrownStone struct {
	Square               Square
	Taken                bool
	Mined, Known, Public bool
}

// CrownSide reports side c of a Crown state; ok is false for another game.
func CrownSide(r Rules, c Color) (st CrownState, ok bool) {
	cr, ok := r.(*crownRules)
	if !ok || c > Black {
		return st, false
	}
	s := &cr.side[c]
	st = CrownState{Chosen: s.chosen, Crown: NoType, CrownPublic: s.crownPublic, Lost: s.lost,
		Paratroopers: int(s.para), Hidden: s.hid, HiddenSquare: NoSquare, HiddenPublic: s.hidePublic,
		Proven: s.proven, Split: s.split, CrownedHalf: NoType, HalfPublic: s.halfPublic}
	if s.crownKnown {
		st.Crown = King + PieceType(s.crown)
	}
	for _, m := range s.mon {
		if m != NoSquare {
			st.Monarchs = append(st.Monarchs, m)
		}
	}
	for _, x := range s.stones {
		if x.state == stoneReserve {
			if cr.kind == crownStones {
				st.StonesLeft++
			}
			continue
		}
		st.Stones = append(st.Stones, CrownStone{Square: x.sq, Taken: x.state == stoneTaken, Mined: x.mined, Known: x.known, Public: x.public})
	}
	if s.hideKnown {
		st.HiddenSquare = s.hideSq
	}
	if s.halfKnown {
		st.CrownedHalf = HalfOrth + PieceType(s.half)
	}
	return st, true
}

// CrownCrushesOwn reports whether move m of player p would end on p's own hidden crown,
// which loses the game (the UI asks for confirmation; the AI does not play it). Only a
// state that knows the square can tell.
func CrownCrushesOwn(r Rules, p Color, m Move) bool {
	cr, ok := r.(*crownRules)
	if !ok || p > Black {
		return false
	}
	s := &cr.side[p]
	if !s.hid || !s.hideKnown || s.hidePublic {
		return false
	}
	switch m.Kind {
	case Normal, Double, EnPassant, Drop, PlaceStone, SplitMonarch, ParaMove:
		return m.To == s.hideSq
	case Castle:
		return m.To == s.hideSq || m.Via2 == s.hideSq
	}
	return false
}

// CrownGuess is a determinization for search: a copy of a Crown state in which side c's
// unknown secrets take guessed values (crown King or Dame; the mine bits of its
// unrevealed stones in placement order; the hidden square; the crowned half, HalfOrth or
// HalfDiag). Known values stay; guesses for secrets the side does not have are ignored.
// The copy holds c's secrets from then on, like a referee. A guess the rules rule out
// (a missing monarch, two mined stones, a proven square) is an error.
func CrownGuess(r Rules, c Color, crown PieceType, mined []bool, hidden Square, half PieceType) (Rules, error) {
	cr, ok := r.(*crownRules)
	if !ok || c > Black {
		return nil, fmt.Errorf("not a Crown state")
	}
	g := cr.clone()
	g.holds[c] = true
	s := &g.side[c]
	if s.chosen && !s.crownKnown {
		captured := false // a monarch just taken, its reveal awaited, may be the crowned one
		for _, q := range g.pend.q[:g.pend.n] {
			captured = captured || q.owner == c && q.secret == SecretCrown && q.piece == crown
		}
		if crown != King && crown != Dame || s.mon[crown-King] == NoSquare && !captured {
			return nil, fmt.Errorf("crown guess %v: not a starting monarch of %v", crown, c)
		}
		s.crown, s.crownKnown = uint8(crown-King), true
	}
	k, minedN, unminedN := 0, 0, 0
	for i := range s.stones {
		x := &s.stones[i]
		if x.state == stoneReserve {
			continue
		}
		if !x.known {
			if k >= len(mined) {
				return nil, fmt.Errorf("mine guess: %v has more unknown stones", c)
			}
			x.mined, x.known = mined[k], true
			k++
		}
		if x.mined {
			minedN++
		} else {
			unminedN++
		}
	}
	if minedN > 1 || unminedN > crownStoneCount-1 {
		return nil, fmt.Errorf("mine guess: %v must have exactly one mined stone", c)
	}
	if s.hid && !s.hideKnown {
		if hidden >= NoSquare || s.proven.Has(hidden) {
			return nil, fmt.Errorf("hidden square guess %v: not a square the crown can be on", hidden)
		}
		s.hideSq, s.hideKnown = hidden, true
	}
	if s.split && !s.halfKnown {
		if half != HalfOrth && half != HalfDiag {
			return nil, fmt.Errorf("half guess %v: want HalfOrth or HalfDiag", half)
		}
		s.half, s.halfKnown = uint8(half-HalfOrth), true
	}
	return g, nil
}

// CrownSecrets are values for one side's Crown secrets, for CrownWorld: the crowned
// monarch (King or Dame), the mine bits of the side's stones this state does not know,
// in placement order, the hidden square, the crowned half (HalfOrth or HalfDiag). A zero
// part (NoType, nil; NoSquare for Hidden) leaves that secret as the state has it.
type CrownSecrets struct {
	Crown  PieceType
	Mined  []bool
	Hidden Square
	Half   PieceType
}

// NoCrownSecrets sets nothing.
var NoCrownSecrets = CrownSecrets{Hidden: NoSquare}

// CrownWorld is a whole world for the AI's determinization: Crown state r with each
// side's secrets set as given (the opponent's unknown ones guessed, or the searcher's own
// swapped so that it cares for both monarchs; a set value replaces a known one), read
// back as a state loaded from its position text is: both sides' secrets held, the
// repetition count starting afresh, and every rule on secrets checked, so that a world
// the rules rule out (a crown on a monarch the side never had, two mined stones, a
// hidden square proven empty) is an error. Unlike CrownGuess, which keeps the state's
// history for the exact search, the world starts from the position alone.
func CrownWorld(r Rules, set [2]CrownSecrets) (Rules, error) {
	cr, ok := r.(*crownRules)
	if !ok {
		return nil, fmt.Errorf("not a Crown state")
	}
	g := cr.clone()
	for c := range g.side {
		s, v := &g.side[c], set[c]
		if v.Crown == King || v.Crown == Dame {
			s.crown, s.crownKnown = uint8(v.Crown-King), true
		}
		k := 0
		for i := range s.stones {
			x := &s.stones[i]
			if x.state == stoneReserve || x.known || x.public || k >= len(v.Mined) {
				continue
			}
			x.mined, x.known = v.Mined[k], true
			k++
		}
		if v.Hidden < NoSquare {
			s.hideSq, s.hideKnown = v.Hidden, true
		}
		if v.Half == HalfOrth || v.Half == HalfDiag {
			s.half, s.halfKnown = uint8(v.Half-HalfOrth), true
		}
	}
	return Load(cr.pos.V, g.Text())
}
