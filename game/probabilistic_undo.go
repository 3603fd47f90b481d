package game

// Undoer is implemented by games whose state can play an input in place and take it back
// without allocating (once its buffers have grown): the search's path, many times faster
// than Clone and Apply. Play trusts its input: a move must be one Moves offers now, a
// draw's values in range; it writes no notation. Only moves and draws are played. Undo
// takes back the last Play not yet taken back. A Clone starts with nothing to undo.
type Undoer interface {
	Play(in Input)
	Undo()
}

// probFrame is a probabilistic state before a Play: the rules and the position by value
// (the history is only appended to while playing, so its length is enough to restore it).
type probFrame struct {
	rules probRules
	pos   Position
}

// Play applies a legal move or a draw in place.
func (r *probRules) Play(in Input) {
	r.frames = append(r.frames, probFrame{})
	f := &r.frames[len(r.frames)-1]
	f.rules = *r
	f.rules.frames = nil
	f.pos = *r.pos
	if in.Kind == InputDraw {
		r.playDraw((int(in.Values[0])+int(in.Values[1]))%10, nil)
		return
	}
	r.playMove(in.Move, nil)
}

// Undo takes back the last Play.
func (r *probRules) Undo() {
	n := len(r.frames) - 1
	f := &r.frames[n]
	frames, pos, hist := r.frames, r.pos, r.pos.hist
	*pos = f.pos
	pos.hist = hist[:len(f.pos.hist)]
	*r = f.rules
	r.pos, r.frames = pos, frames[:n]
}

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
