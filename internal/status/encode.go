package status

import "github.com/quintet-chess/quintet/internal/tinyjson"

// AppendJSON appends s as JSON, as encoding/json writes it by the field tags.
func (s *Status) AppendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.String("scene", s.Scene)
	o.String("variant", s.Variant)
	if len(s.Options) > 0 {
		o.Strings("options", s.Options)
	}
	o.String("title", s.Title)
	o.String("error", s.Error)
	if s.Notice != "" {
		o.String("notice", s.Notice)
	}
	o.String("lang", s.Lang)
	o.Key("board").B = s.Board.appendJSON(o.B)
	o.Key("buttons")
	if s.Buttons == nil {
		o.B = append(o.B, "null"...)
	} else {
		o.B = append(o.B, '[')
		for i := range s.Buttons {
			if i > 0 {
				o.B = append(o.B, ',')
			}
			o.B = s.Buttons[i].appendJSON(o.B)
		}
		o.B = append(o.B, ']')
	}
	if s.Game != nil {
		o.Key("game").B = s.Game.appendJSON(o.B)
	}
	if s.Net != nil {
		o.Key("net").B = s.Net.appendJSON(o.B)
	}
	return o.End()
}

func (d *Board) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.Float("x", d.X)
	o.Float("y", d.Y)
	o.Float("square", d.Square)
	o.Int("files", int64(d.Files))
	o.Int("ranks", int64(d.Ranks))
	o.Bool("flipped", d.Flipped)
	return o.End()
}

func (u *Button) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.String("id", u.ID)
	o.String("label", u.Label)
	o.Float("x", u.X)
	o.Float("y", u.Y)
	o.Float("w", u.W)
	o.Float("h", u.H)
	o.Bool("enabled", u.Enabled)
	if u.Clipped {
		o.Bool("clipped", u.Clipped)
	}
	return o.End()
}

func (g *Game) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.String("text", g.Text)
	o.String("hash", g.Hash)
	o.String("step", g.Step)
	o.Int("toAct", int64(g.ToAct))
	o.String("viewer", g.Viewer)
	o.Int("plies", int64(g.Plies))
	o.String("result", g.Result)
	o.String("reason", g.Reason)
	o.String("line", g.Line)
	o.String("lineTone", string(g.LineTone))
	if g.Note != "" {
		o.String("note", g.Note)
	}
	if g.NoteTone != "" {
		o.String("noteTone", string(g.NoteTone))
	}
	o.Bool("thinking", g.Thinking)
	o.Bool("handover", g.Handover)
	o.String("panel", g.Panel)
	o.Strings("moves", g.Moves)
	o.Bool("animating", g.Animating)
	o.Bool("pick", g.Pick)
	if g.Message != "" {
		o.String("message", g.Message)
	}
	o.String("error", g.Error)
	o.Int("review", int64(g.Review))
	if g.Premove != "" {
		o.String("premove", g.Premove)
	}
	if g.Analysis != "" {
		o.String("analysis", g.Analysis)
	}
	if len(g.Clocks) > 0 {
		o.Strings("clocks", g.Clocks)
	}
	if g.ClockRuns != 0 {
		o.Int("clockRuns", int64(g.ClockRuns))
	}
	if g.ClockLow != 0 {
		o.Int("clockLow", int64(g.ClockLow))
	}
	if g.TimeControl != "" {
		o.String("timeControl", g.TimeControl)
	}
	return o.End()
}

func (n *Net) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.String("role", n.Role)
	o.String("state", n.State)
	if n.Link != "" {
		o.String("link", n.Link)
	}
	o.Int("relays", int64(n.Relays))
	o.Int("relaysTotal", int64(n.RelaysTotal))
	o.Int("setupMs", n.SetupMS)
	if n.Color != "" {
		o.String("color", n.Color)
	}
	o.Bool("verified", n.Verified)
	o.Int("sentAt", n.SentAt)
	o.Int("recvAt", n.RecvAt)
	if n.Fault != "" {
		o.String("fault", n.Fault)
	}
	if n.Offer != "" {
		o.String("offer", n.Offer)
	}
	if len(n.Chat) > 0 {
		o.Strings("chat", n.Chat)
	}
	o.String("standing", n.Standing)
	if n.Claimable != "" {
		o.String("claimable", n.Claimable)
	}
	if n.Claimed != "" {
		o.String("claimed", n.Claimed)
	}
	if n.Intruders != 0 {
		o.Int("intruders", int64(n.Intruders))
	}
	return o.End()
}
