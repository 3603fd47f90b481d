// Package aiclient is how the UI asks the AI for a move without blocking its frames. In
// the browser a request goes as JSON to a Web Worker: static/aiworker.js running the site's
// own main.wasm, whose main() serves requests there (ServeWorker) instead of opening the
// app; natively the same request runs in a goroutine. Both ends share the messages and Run,
// below.
package aiclient

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// MaxMessage bounds a request or reply read from the other side.
const MaxMessage = 1 << 20

// Request asks for one player's action. Text is the position text of that player's
// view (Rules.View(p).Text()), so no secret the player may not see ever crosses.
type Request struct {
	ID      int      `json:"id"`
	Variant string   `json:"variant"`
	Options []string `json:"options,omitempty"` // "key=value"
	Text    string   `json:"text"`
	// Moves, if any, are played from Text before searching (so the search knows the
	// history: repetitions); each in coordinates or notation.
	Moves  []string `json:"moves,omitempty"`
	Player int      `json:"player"` // 0 white, 1 black
	// Level names the strength; BudgetMS is its time budget (0: the default). Explicit
	// limits, when any is set, replace the level's.
	Level    string `json:"level,omitempty"`
	BudgetMS int64  `json:"budgetMs,omitempty"`
	TimeMS   int64  `json:"timeMs,omitempty"`
	Nodes    int64  `json:"nodes,omitempty"`
	Depth    int    `json:"depth,omitempty"`
	Seed     uint64 `json:"seed,omitempty"`
	// ClockMS is what is left on the player's clock in a timed game, IncMS its increment:
	// the level then plans its time from them (ai.Level.TimedParams) instead of BudgetMS.
	ClockMS int64 `json:"clockMs,omitempty"`
	IncMS   int64 `json:"incMs,omitempty"`
}

// Reply kinds.
const (
	KindReady    = "ready"    // the worker has started
	KindProgress = "progress" // a deeper iteration finished
	KindResult   = "result"   // the chosen action
	KindError    = "error"
)

// Reply is progress, the result, or an error, for request ID.
type Reply struct {
	ID     int      `json:"id"`
	Kind   string   `json:"kind"`
	Move   [8]uint8 `json:"move"` // the game.Move, field by field
	UCI    string   `json:"uci,omitempty"`
	Text   string   `json:"text,omitempty"` // the move as people write it
	Score  int      `json:"score"`
	Depth  int      `json:"depth"`
	Nodes  int64    `json:"nodes"`
	TimeMS int64    `json:"timeMs"`
	PV     []string `json:"pv,omitempty"`
	Error  string   `json:"error,omitempty"`
}

// GameMove is the action a result carries.
func (r Reply) GameMove() game.Move {
	m := r.Move
	return game.Move{From: game.Square(m[0]), To: game.Square(m[1]), Kind: game.MoveKind(m[2]),
		Promo: game.PieceType(m[3]), Via: game.Square(m[4]), Via2: game.Square(m[5]), N: m[6],
		Promo2: game.PieceType(m[7])}
}

func encodeMove(m game.Move) [8]uint8 {
	return [8]uint8{uint8(m.From), uint8(m.To), uint8(m.Kind), uint8(m.Promo), uint8(m.Via),
		uint8(m.Via2), m.N, uint8(m.Promo2)}
}

// Decode reads a message of the other side, refusing oversized ones.
func Decode[T Request | Reply](data string) (T, error) {
	var v T
	if len(data) > MaxMessage {
		return v, fmt.Errorf("aiclient: message of %d bytes (limit %d)", len(data), MaxMessage)
	}
	r := tinyjson.NewReader(data)
	switch p := any(&v).(type) {
	case *Request:
		p.read(r)
	case *Reply:
		p.read(r)
	}
	if err := r.Finish(); err != nil {
		var zero T
		return zero, fmt.Errorf("aiclient: %v", err)
	}
	return v, nil
}

// Encode writes a message for the other side.
func Encode[T Request | Reply](v T) string {
	switch p := any(&v).(type) {
	case *Request:
		return string(p.appendJSON(nil))
	case *Reply:
		return string(p.appendJSON(nil))
	}
	panic("aiclient: not a message")
}

// Run answers a request with engine eng (which keeps its table between moves),
// calling progress after each iteration.
func Run(ctx context.Context, eng *ai.Engine, req Request, progress func(Reply)) Reply {
	fail := func(err error) Reply { return Reply{ID: req.ID, Kind: KindError, Error: err.Error()} }
	if req.Player != 0 && req.Player != 1 {
		return fail(fmt.Errorf("player %d: want 0 or 1", req.Player))
	}
	if len(req.Text) > game.MaxTextLen {
		return fail(errors.New("position text too long"))
	}
	v, err := game.Lookup(req.Variant, req.Options...)
	if err != nil {
		return fail(err)
	}
	r, err := game.Load(v, req.Text)
	if err != nil {
		return fail(err)
	}
	for _, s := range req.Moves {
		st := r.Next()
		if st.Kind != game.StepMove {
			return fail(fmt.Errorf("move %s: the game needs a %v", s, st.Kind))
		}
		c := st.OnlyPlayer()
		m, err := r.ParseMove(c, s)
		if err == nil {
			_, err = r.Apply(game.Input{Kind: game.InputMove, Player: c, Move: m})
		}
		if err != nil {
			return fail(fmt.Errorf("move %s: %v", s, err))
		}
	}
	player := game.Color(req.Player)
	l := ai.Levels[len(ai.Levels)-1]
	if req.Level != "" {
		var err error
		if l, err = ai.LevelByName(req.Level); err != nil {
			return fail(err)
		}
	}
	par := l.Params(v, time.Duration(req.BudgetMS)*time.Millisecond, req.Seed)
	if req.ClockMS > 0 {
		par = l.TimedParams(v, time.Duration(req.ClockMS)*time.Millisecond, time.Duration(max(0, req.IncMS))*time.Millisecond, req.Seed)
	}
	if req.TimeMS > 0 || req.Nodes > 0 || req.Depth > 0 {
		par.Limits = ai.Limits{Time: time.Duration(req.TimeMS) * time.Millisecond, Nodes: req.Nodes, Depth: req.Depth}
	}
	par.Player = player
	view := r.View(player)
	if progress != nil {
		par.Progress = func(in ai.Info) { progress(infoReply(req.ID, KindProgress, in)) }
	}
	res, err := eng.Search(ctx, view, par)
	if err != nil {
		return fail(err)
	}
	rep := infoReply(req.ID, KindResult, res.Info)
	rep.Move = encodeMove(res.Move)
	rep.UCI = res.Move.UCI()
	rep.Text = view.MoveText(res.Move)
	return rep
}

func infoReply(id int, kind string, in ai.Info) Reply {
	rep := Reply{ID: id, Kind: kind, Score: in.Score, Depth: in.Depth, Nodes: in.Nodes, TimeMS: in.Time.Milliseconds()}
	for _, m := range in.PV {
		rep.PV = append(rep.PV, m.UCI())
	}
	return rep
}
