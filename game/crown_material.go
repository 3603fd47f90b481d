package game

// CanWin implements Winnable. Crown is won by capturing the crowned piece, by ending a
// move on the enemy's hidden crown, and by the enemy crushing its own (Crown-3); so a
// side cannot win only when the enemy has hidden no crown and the side has nothing left
// but one king or dame that attacks no enemy piece (no other piece, no stone, no
// paratrooper in reserve), or nothing at all.
func (r *crownRules) CanWin(c Color) bool {
	if r.side[c.Other()].hid {
		return true
	}
	p, s := &r.pos, &r.side[c]
	if s.para > 0 {
		return true
	}
	for _, st := range s.stones {
		if st.state == stoneReserve && r.kind == crownStones {
			return true
		}
	}
	if p.byColor[c] == 0 {
		return false
	}
	return !loneKingHarmless(p, c)
}

// combing reports whether side c, in a Crown-3 game on time, has lost every piece while
// its crown stays hidden: its turns pass by themselves until the other side ends a move
// on the hidden square or a clock falls (RULES.md §3, On time).
func (r *crownRules) combing(c Color) bool {
	s := &r.side[c]
	return r.kind == crownHidden && r.pos.V.Options[OptionClock] == "on" &&
		s.hid && r.pos.byColor[c] == 0 && s.para == 0
}
