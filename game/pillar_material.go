package game

// CanWin implements Winnable: pillar chess is won by checkmate, which a lone king never
// gives; but a piece of c's held in any tower may come free, so only a king that is c's
// last piece anywhere on the board cannot win.
func (r *pillarRules) CanWin(c Color) bool {
	p := r.pos
	own := p.byColor[c]
	if own.Count() != 1 || own&p.byType[King] == 0 {
		return true
	}
	if p.Under != nil {
		for s := range p.Under {
			t := &p.Under[s]
			for i := 0; i < int(t.N); i++ {
				if t.P[i].Color() == c {
					return true
				}
			}
		}
	}
	return false
}
