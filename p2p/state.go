package p2p

import (
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// gameState is one game of a match as this side knows it: its own view of the rules (the
// opponent's secrets sealed), the public log both sides share, and the commitments.
type gameState struct {
	id     GameID
	v      *game.Variant
	start  string
	me     game.Color
	r      game.Rules       // this side's view: the opponent's secrets sealed
	pub    []pubEntry       // public form of each log entry, as the opponent has it too
	hashes []Digest         // hashes[i] is the public log hash after i entries
	hidden bool             // the game has secrets: state hashes differ between sides
	ever   map[PubHash]bool // every state this game has been in, taken back or not

	// The sub-protocols, each with its sending and receiving halves in its own file.
	draw   drawing     // shared random draws (draw.go)
	seal   sealing     // sealed simultaneous moves (seal.go)
	cells  secretCells // committed secrets and their reveals (secrets.go)
	offers offers      // draw, takeback and rematch offers (offer.go)
	audit  audit       // the end-of-game Finals and the referee check (final.go)
	float  *floating   // our game-ending action, until the opponent has seen it (float.go)
	pulled bool        // it is out of the log while a crossing message is applied
	turnAt int         // log length at which the last turn event went out (-1: none)
}

// pubEntry is a log entry as both sides see it.
type pubEntry struct {
	in     game.Input // secrets sealed
	full   game.Input // as this side applied it (its own secrets in place)
	rec    game.Record
	cells  []CellKey     // secrets the entry committed
	ending bool          // resign, claim or agreement
	left   time.Duration // timed games: the mover's clock after this decision (for PGN %clk)
	timed  bool          // left is set
}

func newGameState(id GameID, v *game.Variant, start string, me game.Color, peerHead Digest, chain *Chain) (*gameState, error) {
	r, err := startView(v, start, me)
	if err != nil {
		return nil, err
	}
	_, hidden := r.(game.Secrets)
	gs := &gameState{id: id, v: v, start: start, me: me, r: r, hidden: hidden, turnAt: -1,
		draw:  drawing{chain: chain, peerLast: peerHead, next: 1},
		cells: secretCells{peer: map[CellKey]*peerCell{}}, audit: audit{len: -1}}
	var w writer
	w.str(v.Name)
	for _, k := range sortedOptionKeys(v.Options) {
		w.str(k + "=" + v.Options[k])
	}
	w.str(start)
	gs.hashes = []Digest{Commit(tagLog, id, 0, 0, w.b, Nonce{})}
	gs.ever = map[PubHash]bool{gs.hash(): true}
	return gs, nil
}

// startView is the start position as player me sees it. In a game with secrets a view
// applies the opponent's moves in their sealed form (see game.Sealer) and learns their
// secrets from Reveal inputs. A game without them keeps the full state: the protocol
// itself seals simultaneous moves and applies them only once both are open.
func startView(v *game.Variant, start string, me game.Color) (game.Rules, error) {
	r, err := game.Load(v, start)
	if err != nil {
		return nil, err
	}
	if _, hidden := r.(game.Secrets); !hidden {
		return r, nil
	}
	return r.View(me), nil
}

// hash is the public hash of the current state.
func (gs *gameState) hash() PubHash { return pubOf(gs.hashes[len(gs.hashes)-1]) }

func pubOf(d Digest) PubHash {
	var h PubHash
	copy(h[:], d[:8])
	return h
}

// seen reports whether h names a state of this log, now or earlier, and which length.
func (gs *gameState) seen(h PubHash) (int, bool) {
	for i := len(gs.hashes) - 1; i >= 0; i-- {
		if pubOf(gs.hashes[i]) == h {
			return i, true
		}
	}
	return 0, false
}

// apply applies an input to this side's rules and appends its public form to the log.
// A refused input changes nothing.
func (gs *gameState) apply(full, pub game.Input, cells []CellKey) (game.Record, error) {
	rec, err := gs.r.Apply(full)
	if err != nil {
		return game.Record{}, err
	}
	e := pubEntry{in: pub, full: full, rec: rec, cells: cells,
		ending: full.Kind == game.InputResign || full.Kind == game.InputClaim || full.Kind == game.InputAgree}
	gs.pub = append(gs.pub, e)
	n := len(gs.hashes) - 1
	var w writer
	prev := gs.hashes[n]
	w.b = append(w.b, prev[:]...)
	w.b = append(w.b, byte(pub.Kind), byte(pub.Player))
	w.move(pub.Move)
	w.b = append(w.b, pub.Values[0], pub.Values[1])
	w.b = append(w.b, u64(pub.Secret)...)
	// In a game without secrets both sides hold the same state: binding the engine's own
	// hash catches two builds whose rules differ. With secrets the views differ by design.
	var state uint64
	if !gs.hidden {
		state = gs.r.Hash()
	}
	w.b = append(w.b, u64(state)...)
	gs.hashes = append(gs.hashes, Commit(tagLog, gs.id, uint32(n), 0, w.b, Nonce{}))
	gs.ever[gs.hash()] = true
	return rec, nil
}

// rewind rebuilds this side's view from the start with the first keep entries.
func (gs *gameState) rewind(keep int) error {
	if keep < 0 || keep > len(gs.pub) {
		return fmt.Errorf("cannot take back %d plies of %d", len(gs.pub)-keep, len(gs.pub))
	}
	r, err := startView(gs.v, gs.start, gs.me)
	if err != nil {
		return err
	}
	for i, e := range gs.pub[:keep] {
		if _, err := r.Apply(e.full); err != nil {
			return fmt.Errorf("replaying ply %d: %w", i+1, err)
		}
	}
	gs.r, gs.pub, gs.hashes = r, gs.pub[:keep], gs.hashes[:keep+1]
	gs.audit.reset()
	gs.turnAt = -1
	return nil
}

// undo takes back the last n log entries and forgets the commitments they made.
func (gs *gameState) undo(n int) error {
	keep := len(gs.pub) - n
	if err := gs.rewind(keep); err != nil {
		return err
	}
	gs.cells.forget(keep)
	gs.seal = sealing{}
	return nil
}

func sortedOptionKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

// deriveID is the game id of the rematch after game id.
func deriveID(id GameID) GameID {
	h := sha256.Sum256(append([]byte("quintet/p2p/v1 rematch"), id[:]...))
	var n GameID
	copy(n[:], h[:])
	return n
}
