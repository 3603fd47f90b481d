package game

// CanWin implements Winnable: simultaneous chess is won by capturing the king, so
// anything but a lone king that attacks nothing may still win.
func (r *SimulRules) CanWin(c Color) bool { return !loneKingHarmless(&r.pos, c) }
