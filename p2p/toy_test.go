package p2p

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/quintet-chess/quintet/game"
)

// toyRules is a small game with every kind of step the protocol must carry, so the
// protocol is tested on all of them before the real games exist:
//
//   - White hides a crown on a square (HideCrown: a 64-cell secret), then Black chooses a
//     number 0–3 (Choose: a one-cell secret).
//   - Rounds: White and Black alternately add 1 or 2 to a total; every fourth round both
//     add 1–3 at once (a simultaneous, sealed step).
//   - When the total is a multiple of 5 a draw follows: a die (Range 6) on odd rounds, a
//     capture-style pair 0–9 on even ones; the mover scores the result.
//   - When the total is a multiple of 6 a secret is asked: alternately whether White's
//     crown is on square total (Black wins if so), or Black's number (White wins if it
//     equals total mod 4; asked once).
//   - At 30 the higher score wins.
type toyRules struct {
	v         *game.Variant
	pos       *game.Position
	phase     int
	total     int
	round     int
	score     [2]int
	sealed    [2]int // simultaneous amounts in (0: none yet)
	draw      game.DrawKind
	drawFor   game.Color
	reveal    game.Step
	square    game.Square // White's hidden square (NoSquare: unknown to this copy)
	knowSq    bool
	choice    uint8
	knowCh    bool
	asked     uint64 // squares already asked
	crownDone bool
	out       game.Outcome
}

const toyName = "p2ptoy"

func init() {
	v := game.StandardVariant()
	v.Name, v.Title, v.Help = toyName, "Protocol toy", "a game with every step kind"
	v.Load = func(v *game.Variant, text string) (game.Rules, error) {
		if text != "" {
			return nil, fmt.Errorf("the toy game has no position text")
		}
		return &toyRules{v: v, pos: game.NewPosition(v), square: game.NoSquare, knowSq: true, knowCh: true}, nil
	}
	game.Register(v)
}

func (r *toyRules) Variant() *game.Variant   { return r.v }
func (r *toyRules) Position() *game.Position { return r.pos }
func (r *toyRules) Outcome() game.Outcome    { return r.out }
func (r *toyRules) Text() string             { return "" }

func (r *toyRules) Clone() game.Rules {
	c := *r
	c.pos = r.pos.Clone()
	return &c
}

func (r *toyRules) View(p game.Color) game.Rules {
	c := r.Clone().(*toyRules)
	if p == game.Black && !r.revealedSquare() {
		c.knowSq, c.square = false, game.NoSquare
	}
	if p == game.White && !r.crownDone {
		c.knowCh, c.choice = false, 0
	}
	return c
}

func (r *toyRules) revealedSquare() bool { return r.out.Over() && r.out.Reason == "crown found" }

func (r *toyRules) Hash() uint64 {
	h := fnv.New64a()
	fmt.Fprint(h, r.phase, r.total, r.round, r.score, r.sealed, r.draw, r.drawFor, r.reveal,
		r.square, r.knowSq, r.choice, r.knowCh, r.asked, r.crownDone, r.out)
	return h.Sum64()
}

func (r *toyRules) Next() game.Step {
	switch {
	case r.out.Over():
		return game.Step{Kind: game.StepOver}
	case r.draw != game.NoDraw:
		rng := 10
		if r.draw == game.DrawDie {
			rng = 6
		}
		return game.Step{Kind: game.StepDraw, Draw: r.draw, Range: rng}
	case r.reveal.Kind == game.StepReveal:
		return r.reveal
	case r.phase == 0:
		return game.MoveStep(game.White)
	case r.phase == 1:
		return game.MoveStep(game.Black)
	case r.round%4 == 0:
		var p uint8
		for c := range 2 {
			if r.sealed[c] == 0 {
				p |= 1 << c
			}
		}
		return game.Step{Kind: game.StepMove, Players: p}
	}
	return game.MoveStep(r.mover())
}

func (r *toyRules) mover() game.Color { return game.Color(1 - r.round%2) }

func (r *toyRules) Moves(c game.Color, buf []game.Move) []game.Move {
	st := r.Next()
	if !st.Asks(c) {
		return buf
	}
	switch r.phase {
	case 0:
		for s := game.Square(0); s < 64; s++ {
			buf = append(buf, game.Move{Kind: game.HideCrown, To: s})
		}
		return buf
	case 1:
		for n := uint8(0); n < 4; n++ {
			buf = append(buf, game.Move{Kind: game.Choose, N: n})
		}
		return buf
	}
	most := 2
	if st.Players == 3 || r.round%4 == 0 {
		most = 3
	}
	for k := 1; k <= most; k++ {
		buf = append(buf, game.Move{Kind: game.Normal, To: game.Square(k)})
	}
	return buf
}

func (r *toyRules) legal(c game.Color, m game.Move) bool {
	for _, l := range r.Moves(c, nil) {
		if l == m {
			return true
		}
	}
	return false
}

func (r *toyRules) Apply(in game.Input) (game.Record, error) {
	st := r.Next()
	switch in.Kind {
	case game.InputResign:
		if r.out.Over() {
			return game.Record{}, fmt.Errorf("over")
		}
		r.out = game.Outcome{Result: game.WinFor(in.Player.Other()), Reason: "resignation"}
		return game.Record{Text: "resigns"}, nil
	case game.InputAgree:
		if r.out.Over() {
			return game.Record{}, fmt.Errorf("over")
		}
		r.out = game.Outcome{Result: game.Drawn, Reason: "agreement"}
		return game.Record{Text: "draw agreed"}, nil
	case game.InputClaim:
		if r.out.Over() || r.total < 20 || st.Kind != game.StepMove {
			return game.Record{}, fmt.Errorf("no draw to claim")
		}
		r.out = game.Outcome{Result: game.Drawn, Reason: "claim"}
		return game.Record{Text: "draw claimed"}, nil
	case game.InputDraw:
		if st.Kind != game.StepDraw {
			return game.Record{}, fmt.Errorf("no draw now")
		}
		if int(in.Values[0]) >= st.Range || int(in.Values[1]) >= st.Range || (r.draw == game.DrawDie && in.Values[1] != 0) {
			return game.Record{}, fmt.Errorf("draw values out of range")
		}
		x := (int(in.Values[0]) + int(in.Values[1])) % st.Range
		r.score[r.drawFor] += x
		r.draw = game.NoDraw
		r.afterDraw()
		return game.Record{Text: fmt.Sprintf("draw %d", x)}, nil
	case game.InputReveal:
		if st.Kind != game.StepReveal || in.Player != st.Owner {
			return game.Record{}, fmt.Errorf("no reveal of %v now", in.Player)
		}
		return r.applyReveal(st, in.Secret)
	case game.InputMove:
	default:
		return game.Record{}, fmt.Errorf("unknown input")
	}
	if !st.Asks(in.Player) {
		return game.Record{}, fmt.Errorf("not %v's move", in.Player)
	}
	m := in.Move
	switch r.phase {
	case 0:
		if m.Kind != game.HideCrown {
			return game.Record{}, fmt.Errorf("hide the crown first")
		}
		if r.knowSq {
			if m.To >= 64 {
				return game.Record{}, fmt.Errorf("bad square")
			}
			r.square = m.To
		} else if m != (game.Move{Kind: game.HideCrown, To: game.NoSquare}) {
			return game.Record{}, fmt.Errorf("a sealed hide carries no square")
		}
		r.phase = 1
		return game.Record{Text: "hides the crown"}, nil
	case 1:
		if m.Kind != game.Choose {
			return game.Record{}, fmt.Errorf("choose first")
		}
		if r.knowCh {
			if m.N > 3 {
				return game.Record{}, fmt.Errorf("choice out of range")
			}
			r.choice = m.N
		} else if m.N != toySealed {
			return game.Record{}, fmt.Errorf("a sealed choice carries no value")
		}
		r.phase, r.round = 2, 1
		return game.Record{Text: "chooses"}, nil
	}
	if !r.legal(in.Player, m) {
		return game.Record{}, fmt.Errorf("illegal move %v", m)
	}
	if st.Players != 3 && r.round%4 == 0 {
		r.sealed[in.Player] = int(m.To)
		r.total += r.sealed[0] + r.sealed[1]
		r.sealed = [2]int{}
		r.drawFor = game.White
	} else if r.round%4 == 0 {
		r.sealed[in.Player] = int(m.To)
		return game.Record{Text: fmt.Sprintf("+%d (sealed)", m.To)}, nil
	} else {
		r.total += int(m.To)
		r.drawFor = in.Player
	}
	if r.total%5 == 0 {
		r.draw = game.DrawCapture
		if r.round%2 == 1 {
			r.draw = game.DrawDie
		}
	} else {
		r.afterDraw()
	}
	return game.Record{Text: fmt.Sprintf("+%d", m.To)}, nil
}

// afterDraw asks a secret or ends the round.
func (r *toyRules) afterDraw() {
	sq := game.Square(r.total % 64)
	switch {
	case r.total%6 == 0 && (r.total/6)%2 == 1 && r.asked&(1<<sq) == 0:
		r.reveal = game.Step{Kind: game.StepReveal, Owner: game.White, Secret: game.SecretSquare, Square: sq}
	case r.total%6 == 0 && (r.total/6)%2 == 0 && !r.crownDone:
		r.reveal = game.Step{Kind: game.StepReveal, Owner: game.Black, Secret: game.SecretCrown, Square: game.NoSquare}
	default:
		r.endRound()
	}
}

func (r *toyRules) endRound() {
	r.round++
	if r.total >= 30 {
		switch {
		case r.score[0] > r.score[1]:
			r.out = game.Outcome{Result: game.WhiteWins, Reason: "score"}
		case r.score[1] > r.score[0]:
			r.out = game.Outcome{Result: game.BlackWins, Reason: "score"}
		default:
			r.out = game.Outcome{Result: game.Drawn, Reason: "equal score"}
		}
	}
}

func (r *toyRules) applyReveal(st game.Step, v uint64) (game.Record, error) {
	if st.Secret == game.SecretSquare {
		if v > 1 || (r.knowSq && (v == 1) != (r.square == st.Square)) {
			return game.Record{}, fmt.Errorf("wrong answer for square %v", st.Square)
		}
		r.asked |= 1 << st.Square
		r.reveal = game.Step{}
		if v == 1 {
			r.square, r.knowSq = st.Square, true
			r.out = game.Outcome{Result: game.BlackWins, Reason: "crown found"}
			return game.Record{Text: "the crown was on " + st.Square.String()}, nil
		}
		r.endRound()
		return game.Record{Text: "no crown on " + st.Square.String()}, nil
	}
	if v > 3 || (r.knowCh && uint8(v) != r.choice) {
		return game.Record{}, fmt.Errorf("wrong choice revealed")
	}
	r.choice, r.knowCh, r.crownDone = uint8(v), true, true
	r.reveal = game.Step{}
	if int(v) == r.total%4 {
		r.out = game.Outcome{Result: game.WhiteWins, Reason: "number guessed"}
	} else {
		r.endRound()
	}
	return game.Record{Text: fmt.Sprintf("Black's number was %d", v)}, nil
}

func (r *toyRules) Secret(s game.Step) (uint64, bool) {
	switch s.Secret {
	case game.SecretSquare:
		if !r.knowSq {
			return 0, false
		}
		if r.square == s.Square {
			return 1, true
		}
		return 0, true
	case game.SecretCrown:
		return uint64(r.choice), r.knowCh
	}
	return 0, false
}

func (r *toyRules) MoveText(m game.Move) string {
	switch m.Kind {
	case game.HideCrown:
		return "hide " + m.To.String()
	case game.Choose:
		return "choose " + strconv.Itoa(int(m.N))
	}
	return "+" + strconv.Itoa(int(m.To))
}

func (r *toyRules) ParseMove(c game.Color, s string) (game.Move, error) {
	for _, m := range r.Moves(c, nil) {
		if r.MoveText(m) == strings.TrimSpace(s) {
			return m, nil
		}
	}
	return game.NullMove, fmt.Errorf("no move %q", s)
}

// The toy's secrets as commit-reveal cells (game.Sealer), cut as Crown cuts its own: the
// choice one cell, the hidden square one cell per square.

// toySealed is a sealed choice's N.
const toySealed = 2

func (r *toyRules) Seal(m game.Move) game.Move {
	switch m.Kind {
	case game.Choose:
		m.N = toySealed
	case game.HideCrown:
		m.To = game.NoSquare
	}
	return m
}

func (r *toyRules) Cells(m game.Move) []game.SecretValue {
	switch m.Kind {
	case game.Choose:
		return []game.SecretValue{{Cell: game.SecretCell{Kind: game.SecretCrown, Square: game.NoSquare}, Value: uint64(m.N)}}
	case game.HideCrown:
		var cs []game.SecretValue
		for s := game.Square(0); s < game.NoSquare; s++ {
			v := uint64(0)
			if s == m.To {
				v = 1
			}
			cs = append(cs, game.SecretValue{Cell: game.SecretCell{Kind: game.SecretSquare, Square: s}, Value: v})
		}
		return cs
	}
	return nil
}

func (r *toyRules) Unseal(pub game.Move, cells map[game.SecretCell]uint64) (game.Move, error) {
	switch pub.Kind {
	case game.Choose:
		v, ok := cells[game.SecretCell{Kind: game.SecretCrown, Square: game.NoSquare}]
		if !ok || v > 255 {
			return pub, fmt.Errorf("the choice was never opened")
		}
		pub.N = uint8(v)
	case game.HideCrown:
		sq, err := r.RevealValue(game.Step{Secret: game.SecretSquare, Square: game.NoSquare}, cells)
		if err != nil {
			return pub, err
		}
		pub.To = game.Square(sq)
	}
	return pub, nil
}

func (r *toyRules) RevealCell(s game.Step) (game.SecretCell, bool) {
	if s.Secret == game.SecretSquare {
		return game.SecretCell{Kind: s.Secret, Square: s.Square}, s.Square == game.NoSquare
	}
	return game.SecretCell{Kind: s.Secret, Square: game.NoSquare}, false
}

func (r *toyRules) RevealValue(s game.Step, cells map[game.SecretCell]uint64) (uint64, error) {
	at := game.NoSquare
	for sq := game.Square(0); sq < game.NoSquare; sq++ {
		v, ok := cells[game.SecretCell{Kind: game.SecretSquare, Square: sq}]
		switch {
		case !ok || v > 1:
			return 0, fmt.Errorf("square cell %v missing or not a bit", sq)
		case v == 1 && at != game.NoSquare:
			return 0, fmt.Errorf("two squares")
		case v == 1:
			at = sq
		}
	}
	if at == game.NoSquare {
		return 0, fmt.Errorf("no square")
	}
	return uint64(at), nil
}
