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

	chain       *Chain  // my draw contributions
	chainBase   uint32  // draws served by my earlier chains: draw k is chain link k-chainBase
	nextChain   *Chain  // my next chain, its head sent, once the current one runs low
	peerLast    Digest  // the peer's last verified chain link (its head before any draw)
	peerBase    uint32  // as chainBase, for the peer's chains (every chain has chainLen links)
	peerNext    *Digest // the head of the peer's next chain, once sent
	drawNext    uint32  // index of the next draw; chain links are never reused
	drawSent    bool    // my link for drawNext has gone out
	peerDraw    *Digest
	mine        []*myCell
	peer        map[CellKey]*peerCell
	seal        *mySeal
	peerSeal    *peerSeal
	myOffer     [offerEnd]bool
	peerOffer   [offerEnd]bool
	myTakeN     uint32    // plies I asked to take back
	myTakeSeq   uint64    // the message that asked for it
	myDrawSeq   uint64    // the message that offered our standing draw
	peerTakeN   uint32    // plies the opponent asked to take back
	peerTakeH   PubHash   // the state the opponent's takeback request names
	finalLen    int       // log length my last Final was sent at (-1: none)
	finalSeq    uint64    // its sequence number
	peerFinal   *Msg      // the opponent's Final that matched my log
	done        bool      // both Finals agree and every secret checked out
	float       *floating // our game-ending action, until the opponent has seen it
	pulled      bool      // it is out of the log while a crossing message is applied
	rematch     *Chain    // my chain for the rematch I offered or accepted
	peerRematch Digest    // the opponent's chain head for the rematch it offered
	turnAt      int       // log length at which the last turn event went out (-1: none)
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

type myCell struct {
	o        Opening
	ply      uint32
	openedAt int // log length when a Reveal step opened it (-1: still secret)
}

type peerCell struct {
	d        Digest
	ply      uint32
	value    uint64
	openedAt int // as myCell; Final openings use the final log length
}

type mySeal struct {
	m      game.Move
	nonce  Nonce
	ply    uint32
	opened bool
}

type peerSeal struct {
	d    Digest
	ply  uint32
	move *game.Move // once opened
}

func newGameState(id GameID, v *game.Variant, start string, me game.Color, peerHead Digest, chain *Chain) (*gameState, error) {
	r, err := startView(v, start, me)
	if err != nil {
		return nil, err
	}
	_, hidden := r.(game.Secrets)
	gs := &gameState{id: id, v: v, start: start, me: me, r: r, hidden: hidden, chain: chain, peerLast: peerHead,
		drawNext: 1, peer: map[CellKey]*peerCell{}, finalLen: -1, turnAt: -1}
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
	gs.finalLen, gs.peerFinal, gs.done, gs.turnAt = -1, nil, false, -1
	return nil
}

// undo takes back the last n log entries and forgets the commitments they made.
func (gs *gameState) undo(n int) error {
	keep := len(gs.pub) - n
	if err := gs.rewind(keep); err != nil {
		return err
	}
	var mine []*myCell
	for _, c := range gs.mine {
		if int(c.ply) < keep {
			if c.openedAt > keep {
				c.openedAt = -1
			}
			mine = append(mine, c)
		}
	}
	gs.mine = mine
	for k, c := range gs.peer {
		switch {
		case int(c.ply) >= keep:
			delete(gs.peer, k)
		case c.openedAt > keep:
			c.openedAt = -1
		}
	}
	gs.seal, gs.peerSeal = nil, nil
	return nil
}

// myCellFor is my unopened cell with key k.
func (gs *gameState) myCellFor(k CellKey) *myCell {
	for _, c := range gs.mine {
		if c.o.Key == k && c.openedAt < 0 {
			return c
		}
	}
	return nil
}

// refereeCheck replays the whole game with every secret in place, on a copy that knows
// all of them: every sealed move must have been legal, every reveal truthful, and the
// outcome the one this side saw. It runs at the end, once all secrets are open.
func (gs *gameState) refereeCheck(me game.Color) error {
	ref, err := game.Load(gs.v, gs.start)
	if err != nil {
		return err
	}
	peerVals := map[uint32]map[CellKey]uint64{}
	for k, c := range gs.peer {
		if peerVals[c.ply] == nil {
			peerVals[c.ply] = map[CellKey]uint64{}
		}
		peerVals[c.ply][k] = c.value
	}
	for i, e := range gs.pub {
		in := e.full
		if e.in.Player != me && len(e.cells) > 0 && e.in.Kind == game.InputMove {
			in.Move, err = unsealMove(ref, e.in.Move, peerVals[uint32(i)])
			if err != nil {
				return fmt.Errorf("ply %d: %w", i+1, err)
			}
		}
		if in.Kind == game.InputReveal {
			st := ref.Next()
			s, ok := ref.(game.Secrets)
			if !ok || st.Kind != game.StepReveal {
				return fmt.Errorf("ply %d: a reveal the rules did not ask for", i+1)
			}
			want, known := s.Secret(st)
			if !known || want != in.Secret {
				return fmt.Errorf("ply %d: %v revealed %d for their %v, but their committed secrets say %d",
					i+1, in.Player, in.Secret, revealCellKey(ref, st), want)
			}
		}
		if _, err := ref.Apply(in); err != nil {
			return fmt.Errorf("ply %d (%v): %w", i+1, in.Player, err)
		}
	}
	if got, want := ref.Outcome(), gs.r.Outcome(); got != want {
		return fmt.Errorf("with every secret known the game ends %v (%s), not %v (%s)",
			got.Result, got.Reason, want.Result, want.Reason)
	}
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

// peerOpenKeys lists the opponent's unopened cells of a kind, in square order.
func (gs *gameState) peerOpenKeys(kind game.SecretKind) []CellKey {
	var ks []CellKey
	for s := game.Square(0); s <= game.NoSquare; s++ {
		k := CellKey{Kind: kind, Square: s}
		if c := gs.peer[k]; c != nil && c.openedAt < 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// peerValues is the opponent's opened cells of a kind.
func (gs *gameState) peerValues(kind game.SecretKind) map[CellKey]uint64 {
	vals := map[CellKey]uint64{}
	for k, c := range gs.peer {
		if k.Kind == kind && c.openedAt >= 0 {
			vals[k] = c.value
		}
	}
	return vals
}
