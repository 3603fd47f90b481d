package saved

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestFriendAsEncodingJSON: a room's record is written as encoding/json wrote it and
// encoding/json's text reads back the same.
func TestFriendAsEncodingJSON(t *testing.T) {
	for _, f := range []Friend{{}, {Host: true, Variant: "crown", Options: []string{"kind=hidden"}},
		{Variant: "chess", Options: []string{}, Clock: "3+2", Relays: []string{"wss://a/<mqtt>"}, Snap: []byte(`{"Version":2}`), Ended: "resigned", Flip: []byte{0, 255, 7}}} {
		want, _ := json.Marshal(f)
		if got := EncodeFriend(f); got != string(want) {
			t.Errorf("EncodeFriend %s, encoding/json %s", got, want)
		}
		back, err := DecodeFriend(string(want))
		var fromJSON Friend
		json.Unmarshal(want, &fromJSON)
		if err != nil || !reflect.DeepEqual(back, fromJSON) {
			t.Errorf("%s read as %+v (%v), encoding/json reads %+v", want, back, err, fromJSON)
		}
	}
}

func FuzzDecodeFriend(f *testing.F) {
	f.Add(EncodeFriend(Friend{Host: true, Variant: "chess", Snap: []byte("x"), Flip: []byte("y")}))
	f.Fuzz(func(t *testing.T, s string) {
		r, err := DecodeFriend(s)
		if err != nil {
			return
		}
		back, err := DecodeFriend(EncodeFriend(r))
		if err != nil || EncodeFriend(back) != EncodeFriend(r) {
			t.Fatalf("%q: round trip %+v, %v", s, back, err)
		}
	})
}
