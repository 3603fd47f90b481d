package game

import "fmt"

// probPhase is where a probabilistic turn stands.
type probPhase uint8

const (
	probMove  probPhase = iota // the side to move chooses an action
	probDraw                   // an attempt (cur) waits for its draw
	probOffer                  // the mover may strike the mated king, or decline
)

// probCtx says which attempt a Draw resolves, and so what follows it.
type probCtx uint8

const (
	ctxMove   probCtx = iota // the turn's capture attempt; a strike offer may follow
	ctxFirst                 // a defence's first attempt; next is the second
	ctxSecond                // a defence's second attempt
	ctxStrike                // the strike on the mated king
)

// probRules is the state machine of probabilistic chess.
//
// A turn is one history entry of the Position (for repetition counts) however many
// attempts it holds. While a turn is in progress (after its first change to the board:
// a defence between its attempts, a strike offer, a strike waiting for its draw) the
// Position's side is still the mover's, its en-passant square is cleared (an en-passant
// attempt carries its kind), the en-passant square the opponent will get waits in epNext,
// and the clocks already count the turn; end() then passes the turn.
type probRules struct {
	pos       *Position
	odds      *probTable // shared by clones, read-only
	classical *Variant   // the same pieces under check rules, to recognise a classical mate
	phase     probPhase
	ctx       probCtx
	cur, next Move   // cur: the attempt awaiting its draw; next: a defence's second attempt
	epNext    Square // en-passant square for the opponent once the turn ends
	out       Outcome
	frames    []probFrame // what Undo restores
}

// loadProb is the variant's Load: position text as described at probRules.Text.
func loadProb(v *Variant, text string) (Rules, error) {
	odds, err := probTableOf(v)
	if err != nil {
		return nil, err
	}
	cv := *v
	cv.Check = true
	r := &probRules{odds: odds, classical: &cv, epNext: NoSquare}
	if err := r.load(v, text); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *probRules) Variant() *Variant   { return r.pos.V }
func (r *probRules) Position() *Position { return r.pos }
func (r *probRules) Outcome() Outcome    { return r.out }
func (r *probRules) View(Color) Rules    { return r.Clone() } // nothing is secret

func (r *probRules) Clone() Rules {
	c := *r
	c.pos = r.pos.Clone()
	c.frames = nil
	return &c
}

// Hash covers the board and whatever is pending in the turn.
func (r *probRules) Hash() uint64 {
	h := r.pos.hash
	if r.phase == probMove {
		return h
	}
	h ^= ExtraKey(1 + 4*int(r.phase) + int(r.ctx))
	h ^= moveKey(r.cur, 20) ^ moveKey(r.next, 21)
	if r.epNext != NoSquare {
		h ^= moveKey(Move{To: r.epNext}, 22)
	}
	return h
}

// moveKey hashes a move with key k (NullMove hashes to 0).
func moveKey(m Move, k int) uint64 {
	if m == NullMove {
		return 0
	}
	return mix64(moveBits(m) ^ ExtraKey(k))
}

// Next says what the game awaits. A Draw step is a capture outcome (two numbers 0–9);
// its Square is the square under attack.
func (r *probRules) Next() Step {
	switch {
	case r.out.Over():
		return Step{Kind: StepOver}
	case r.phase == probDraw:
		return Step{Kind: StepDraw, Draw: DrawCapture, Range: 10, Square: r.victim(r.cur)}
	}
	return MoveStep(r.pos.Side)
}

// CaptureAttempt is the capture attempt a probabilistic game's Draw step resolves.
type CaptureAttempt struct {
	By       Color
	From, To Square // the attacker and where it lands on success
	Target   Square // the attacked piece (differs from To en passant)
	Odds     Odds
	Strike   bool // the strike on a mated king
	Second   bool // a defence's second attempt
}

// PendingAttempt reports the attempt a probabilistic game waits to draw for (the UI
// shows it with its odds; the AI weighs its outcomes).
func PendingAttempt(r Rules) (CaptureAttempt, bool) {
	pr, ok := r.(*probRules)
	if !ok || pr.out.Over() || pr.phase != probDraw {
		return CaptureAttempt{}, false
	}
	m := pr.cur
	return CaptureAttempt{By: pr.pos.Side, From: m.From, To: m.To, Target: pr.victim(m),
		Odds: pr.oddsOf(m), Strike: m.Kind == Strike, Second: pr.ctx == ctxSecond}, true
}

// victim is the square of the piece attempt m attacks.
func (r *probRules) victim(m Move) Square {
	if m.Kind == EnPassant {
		if r.pos.Side == White {
			return m.To - 8
		}
		return m.To + 8
	}
	return m.To
}

func (r *probRules) oddsOf(m Move) Odds {
	p := r.pos
	return r.odds[p.board[m.From].Type()][p.board[r.victim(m)].Type()]
}

// isAttempt reports whether a chess move of the side to move is a capture attempt.
func (r *probRules) isAttempt(m Move) bool {
	return m.Kind == EnPassant || (m.Kind == Normal && r.pos.board[m.To] != NoPiece)
}

// Apply answers the current step; a refused input changes nothing.
func (r *probRules) Apply(in Input) (Record, error) {
	if r.out.Over() {
		return Record{}, fmt.Errorf("the game is over (%s)", r.out.Reason)
	}
	p := r.pos
	switch in.Kind {
	case InputMove:
		if r.phase == probDraw {
			return Record{}, fmt.Errorf("the capture attempt %s waits for its draw", r.attemptText(r.cur))
		}
		if in.Player != p.Side {
			return Record{}, fmt.Errorf("it is %v's turn", p.Side)
		}
		if !r.legal(in.Move) {
			return Record{}, fmt.Errorf("illegal move %v", in.Move)
		}
		return r.applyMove(in.Move), nil
	case InputDraw:
		if r.phase != probDraw {
			return Record{}, fmt.Errorf("no capture attempt waits for a draw")
		}
		a, b := in.Values[0], in.Values[1]
		if a > 9 || b > 9 {
			return Record{}, fmt.Errorf("draw values %d and %d: each must be 0–9", a, b)
		}
		return r.applyDraw(int(a), int(b)), nil
	case InputResign:
		if in.Player > Black {
			return Record{}, fmt.Errorf("bad player %d", in.Player)
		}
		r.finish(Outcome{WinFor(in.Player.Other()), in.Player.String() + " resigned"})
		return Record{Text: r.out.Reason}, nil
	case InputAgree:
		r.finish(Outcome{Drawn, "agreement"})
		return Record{Text: "draw agreed"}, nil
	case InputFlag:
		o, err := flagInput(r, in)
		if err != nil {
			return Record{}, err
		}
		r.finish(o)
		return Record{Text: o.Reason}, nil
	case InputClaim:
		if r.phase != probMove || in.Player != p.Side {
			return Record{}, fmt.Errorf("only the player to move may claim a draw, at the start of a turn")
		}
		why := r.claimable()
		if why == "" {
			return Record{}, fmt.Errorf("no draw to claim")
		}
		r.finish(Outcome{Drawn, why})
		return Record{Text: "draw claimed: " + why}, nil
	}
	return Record{}, fmt.Errorf("%v has no secrets to reveal", p.V.Title)
}

// applyMove carries out a legal action.
func (r *probRules) applyMove(m Move) Record {
	rec := Record{Text: r.moveText(m)}
	r.playMove(m, &rec)
	return rec
}

// playMove carries out a legal action, telling rec what happened unless it is nil.
func (r *probRules) playMove(m Move, rec *Record) {
	switch {
	case m.Kind == Decline:
		r.end()
	case m.Kind == Strike, m.Kind == Defence, r.isAttempt(m):
		r.phase, r.cur, r.ctx = probDraw, m, ctxMove
		if m.Kind == Strike {
			r.ctx = ctxStrike
		}
		if m.Kind == Defence {
			r.ctx = ctxFirst
			r.cur, r.next = defenceParts(r.pos, m)
		}
		if rec != nil {
			rec.Events = append(rec.Events, Event{EventInfo, r.oddsText(r.cur)})
			if m.Kind == Defence {
				rec.Events = append(rec.Events, Event{EventInfo, "then " + r.oddsText(r.next)})
			}
		}
	default: // a move without capture: the whole turn unless it mates
		matedBefore := r.classicalMate(r.pos.Side.Other(), NoSquare)
		king := r.pos.board[m.From].Type() == King && m.Kind != Castle
		r.begin(m)
		r.relocate(m)
		r.afterMain(king, matedBefore, rec)
	}
}

// applyDraw resolves the pending attempt with X = (a+b) mod 10.
func (r *probRules) applyDraw(a, b int) Record {
	rec := Record{Text: fmt.Sprintf("%d+%d=%d: ", a, b, (a+b)%10),
		Chance: &Chance{Values: [2]uint8{uint8(a), uint8(b)}, X: uint8((a + b) % 10)}}
	r.playDraw((a+b)%10, &rec)
	return r.told(rec)
}

// playDraw resolves the pending attempt with X = x, telling rec unless it is nil.
func (r *probRules) playDraw(x int, rec *Record) {
	m := r.cur
	switch r.ctx {
	case ctxMove:
		matedBefore := r.classicalMate(r.pos.Side.Other(), NoSquare)
		king := r.pos.board[m.From].Type() == King
		r.begin(m)
		r.resolve(m, x, rec)
		if !r.out.Over() {
			r.afterMain(king, matedBefore, rec)
		}
		return
	case ctxFirst:
		r.begin(Move{From: m.From, To: m.To, Kind: Defence, Promo: m.Promo, Via: r.next.From, Via2: r.next.To, Promo2: r.next.Promo})
		r.resolve(m, x, rec)
		if r.out.Over() {
			return
		}
		if why := r.skip(r.next); why != "" {
			if rec != nil {
				rec.Text += "; " + r.attemptText(r.next) + " skipped (" + why + ")"
			}
			r.end()
			return
		}
		r.cur, r.next, r.ctx = r.next, NullMove, ctxSecond
		return
	}
	// ctxSecond, ctxStrike: the last attempt of the turn
	if rec != nil && m.Kind == Strike {
		rec.Text += "strike "
	}
	r.resolve(m, x, rec)
	if !r.out.Over() {
		r.end()
	}
}

// told puts the record's text first among its events, as the capture event.
func (r *probRules) told(rec Record) Record {
	rec.Events = append([]Event{{EventCapture, rec.Text}}, rec.Events...)
	return rec
}

// skip says why a defence's second attempt is skipped, "" if it goes ahead.
func (r *probRules) skip(m Move) string {
	p := r.pos
	if t := p.board[r.victim(m)]; t == NoPiece || t.Color() == p.Side {
		return "target gone"
	}
	if !r.reachable(m) {
		return "target out of reach"
	}
	return ""
}

// reachable reports whether the side to move's piece on m.From can make capture m now.
func (r *probRules) reachable(m Move) bool {
	p := r.pos
	us := p.Side
	pc := p.board[m.From]
	t := p.board[r.victim(m)]
	if pc == NoPiece || pc.Color() != us || t == NoPiece || t.Color() == us || !p.V.OnBoard(m.To) {
		return false
	}
	if m.Kind == EnPassant {
		if pc.Type() != Pawn || t.Type() != Pawn || p.board[m.To] != NoPiece ||
			m.To.Rank() != p.V.epRank(us) || !pawnAtt[us][m.From].Has(m.To) {
			return false
		}
	} else if !p.Attacks(pc, m.From, p.Occupied()).Has(m.To) {
		return false
	}
	if m.Kind == Strike {
		return pc.Type() != King && t.Type() == King
	}
	promo := pc.Type() == Pawn && m.To.Rank() == p.V.promoRank[us]
	if promo != (m.Promo != NoType) {
		return false
	}
	if promo {
		for _, t := range p.V.Promotions {
			if t == m.Promo {
				return true
			}
		}
		return false
	}
	return true
}

// resolve applies attempt m's outcome for X = x and, unless rec is nil, describes it.
func (r *probRules) resolve(m Move, x int, rec *Record) {
	p := r.pos
	us := p.Side
	what := ""
	if rec != nil {
		what = r.attemptText(m)
	}
	say := func(s string) {
		if rec != nil {
			rec.Text += what + s
		}
	}
	attacker, target := p.board[m.From], p.board[r.victim(m)]
	res := r.oddsOf(m).Result(x)
	if rec != nil && rec.Chance != nil {
		rec.Chance.Result = res
	}
	switch res {
	case AttemptSuccess:
		if m.Kind == Strike {
			m = Move{From: m.From, To: m.To}
			if attacker.Type() == Pawn && m.To.Rank() == p.V.promoRank[us] {
				m.Promo = p.V.Promotions[0] // the game is over; the pawn lands promoted
			}
		}
		r.relocate(m)
		if target.Type() == King {
			r.finish(Outcome{WinFor(us), "king captured"})
			say(" (king captured)")
			return
		}
		say(" (captured)")
		return
	case AttemptMiss:
		say(" (missed)")
		return
	}
	r.kill(m.From)
	if attacker.Type() == King {
		r.finish(Outcome{WinFor(us.Other()), "king died attacking"})
		say(" (king died)")
		return
	}
	say(" (attacker died)")
}

// afterMain follows the turn's main action: a strike offer (rule 6) or the end of the
// turn. The offer needs a move that was not a plain king move, an enemy king not mated
// before it and mated in the classical sense now, and a piece to strike with.
func (r *probRules) afterMain(kingMove, matedBefore bool, rec *Record) {
	them := r.pos.Side.Other()
	if !kingMove && !matedBefore && r.strikers() != 0 && r.classicalMate(them, r.epNext) {
		r.phase, r.ctx, r.cur, r.next = probOffer, ctxMove, NullMove, NullMove
		if rec == nil {
			return
		}
		rec.Events = append(rec.Events, Event{EventInfo,
			fmt.Sprintf("%s's king is mated: %s may strike at it at once", colorName(them), colorName(r.pos.Side))})
		return
	}
	r.end()
}

// classicalMate reports whether c's king is checkmated by chess rules (pins respected,
// en passant on ep an escape) were c to move now.
func (r *probRules) classicalMate(c Color, ep Square) bool {
	p := r.pos
	ks := p.KingSquare(c)
	if ks == NoSquare || p.AttackersTo(ks, p.Occupied())&p.byColor[c.Other()] == 0 {
		return false
	}
	q := *p
	q.V, q.Side, q.EP = r.classical, c, ep
	var buf [MaxMoves]Move
	return len(q.genLegal(buf[:0])) == 0
}

// judge decides the outcome at the start of a turn.
func (r *probRules) judge() Outcome {
	p, v := r.pos, r.pos.V
	for c := White; c <= Black; c++ {
		if p.Pieces(c, King) == 0 {
			// The mover keeps the turn when a game ends: a king missing on the side to
			// move died attacking, one missing on the other side was captured.
			if c == p.Side {
				return Outcome{WinFor(c.Other()), "king died attacking"}
			}
			return Outcome{WinFor(c.Other()), "king captured"}
		}
	}
	var buf [MaxMoves]Move
	if len(p.LegalMoves(buf[:0])) == 0 {
		return Outcome{Drawn, "no legal move"}
	}
	if v.AutoMoveRule > 0 && p.Halfmove >= 2*v.AutoMoveRule {
		return Outcome{Drawn, fmt.Sprintf("%d-move rule", v.AutoMoveRule)}
	}
	if v.AutoRepeat > 0 && p.Repetitions()+1 >= v.AutoRepeat {
		return Outcome{Drawn, "fivefold repetition"}
	}
	return Outcome{}
}

// claimable names the draw the side to move may claim now, or "".
func (r *probRules) claimable() string {
	p, v := r.pos, r.pos.V
	if r.phase != probMove {
		return ""
	}
	if v.MoveRule > 0 && p.Halfmove >= 2*v.MoveRule {
		return fmt.Sprintf("%d-move rule", v.MoveRule)
	}
	if v.RepeatRule > 0 && p.Repetitions()+1 >= v.RepeatRule {
		return "threefold repetition"
	}
	return ""
}

// oddsText tells an attempt's chances: "Nxe5: 60% success, 20% miss, 20% attacker dies".
func (r *probRules) oddsText(m Move) string {
	o := r.oddsOf(m)
	return fmt.Sprintf("%s: %d%% success, %d%% miss, %d%% attacker dies",
		r.attemptText(m), 10*int(o.Success), 10*int(o.Miss), 10*int(o.Dies))
}

// chanceValues are the values of X a perft branches over for mode m: one per outcome the
// pending attempt's odds allow (the first value of each), or the first success alone
// (the first value of what can happen when the odds allow no success).
func (r *probRules) chanceValues(s Step, m ChanceMode) []uint8 {
	o := r.oddsOf(r.cur)
	var out []uint8
	for x, n := range []uint8{o.Success, o.Miss, o.Dies} {
		if n > 0 {
			out = append(out, [3]uint8{0, o.Success, o.Success + o.Miss}[x])
		}
	}
	if m == ChanceSuccess {
		out = out[:1]
	}
	return out
}
