package saved

import (
	"fmt"
	"math"
	"strconv"

	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// The records' JSON, written and read by hand (internal/tinyjson: no encoding/json in the
// page). The writers give what encoding/json gave for the same structs by their tags, so
// records stored by earlier pages read the same; the readers refuse unknown fields.

func (s *Settings) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.Int("v", int64(s.V))
	if s.Lang != "" {
		o.String("lang", s.Lang)
	}
	if s.Sound != "" {
		o.String("sound", s.Sound)
	}
	if s.Flip {
		o.Bool("flip", s.Flip)
	}
	if s.Anim != "" {
		o.String("anim", s.Anim)
	}
	if s.Clock != "" {
		o.String("tc", s.Clock)
	}
	if s.Board != "" {
		o.String("board", s.Board)
	}
	if s.Pieces != "" {
		o.String("pieces", s.Pieces)
	}
	return o.End()
}

func (s *Settings) read(r *tinyjson.Reader) {
	r.Object(func(k string) {
		switch k {
		case "v":
			s.V = int(r.Int(math.MinInt32, math.MaxInt32))
		case "lang":
			s.Lang = r.String()
		case "sound":
			s.Sound = r.String()
		case "flip":
			s.Flip = r.Bool()
		case "anim":
			s.Anim = r.String()
		case "tc":
			s.Clock = r.String()
		case "board":
			s.Board = r.String()
		case "pieces":
			s.Pieces = r.String()
		default:
			r.Fail("unknown field %q", k)
		}
	})
}

// appendFields writes the game's fields into o (an Archived adds its own after them).
func (s *Game) appendFields(o *tinyjson.Object) {
	o.Int("v", int64(s.V))
	o.String("variant", s.Variant)
	if len(s.Options) > 0 {
		o.Strings("options", s.Options)
	}
	o.String("human", s.Human)
	o.String("level", s.Level)
	if s.Pick {
		o.Bool("pick", s.Pick)
	}
	if s.Start != "" {
		o.String("start", s.Start)
	}
	o.Key("log")
	if s.Log == nil {
		o.B = append(o.B, "null"...)
	} else {
		o.B = append(o.B, '[')
		for i, e := range s.Log {
			if i > 0 {
				o.B = append(o.B, ',')
			}
			o.B = tinyjson.AppendUints(o.B, e)
		}
		o.B = append(o.B, ']')
	}
	if s.Clock != "" {
		o.String("tc", s.Clock)
	}
	if len(s.Left) > 0 {
		o.Key("leftMs").B = append(o.B, '[')
		for i, ms := range s.Left {
			if i > 0 {
				o.B = append(o.B, ',')
			}
			o.B = strconv.AppendInt(o.B, ms, 10)
		}
		o.B = append(o.B, ']')
	}
	if len(s.Clocks) > 0 {
		o.Key("clk").B = append(o.B, '[')
		for i, ms := range s.Clocks {
			if i > 0 {
				o.B = append(o.B, ',')
			}
			o.B = strconv.AppendInt(o.B, ms, 10)
		}
		o.B = append(o.B, ']')
	}
}

// readField reads the game's field k; false: k is not one of them.
func (s *Game) readField(r *tinyjson.Reader, k string) bool {
	switch k {
	case "v":
		s.V = int(r.Int(math.MinInt32, math.MaxInt32))
	case "variant":
		s.Variant = r.String()
	case "options":
		s.Options = r.Strings(64)
	case "human":
		s.Human = r.String()
	case "level":
		s.Level = r.String()
	case "pick":
		s.Pick = r.Bool()
	case "start":
		s.Start = r.String()
	case "log":
		s.Log = nil
		if r.Null() {
			break
		}
		s.Log = []Entry{}
		r.Array(func() {
			if len(s.Log) >= MaxEntries {
				r.Fail("more than %d entries", MaxEntries)
				return
			}
			var e Entry
			if !r.Null() {
				e = Entry{}
			}
			r.Array(func() {
				if len(e) >= 16 {
					r.Fail("an entry of more than 16 numbers")
					return
				}
				e = append(e, r.Uint(math.MaxUint64))
			})
			s.Log = append(s.Log, e)
		})
	case "tc":
		s.Clock = r.String()
	case "leftMs":
		s.Left = nil
		if r.Null() {
			break
		}
		s.Left = []int64{}
		r.Array(func() {
			if len(s.Left) >= 2 {
				r.Fail("more than 2 clocks")
				return
			}
			s.Left = append(s.Left, r.Int(math.MinInt64, math.MaxInt64))
		})
	case "clk":
		s.Clocks = nil
		if r.Null() {
			break
		}
		s.Clocks = []int64{}
		r.Array(func() {
			if len(s.Clocks) >= MaxEntries {
				r.Fail("more than %d clock times", MaxEntries)
				return
			}
			s.Clocks = append(s.Clocks, r.Int(math.MinInt64, math.MaxInt64))
		})
	default:
		return false
	}
	return true
}

func (s *Game) read(r *tinyjson.Reader) {
	r.Object(func(k string) {
		if !s.readField(r, k) {
			r.Fail("unknown field %q", k)
		}
	})
}

func (x *Archived) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	x.Game.appendFields(o)
	o.String("date", x.Date)
	o.String("opponent", x.Opponent)
	o.String("result", x.Result)
	o.String("reason", x.Reason)
	if x.Settled {
		o.Bool("settled", x.Settled)
	}
	return o.End()
}

func (x *Archived) read(r *tinyjson.Reader) {
	r.Object(func(k string) {
		switch k {
		case "date":
			x.Date = r.String()
		case "opponent":
			x.Opponent = r.String()
		case "result":
			x.Result = r.String()
		case "reason":
			x.Reason = r.String()
		case "settled":
			x.Settled = r.Bool()
		default:
			if !x.Game.readField(r, k) {
				r.Fail("unknown field %q", k)
			}
		}
	})
}

func (a *Archive) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.Int("v", int64(a.V))
	o.Key("games")
	if a.Games == nil {
		o.B = append(o.B, "null"...)
		return o.End()
	}
	o.B = append(o.B, '[')
	for i := range a.Games {
		if i > 0 {
			o.B = append(o.B, ',')
		}
		o.B = a.Games[i].appendJSON(o.B)
	}
	o.B = append(o.B, ']')
	return o.End()
}

func (a *Archive) read(r *tinyjson.Reader) {
	r.Object(func(k string) {
		switch k {
		case "v":
			a.V = int(r.Int(math.MinInt32, math.MaxInt32))
		case "games":
			a.Games = nil
			if r.Null() {
				break
			}
			a.Games = []Archived{}
			r.Array(func() {
				if len(a.Games) >= MaxArchived {
					r.Fail("more than %d games", MaxArchived)
					return
				}
				var x Archived
				x.read(r)
				a.Games = append(a.Games, x)
			})
		default:
			r.Fail("unknown field %q", k)
		}
	})
}

// decode reads one record of at most limit bytes with read, nothing after it.
func decode(text string, limit int, read func(*tinyjson.Reader)) error {
	if len(text) > limit {
		return fmt.Errorf("%d bytes, more than %d", len(text), limit)
	}
	r := tinyjson.NewReader(text)
	read(r)
	return r.Finish()
}
