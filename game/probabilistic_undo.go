package game

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
