package game

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Probabilistic chess (RULES.md §2): chess in which every capture is only an attempt whose
// outcome — success, miss, or the attacker dies — is a shared draw of two numbers 0–9,
// X = (a+b) mod 10, read through an odds table. There is no check: the goal is to capture
// the enemy king. This file holds the variant and its odds tables; probabilistic_rules.go
// the state machine; probabilistic_text.go the position text and the notation.
//
// Where RULES.md is silent we decided:
//   - the halfmove clock counts a missed attempt as a ply without progress (nothing moved)
//     and restarts when an attacker dies (material left the board), as after a capture;
//     a miss leaves the board as it was, so misses can repeat a position;
//   - a draw may be claimed only by the player to move, at the start of a turn;
//   - a strike is offered only when some piece other than the king attacks the mated king;
//   - the en-passant square of a double step that mates is the opponent's once the strike
//     decision is over (classical mate already counts it as an escape);
//   - a pawn whose strike captures the king on the last rank lands as the first promotion
//     piece (the game is over; the final position stays a valid FEN);
//   - when a king is captured or dies the game ends inside the mover's turn: the final
//     position has the mover to move.

func init() { Register(probVariant(nil)) }

// probVariant is the variant with already validated options (nil: the base table).
func probVariant(opts map[string]string) *Variant {
	v := StandardVariant()
	v.Name, v.Title = "probabilistic", "Probabilistic chess"
	v.Traits.Attempts = true
	v.Help = "Every capture is an attempt decided by a shared draw; capture the enemy king to win."
	v.Check, v.KingCapture = false, true
	v.Options = opts
	v.Load = loadProb
	v.New = newProbVariant
	v.OptionHelp = probOptionHelp
	return v
}

// Odds are a capture attempt's chances in tenths: success, miss, attacker dies (they sum
// to 10, one tenth per value of X). X below Success succeeds, the next Miss values miss,
// the rest kill the attacker.
type Odds struct{ Success, Miss, Dies uint8 }

// AttemptResult is what a capture attempt did.
type AttemptResult uint8

const (
	AttemptSuccess AttemptResult = iota // the target is removed, the attacker lands
	AttemptMiss                         // nothing moves; the turn is spent
	AttemptDies                         // the attacker is removed, the target stays
)

func (a AttemptResult) String() string {
	return [...]string{"success", "miss", "attacker dies"}[a]
}

// Result is the outcome of draw value x (0–9).
func (o Odds) Result(x int) AttemptResult {
	switch {
	case x < int(o.Success):
		return AttemptSuccess
	case x < int(o.Success+o.Miss):
		return AttemptMiss
	}
	return AttemptDies
}

func (o Odds) String() string {
	return fmt.Sprintf("%d/%d/%d", 10*int(o.Success), 10*int(o.Miss), 10*int(o.Dies))
}

// baseOdds is the source's base table: any attacker but the king 60/20/20, the king 80/10/10.
var baseOdds = [2]Odds{{6, 2, 2}, {8, 1, 1}}

// probTable is an odds table by attacker and target type. It is built once per Load and
// shared, read-only, by all clones of a game.
type probTable [NumTypes][NumTypes]Odds

// probTypes are the option keys of a custom table, in the order people read them.
var probTypes = []struct {
	key string
	t   PieceType
}{{"pawn", Pawn}, {"knight", Knight}, {"bishop", Bishop}, {"rook", Rook}, {"queen", Queen}, {"king", King}}

var probOptionHelp = func() []OptionHelp {
	h := []OptionHelp{{Key: "table", Title: "Odds table", Default: "base", Values: []string{"base", "custom", "values"},
		Labels: []string{"The source's", "Per piece", "By values"},
		Help: "capture odds: base = the source's table (any attacker but the king 60% success / 20% miss / " +
			"20% attacker dies, the king 80/10/10); custom = one table per attacking piece, set by the " +
			"piece options; values = computed from attacker and target values (see the values option help)"}}
	for _, pt := range probTypes {
		h = append(h, OptionHelp{Key: pt.key, Default: baseFor(pt.t).String(),
			Help: "with table=custom: a " + pt.key + "'s attempt as success/miss/dies percentages " +
				"(multiples of 10 summing to 100, e.g. 60/20/20)"})
	}
	h[0].Help += ". values: success = 6 tenths (the king 8) plus one tenth per 2 pawns the attacker " +
		"is worth more than its target (less per 2 pawns it is worth less), rounded, kept within " +
		"1–9 tenths; the rest is split between miss and dies, the miss taking the odd tenth. " +
		"Pieces are worth P 1, N 3.2, B 3.3, R 5, Q 9, K 4 pawns, so equal trades keep the base " +
		"table and a cheap piece attacking a dear one succeeds less and dies more often"
	return h
}()

func baseFor(t PieceType) Odds {
	if t == King {
		return baseOdds[1]
	}
	return baseOdds[0]
}

// newProbVariant builds the variant with options (Variant.New).
func newProbVariant(opts map[string]string) (*Variant, error) {
	norm, err := normalizeProbOptions(opts)
	if err != nil {
		return nil, err
	}
	return probVariant(norm), nil
}

// normalizeProbOptions validates the options and writes them in one canonical form: the
// table kind, and for custom tables every piece's odds.
func normalizeProbOptions(opts map[string]string) (map[string]string, error) {
	kind := opts["table"]
	if kind == "" {
		kind = "base"
	}
	if kind != "base" && kind != "custom" && kind != "values" {
		return nil, fmt.Errorf("probabilistic: option table=%q: want base, custom or values", kind)
	}
	var keys []string
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == "table" {
			continue
		}
		known := false
		for _, pt := range probTypes {
			known = known || pt.key == k
		}
		if !known {
			return nil, fmt.Errorf("probabilistic: unknown option %q (known: table, pawn, knight, bishop, rook, queen, king)", k)
		}
		if kind != "custom" {
			return nil, fmt.Errorf("probabilistic: option %s needs table=custom", k)
		}
	}
	norm := map[string]string{"table": kind}
	if kind == "custom" {
		for _, pt := range probTypes {
			o := baseFor(pt.t)
			if s, ok := opts[pt.key]; ok {
				var err error
				if o, err = parseOdds(s); err != nil {
					return nil, fmt.Errorf("probabilistic: option %s=%q: %w", pt.key, s, err)
				}
			}
			norm[pt.key] = o.String()
		}
	}
	return norm, nil
}

// parseOdds reads "60/20/20": success, miss and dies in percent.
func parseOdds(s string) (Odds, error) {
	f := strings.Split(s, "/")
	if len(f) != 3 {
		return Odds{}, fmt.Errorf("want success/miss/dies percentages like 60/20/20")
	}
	var t [3]uint8
	sum := 0
	for i, x := range f {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 || n > 100 {
			return Odds{}, fmt.Errorf("%q is not a percentage 0–100", x)
		}
		if n%10 != 0 {
			return Odds{}, fmt.Errorf("%d%% is not a multiple of 10 (X has ten values)", n)
		}
		t[i] = uint8(n / 10)
		sum += n
	}
	if sum != 100 {
		return Odds{}, fmt.Errorf("percentages sum to %d, want 100", sum)
	}
	return Odds{t[0], t[1], t[2]}, nil
}

// kingWorth is the king's value for table=values (its Value in the piece set is 0):
// roughly what a king is worth as a fighting piece in the endgame.
const kingWorth = 400

// valuesOdds is the table=values entry for attacker a taking target b, values in
// centipawns. Documented in the table option's help.
func valuesOdds(va, vb int, king bool) Odds {
	s := 6
	if king {
		s = 8
	}
	d := va - vb
	if d >= 0 {
		s += (d + 100) / 200
	} else {
		s -= (-d + 100) / 200
	}
	s = min(max(s, 1), 9)
	rest := 10 - s
	dies := rest / 2
	return Odds{uint8(s), uint8(rest - dies), uint8(dies)}
}

// probTableOf builds the odds table of a variant from its (normalized) options.
func probTableOf(v *Variant) (*probTable, error) {
	norm, err := normalizeProbOptions(v.Options)
	if err != nil {
		return nil, err
	}
	var t probTable
	worth := func(pt PieceType) int {
		if pt == King {
			return kingWorth
		}
		return v.Pieces[pt].Value
	}
	for a := Pawn; a < NumTypes; a++ {
		o := baseFor(a)
		if norm["table"] == "custom" {
			for _, pt := range probTypes {
				if pt.t == a {
					o, _ = parseOdds(norm[pt.key])
				}
			}
		}
		for b := Pawn; b < NumTypes; b++ {
			t[a][b] = o
			if norm["table"] == "values" {
				t[a][b] = valuesOdds(worth(a), worth(b), a == King)
			}
		}
	}
	return &t, nil
}
