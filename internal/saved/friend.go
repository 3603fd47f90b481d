package saved

import (
	"encoding/base64"

	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// Friend is what the page keeps of a room with a friend ("friend/<room id>" in
// localStorage): enough to take the match up again after the page reloads. The keys are
// the field names, as encoding/json wrote them.
type Friend struct {
	Host    bool
	Variant string
	Options []string
	Clock   string   `json:",omitempty"` // the time control the link names, as links write it ("3+2")
	Relays  []string `json:",omitempty"`
	Snap    []byte   `json:",omitempty"` // p2p.Match snapshot
	Ended   string   `json:",omitempty"` // why this side stopped for good
	Flip    []byte   `json:",omitempty"` // the room's first colour flip (p2p.Match.Flip): it stands
}

// MaxFriendLen bounds a stored room read back.
const MaxFriendLen = 1 << 20

// EncodeFriend writes a room's record as stored text.
func EncodeFriend(f Friend) string {
	o := tinyjson.Begin(nil)
	o.Bool("Host", f.Host)
	o.String("Variant", f.Variant)
	o.Strings("Options", f.Options)
	if f.Clock != "" {
		o.String("Clock", f.Clock)
	}
	if len(f.Relays) > 0 {
		o.Strings("Relays", f.Relays)
	}
	bytes := func(k string, b []byte) {
		if len(b) > 0 {
			o.Key(k).B = append(o.B, '"')
			o.B = base64.StdEncoding.AppendEncode(o.B, b)
			o.B = append(o.B, '"')
		}
	}
	bytes("Snap", f.Snap)
	if f.Ended != "" {
		o.String("Ended", f.Ended)
	}
	bytes("Flip", f.Flip)
	return string(o.End())
}

// DecodeFriend reads a room's stored record (the caller checks its game).
func DecodeFriend(text string) (Friend, error) {
	var f Friend
	bytes := func(r *tinyjson.Reader) []byte {
		if r.Null() {
			return nil
		}
		b, err := base64.StdEncoding.DecodeString(r.String())
		if err != nil {
			r.Fail("%v", err)
		}
		return b
	}
	err := decode(text, MaxFriendLen, func(r *tinyjson.Reader) {
		r.Object(func(k string) {
			switch k {
			case "Host":
				f.Host = r.Bool()
			case "Variant":
				f.Variant = r.String()
			case "Options":
				f.Options = r.Strings(64)
			case "Clock":
				f.Clock = r.String()
			case "Relays":
				f.Relays = r.Strings(64)
			case "Snap":
				f.Snap = bytes(r)
			case "Ended":
				f.Ended = r.String()
			case "Flip":
				f.Flip = bytes(r)
			default:
				r.Skip()
			}
		})
	})
	if err != nil {
		return Friend{}, err
	}
	return f, nil
}
