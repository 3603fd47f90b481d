package game

// CrownPlay is Apply for a search: a move of a Crown state applied without writing its
// notation (a third of Apply's time). It reports whether the input was applied; an
// input Apply would refuse changes nothing. Other inputs and other games go through
// Apply.
func CrownPlay(r Rules, in Input) bool {
	cr, ok := r.(*crownRules)
	if !ok || in.Kind != InputMove || cr.out.Over() || cr.pend.n > 0 {
		_, err := r.Apply(in)
		return err == nil
	}
	if in.Player != cr.pos.Side {
		return false
	}
	m, ok := cr.match(in.Player, in.Move)
	if !ok {
		return false
	}
	cr.play(m)
	cr.settle()
	return true
}
