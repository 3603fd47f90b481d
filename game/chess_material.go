package game

// CanWin implements Winnable: in chess, mating material as lichess counts it on time; in
// forced-capture chess (no check: a king is captured) anything but a lone king that
// attacks nothing.
func (r *chessRules) CanWin(c Color) bool {
	if r.pos.V.Check {
		return chessCanWin(r.pos, c)
	}
	return !loneKingHarmless(r.pos, c)
}
