package p2p

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
)

// sampleMsgs is one message of every type with every field it carries set.
func sampleMsgs() []*Msg {
	h := PubHash{1, 2, 3, 4, 5, 6, 7, 8}
	open := Opening{Key: CellKey{Kind: game.SecretSquare, Square: game.Sq(4, 3)}, Value: 1, Nonce: Nonce{9}}
	mv := game.Move{From: game.Sq(4, 1), To: game.Sq(4, 3), Kind: game.Double}
	return []*Msg{
		{Type: MsgHello, Seq: 1, Hello: &Hello{MinVersion: 1, MaxVersion: 1, Host: true, Game: GameID{7}, Token: Digest{9},
			Variant: "crown", Options: []string{"kind=2", "para=on"}, Start: "", Coin: Digest{3}, Chain: Digest{4},
			Base: 3 * time.Minute, Inc: 2 * time.Second}},
		{Type: MsgCoin, Seq: 2, Ack: 1, Digest: Digest{5}, Nonce: Nonce{6}},
		{Type: MsgMove, Seq: 3, Ack: 2, Hash: h, Ply: 17, Move: mv,
			Cells: []Cell{{Key: CellKey{Kind: game.SecretCrown, Square: game.NoSquare}, Digest: Digest{8}}}, Took: 2500 * time.Millisecond},
		{Type: MsgSeal, Seq: 4, Hash: h, Ply: 3, Digest: Digest{9}, Took: 1234567 * time.Microsecond},
		{Type: MsgPing, Seq: 19, Ack: 20, Hash: h, Index: 3},
		{Type: MsgPong, Seq: 20, Ack: 20, Hash: h, Index: 3},
		{Type: MsgFlag, Seq: 21, Ack: 20, Hash: h},
		{Type: MsgOpen, Seq: 5, Hash: h, Ply: 3, Move: mv, Nonce: Nonce{1}},
		{Type: MsgDraw, Seq: 6, Hash: h, Index: 12, Digest: Digest{2}},
		{Type: MsgReveal, Seq: 7, Hash: h, Opens: []Opening{open}},
		{Type: MsgFinal, Seq: 8, Hash: h, Index: 99, Digest: Digest{3}, Opens: []Opening{open, open}},
		{Type: MsgResign, Seq: 9, Hash: h},
		{Type: MsgClaim, Seq: 10, Hash: h},
		{Type: MsgOffer, Seq: 11, Hash: h, What: OfferTakeback, Ply: 2},
		{Type: MsgOffer, Seq: 12, Hash: h, What: OfferRematch, Digest: Digest{4}},
		{Type: MsgAnswer, Seq: 13, Hash: h, What: OfferDraw, Yes: true},
		{Type: MsgAnswer, Seq: 14, Hash: h, What: OfferRematch, Yes: true, Digest: Digest{5}},
		{Type: MsgChat, Seq: 15, Hash: h, Text: "good game ♞"},
		{Type: MsgResume, Nonce: Nonce{7}},
		{Type: MsgProof, Ack: 3, Mac: Digest{8}, RecvSeq: 14, Index: 33, Digest: Digest{6}, Yes: true},
		{Type: MsgForfeit, Seq: 17, Ack: 20, Hash: h, What: uint8(OwedAudit)},
		{Type: MsgChain, Seq: 18, Ack: 20, Hash: h, Index: 4097, Digest: Digest{9}},
		{Type: MsgAck, Seq: 16, Ack: 20, Hash: h},
		{Type: MsgMove, Seq: 300, Ack: 299, Hash: h, Ply: 140, Move: mv}, // a plain move late in a game
		{Type: MsgMove, Seq: 31, Ack: 30, Hash: h, Ply: 60, Move: game.Move{Kind: game.HideCrown, To: game.NoSquare},
			Cells: squareCells()}, // Crown-3's hidden square: one commitment per square
	}
}

func TestMessageRoundTrip(t *testing.T) {
	for _, m := range sampleMsgs() {
		b, err := Encode(m)
		if err != nil {
			t.Fatalf("%v: %v", m.Type, err)
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatalf("%v: %v", m.Type, err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Fatalf("%v: round trip\n got %+v\nwant %+v", m.Type, got, m)
		}
		t.Logf("%-7v %4d bytes", m.Type, len(b))
	}
}

func TestDecodeRefuses(t *testing.T) {
	good, _ := Encode(sampleMsgs()[2])
	chat, _ := Encode(&Msg{Type: MsgChat, Seq: 1, Text: "hi"})
	long := make([]byte, MaxMessage+1)
	copy(long, good)
	bad := map[string][]byte{
		"empty":          nil,
		"not ours":       []byte("GET / HTTP/1.1"),
		"version":        append([]byte{magic, Version + 1}, good[2:]...),
		"unknown type":   append([]byte{magic, Version, byte(msgEnd)}, good[3:]...),
		"cut short":      good[:len(good)-1],
		"trailing bytes": append(bytes.Clone(good), 0),
		"oversized":      long,
		"control char":   bytes.Replace(chat, []byte("hi"), []byte("h\n"), 1),
		"bad utf-8":      bytes.Replace(chat, []byte("hi"), []byte{'h', 0xff}, 1),
		"padded varint":  append([]byte{magic, Version, byte(MsgResign), 0x81, 0x00}, good[4:]...),
	}
	for name, b := range bad {
		_, err := Decode(b)
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("%s: got %v, want a DecodeError", name, err)
			continue
		}
		t.Logf("%s: %v", name, err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, m := range sampleMsgs() {
		b, _ := Encode(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			return
		}
		// Whatever decodes must encode back to the same bytes: one meaning, one form.
		again, err := Encode(m)
		if err != nil {
			t.Fatalf("decoded %+v but cannot encode it: %v", m, err)
		}
		if !bytes.Equal(again, b) {
			t.Fatalf("decode/encode changed the frame:\n%x\n%x", b, again)
		}
	})
}

func squareCells() []Cell {
	var cs []Cell
	for s := game.Square(0); s < 64; s++ {
		cs = append(cs, Cell{Key: CellKey{Kind: game.SecretSquare, Square: s}, Digest: Digest{byte(s)}})
	}
	return cs
}
