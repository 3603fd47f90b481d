package p2p

import (
	"encoding/binary"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/quintet-chess/quintet/game"
)

// Wire format, version 3. One message is one transport frame:
//
//	'Q' version type seq:uvarint ack:uvarint hash:8 body
//
// seq numbers the sender's messages from 1 for the whole match (across reconnections);
// ack is the last seq the sender has received; hash is the sender's public hash (PubHash)
// of the game state the message applies to. The body's layout depends on the type and is
// read exactly: trailing bytes are an error.
const (
	magic = 'Q'
	// Version is the protocol version this package speaks.
	// Version 2 added the Hello's resume token, Resume's challenge and Proof, Forfeit and
	// Chain (a renewed draw chain). Version 3 added the time control to the Hello, the
	// mover's elapsed time to Move and Seal, Ping, Pong and Flag (peer clocks, peerclock.go).
	Version = 3
	// MaxMessage bounds a frame; a longer one is refused before it is parsed.
	MaxMessage = 4096
	// MaxChat bounds a chat line in bytes.
	MaxChat      = 280
	maxCells     = 72 // secret cells a message may commit or open (a hidden square has 64)
	maxOptions   = 16
	maxOption    = 64
	maxName      = 32
	maxStartText = 1024
)

// MsgType is what a message says.
type MsgType uint8

const (
	MsgHello   MsgType = iota + 1 // handshake: game, options, versions, coin, chain head
	MsgCoin                       // the host opens its coin commitment
	MsgMove                       // a move at a one-player Move step, with its secrets committed
	MsgSeal                       // a sealed simultaneous move: its commitment
	MsgOpen                       // a sealed move opened
	MsgDraw                       // a draw contribution: the next link of the sender's chain
	MsgReveal                     // a secret opened because the rules ask for it
	MsgFinal                      // game over: every remaining secret opened, the full log hash
	MsgResign                     // the sender resigns
	MsgClaim                      // the sender claims a draw the rules allow
	MsgOffer                      // an offer: draw, takeback, rematch
	MsgAnswer                     // an answer to an offer
	MsgChat                       // a chat line or an emote
	MsgResume                     // after a reconnection: what the sender has, to fill the gap
	MsgAck                        // nothing but the Ack: "your ending was void here, go on"
	MsgProof                      // after a Resume: proof of the first session's secret, then what the sender has
	MsgForfeit                    // the sender claims the game: the other side let a deadline pass
	MsgChain                      // the head of the sender's next draw chain, for draws from Index on
	MsgPing                       // a round-trip probe: Index, answered by a Pong with the same Index
	MsgPong                       // the answer to the Ping of Index
	MsgFlag                       // the sender claims the game: the other side's clock ran out
	msgEnd
)

var msgNames = [...]string{"", "hello", "coin", "move", "seal", "open", "draw", "reveal",
	"final", "resign", "claim", "offer", "answer", "chat", "resume", "ack", "proof", "forfeit", "chain", "ping", "pong", "flag"}

func (t MsgType) String() string {
	if t == 0 || t >= msgEnd {
		return fmt.Sprintf("type %d", uint8(t))
	}
	return msgNames[t]
}

// Offer kinds (Msg.What of MsgOffer and MsgAnswer).
const (
	OfferDraw     uint8 = iota + 1 // a draw by agreement
	OfferTakeback                  // take back N plies
	OfferRematch                   // a new game, colours swapped
	offerEnd
)

// PubHash is the 64-bit public hash carried in every message: the first eight bytes of
// the public log hash (see logHash).
type PubHash [8]byte

// CellKey names one secret cell: a kind of secret and, for secrets with several cells
// (mined stones by their square, the hidden crown square by candidate square), a square.
type CellKey = game.SecretCell

// Cell is a committed secret cell as the other side stores it.
type Cell struct {
	Key    CellKey
	Digest Digest
}

// Opening opens a cell: its value and nonce.
type Opening struct {
	Key   CellKey
	Value uint64
	Nonce Nonce
}

// Hello is the handshake body.
type Hello struct {
	MinVersion, MaxVersion uint8
	Host                   bool
	Game                   GameID
	Variant                string
	Options                []string
	Start                  string        // position text; "" is the variant's start
	Coin                   Digest        // the host's commitment, the guest's value
	Chain                  Digest        // the sender's draw chain head
	Token                  Digest        // the sender's resume secret: a resumed link must prove it knows both
	Base, Inc              time.Duration // the time control (zero Base: no clocks), whole milliseconds
}

// Msg is one protocol message. The fields a type uses are listed at its constant;
// the others stay zero.
type Msg struct {
	Type MsgType
	Seq  uint64
	Ack  uint64
	Hash PubHash

	Hello   *Hello    // MsgHello
	Ply     uint32    // Move, Seal, Open: the log index of the move; Offer: takeback plies
	Move    game.Move // Move, Open
	Cells   []Cell    // Move: commitments of the secrets the move fixes
	Digest  Digest    // Seal: the commitment; Draw: the opened link; Chain: its head; Coin: value; Offer/Answer (rematch): new chain head; Final, Proof: full log hash
	Nonce   Nonce     // Coin, Open; Resume: the sender's fresh challenge
	Mac     Digest    // Proof: the proof over both challenges
	Opens   []Opening // Reveal, Final
	Index   uint32    // Draw: the draw's number; Chain: the first draw it serves; Final, Proof: the log length
	What    uint8     // Offer, Answer: OfferDraw, OfferTakeback, OfferRematch; Forfeit: what was owed (Owed)
	Yes     bool      // Answer: accepted; Proof: the sender has unacknowledged moves in flight
	Text    string    // Chat
	RecvSeq uint64    // Proof: the last seq received from the other side
	// Took is, in Move and Seal, the mover's own elapsed time for the decision (timed
	// games; zero otherwise), whole microseconds.
	Took time.Duration
}

// Bounds of the clock fields: beyond them a frame is refused.
const (
	maxBase = 10 * time.Hour
	maxInc  = time.Hour
	maxTook = 24 * time.Hour
)

// DecodeError is a frame that could not be read: garbled, truncated, oversized, or of an
// unknown version. Where says which part.
type DecodeError struct {
	Where   string
	Why     string
	Version bool // the frame is of another protocol version
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("unreadable message: %s: %s", e.Where, e.Why)
}

// Encode writes m as one frame. It refuses a message the decoder would refuse.
func Encode(m *Msg) ([]byte, error) {
	w := writer{b: make([]byte, 0, 128)}
	w.b = append(w.b, magic, Version, byte(m.Type))
	w.uvarint(m.Seq)
	w.uvarint(m.Ack)
	w.b = append(w.b, m.Hash[:]...)
	switch m.Type {
	case MsgHello:
		h := m.Hello
		if h == nil {
			return nil, fmt.Errorf("hello without a body")
		}
		w.b = append(w.b, h.MinVersion, h.MaxVersion, boolByte(h.Host))
		w.b = append(w.b, h.Game[:]...)
		w.str(h.Variant)
		w.uvarint(uint64(len(h.Options)))
		for _, o := range h.Options {
			w.str(o)
		}
		w.str(h.Start)
		w.b = append(w.b, h.Coin[:]...)
		w.b = append(w.b, h.Chain[:]...)
		w.b = append(w.b, h.Token[:]...)
		w.uvarint(uint64(max(0, h.Base/time.Millisecond)))
		w.uvarint(uint64(max(0, h.Inc/time.Millisecond)))
	case MsgCoin:
		w.b = append(w.b, m.Digest[:]...)
		w.b = append(w.b, m.Nonce[:]...)
	case MsgMove:
		w.uvarint(uint64(m.Ply))
		w.move(m.Move)
		w.uvarint(uint64(len(m.Cells)))
		for _, c := range m.Cells {
			w.b = append(w.b, byte(c.Key.Kind), byte(c.Key.Square))
			w.b = append(w.b, c.Digest[:]...)
		}
		w.uvarint(uint64(max(0, m.Took/time.Microsecond)))
	case MsgSeal:
		w.uvarint(uint64(m.Ply))
		w.b = append(w.b, m.Digest[:]...)
		w.uvarint(uint64(max(0, m.Took/time.Microsecond)))
	case MsgOpen:
		w.uvarint(uint64(m.Ply))
		w.move(m.Move)
		w.b = append(w.b, m.Nonce[:]...)
	case MsgDraw, MsgChain:
		w.uvarint(uint64(m.Index))
		w.b = append(w.b, m.Digest[:]...)
	case MsgPing, MsgPong:
		w.uvarint(uint64(m.Index))
	case MsgReveal, MsgFinal:
		if m.Type == MsgFinal {
			w.uvarint(uint64(m.Index))
			w.b = append(w.b, m.Digest[:]...)
		}
		w.uvarint(uint64(len(m.Opens)))
		for _, o := range m.Opens {
			w.b = append(w.b, byte(o.Key.Kind), byte(o.Key.Square))
			w.uvarint(o.Value)
			w.b = append(w.b, o.Nonce[:]...)
		}
	case MsgResign, MsgClaim, MsgAck, MsgFlag:
	case MsgOffer, MsgAnswer:
		w.b = append(w.b, m.What)
		if m.Type == MsgAnswer {
			w.b = append(w.b, boolByte(m.Yes))
		}
		switch {
		case m.What == OfferTakeback && m.Type == MsgOffer:
			w.uvarint(uint64(m.Ply))
		case m.What == OfferRematch && (m.Type == MsgOffer || m.Yes):
			w.b = append(w.b, m.Digest[:]...)
		}
	case MsgChat:
		w.str(m.Text)
	case MsgResume:
		w.b = append(w.b, m.Nonce[:]...)
	case MsgProof:
		w.b = append(w.b, m.Mac[:]...)
		w.uvarint(m.RecvSeq)
		w.uvarint(uint64(m.Index))
		w.b = append(w.b, m.Digest[:]...)
		w.b = append(w.b, boolByte(m.Yes))
	case MsgForfeit:
		w.b = append(w.b, m.What)
	default:
		return nil, fmt.Errorf("cannot encode a message of %v", m.Type)
	}
	// Round trip through the decoder so nothing goes out that a peer must refuse.
	if _, err := Decode(w.b); err != nil {
		return nil, fmt.Errorf("encoding %v: %w", m.Type, err)
	}
	return w.b, nil
}

// Decode reads one frame. It never panics and refuses anything not exactly well formed.
func Decode(b []byte) (*Msg, error) {
	if len(b) > MaxMessage {
		return nil, &DecodeError{Where: "frame", Why: fmt.Sprintf("%d bytes, more than the %d allowed", len(b), MaxMessage)}
	}
	r := reader{b: b}
	if len(b) < 3 || b[0] != magic {
		return nil, &DecodeError{Where: "header", Why: "not a quintet message"}
	}
	if b[1] != Version {
		return nil, &DecodeError{"header", fmt.Sprintf("protocol version %d, this program speaks %d", b[1], Version), true}
	}
	m := &Msg{Type: MsgType(b[2])}
	if m.Type == 0 || m.Type >= msgEnd {
		return nil, &DecodeError{Where: "header", Why: fmt.Sprintf("unknown message type %d", b[2])}
	}
	r.i = 3
	m.Seq = r.uvarint("seq", 1<<40)
	m.Ack = r.uvarint("ack", 1<<40)
	r.fixed("hash", m.Hash[:])
	where := m.Type.String()
	switch m.Type {
	case MsgHello:
		h := &Hello{}
		m.Hello = h
		h.MinVersion = r.byte1(where)
		h.MaxVersion = r.byte1(where)
		h.Host = r.bool1(where)
		r.fixed(where+" game id", h.Game[:])
		h.Variant = r.str(where+" variant", maxName)
		n := int(r.uvarint(where+" options", maxOptions))
		for i := 0; i < n && r.err == nil; i++ {
			h.Options = append(h.Options, r.str(where+" option", maxOption))
		}
		h.Start = r.str(where+" start", maxStartText)
		r.fixed(where+" coin", h.Coin[:])
		r.fixed(where+" chain", h.Chain[:])
		r.fixed(where+" token", h.Token[:])
		h.Base = time.Duration(r.uvarint(where+" base", uint64(maxBase/time.Millisecond))) * time.Millisecond
		h.Inc = time.Duration(r.uvarint(where+" increment", uint64(maxInc/time.Millisecond))) * time.Millisecond
		if r.err == nil && h.Base == 0 && h.Inc != 0 {
			r.fail(where, "an increment without a base time")
		}
		if r.err == nil && h.MinVersion > h.MaxVersion {
			r.fail(where, "version range is empty")
		}
	case MsgCoin:
		r.fixed(where, m.Digest[:])
		r.fixed(where, m.Nonce[:])
	case MsgMove:
		m.Ply = uint32(r.uvarint(where+" ply", 1<<31))
		m.Move = r.move(where)
		n := int(r.uvarint(where+" cells", maxCells))
		for i := 0; i < n && r.err == nil; i++ {
			var c Cell
			c.Key = r.key(where)
			r.fixed(where+" cell", c.Digest[:])
			m.Cells = append(m.Cells, c)
		}
		m.Took = r.took(where)
	case MsgSeal:
		m.Ply = uint32(r.uvarint(where+" ply", 1<<31))
		r.fixed(where, m.Digest[:])
		m.Took = r.took(where)
	case MsgOpen:
		m.Ply = uint32(r.uvarint(where+" ply", 1<<31))
		m.Move = r.move(where)
		r.fixed(where, m.Nonce[:])
	case MsgDraw, MsgChain:
		m.Index = uint32(r.uvarint(where+" index", 1<<31))
		r.fixed(where, m.Digest[:])
	case MsgPing, MsgPong:
		m.Index = uint32(r.uvarint(where+" index", 1<<31))
	case MsgReveal, MsgFinal:
		if m.Type == MsgFinal {
			m.Index = uint32(r.uvarint(where+" length", 1<<31))
			r.fixed(where, m.Digest[:])
		}
		n := int(r.uvarint(where+" openings", maxCells))
		for i := 0; i < n && r.err == nil; i++ {
			var o Opening
			o.Key = r.key(where)
			o.Value = r.uvarint(where+" value", 1<<63)
			r.fixed(where+" nonce", o.Nonce[:])
			m.Opens = append(m.Opens, o)
		}
	case MsgResign, MsgClaim, MsgAck, MsgFlag:
	case MsgOffer, MsgAnswer:
		m.What = r.byte1(where)
		if r.err == nil && (m.What == 0 || m.What >= offerEnd) {
			r.fail(where, fmt.Sprintf("unknown offer %d", m.What))
		}
		if m.Type == MsgAnswer {
			m.Yes = r.bool1(where)
		}
		switch {
		case m.What == OfferTakeback && m.Type == MsgOffer:
			m.Ply = uint32(r.uvarint(where+" plies", 1<<16))
		case m.What == OfferRematch && (m.Type == MsgOffer || m.Yes):
			r.fixed(where+" chain", m.Digest[:])
		}
	case MsgChat:
		m.Text = r.str(where, MaxChat)
	case MsgResume:
		r.fixed(where, m.Nonce[:])
	case MsgProof:
		r.fixed(where, m.Mac[:])
		m.RecvSeq = r.uvarint(where+" received", 1<<40)
		m.Index = uint32(r.uvarint(where+" length", 1<<31))
		r.fixed(where, m.Digest[:])
		m.Yes = r.bool1(where)
	case MsgForfeit:
		m.What = r.byte1(where)
		if r.err == nil && (m.What == 0 || m.What >= uint8(owedEnd)) {
			r.fail(where, fmt.Sprintf("unknown deadline %d", m.What))
		}
	}
	if r.err == nil && r.i != len(b) {
		r.fail(where, fmt.Sprintf("%d bytes too many", len(b)-r.i))
	}
	if r.err != nil {
		return nil, r.err
	}
	return m, nil
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

type writer struct{ b []byte }

func (w *writer) uvarint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }

func (w *writer) str(s string) {
	w.uvarint(uint64(len(s)))
	w.b = append(w.b, s...)
}

func (w *writer) move(m game.Move) {
	w.b = append(w.b, byte(m.From), byte(m.To), byte(m.Kind), byte(m.Promo),
		byte(m.Via), byte(m.Via2), m.N, byte(m.Promo2))
}

// reader reads a frame; the first error sticks and every later read returns zeros.
type reader struct {
	b   []byte
	i   int
	err *DecodeError
}

func (r *reader) fail(where, why string) {
	if r.err == nil {
		r.err = &DecodeError{Where: where, Why: why}
	}
}

func (r *reader) byte1(where string) byte {
	if r.err != nil {
		return 0
	}
	if r.i >= len(r.b) {
		r.fail(where, "cut short")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) bool1(where string) bool {
	switch r.byte1(where) {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail(where, "a flag that is neither 0 nor 1")
	return false
}

func (r *reader) fixed(where string, dst []byte) {
	if r.err != nil {
		return
	}
	if len(r.b)-r.i < len(dst) {
		r.fail(where, "cut short")
		return
	}
	r.i += copy(dst, r.b[r.i:])
}

// uvarint reads a minimal unsigned varint no larger than max.
func (r *reader) uvarint(where string, max uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		r.fail(where, "bad number")
		return 0
	}
	if n != len(binary.AppendUvarint(nil, v)) {
		r.fail(where, "number not in its shortest form")
		return 0
	}
	if v > max {
		r.fail(where, fmt.Sprintf("%d is more than %d", v, max))
		return 0
	}
	r.i += n
	return v
}

func (r *reader) took(where string) time.Duration {
	return time.Duration(r.uvarint(where+" elapsed time", uint64(maxTook/time.Microsecond))) * time.Microsecond
}

func (r *reader) str(where string, max int) string {
	n := int(r.uvarint(where, uint64(max)))
	if r.err != nil {
		return ""
	}
	if len(r.b)-r.i < n {
		r.fail(where, "cut short")
		return ""
	}
	s := string(r.b[r.i : r.i+n])
	r.i += n
	if !utf8.ValidString(s) {
		r.fail(where, "text that is not UTF-8")
		return ""
	}
	for _, c := range s {
		if c < 0x20 || c == 0x7f {
			r.fail(where, "a control character in text")
			return ""
		}
	}
	return s
}

func (r *reader) square(where string, v byte) game.Square {
	if v > byte(game.NoSquare) {
		r.fail(where, fmt.Sprintf("square %d off the board", v))
	}
	return game.Square(v)
}

func (r *reader) move(where string) game.Move {
	var b [8]byte
	r.fixed(where+" move", b[:])
	if r.err != nil {
		return game.NullMove
	}
	m := game.Move{
		From: r.square(where, b[0]), To: r.square(where, b[1]), Kind: game.MoveKind(b[2]),
		Promo: game.PieceType(b[3]), Via: r.square(where, b[4]), Via2: r.square(where, b[5]),
		N: b[6], Promo2: game.PieceType(b[7]),
	}
	if m.Kind > maxMoveKind || m.Promo >= game.NumTypes || m.Promo2 >= game.NumTypes {
		r.fail(where, "a move of an unknown kind or piece")
	}
	return m
}

// maxMoveKind bounds Move.Kind; the engine appends kinds at the end of its list, so the
// bound leaves room for a few without a protocol change.
const maxMoveKind = 31

func (r *reader) key(where string) CellKey {
	k := game.SecretKind(r.byte1(where + " secret"))
	s := r.square(where+" secret", r.byte1(where+" secret"))
	if r.err == nil && (k == game.NoSecret || k > 15) {
		r.fail(where, fmt.Sprintf("unknown secret kind %d", k))
	}
	return CellKey{Kind: k, Square: s}
}
