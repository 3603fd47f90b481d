package p2p

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// TestSnapshotAsEncodingJSON: a match's snapshot, and one with every optional part set,
// is written as encoding/json writes the struct, and encoding/json's text reads back the
// same (snapshots stored by earlier pages).
func TestSnapshotAsEncodingJSON(t *testing.T) {
	var s snapshot
	if err := json.Unmarshal(savedSnapshot(t), &s); err != nil {
		t.Fatal(err)
	}
	full := s
	d := Digest{1, 2, 3}
	mv := game.Move{From: 12, To: 28, Kind: 1, N: 3}
	full.PeerDraw, full.NextChain, full.PeerNext = &d, &d, &d
	full.Seal = &snapSeal{Move: &mv, Nonce: Nonce{9}, Ply: 4, Opened: true}
	full.PeerSeal = &snapSeal{Digest: d, Ply: 4}
	full.Float = &snapFloat{In: game.Input{Kind: game.InputDraw, Player: 1, Values: [2]uint8{3, 4}, Secret: 1 << 60}, Seq: 8, Applied: true}
	full.Outbox = append(full.Outbox, snapFrame{Seq: 99, Frame: []byte{0, 1, 255}, Changes: true}, snapFrame{Seq: 100})
	full.Options = []string{"kind=hidden", "<&>"}
	full.Ever = append(full.Ever, PubHash{7})
	full.MyOffer[1] = true
	full.FinalLen = -1
	full.Base, full.Inc = 180*time.Second, 2*time.Second
	full.Clocks = &snapClocks{Left: [2]time.Duration{-3, 170 * time.Second}, Running: [2]bool{false, true}, RTT: 40 * time.Millisecond, SavedAt: 1_800_000_000_000}
	for _, c := range []snapshot{s, full, {}} {
		want, err := json.Marshal(&c)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.appendJSON(nil); string(got) != string(want) {
			t.Fatalf("appendJSON:\n%s\nencoding/json:\n%s", got, want)
		}
		var back snapshot
		r := tinyjson.NewReader(string(want))
		back.read(r)
		if err := r.Finish(); err != nil {
			t.Fatal(err)
		}
		var fromJSON snapshot
		json.Unmarshal(want, &fromJSON)
		if !reflect.DeepEqual(back, fromJSON) {
			t.Errorf("read back:\n%+v\nencoding/json reads:\n%+v", back, fromJSON)
		}
	}
	f := flipMemo{Game: GameID{1}, HostCoin: Digest{2}, Coin: Digest{3}, Nonce: Nonce{4}}
	want, _ := json.Marshal(&f)
	if got := f.appendJSON(nil); string(got) != string(want) {
		t.Errorf("flip memo %s, encoding/json %s", got, want)
	}
	var back flipMemo
	r := tinyjson.NewReader(string(want))
	back.read(r)
	if r.Finish() != nil || back != f {
		t.Errorf("flip memo read as %+v", back)
	}
}
