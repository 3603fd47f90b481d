package game

// Perft counts the sequences of exactly depth moves from the position, with bulk counting
// at depth 1 (moves are counted, not made). As in every engine's perft, a finished game
// has no children: under king capture a move that takes a king counts at its own depth
// and adds nothing to deeper ones.
func (p *Position) Perft(depth int) int64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	kingCapture := p.V.KingCapture
	for _, m := range moves {
		if kingCapture && p.board[m.To].Type() == King {
			continue
		}
		p.Make(m)
		n += p.Perft(depth - 1)
		p.Unmake()
	}
	return n
}

// Divide is Perft split by first move, for finding where two generators disagree.
func (p *Position) Divide(depth int) map[Move]int64 {
	out := map[Move]int64{}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		switch {
		case depth <= 1:
			out[m] = 1
		case p.V.KingCapture && p.board[m.To].Type() == King:
			out[m] = 0
		default:
			p.Make(m)
			out[m] = p.Perft(depth - 1)
			p.Unmake()
		}
	}
	return out
}
