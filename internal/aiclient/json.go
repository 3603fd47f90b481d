package aiclient

import (
	"math"
	"strconv"

	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// The messages' JSON, by hand (internal/tinyjson: no encoding/json in the page), as
// encoding/json writes the structs by their tags.

func (q *Request) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.Int("id", int64(q.ID))
	o.String("variant", q.Variant)
	if len(q.Options) > 0 {
		o.Strings("options", q.Options)
	}
	o.String("text", q.Text)
	if len(q.Moves) > 0 {
		o.Strings("moves", q.Moves)
	}
	o.Int("player", int64(q.Player))
	if q.Level != "" {
		o.String("level", q.Level)
	}
	if q.BudgetMS != 0 {
		o.Int("budgetMs", q.BudgetMS)
	}
	if q.TimeMS != 0 {
		o.Int("timeMs", q.TimeMS)
	}
	if q.Nodes != 0 {
		o.Int("nodes", q.Nodes)
	}
	if q.Depth != 0 {
		o.Int("depth", int64(q.Depth))
	}
	if q.Seed != 0 {
		o.Uint("seed", q.Seed)
	}
	if q.ClockMS != 0 {
		o.Int("clockMs", q.ClockMS)
	}
	if q.IncMS != 0 {
		o.Int("incMs", q.IncMS)
	}
	return o.End()
}

// maxList bounds the options, moves and line of a message.
const maxList = 4096

func (q *Request) read(r *tinyjson.Reader) {
	r.Object(func(k string) {
		switch k {
		case "id":
			q.ID = int(r.Int(math.MinInt32, math.MaxInt32))
		case "variant":
			q.Variant = r.String()
		case "options":
			q.Options = r.Strings(maxList)
		case "text":
			q.Text = r.String()
		case "moves":
			q.Moves = r.Strings(maxList)
		case "player":
			q.Player = int(r.Int(math.MinInt32, math.MaxInt32))
		case "level":
			q.Level = r.String()
		case "budgetMs":
			q.BudgetMS = r.Int(math.MinInt64, math.MaxInt64)
		case "timeMs":
			q.TimeMS = r.Int(math.MinInt64, math.MaxInt64)
		case "nodes":
			q.Nodes = r.Int(math.MinInt64, math.MaxInt64)
		case "depth":
			q.Depth = int(r.Int(math.MinInt32, math.MaxInt32))
		case "seed":
			q.Seed = r.Uint(math.MaxUint64)
		case "clockMs":
			q.ClockMS = r.Int(math.MinInt64, math.MaxInt64)
		case "incMs":
			q.IncMS = r.Int(math.MinInt64, math.MaxInt64)
		default:
			r.Skip() // as encoding/json: a newer page's field
		}
	})
}

func (p *Reply) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.Int("id", int64(p.ID))
	o.String("kind", p.Kind)
	o.Key("move").B = append(o.B, '[')
	for i, x := range p.Move {
		if i > 0 {
			o.B = append(o.B, ',')
		}
		o.B = strconv.AppendUint(o.B, uint64(x), 10)
	}
	o.B = append(o.B, ']')
	if p.UCI != "" {
		o.String("uci", p.UCI)
	}
	if p.Text != "" {
		o.String("text", p.Text)
	}
	o.Int("score", int64(p.Score))
	o.Int("depth", int64(p.Depth))
	o.Int("nodes", p.Nodes)
	o.Int("timeMs", p.TimeMS)
	if len(p.PV) > 0 {
		o.Strings("pv", p.PV)
	}
	if p.Error != "" {
		o.String("error", p.Error)
	}
	return o.End()
}

func (p *Reply) read(r *tinyjson.Reader) {
	r.Object(func(k string) {
		switch k {
		case "id":
			p.ID = int(r.Int(math.MinInt32, math.MaxInt32))
		case "kind":
			p.Kind = r.String()
		case "move":
			i := 0
			r.Array(func() {
				if i >= len(p.Move) {
					r.Skip() // as encoding/json: the rest of a longer array is dropped
					return
				}
				p.Move[i] = uint8(r.Uint(math.MaxUint8))
				i++
			})
		case "uci":
			p.UCI = r.String()
		case "text":
			p.Text = r.String()
		case "score":
			p.Score = int(r.Int(math.MinInt32, math.MaxInt32))
		case "depth":
			p.Depth = int(r.Int(math.MinInt32, math.MaxInt32))
		case "nodes":
			p.Nodes = r.Int(math.MinInt64, math.MaxInt64)
		case "timeMs":
			p.TimeMS = r.Int(math.MinInt64, math.MaxInt64)
		case "pv":
			p.PV = r.Strings(maxList)
		case "error":
			p.Error = r.String()
		default:
			r.Skip()
		}
	})
}
