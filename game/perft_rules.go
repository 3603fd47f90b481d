package game

import "fmt"

// ChanceMode says how a perft counts a shared random draw.
type ChanceMode uint8

const (
	// ChanceDraws branches over every value of the draw's first contribution (ten for a
	// capture attempt, six for a die), as the game's own log records it.
	ChanceDraws ChanceMode = iota
	// ChanceOutcomes branches once per distinct outcome of a draw (a capture attempt's
	// success, miss and attacker-dies); a game whose draws have no such classes branches
	// over every value.
	ChanceOutcomes
	// ChanceSuccess answers every capture attempt with a success.
	ChanceSuccess
)

var chanceNames = [...]string{"draws", "outcomes", "success"}

func (m ChanceMode) String() string { return chanceNames[m] }

// ParseChanceMode reads "draws", "outcomes" or "success".
func ParseChanceMode(s string) (ChanceMode, error) {
	for i, n := range chanceNames {
		if s == n {
			return ChanceMode(i), nil
		}
	}
	return 0, fmt.Errorf("chance mode %q: want draws, outcomes or success", s)
}

// SecretMode says how a perft counts the choices and reveals of hidden information.
type SecretMode uint8

const (
	// SecretsFull counts the full game: each value of a secret choice is its own action,
	// and each reveal is answered from the state's own secrets.
	SecretsFull SecretMode = iota
	// SecretsPublic counts what an observer without the secrets can check: a secret
	// choice is one action, every reveal is answered with the value that lets play go
	// on, and no crown event ends the game (Crown; the other games have no secrets).
	SecretsPublic
)

var secretNames = [...]string{"full", "public"}

func (m SecretMode) String() string { return secretNames[m] }

// ParseSecretMode reads "full" or "public".
func ParseSecretMode(s string) (SecretMode, error) {
	for i, n := range secretNames {
		if s == n {
			return SecretMode(i), nil
		}
	}
	return 0, fmt.Errorf("secret mode %q: want full or public", s)
}

// publicRules is implemented by games with secrets that can be counted publicly: the
// observer's copy of a state, and the answer to a reveal that lets play go on.
type publicRules interface {
	publicCopy() Rules
	publicAnswer(s Step) uint64
}

// PerftOptions choose how a perft counts the steps that are not plain moves.
type PerftOptions struct {
	Chance  ChanceMode
	Secrets SecretMode
}

// chanceRules is implemented by games whose draws fall into a few classes of outcome: the
// values to branch over for a mode (one per class for ChanceOutcomes, the success alone
// for ChanceSuccess), or nil when the mode does not apply to step s.
type chanceRules interface {
	chanceValues(s Step, m ChanceMode) []uint8
}

// PerftRules counts the sequences of exactly depth plies of any game, through the Rules
// interface, with the default options (every draw value, the full secrets).
func PerftRules(r Rules, depth int) (int64, error) {
	return PerftOptions{}.Count(r, depth)
}

// Count counts the sequences of exactly depth plies from r (slow: each branch is a
// clone). A ply is one Move step: one player's action, or both players' joint action
// when both are asked. Draw steps branch as o.Chance says without costing a ply; Reveal
// steps are answered as o.Secrets says. A finished game has no children: it counts 1 at
// depth 0 and nothing deeper, as in every engine's perft.
func (o PerftOptions) Count(r Rules, depth int) (int64, error) {
	return o.count(o.Root(r), depth)
}

// Root is the state o counts from: under SecretsPublic an observer's copy of r (whose
// secret choices are single sealed actions), else r.
func (o PerftOptions) Root(r Rules) Rules {
	if pr, ok := r.(publicRules); ok && o.Secrets == SecretsPublic {
		return pr.publicCopy()
	}
	return r
}

func (o PerftOptions) count(r Rules, depth int) (int64, error) {
	if depth <= 0 {
		return 1, nil
	}
	if r.Outcome().Over() {
		return 0, nil
	}
	s := r.Next()
	switch s.Kind {
	case StepOver:
		return 0, nil
	case StepDraw:
		var n int64
		for _, a := range o.DrawValues(r, s) {
			c := r.Clone()
			if _, err := c.Apply(Input{Kind: InputDraw, Values: [2]uint8{a, 0}}); err != nil {
				return 0, fmt.Errorf("draw %d: %w", a, err)
			}
			k, err := o.count(c, depth)
			if err != nil {
				return 0, err
			}
			n += k
		}
		return n, nil
	case StepReveal:
		var val uint64
		if pr, ok := r.(publicRules); ok && o.Secrets == SecretsPublic {
			val = pr.publicAnswer(s)
		} else {
			sec, ok := r.(Secrets)
			if !ok {
				return 0, fmt.Errorf("reveal asked by a game without secrets")
			}
			var known bool
			if val, known = sec.Secret(s); !known {
				return 0, fmt.Errorf("secret %v of %v unknown to this state", s.Secret, s.Owner)
			}
		}
		c := r.Clone()
		if _, err := c.Apply(Input{Kind: InputReveal, Player: s.Owner, Secret: val}); err != nil {
			return 0, err
		}
		return o.count(c, depth)
	}
	if s.Players == 3 {
		// Joint move: every pair of both players' actions.
		var n int64
		for _, w := range r.Moves(White, nil) {
			c := r.Clone()
			if _, err := c.Apply(Input{Kind: InputMove, Player: White, Move: w}); err != nil {
				return 0, err
			}
			for _, b := range c.Moves(Black, nil) {
				cc := c.Clone()
				if _, err := cc.Apply(Input{Kind: InputMove, Player: Black, Move: b}); err != nil {
					return 0, err
				}
				k, err := o.count(cc, depth-1)
				if err != nil {
					return 0, err
				}
				n += k
			}
		}
		return n, nil
	}
	pl := s.OnlyPlayer()
	moves := r.Moves(pl, nil)
	if depth == 1 {
		return int64(len(moves)), nil
	}
	var n int64
	for _, m := range moves {
		c := r.Clone()
		if _, err := c.Apply(Input{Kind: InputMove, Player: pl, Move: m}); err != nil {
			return 0, fmt.Errorf("%v: %w", m, err)
		}
		k, err := o.count(c, depth-1)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}

// DrawValues are the values of draw step s that o branches over.
func (o PerftOptions) DrawValues(r Rules, s Step) []uint8 {
	if cr, ok := r.(chanceRules); ok && o.Chance != ChanceDraws {
		if values := cr.chanceValues(s, o.Chance); values != nil {
			return values
		}
	}
	values := make([]uint8, s.Range)
	for a := range values {
		values[a] = uint8(a)
	}
	return values
}
