package game

import "fmt"

// Sealer is implemented by games whose actions may fix a secret (Crown's crown choice,
// a stone's mine bit, the hidden square, the crowned half): Seal is action m with that
// secret withheld, as a player other than its mover may know it. The rules of such a
// game accept the sealed action in a view that does not hold the mover's secrets.
//
// The rest is what commit-reveal between two players needs (p2p): the secret is split
// into cells, each committed on its own so that a Reveal step opens one and no other.
type Sealer interface {
	Seal(m Move) Move
	// Cells are the secret values action m fixes, in a fixed order (none if m is public).
	Cells(m Move) []SecretValue
	// Unseal is the sealed action pub with its cells' values put back: the action as its
	// mover played it (for the referee's replay at the end). It refuses a missing or
	// impossible value.
	Unseal(pub Move, cells map[SecretCell]uint64) (Move, error)
	// RevealCell is the cell Reveal step s opens; all reports that s opens every cell of
	// that kind not opened yet, and that the revealed value is then RevealValue of them.
	RevealCell(s Step) (c SecretCell, all bool)
	// RevealValue is the value a Reveal that opens all of a kind's cells answers, from
	// all of those cells' values; an error if they do not make one.
	RevealValue(s Step, cells map[SecretCell]uint64) (uint64, error)
}

// SecretCell names one committed secret value: its kind and, for kinds with a value per
// square (a stone's mine bit, the hidden square's cells), the square; else NoSquare.
type SecretCell struct {
	Kind   SecretKind
	Square Square
}

// SecretValue is a cell and the value it holds.
type SecretValue struct {
	Cell  SecretCell
	Value uint64
}

func (k SecretCell) String() string {
	names := [...]string{"none", "crown", "mine", "square", "half"}
	n := fmt.Sprintf("kind %d", k.Kind)
	if int(k.Kind) < len(names) {
		n = names[k.Kind]
	}
	if k.Square != NoSquare {
		n += " " + k.Square.String()
	}
	return n
}

// Known is the log as player c may know it now, for everything a person is shown (the
// board's marks, the move list, sounds):
//   - another player's choice made at a step that asked both players at once
//     (simultaneous chess) is left out while it waits for the second choice, which
//     resolves both together;
//   - another player's actions that fix a secret are sealed (Sealer), until the game
//     is over and every secret has been revealed.
//
// The log of a game that hides nothing from c is returned as it is, not copied.
func (g *Game) Known(c Color) []Entry {
	es := g.entries
	n := len(es)
	if n > 0 && es[n-1].both && es[n-1].Input.Player != c {
		es = es[:n-1]
	}
	seal, ok := g.rules.(Sealer)
	if !ok || g.rules.Next().Kind == StepOver {
		return es
	}
	var out []Entry
	for i, e := range es {
		if e.Input.Kind != InputMove || e.Input.Player == c {
			continue
		}
		if m := seal.Seal(e.Input.Move); m != e.Input.Move {
			if out == nil {
				out = append([]Entry(nil), es...)
			}
			out[i].Input.Move = m
		}
	}
	if out == nil {
		return es
	}
	return out
}
