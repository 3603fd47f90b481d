package game

// CanWin implements Winnable: probabilistic chess is won by capturing the king, so
// anything but a lone king that attacks nothing may still win.
func (r *probRules) CanWin(c Color) bool { return !loneKingHarmless(r.pos, c) }
