package game

import "fmt"

func init() {
	c := StandardVariant()
	c.Order = 1
	Register(c)

	f := StandardVariant()
	f.Name, f.Title, f.Order = "forced", "Forced-capture chess", 2
	f.Help = "Capturing is compulsory; no check — capture the enemy king to win."
	f.Check, f.KingCapture, f.MustCapture = false, true, true
	Register(f)
}

// chessRules are the rules of the games that are chess with different fields of Variant:
// chess and forced-capture chess. One player moves at a time; there are no draws of
// chance and no secrets.
type chessRules struct {
	pos *Position
	out Outcome
}

// NewChessRules is the chess state machine of v (any variant made of Variant fields
// alone) from a FEN, or from v.Start when fen is empty.
func NewChessRules(v *Variant, fen string) (Rules, error) {
	if fen == "" {
		fen = v.Start
	}
	p, err := ParseFEN(v, fen)
	if err != nil {
		return nil, err
	}
	r := &chessRules{pos: p}
	r.out = r.judge()
	return r, nil
}

func (r *chessRules) Variant() *Variant      { return r.pos.V }
func (r *chessRules) Position() *Position    { return r.pos }
func (r *chessRules) Outcome() Outcome       { return r.out }
func (r *chessRules) Hash() uint64           { return r.pos.hash }
func (r *chessRules) Text() string           { return r.pos.FEN() }
func (r *chessRules) View(Color) Rules       { return r.Clone() }
func (r *chessRules) MoveText(m Move) string { return r.pos.SAN(m) }

func (r *chessRules) Clone() Rules {
	return &chessRules{pos: r.pos.Clone(), out: r.out}
}

func (r *chessRules) Next() Step {
	if r.out.Over() {
		return Step{Kind: StepOver}
	}
	return MoveStep(r.pos.Side)
}

func (r *chessRules) Moves(c Color, buf []Move) []Move {
	if r.out.Over() || c != r.pos.Side {
		return buf
	}
	return r.pos.LegalMoves(buf)
}

func (r *chessRules) ParseMove(c Color, s string) (Move, error) {
	if c != r.pos.Side {
		return NullMove, fmt.Errorf("it is %v's turn", r.pos.Side)
	}
	return r.pos.ParseMove(s)
}

func (r *chessRules) Apply(in Input) (Record, error) {
	if r.out.Over() {
		return Record{}, fmt.Errorf("the game is over (%s)", r.out.Reason)
	}
	p := r.pos
	switch in.Kind {
	case InputMove:
		if in.Player != p.Side {
			return Record{}, fmt.Errorf("it is %v's turn", p.Side)
		}
		if !p.IsLegal(in.Move) {
			return Record{}, fmt.Errorf("illegal move %v", in.Move)
		}
		rec := Record{Text: p.SAN(in.Move)}
		p.Make(in.Move)
		r.out = r.judge()
		if p.V.Check && p.InCheck() && !r.out.Over() {
			rec.Events = append(rec.Events, Event{Kind: EventCheck, Text: "Check"})
		}
		return rec, nil
	case InputResign:
		r.out = Outcome{WinFor(in.Player.Other()), in.Player.String() + " resigned"}
		return Record{Text: r.out.Reason}, nil
	case InputAgree:
		r.out = Outcome{Drawn, "agreement"}
		return Record{Text: "draw agreed"}, nil
	case InputFlag:
		o, err := flagInput(r, in)
		if err != nil {
			return Record{}, err
		}
		r.out = o
		return Record{Text: o.Reason}, nil
	case InputClaim:
		why := r.claimable()
		if why == "" {
			return Record{}, fmt.Errorf("no draw to claim")
		}
		r.out = Outcome{Drawn, why}
		return Record{Text: "draw claimed: " + why}, nil
	}
	return Record{}, fmt.Errorf("%v has no random draws or secrets", p.V.Title)
}

// claimable names the draw the side to move may claim now, or "".
func (r *chessRules) claimable() string {
	p, v := r.pos, r.pos.V
	if v.MoveRule > 0 && p.Halfmove >= 2*v.MoveRule {
		return fmt.Sprintf("%d-move rule", v.MoveRule)
	}
	if v.RepeatRule > 0 && p.Repetitions()+1 >= v.RepeatRule {
		return "threefold repetition"
	}
	return ""
}

// CanClaimDraw names the draw the side to move may claim, or "" if none.
func CanClaimDraw(r Rules) string {
	if c, ok := r.(interface{ claimable() string }); ok && !r.Outcome().Over() {
		return c.claimable()
	}
	return ""
}

// judge decides the outcome of the current position.
func (r *chessRules) judge() Outcome {
	p, v := r.pos, r.pos.V
	mover := p.Side.Other()
	if v.KingCapture {
		for c := White; c <= Black; c++ {
			if p.Pieces(c, King) == 0 {
				return Outcome{WinFor(c.Other()), "king captured"}
			}
		}
	}
	var buf [MaxMoves]Move
	if len(p.LegalMoves(buf[:0])) == 0 {
		switch {
		case v.Check && p.InCheck():
			return Outcome{WinFor(mover), "checkmate"}
		case v.StalemateWin:
			return Outcome{WinFor(mover), "no legal move"}
		}
		return Outcome{Drawn, "stalemate"}
	}
	if v.AutoMoveRule > 0 && p.Halfmove >= 2*v.AutoMoveRule {
		return Outcome{Drawn, fmt.Sprintf("%d-move rule", v.AutoMoveRule)}
	}
	if v.AutoRepeat > 0 && p.Repetitions()+1 >= v.AutoRepeat {
		return Outcome{Drawn, "fivefold repetition"}
	}
	if v.Check && insufficient(p) {
		return Outcome{Drawn, "insufficient material"}
	}
	return Outcome{}
}

// insufficient reports a dead position by the usual material test: kings alone, or with
// one minor piece, or with bishops all on one square colour.
func insufficient(p *Position) bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	const light = Bitboard(0x55AA55AA55AA55AA)
	b := p.byType[Bishop]
	return b&light == 0 || b&^light == 0
}
