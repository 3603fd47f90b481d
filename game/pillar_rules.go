package game

import (
	"errors"
	"fmt"
)

// pillarTurn is how the current turn goes.
type pillarTurn uint8

const (
	turnRoll   pillarTurn = iota // the die must be rolled (a Draw step)
	turnRolled                   // rolled: the moves of the face and below, or Pass
	turnCheck                    // forced, no roll: in check, any legal move
	turnGardez                   // forced, no roll: a move that saves the attacked queen
	turnKing                     // forced, no roll: only the king's stack can move
	turnFree                     // nodice: any legal move
	turnOver
)

const noFace = -1

// pillarRules is the state machine of pillar chess.
type pillarRules struct {
	pos   *Position
	cfg   *pillarCfg // shared, never changed after loading
	die   int8       // the face rolled for this turn, noFace if none
	turn  pillarTurn
	out   Outcome
	all   []Move // every legal move of the side to move
	moves []Move // the actions of the current Move step
	// frames are what Undo restores, with the move buffers of the states Play made.
	frames []pillarFrame
}

// loadPillar is Variant.Load for pillar chess.
func loadPillar(v *Variant, text string) (Rules, error) {
	c, err := pillarConfig(v)
	if err != nil {
		return nil, err
	}
	if text == "" {
		text = v.Start
	}
	p, die, err := parsePillarText(v, text)
	if err != nil {
		return nil, err
	}
	if p.pillarAttacked(p.KingSquare(p.Side.Other()), p.Side, c) {
		return nil, errors.New("pillar text: the side not to move is in check")
	}
	r := &pillarRules{pos: p, cfg: c, die: noFace}
	r.startTurn()
	if die != noFace {
		switch {
		case c.nodice:
			return nil, errors.New("pillar text: a die face in a game without dice (nodice=on)")
		case r.turn != turnRoll:
			return nil, fmt.Errorf("pillar text: die face %s, but this turn has no roll (%s)", c.faceName(die), r.turnName())
		}
		r.roll(die)
	}
	return r, nil
}

func (r *pillarRules) Variant() *Variant   { return r.pos.V }
func (r *pillarRules) Position() *Position { return r.pos }
func (r *pillarRules) Outcome() Outcome    { return r.out }
func (r *pillarRules) View(Color) Rules    { return r.Clone() }

// Hash covers the board, the stacks, side, castling, en passant and a pending die face.
func (r *pillarRules) Hash() uint64 {
	if r.die == noFace {
		return r.pos.hash
	}
	return r.pos.hash ^ ExtraKey(int(r.die))
}

func (r *pillarRules) Clone() Rules {
	q := *r
	q.pos = r.pos.Clone()
	q.all = append([]Move(nil), r.all...)
	q.moves = append([]Move(nil), r.moves...)
	q.frames = nil
	return &q
}

func (r *pillarRules) Next() Step {
	switch r.turn {
	case turnOver:
		return Step{Kind: StepOver}
	case turnRoll:
		return Step{Kind: StepDraw, Draw: DrawDie, Range: 6}
	}
	return MoveStep(r.pos.Side)
}

func (r *pillarRules) Moves(c Color, buf []Move) []Move {
	if !r.Next().Asks(c) {
		return buf
	}
	return append(buf, r.moves...)
}

// Die is the face rolled for the current turn, as its type (NoType for skip), and whether
// the die has been rolled this turn.
func (r *pillarRules) Die() (PieceType, bool) {
	if r.die == noFace {
		return NoType, false
	}
	return r.cfg.face(r.die), true
}

// TurnEvents are the announcements of the current turn for the UI: "Check", "Gardez",
// and why the die is not rolled when the turn is forced.
func (r *pillarRules) TurnEvents() []Event {
	var ev []Event
	if r.turn == turnOver {
		return nil
	}
	p := r.pos
	if p.pillarInCheck(r.cfg) {
		ev = append(ev, Event{Kind: EventCheck, Text: "Check"})
	}
	if p.queenAttacked(p.Side, r.cfg) {
		ev = append(ev, Event{Kind: EventGardez, Text: "Gardez"})
	}
	switch r.turn {
	case turnCheck:
		ev = append(ev, Event{Kind: EventInfo, Text: "no roll: the check must be answered"})
	case turnGardez:
		ev = append(ev, Event{Kind: EventInfo, Text: "no roll: the queen must be saved"})
	case turnKing:
		ev = append(ev, Event{Kind: EventInfo, Text: "no roll: only the king can move"})
	}
	return ev
}

func (r *pillarRules) turnName() string {
	return [...]string{"roll", "rolled", "check", "gardez", "only the king can move", "no dice", "game over"}[r.turn]
}

// startTurn decides the outcome and how the side to move's turn goes.
func (r *pillarRules) startTurn() {
	r.die = noFace
	r.all = r.pos.pillarLegal(r.cfg, r.all[:0])
	r.out, r.turn, r.moves = decideTurn(r.pos, r.cfg, r.all, r.moves[:0])
}

// roll sets the die face of the turn.
func (r *pillarRules) roll(face int8) {
	r.die = face
	r.turn = turnRolled
	r.moves = rolledMoves(r.cfg, face, r.all, r.moves[:0])
}

// decideTurn is the outcome of the position and how the side to move's turn goes, given
// all its legal moves (RULES.md §4.11): the lone-king rule for both sides, then no legal
// move (checkmate or stalemate, the only draw); else check, gardez with a saving move, or
// only the king's stack able to move force the turn without a roll; otherwise the die is
// rolled. The actions of a forced or dice-less turn are appended to moves.
func decideTurn(p *Position, c *pillarCfg, all, moves []Move) (Outcome, pillarTurn, []Move) {
	for col := White; col <= Black; col++ {
		if p.byColor[col].Count() == 1 && p.Pieces(col, King) != 0 && p.byColor[col.Other()].Count() >= 3 {
			return Outcome{WinFor(col.Other()), "lone king"}, turnOver, moves
		}
	}
	inCheck := p.pillarInCheck(c)
	if len(all) == 0 {
		if inCheck {
			return Outcome{WinFor(p.Side.Other()), "checkmate"}, turnOver, moves
		}
		return Outcome{Drawn, "stalemate"}, turnOver, moves
	}
	turn := turnFree
	switch {
	case c.nodice:
	case inCheck:
		turn = turnCheck
	default:
		if p.queenAttacked(p.Side, c) {
			n := len(moves)
			var u pillarUndo
			for _, m := range all {
				p.makePillar(m, c, &u)
				saved := !p.queenAttacked(p.Side.Other(), c)
				p.undoPillar(m, &u)
				if saved {
					moves = append(moves, m)
				}
			}
			if len(moves) > n {
				return Outcome{}, turnGardez, moves
			}
		}
		k := p.KingSquare(p.Side)
		for _, m := range all {
			if m.From != k || m.Kind == Castle {
				return Outcome{}, turnRoll, moves
			}
		}
		turn = turnKing
	}
	return Outcome{}, turn, append(moves, all...)
}

// rolledMoves appends the moves a face allows: those of its type and below, or Pass alone.
func rolledMoves(c *pillarCfg, face int8, all, moves []Move) []Move {
	n := len(moves)
	if t := c.face(face); t != NoType {
		for _, m := range all {
			if m.Promo2 <= t {
				moves = append(moves, m)
			}
		}
	}
	if len(moves) == n {
		moves = append(moves, Move{Kind: Pass})
	}
	return moves
}

func (r *pillarRules) Apply(in Input) (Record, error) {
	if r.out.Over() {
		return Record{}, fmt.Errorf("the game is over (%s)", r.out.Reason)
	}
	p := r.pos
	switch in.Kind {
	case InputDraw:
		if r.turn != turnRoll {
			return Record{}, fmt.Errorf("no die roll now (%s)", r.turnName())
		}
		if in.Values[0] >= 6 {
			return Record{}, fmt.Errorf("die face %d: want 0–5", in.Values[0])
		}
		r.roll(int8(in.Values[0]))
		rec := Record{Text: "rolled " + r.cfg.faceName(r.die),
			Chance: &Chance{Die: true, Face: r.cfg.face(r.die), Values: in.Values}}
		if r.moves[0].Kind == Pass {
			rec.Text += ", no move"
		}
		return rec, nil
	case InputMove:
		if !r.Next().Asks(in.Player) {
			if r.turn == turnRoll {
				return Record{}, errors.New("roll the die first")
			}
			return Record{}, fmt.Errorf("it is %v's turn", p.Side)
		}
		legal := false
		for _, m := range r.moves {
			legal = legal || m == in.Move
		}
		if !legal {
			return Record{}, fmt.Errorf("illegal move %v", in.Move)
		}
		rec := Record{Text: r.moveBody(in.Move)}
		var u pillarUndo
		p.makePillar(in.Move, r.cfg, &u)
		r.startTurn()
		if r.out.Reason == "checkmate" {
			rec.Text += "#"
		} else if p.pillarInCheck(r.cfg) {
			rec.Text += "+"
		}
		rec.Events = r.TurnEvents()
		if r.out.Over() {
			rec.Events = append(rec.Events, Event{Kind: EventInfo, Text: r.out.Reason})
		}
		return rec, nil
	case InputResign:
		if in.Player > Black {
			return Record{}, fmt.Errorf("no player %d", in.Player)
		}
		r.out = Outcome{WinFor(in.Player.Other()), in.Player.String() + " resigned"}
		r.turn = turnOver
		return Record{Text: r.out.Reason}, nil
	case InputFlag:
		o, err := flagInput(r, in)
		if err != nil {
			return Record{}, err
		}
		r.out, r.turn = o, turnOver
		return Record{Text: o.Reason}, nil
	case InputAgree, InputClaim:
		return Record{}, errors.New("pillar chess has no draws but stalemate: none can be agreed or claimed")
	}
	return Record{}, errors.New("pillar chess has no secrets")
}
