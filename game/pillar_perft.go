package game

// pillarPly is one level's move buffers for Perft, reused across the search.
type pillarPly struct {
	all, moves, rolled []Move
}

// Perft counts the sequences of depth plies exactly as PerftRules does (a ply is a move,
// a pass included; a roll branches over the six faces without costing a ply; a finished
// game has no children), by making and taking back moves on one copy of the
// position instead of cloning states: the node logic a search needs.
func (r *pillarRules) Perft(depth int) int64 {
	if depth <= 0 {
		return 1
	}
	if r.out.Over() {
		return 0
	}
	p := r.pos.Clone()
	plies := make([]pillarPly, depth)
	if r.turn == turnRoll {
		var n int64
		for f := int8(0); f < 6; f++ {
			plies[0].rolled = rolledMoves(r.cfg, f, r.all, plies[0].rolled[:0])
			n += pillarPerftMoves(p, r.cfg, plies[0].rolled, depth, plies[1:])
		}
		return n
	}
	return pillarPerftMoves(p, r.cfg, r.moves, depth, plies[1:])
}

// pillarPerftMoves counts the leaves below each of the actions moves, depth plies deep.
func pillarPerftMoves(p *Position, c *pillarCfg, moves []Move, depth int, plies []pillarPly) int64 {
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	var u pillarUndo
	for _, m := range moves {
		p.makePillar(m, c, &u)
		n += pillarPerftNode(p, c, depth-1, plies)
		p.undoPillar(m, &u)
	}
	return n
}

// pillarPerftNode counts the leaves below a position at the start of a turn.
func pillarPerftNode(p *Position, c *pillarCfg, depth int, plies []pillarPly) int64 {
	ply := &plies[0]
	ply.all = p.pillarLegal(c, ply.all[:0])
	out, turn, moves := decideTurn(p, c, ply.all, ply.moves[:0])
	ply.moves = moves
	if out.Over() {
		return 0
	}
	if turn != turnRoll {
		return pillarPerftMoves(p, c, moves, depth, plies[1:])
	}
	var n int64
	for f := int8(0); f < 6; f++ {
		ply.rolled = rolledMoves(c, f, ply.all, ply.rolled[:0])
		n += pillarPerftMoves(p, c, ply.rolled, depth, plies[1:])
	}
	return n
}
