package p2p

import (
	"errors"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// A snapshot is everything one side needs to go on with a match after its program
// restarted (the page keeps it in localStorage): the log with this side's own secrets and
// nonces, the opponent's commitments, the draw chain's seed, sequence numbers and the
// messages not yet acknowledged. Config.Save receives a fresh one after every change, so
// nothing sent is ever missing from it. RestoreMatch reads it back; Resume then continues
// on a new connection. The rules' state is rebuilt by replaying the log.
type snapshot struct {
	Version                int
	Host                   bool
	Game                   GameID
	Variant                string
	Options                []string
	Start                  string
	Role                   uint8
	Me                     game.Color
	Games                  int
	OutSeq, InSeq, PeerAck uint64
	Outbox                 []snapFrame
	Log                    []snapEntry
	Chain                  Digest // the seed: the last link
	ChainLen               int
	PeerLast               Digest
	DrawNext               uint32
	DrawSent               bool
	PeerDraw               *Digest
	Mine                   []snapCell
	Peer                   []snapCell
	Seal                   *snapSeal
	PeerSeal               *snapSeal
	MyOffer, PeerOffer     [offerEnd]bool
	MyTakeN, PeerTakeN     uint32
	MyTakeSeq              uint64
	PeerTakeH              PubHash
	FinalLen               int
	FinalSeq               uint64
	Done                   bool
	Float                  *snapFloat
	Ever                   []PubHash
	Session                Digest // the match's identity, proved on every resume
	MyDrawSeq              uint64
	ChainBase, PeerBase    uint32  // draws served by earlier chains
	NextChain              *Digest // the seed of my next chain, its head sent
	PeerNext               *Digest // the head of the peer's next chain
	Base, Inc              time.Duration
	Clocks                 *snapClocks // a timed game's clocks
}

// snapClocks are the clocks as this side counted them when the snapshot was taken; a
// clock that ran goes on running from then (SavedAt, this device's wall clock: the time
// the page was closed is charged as it passed).
type snapClocks struct {
	Left    [2]time.Duration
	Running [2]bool
	RTT     time.Duration
	SavedAt int64 // Unix milliseconds
}

type snapFrame struct {
	Seq     uint64
	Frame   []byte
	Changes bool
}

type snapEntry struct {
	Pub, Full game.Input
	Cells     []CellKey
}

type snapCell struct {
	Open     Opening // mine: value and nonce; the opponent's: key and value once opened
	Digest   Digest  // the opponent's commitment
	Ply      uint32
	OpenedAt int
}

type snapSeal struct {
	Move   *game.Move
	Nonce  Nonce
	Digest Digest
	Ply    uint32
	Opened bool
}

type snapFloat struct {
	In      game.Input
	Seq     uint64
	Applied bool
}

const snapshotVersion = 3 // 2: the session key (protocol version 2); 3: the clocks (protocol version 3)

// ErrNoSnapshot: before the game has started there is nothing worth keeping.
var ErrNoSnapshot = errors.New("no game to save yet")

// Snapshot is this side's state as bytes (JSON), for Config.Save or an explicit save.
func (m *Match) Snapshot() ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.snapshot()
}

func (m *Match) snapshot() ([]byte, error) {
	gs := m.gs
	if gs == nil {
		return nil, ErrNoSnapshot
	}
	s := snapshot{Version: snapshotVersion, Host: m.cfg.Host, Game: gs.id, Variant: m.cfg.Variant,
		Options: m.cfg.Options, Start: m.cfg.Start, Role: m.role, Me: m.me, Games: m.games,
		OutSeq: m.outSeq, InSeq: m.inSeq, PeerAck: m.peerAck,
		Chain: gs.draw.chain.Link(gs.draw.chain.Len()), ChainLen: gs.draw.chain.Len(), PeerLast: gs.draw.peerLast,
		DrawNext: gs.draw.next, DrawSent: gs.draw.sent, PeerDraw: gs.draw.peer,
		MyOffer: gs.offers.mine, PeerOffer: gs.offers.peer, MyTakeN: gs.offers.takeN, PeerTakeN: gs.offers.peerTakeN,
		MyTakeSeq: gs.offers.takeSeq, PeerTakeH: gs.offers.peerTakeH, FinalLen: gs.audit.len, FinalSeq: gs.audit.seq,
		Done: gs.audit.done, Session: m.session, MyDrawSeq: gs.offers.drawSeq,
		ChainBase: gs.draw.chainBase, PeerBase: gs.draw.peerBase, PeerNext: gs.draw.peerNext,
		Base: m.cfg.Clock.Base, Inc: m.cfg.Clock.Inc}
	if p := m.pc; p != nil {
		c := &snapClocks{RTT: p.rtt, SavedAt: m.clock().UnixMilli()}
		for k := game.White; k <= game.Black; k++ {
			c.Left[k], c.Running[k] = p.Left(k)
		}
		s.Clocks = c
	}
	if c := gs.draw.nextChain; c != nil {
		seed := c.Link(c.Len())
		s.NextChain = &seed
	}
	for _, f := range m.outbox {
		s.Outbox = append(s.Outbox, snapFrame{f.seq, f.frame, f.changes})
	}
	for _, e := range gs.pub {
		s.Log = append(s.Log, snapEntry{e.in, e.full, e.cells})
	}
	for _, c := range gs.cells.mine {
		s.Mine = append(s.Mine, snapCell{Open: c.o, Ply: c.ply, OpenedAt: c.openedAt})
	}
	for k, c := range gs.cells.peer {
		s.Peer = append(s.Peer, snapCell{Open: Opening{Key: k, Value: c.value}, Digest: c.d, Ply: c.ply, OpenedAt: c.openedAt})
	}
	if x := gs.seal.mine; x != nil {
		mv := x.m
		s.Seal = &snapSeal{Move: &mv, Nonce: x.nonce, Ply: x.ply, Opened: x.opened}
	}
	if x := gs.seal.peer; x != nil {
		s.PeerSeal = &snapSeal{Move: x.move, Digest: x.d, Ply: x.ply}
	}
	if f := gs.float; f != nil {
		s.Float = &snapFloat{f.in, f.seq, f.applied}
	}
	for h := range gs.ever {
		s.Ever = append(s.Ever, h)
	}
	return s.appendJSON(nil), nil
}

// persist hands a snapshot to Config.Save, if set. Called with the lock held after every
// change.
func (m *Match) persist() {
	m.tick()
	if m.cfg.Save == nil || m.gs == nil {
		return
	}
	if b, err := m.snapshot(); err == nil {
		m.cfg.Save(b)
	}
}

// RestoreMatch rebuilds a match from a snapshot; call Resume with a new connection to go
// on. save and sec are as in Config (they are not part of the snapshot).
func RestoreMatch(data []byte, save func([]byte)) (*Match, error) {
	return restoreMatch(data, save, nil)
}

// restoreMatch is RestoreMatch on the clock now (nil: time.Now).
func restoreMatch(data []byte, save func([]byte), now func() time.Time) (*Match, error) {
	var s snapshot
	r := tinyjson.NewReader(string(data))
	s.read(r)
	if err := r.Finish(); err != nil {
		return nil, fmt.Errorf("saved match: %v", err)
	}
	if s.Version != snapshotVersion {
		return nil, fmt.Errorf("saved match of version %d, this program reads %d", s.Version, snapshotVersion)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("saved match: %v", err)
	}
	m := NewMatch(Config{Host: s.Host, Game: s.Game, Variant: s.Variant, Options: s.Options, Start: s.Start, Save: save,
		Clock: clock.Control{Base: s.Base, Inc: s.Inc}})
	m.now = now
	m.role, m.me, m.games, m.version = s.Role, s.Me, s.Games, Version
	m.outSeq, m.inSeq, m.peerAck = s.OutSeq, s.InSeq, s.PeerAck
	m.helloSent, m.session = true, s.Session
	for _, f := range s.Outbox {
		m.outbox = append(m.outbox, outFrame{f.Seq, f.Frame, f.Changes})
	}
	v, err := m.lookup(s.Variant, s.Options, s.Start)
	if err != nil {
		return nil, err
	}
	gs, err := newGameState(s.Game, v, s.Start, s.Me, s.PeerLast, chainFrom(s.Game, s.Role, s.Chain, s.ChainLen))
	if err != nil {
		return nil, err
	}
	for i, e := range s.Log {
		if _, err := gs.apply(e.Full, e.Pub, e.Cells); err != nil {
			return nil, fmt.Errorf("saved match: replaying ply %d: %v", i+1, err)
		}
	}
	gs.draw.next, gs.draw.sent, gs.draw.peer = s.DrawNext, s.DrawSent, s.PeerDraw
	for _, c := range s.Mine {
		gs.cells.mine = append(gs.cells.mine, &myCell{o: c.Open, ply: c.Ply, openedAt: c.OpenedAt})
	}
	for _, c := range s.Peer {
		gs.cells.peer[c.Open.Key] = &peerCell{d: c.Digest, ply: c.Ply, value: c.Open.Value, openedAt: c.OpenedAt}
	}
	if x := s.Seal; x != nil && x.Move != nil {
		gs.seal.mine = &mySeal{m: *x.Move, nonce: x.Nonce, ply: x.Ply, opened: x.Opened}
	}
	if x := s.PeerSeal; x != nil {
		gs.seal.peer = &peerSeal{d: x.Digest, ply: x.Ply, move: x.Move}
	}
	gs.offers.mine, gs.offers.peer, gs.offers.takeN, gs.offers.peerTakeN = s.MyOffer, s.PeerOffer, s.MyTakeN, s.PeerTakeN
	gs.offers.takeSeq, gs.offers.peerTakeH, gs.audit.len, gs.audit.seq, gs.audit.done = s.MyTakeSeq, s.PeerTakeH, s.FinalLen, s.FinalSeq, s.Done
	gs.offers.drawSeq = s.MyDrawSeq
	gs.draw.chainBase, gs.draw.peerBase, gs.draw.peerNext = s.ChainBase, s.PeerBase, s.PeerNext
	if s.NextChain != nil {
		gs.draw.nextChain = chainFrom(s.Game, s.Role, *s.NextChain, s.ChainLen)
	}
	if f := s.Float; f != nil {
		gs.float = &floating{f.In, f.Seq, f.Applied}
	}
	for _, h := range s.Ever {
		gs.ever[h] = true
	}
	m.gs = gs
	m.newClocks()
	if c := s.Clocks; c != nil && m.pc != nil {
		away := max(0, m.clock().Sub(time.UnixMilli(c.SavedAt)))
		m.pc.RoundTrip(c.RTT)
		for k := game.White; k <= game.Black; k++ {
			if c.Running[k] {
				m.pc.k.Set(k, c.Left[k]-away)
				m.pc.Start(k)
			} else {
				m.pc.k.Set(k, c.Left[k])
			}
		}
	}
	return m, nil
}

// Bounds of a snapshot read back (storage is the user's to edit, or to damage).
const (
	maxSnapLog   = 1 << 16
	maxSnapFrame = 1 << 12
	maxSnapEver  = 1 << 17
)

// check refuses a snapshot whose fields cannot have come from a match: everything the
// restore indexes or replays is in range, every kept frame reads.
func (s *snapshot) check() error {
	bad := func(format string, a ...any) error { return fmt.Errorf(format, a...) }
	switch {
	case s.Role > 1 || (s.Role == 0) != s.Host:
		return bad("role %d for a host %v", s.Role, s.Host)
	case s.Me != game.White && s.Me != game.Black:
		return bad("colour %d", s.Me)
	case s.Games < 1 || s.Games > 1<<20:
		return bad("%d games", s.Games)
	case s.OutSeq > 1<<40 || s.InSeq > 1<<40 || s.PeerAck > s.OutSeq:
		return bad("sequence numbers %d, %d, %d", s.OutSeq, s.InSeq, s.PeerAck)
	case s.ChainLen < 1 || s.ChainLen > 1<<16:
		return bad("a draw chain of %d links", s.ChainLen)
	case s.ChainBase%uint32(s.ChainLen) != 0 || s.PeerBase%uint32(s.ChainLen) != 0 || s.DrawNext <= s.ChainBase || int(s.DrawNext-s.ChainBase) > s.ChainLen+1:
		return bad("draw %d of a chain of %d from draw %d", s.DrawNext, s.ChainLen, s.ChainBase+1)
	case len(s.Log) > maxSnapLog || len(s.Outbox) > maxSnapFrame || len(s.Ever) > maxSnapEver:
		return bad("%d plies, %d frames, %d states", len(s.Log), len(s.Outbox), len(s.Ever))
	case s.Base < 0 || s.Base > maxBase || s.Inc < 0 || s.Inc > maxInc || s.Base == 0 && (s.Inc != 0 || s.Clocks != nil):
		return bad("a time control of %v + %v", s.Base, s.Inc)
	case s.Clocks != nil && (s.Clocks.RTT < 0 || s.Clocks.RTT > time.Minute || abs(s.Clocks.Left[0]) > maxTook || abs(s.Clocks.Left[1]) > maxTook):
		return bad("clocks at %v and %v", s.Clocks.Left[0], s.Clocks.Left[1])
	case s.FinalLen < -1 || s.FinalLen > len(s.Log):
		return bad("a final at ply %d of %d", s.FinalLen, len(s.Log))
	case s.MyTakeN > uint32(len(s.Log)) || s.PeerTakeN > uint32(len(s.Log)):
		return bad("a takeback of %d or %d plies in %d", s.MyTakeN, s.PeerTakeN, len(s.Log))
	}
	last := s.PeerAck
	for _, f := range s.Outbox {
		if f.Seq <= last || f.Seq > s.OutSeq {
			return bad("kept message %d out of order", f.Seq)
		}
		last = f.Seq
		if m, err := Decode(f.Frame); err != nil || m.Seq != f.Seq {
			return bad("kept message %d does not read", f.Seq)
		}
	}
	for _, e := range s.Log {
		for _, in := range []game.Input{e.Pub, e.Full} {
			if in.Player > game.Black {
				return bad("an input of player %d", in.Player)
			}
		}
		if len(e.Cells) > maxCells {
			return bad("%d cells in one entry", len(e.Cells))
		}
	}
	for _, cs := range [][]snapCell{s.Mine, s.Peer} {
		if len(cs) > maxCells*len(s.Log)+maxCells {
			return bad("%d secret cells", len(cs))
		}
		for _, c := range cs {
			if int(c.Ply) >= len(s.Log) || c.OpenedAt < -1 || c.OpenedAt > len(s.Log) ||
				c.Open.Key.Kind == game.NoSecret || c.Open.Key.Square > game.NoSquare {
				return bad("secret cell %v at ply %d", c.Open.Key, c.Ply)
			}
		}
	}
	for _, x := range []*snapSeal{s.Seal, s.PeerSeal} {
		if x != nil && int(x.Ply) != len(s.Log) {
			return bad("a sealed move for ply %d at ply %d", x.Ply, len(s.Log))
		}
	}
	if f := s.Float; f != nil && (f.Seq > s.OutSeq || f.In.Player > game.Black) {
		return bad("a floating ending %d", f.Seq)
	}
	return nil
}

func abs(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
