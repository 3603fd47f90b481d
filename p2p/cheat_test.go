package p2p

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// tap is a cheater's connection: its own Match plays honestly and the tap rewrites what
// goes out. rewrite gets each outgoing message (decoded) and its frame, and returns the
// frames to send instead; it is called with the tap's lock held.
type tap struct {
	Conn
	mu      sync.Mutex
	sent    [][]byte
	id      GameID
	color   game.Color
	rewrite func(t *tap, m *Msg, frame []byte) [][]byte
	done    bool    // the cheat was made
	honest  PubHash // the state the cheat was aimed at
	cheated *Msg
	moves   []PubHash // states of the moves sent
	nonce   Nonce
	armed   bool
}

func (t *tap) Send(b []byte) error {
	t.mu.Lock()
	m, err := Decode(b)
	if err != nil {
		panic(err)
	}
	if m.Type == MsgHello {
		t.id = m.Hello.Game
	}
	out := [][]byte{b}
	if !t.done && t.rewrite != nil {
		out = t.rewrite(t, m, b)
	}
	t.sent = append(t.sent, b)
	t.mu.Unlock()
	for _, f := range out {
		if err := t.Conn.Send(f); err != nil {
			return err
		}
	}
	return nil
}

// cheat marks the rewrite as made and returns the re-encoded message.
func (t *tap) cheat(m *Msg, orig *Msg) []byte {
	t.done, t.honest, t.cheated = true, orig.Hash, m
	b, err := encodeRaw(m)
	if err != nil {
		panic(err)
	}
	return b
}

// encodeRaw encodes a cheat: every cheat here is well formed, only untrue.
func encodeRaw(m *Msg) ([]byte, error) { return Encode(m) }

func clone(m *Msg) *Msg {
	c := *m
	c.Opens = append([]Opening(nil), m.Opens...)
	c.Cells = append([]Cell(nil), m.Cells...)
	return &c
}

// cheatCase plays games in which both sides' connections are tapped with the same
// rewrite; whichever side first gets the chance cheats. The honest side must stop with a
// fault of the wanted kind and keep its game as it was.
type cheatCase struct {
	name    string
	variant string
	want    FaultKind
	rewrite func(t *tap, m *Msg, frame []byte) [][]byte
}

// runCheat reports false if the game gave no chance for the cheat.
func runCheat(t *testing.T, c cheatCase, seed uint64) bool {
	t.Helper()
	ca, cb := Pipe()
	var mu sync.Mutex
	cheated := false
	guard := func(tp *tap, m *Msg, frame []byte) [][]byte {
		mu.Lock()
		defer mu.Unlock()
		if cheated {
			return [][]byte{frame}
		}
		out := c.rewrite(tp, m, frame)
		cheated = tp.done
		return out
	}
	ta, tb := &tap{Conn: ca, rewrite: guard}, &tap{Conn: cb, rewrite: guard}
	host, guest := pairOn(t, ta, tb, c.variant)
	a := &player{m: host, rng: rand.New(rand.NewPCG(seed, 1))}
	b := &player{m: guest, rng: rand.New(rand.NewPCG(seed, 2))}
	playBoth(t, a, b)
	honest, tp := a, tb
	if ta.done {
		honest, tp = b, ta
	} else if !tb.done {
		return false
	}
	f, ok := AsFault(honest.err)
	if !ok {
		t.Fatalf("the honest side saw no fault (err %v, outcome %v)", honest.err, honest.out)
	}
	if f.Kind != c.want {
		t.Fatalf("fault %v, want %v: %v", f.Kind, c.want, f)
	}
	t.Logf("seed %d: %v", seed, f)
	// The honest game is the one the cheat was aimed at, intact and self-consistent.
	if tp.honest != (PubHash{}) && honest.m.Hash() != tp.honest {
		if _, old := seenIn(honest.m, tp.honest); !old {
			t.Fatalf("the honest side's state changed: %x, cheat aimed at %x", honest.m.Hash(), tp.honest)
		}
	}
	if tp.cheated != nil && tp.cheated.Type != MsgFinal && tp.honest != (PubHash{}) && honest.m.Hash() != tp.honest {
		t.Fatalf("the honest side applied something after the cheat")
	}
	checkIntact(t, honest.m)
	host.Close()
	guest.Close()
	return true
}

func seenIn(m *Match, h PubHash) (int, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gs == nil {
		return 0, false
	}
	return m.gs.seen(h)
}

// checkIntact replays the honest side's log on a fresh view: the same state must result.
func checkIntact(t *testing.T, m *Match) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	gs := m.gs
	if gs == nil {
		return
	}
	r, err := startView(gs.v, gs.start, gs.me)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range gs.pub {
		if _, err := r.Apply(e.full); err != nil {
			t.Fatalf("replay of the honest log fails at ply %d: %v", i+1, err)
		}
	}
	if r.Hash() != gs.r.Hash() {
		t.Fatal("the honest side's state differs from a replay of its log")
	}
}

// once wraps a rewrite so it fires on the first message it accepts.
func onType(typ MsgType, f func(t *tap, m *Msg) *Msg) func(t *tap, m *Msg, frame []byte) [][]byte {
	return func(t *tap, m *Msg, frame []byte) [][]byte {
		if m.Type != typ {
			return [][]byte{frame}
		}
		c := f(t, clone(m))
		if c == nil {
			return [][]byte{frame}
		}
		return [][]byte{t.cheat(c, m)}
	}
}

func TestCheats(t *testing.T) {
	cases := []cheatCase{
		{"illegal move", "chess", FaultIllegal, onType(MsgMove, func(t *tap, m *Msg) *Msg {
			m.Move = game.Move{From: game.Sq(4, 6), To: game.Sq(4, 2)} // e7e3
			return m
		})},
		{"forged hash", "chess", FaultHash, onType(MsgMove, func(t *tap, m *Msg) *Msg {
			m.Hash[0] ^= 1
			return m
		})},
		{"stale hash", "chess", FaultHash, func(t *tap, m *Msg, frame []byte) [][]byte {
			if m.Type != MsgMove {
				return [][]byte{frame}
			}
			t.moves = append(t.moves, m.Hash)
			if m.Ply < 5 {
				return [][]byte{frame}
			}
			c := clone(m)
			c.Hash = t.moves[0] // an earlier state of the game
			return [][]byte{t.cheat(c, m)}
		}},
		{"sealed move in a turn-based game", "chess", FaultIllegal, onType(MsgMove, func(t *tap, m *Msg) *Msg {
			if m.Ply < 3 {
				return nil
			}
			return &Msg{Type: MsgSeal, Seq: m.Seq, Ack: m.Ack, Hash: m.Hash, Ply: m.Ply, Digest: Digest{1}}
		})},
		{"draw contribution when no draw is due", "chess", FaultIllegal, onType(MsgMove, func(t *tap, m *Msg) *Msg {
			if m.Ply < 3 {
				return nil
			}
			return &Msg{Type: MsgDraw, Seq: m.Seq, Ack: m.Ack, Hash: m.Hash, Index: 1, Digest: Digest{1}}
		})},
		{"reveal nobody asked for", toyName, FaultIllegal, onType(MsgMove, func(t *tap, m *Msg) *Msg {
			if m.Ply < 3 {
				return nil
			}
			return &Msg{Type: MsgReveal, Seq: m.Seq, Ack: m.Ack, Hash: m.Hash,
				Opens: []Opening{{Key: CellKey{Kind: game.SecretCrown, Square: game.NoSquare}}}}
		})},
		{"coin opened as another", "chess", FaultCommit, onType(MsgCoin, func(t *tap, m *Msg) *Msg {
			m.Digest[31] ^= 1
			return m
		})},
		{"illegal secret committed", toyName, FaultIllegal, func(t *tap, m *Msg, frame []byte) [][]byte {
			// Black commits the number 7 (only 0-3 are allowed) and opens it as 7 later.
			switch {
			case m.Type == MsgMove && m.Move.Kind == game.Choose:
				c := clone(m)
				t.nonce = NewNonce()
				bad := Opening{Key: c.Cells[0].Key, Value: 7, Nonce: t.nonce}
				c.Cells[0].Digest = Commit(tagSecret, t.id, m.Ply, uint8(game.Black), cellValue(bad), t.nonce)
				t.armed = true
				b, _ := encodeRaw(c)
				return [][]byte{b}
			case t.armed && (m.Type == MsgReveal || m.Type == MsgFinal):
				c := clone(m)
				for i, o := range c.Opens {
					if o.Key.Kind == game.SecretCrown {
						c.Opens[i].Value, c.Opens[i].Nonce = 7, t.nonce
						return [][]byte{t.cheat(c, m)}
					}
				}
			}
			return [][]byte{frame}
		}},
		{"illegal secret found by the referee at the end", toyName, FaultIllegal, func(t *tap, m *Msg, frame []byte) [][]byte {
			// As above, but only games where the number is never asked during play count:
			// then only the end-of-game replay with every secret known can catch it.
			switch {
			case m.Type == MsgMove && m.Move.Kind == game.Choose:
				c := clone(m)
				t.nonce = NewNonce()
				bad := Opening{Key: c.Cells[0].Key, Value: 7, Nonce: t.nonce}
				c.Cells[0].Digest = Commit(tagSecret, t.id, m.Ply, uint8(game.Black), cellValue(bad), t.nonce)
				t.armed = true
				b, _ := encodeRaw(c)
				return [][]byte{b}
			case t.armed && m.Type == MsgFinal:
				c := clone(m)
				for i, o := range c.Opens {
					if o.Key.Kind == game.SecretCrown {
						c.Opens[i].Value, c.Opens[i].Nonce = 7, t.nonce
						return [][]byte{t.cheat(c, m)}
					}
				}
			}
			return [][]byte{frame}
		}},
		{"crown: an impossible crown committed", "crown", FaultIllegal, func(t *tap, m *Msg, frame []byte) [][]byte {
			// The chooser commits its crown to monarch 5 (only 0 King and 1 Dame exist) and
			// opens it so when asked: the commitment holds, the rules refuse the value.
			switch {
			case m.Type == MsgMove && m.Move.Kind == game.Choose && !t.armed:
				c := clone(m)
				t.nonce = NewNonce()
				bad := Opening{Key: c.Cells[0].Key, Value: 5, Nonce: t.nonce}
				c.Cells[0].Digest = Commit(tagSecret, t.id, m.Ply, uint8(m.Ply), cellValue(bad), t.nonce)
				t.armed = true
				b, _ := encodeRaw(c)
				return [][]byte{b}
			case t.armed && m.Type == MsgReveal:
				c := clone(m)
				for i, o := range c.Opens {
					if o.Key.Kind == game.SecretCrown {
						c.Opens[i].Value, c.Opens[i].Nonce = 5, t.nonce
						return [][]byte{t.cheat(c, m)}
					}
				}
			}
			return [][]byte{frame}
		}},
		{"simultaneous: opened move differs from its seal", "simultaneous", FaultCommit, onType(MsgOpen, func(t *tap, m *Msg) *Msg {
			m.Move = game.Move{Kind: game.Pass, From: game.NoSquare, To: game.NoSquare}
			return m
		})},
		{"probabilistic: a forged capture draw", "probabilistic", FaultCommit, onType(MsgDraw, func(t *tap, m *Msg) *Msg {
			m.Digest[0] ^= 1
			return m
		})},
		{"replayed message", "chess", FaultSequence, func(t *tap, m *Msg, frame []byte) [][]byte {
			if m.Type != MsgMove || m.Ply < 4 {
				return [][]byte{frame}
			}
			t.done, t.cheated, t.honest = true, m, PubHash{}
			return [][]byte{frame, t.sent[len(t.sent)-1]}
		}},
		{"reordered messages", "chess", FaultSequence, func(t *tap, m *Msg, frame []byte) [][]byte {
			if m.Type != MsgMove || m.Ply < 4 {
				return [][]byte{frame}
			}
			c := clone(m)
			c.Seq++ // as if the next one overtook it
			t.done, t.cheated, t.honest = true, c, m.Hash
			b, _ := encodeRaw(c)
			return [][]byte{b}
		}},
		{"oversized message", "chess", FaultGarbled, func(t *tap, m *Msg, frame []byte) [][]byte {
			if m.Type != MsgMove || m.Ply < 2 {
				return [][]byte{frame}
			}
			t.done, t.cheated, t.honest = true, m, m.Hash
			return [][]byte{append(bytes.Clone(frame), make([]byte, MaxMessage)...)}
		}},
		{"garbled message", "chess", FaultGarbled, func(t *tap, m *Msg, frame []byte) [][]byte {
			if m.Type != MsgMove || m.Ply < 2 {
				return [][]byte{frame}
			}
			t.done, t.cheated, t.honest = true, m, m.Hash
			return [][]byte{frame[:len(frame)-3]}
		}},
		{"other protocol version", "chess", FaultVersion, func(t *tap, m *Msg, frame []byte) [][]byte {
			if m.Type != MsgMove {
				return [][]byte{frame}
			}
			t.done, t.cheated, t.honest = true, m, m.Hash
			b := bytes.Clone(frame)
			b[1] = Version + 1
			return [][]byte{b}
		}},
		{"sealed move opened as another", toyName, FaultCommit, onType(MsgOpen, func(t *tap, m *Msg) *Msg {
			m.Move.To = m.Move.To%3 + 1
			return m
		})},
		{"secret revealed false", toyName, FaultCommit, onType(MsgReveal, func(t *tap, m *Msg) *Msg {
			m.Opens[0].Value ^= 1
			return m
		})},
		{"draw contribution off its chain", toyName, FaultCommit, onType(MsgDraw, func(t *tap, m *Msg) *Msg {
			m.Digest[5] ^= 0x40
			return m
		})},
		{"draw contribution for a future draw", toyName, FaultIllegal, onType(MsgDraw, func(t *tap, m *Msg) *Msg {
			m.Index++
			return m
		})},
		{"final withholds a secret", toyName, FaultIllegal, onType(MsgFinal, func(t *tap, m *Msg) *Msg {
			if len(m.Opens) == 0 {
				return nil
			}
			m.Opens = m.Opens[1:]
			return m
		})},
		{"final opens a secret falsely", toyName, FaultCommit, onType(MsgFinal, func(t *tap, m *Msg) *Msg {
			if len(m.Opens) == 0 {
				return nil
			}
			m.Opens[0].Value ^= 1
			return m
		})},
		{"final names another log", "chess", FaultDesync, onType(MsgFinal, func(t *tap, m *Msg) *Msg {
			m.Digest[0] ^= 1
			return m
		})},
		{"accepts a draw never offered", "chess", FaultIllegal, func(t *tap, m *Msg, frame []byte) [][]byte {
			if m.Type != MsgMove || m.Ply < 6 {
				return [][]byte{frame}
			}
			c := &Msg{Type: MsgAnswer, What: OfferDraw, Yes: true, Seq: m.Seq, Ack: m.Ack, Hash: m.Hash}
			return [][]byte{t.cheat(c, m)}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := range uint64(30) {
				if runCheat(t, c, seed) {
					return
				}
			}
			t.Fatal("no seed gave the cheat a chance")
		})
	}
}
