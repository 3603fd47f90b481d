package aiclient

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/quintet-chess/quintet/internal/tinyjson/jsontest"
)

// TestMessagesAsEncodingJSON: Encode writes what encoding/json writes for the messages,
// and Decode reads encoding/json's text back equal (the worker's messages of an older
// page read the same).
func TestMessagesAsEncodingJSON(t *testing.T) {
	reqs := []Request{{}, {ID: 3, Variant: "forced", Options: []string{"a=b", "<&>"}, Text: "x\ny", Moves: []string{"e2e4"},
		Player: 1, Level: "easy", BudgetMS: 5000, TimeMS: -1, Nodes: 1 << 40, Depth: 7, Seed: 1<<63 + 5}}
	var full Request
	jsontest.Fill(&full) // every field: one added without its line in json.go fails
	reqs = append(reqs, full)
	for _, q := range reqs {
		want, _ := json.Marshal(q)
		if got := Encode(q); got != string(want) {
			t.Errorf("Encode: %s\nencoding/json: %s", got, want)
		}
		back, err := Decode[Request](string(want))
		if err != nil || !reflect.DeepEqual(back, q) {
			t.Errorf("%s read as %+v, %v", want, back, err)
		}
	}
	reps := []Reply{{}, {ID: 9, Kind: KindResult, Move: [8]uint8{12, 28, 1, 0, 64, 64, 3, 255}, UCI: "e2e4", Text: "e4",
		Score: -35, Depth: 12, Nodes: 123456789, TimeMS: 812, PV: []string{"e4", "e5"}, Error: "\u2028"}}
	var fullReply Reply
	jsontest.Fill(&fullReply)
	reps = append(reps, fullReply)
	for _, p := range reps {
		want, _ := json.Marshal(p)
		if got := Encode(p); got != string(want) {
			t.Errorf("Encode: %s\nencoding/json: %s", got, want)
		}
		back, err := Decode[Reply](string(want))
		if err != nil || !reflect.DeepEqual(back, p) {
			t.Errorf("%s read as %+v, %v", want, back, err)
		}
	}
}

// FuzzDecode: any message reads or is an error, never a panic; what reads is written
// again as encoding/json writes it and reads back the same.
func FuzzDecode(f *testing.F) {
	f.Add(Encode(Request{ID: 1, Variant: "chess", Options: []string{"a=b"}, Seed: 7}))
	f.Add(Encode(Reply{ID: 2, Kind: KindProgress, PV: []string{"e4"}}))
	f.Add(`{"id":1,"move":[1,2,3,4,5,6,7,8,9],"extra":{"a":[null]}}`)
	f.Fuzz(func(t *testing.T, s string) {
		if q, err := Decode[Request](s); err == nil {
			want, _ := json.Marshal(q)
			if got := Encode(q); got != string(want) {
				t.Fatalf("Encode: %s\nencoding/json: %s", got, want)
			}
			if back, err := Decode[Request](Encode(q)); err != nil || Encode(back) != Encode(q) {
				t.Fatalf("round trip of %q: %+v, %v", s, back, err)
			}
		}
		if p, err := Decode[Reply](s); err == nil {
			want, _ := json.Marshal(p)
			if got := Encode(p); got != string(want) {
				t.Fatalf("Encode: %s\nencoding/json: %s", got, want)
			}
		}
	})
}
