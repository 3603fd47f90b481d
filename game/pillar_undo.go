package game

// pillarFrame is a pillar state before a Play, and the move buffers the state after it
// uses (kept for the next Play at this depth).
type pillarFrame struct {
	moved       bool
	m           Move
	u           pillarUndo
	die         int8
	turn        pillarTurn
	out         Outcome
	all, moves  []Move
	bufAll, buf []Move
}

// Play applies a legal move or a die face in place.
func (r *pillarRules) Play(in Input) {
	n := len(r.frames)
	if n < cap(r.frames) {
		r.frames = r.frames[:n+1]
	} else {
		r.frames = append(r.frames, pillarFrame{})
	}
	f := &r.frames[n]
	f.die, f.turn, f.out, f.all, f.moves = r.die, r.turn, r.out, r.all, r.moves
	f.moved = in.Kind == InputMove
	if !f.moved {
		r.moves = f.buf[:0]
		r.roll(int8(in.Values[0]))
		f.buf = r.moves
		return
	}
	f.m = in.Move
	r.pos.makePillar(in.Move, r.cfg, &f.u)
	r.all, r.moves = f.bufAll[:0], f.buf[:0]
	r.startTurn()
	f.bufAll, f.buf = r.all, r.moves
}

// Undo takes back the last Play.
func (r *pillarRules) Undo() {
	n := len(r.frames) - 1
	f := &r.frames[n]
	if f.moved {
		r.pos.undoPillar(f.m, &f.u)
	}
	r.die, r.turn, r.out, r.all, r.moves = f.die, f.turn, f.out, f.all, f.moves
	r.frames = r.frames[:n]
}
