package game

// Sealer is implemented by games whose actions may fix a secret (Crown's crown choice,
// a stone's mine bit, the hidden square, the crowned half): Seal is action m with that
// secret withheld, as a player other than its mover may know it. The rules of such a
// game accept the sealed action in a view that does not hold the mover's secrets.
type Sealer interface {
	Seal(m Move) Move
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
