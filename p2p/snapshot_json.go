package p2p

import (
	"encoding/base64"
	"math"
	"strconv"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/tinyjson"
)

// The snapshot and the flip memo as JSON, by hand (internal/tinyjson: no encoding/json in
// the page): the keys are the field names and the bytes what encoding/json wrote for these
// structs (fixed arrays as lists of numbers, byte slices in base64), so a snapshot stored
// by an earlier page reads the same.

func appendByteArray(b []byte, v []byte) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	return append(b, ']')
}

// readByteArray reads a list of numbers 0–255 into dst (a longer list's rest is dropped,
// as encoding/json drops it).
func readByteArray(r *tinyjson.Reader, dst []byte) {
	i := 0
	r.Array(func() {
		v := byte(r.Uint(255))
		if i < len(dst) {
			dst[i] = v
		}
		i++
	})
}

func appendBytes(b []byte, v []byte) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}

func readBytes(r *tinyjson.Reader, max int) []byte {
	if r.Null() {
		return nil
	}
	s := r.String()
	if len(s) > base64.StdEncoding.EncodedLen(max) {
		r.Fail("more than %d bytes", max)
		return nil
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		r.Fail("%v", err)
		return nil
	}
	return b
}

func appendBools(b []byte, v []bool) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendBool(b, x)
	}
	return append(b, ']')
}

func readBools(r *tinyjson.Reader, dst []bool) {
	i := 0
	r.Array(func() {
		v := r.Bool()
		if i < len(dst) {
			dst[i] = v
		}
		i++
	})
}

func appendMove(b []byte, m *game.Move) []byte {
	o := tinyjson.Begin(b)
	o.Uint("From", uint64(m.From))
	o.Uint("To", uint64(m.To))
	o.Uint("Kind", uint64(m.Kind))
	o.Uint("Promo", uint64(m.Promo))
	o.Uint("Via", uint64(m.Via))
	o.Uint("Via2", uint64(m.Via2))
	o.Uint("N", uint64(m.N))
	o.Uint("Promo2", uint64(m.Promo2))
	return o.End()
}

func readMove(r *tinyjson.Reader, m *game.Move) {
	r.Object(func(k string) {
		v := uint8(r.Uint(255))
		switch k {
		case "From":
			m.From = game.Square(v)
		case "To":
			m.To = game.Square(v)
		case "Kind":
			m.Kind = game.MoveKind(v)
		case "Promo":
			m.Promo = game.PieceType(v)
		case "Via":
			m.Via = game.Square(v)
		case "Via2":
			m.Via2 = game.Square(v)
		case "N":
			m.N = v
		case "Promo2":
			m.Promo2 = game.PieceType(v)
		}
	})
}

func appendInput(b []byte, in *game.Input) []byte {
	o := tinyjson.Begin(b)
	o.Uint("Kind", uint64(in.Kind))
	o.Uint("Player", uint64(in.Player))
	o.Key("Move").B = appendMove(o.B, &in.Move)
	o.Key("Values").B = appendByteArray(o.B, in.Values[:])
	o.Uint("Secret", in.Secret)
	return o.End()
}

func readInput(r *tinyjson.Reader, in *game.Input) {
	r.Object(func(k string) {
		switch k {
		case "Kind":
			in.Kind = game.InputKind(r.Uint(255))
		case "Player":
			in.Player = game.Color(r.Uint(255))
		case "Move":
			readMove(r, &in.Move)
		case "Values":
			readByteArray(r, in.Values[:])
		case "Secret":
			in.Secret = r.Uint(math.MaxUint64)
		default:
			r.Skip()
		}
	})
}

func appendKey(b []byte, k CellKey) []byte {
	o := tinyjson.Begin(b)
	o.Uint("Kind", uint64(k.Kind))
	o.Uint("Square", uint64(k.Square))
	return o.End()
}

func readKey(r *tinyjson.Reader, k *CellKey) {
	r.Object(func(f string) {
		switch f {
		case "Kind":
			k.Kind = game.SecretKind(r.Uint(255))
		case "Square":
			k.Square = game.Square(r.Uint(255))
		default:
			r.Skip()
		}
	})
}

// list writes a JSON list of n items (null for a nil one, as encoding/json).
func list(b []byte, isNil bool, n int, item func(b []byte, i int) []byte) []byte {
	if isNil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = item(b, i)
	}
	return append(b, ']')
}

// readList reads a list of at most max items.
func readList(r *tinyjson.Reader, max int, item func()) {
	n := 0
	r.Array(func() {
		if n++; n > max {
			r.Fail("more than %d items", max)
			return
		}
		item()
	})
}

func nullOr(b []byte, isNil bool, f func([]byte) []byte) []byte {
	if isNil {
		return append(b, "null"...)
	}
	return f(b)
}

func (s *snapshot) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.Int("Version", int64(s.Version))
	o.Bool("Host", s.Host)
	o.Key("Game").B = appendByteArray(o.B, s.Game[:])
	o.String("Variant", s.Variant)
	o.Strings("Options", s.Options)
	o.String("Start", s.Start)
	o.Uint("Role", uint64(s.Role))
	o.Uint("Me", uint64(s.Me))
	o.Int("Games", int64(s.Games))
	o.Uint("OutSeq", s.OutSeq)
	o.Uint("InSeq", s.InSeq)
	o.Uint("PeerAck", s.PeerAck)
	o.Key("Outbox").B = list(o.B, s.Outbox == nil, len(s.Outbox), func(b []byte, i int) []byte {
		f := &s.Outbox[i]
		p := tinyjson.Begin(b)
		p.Uint("Seq", f.Seq)
		p.Key("Frame").B = appendBytes(p.B, f.Frame)
		p.Bool("Changes", f.Changes)
		return p.End()
	})
	o.Key("Log").B = list(o.B, s.Log == nil, len(s.Log), func(b []byte, i int) []byte {
		e := &s.Log[i]
		p := tinyjson.Begin(b)
		p.Key("Pub").B = appendInput(p.B, &e.Pub)
		p.Key("Full").B = appendInput(p.B, &e.Full)
		p.Key("Cells").B = list(p.B, e.Cells == nil, len(e.Cells), func(b []byte, j int) []byte { return appendKey(b, e.Cells[j]) })
		return p.End()
	})
	o.Key("Chain").B = appendByteArray(o.B, s.Chain[:])
	o.Int("ChainLen", int64(s.ChainLen))
	o.Key("PeerLast").B = appendByteArray(o.B, s.PeerLast[:])
	o.Uint("DrawNext", uint64(s.DrawNext))
	o.Bool("DrawSent", s.DrawSent)
	o.Key("PeerDraw").B = nullOr(o.B, s.PeerDraw == nil, func(b []byte) []byte { return appendByteArray(b, s.PeerDraw[:]) })
	cells := func(cs []snapCell) func([]byte, int) []byte {
		return func(b []byte, i int) []byte {
			c := &cs[i]
			p := tinyjson.Begin(b)
			q := tinyjson.Begin(p.Key("Open").B)
			q.Key("Key").B = appendKey(q.B, c.Open.Key)
			q.Uint("Value", c.Open.Value)
			q.Key("Nonce").B = appendByteArray(q.B, c.Open.Nonce[:])
			p.B = q.End()
			p.Key("Digest").B = appendByteArray(p.B, c.Digest[:])
			p.Uint("Ply", uint64(c.Ply))
			p.Int("OpenedAt", int64(c.OpenedAt))
			return p.End()
		}
	}
	o.Key("Mine").B = list(o.B, s.Mine == nil, len(s.Mine), cells(s.Mine))
	o.Key("Peer").B = list(o.B, s.Peer == nil, len(s.Peer), cells(s.Peer))
	seal := func(x *snapSeal) func([]byte) []byte {
		return func(b []byte) []byte {
			p := tinyjson.Begin(b)
			p.Key("Move").B = nullOr(p.B, x.Move == nil, func(b []byte) []byte { return appendMove(b, x.Move) })
			p.Key("Nonce").B = appendByteArray(p.B, x.Nonce[:])
			p.Key("Digest").B = appendByteArray(p.B, x.Digest[:])
			p.Uint("Ply", uint64(x.Ply))
			p.Bool("Opened", x.Opened)
			return p.End()
		}
	}
	o.Key("Seal").B = nullOr(o.B, s.Seal == nil, seal(s.Seal))
	o.Key("PeerSeal").B = nullOr(o.B, s.PeerSeal == nil, seal(s.PeerSeal))
	o.Key("MyOffer").B = appendBools(o.B, s.MyOffer[:])
	o.Key("PeerOffer").B = appendBools(o.B, s.PeerOffer[:])
	o.Uint("MyTakeN", uint64(s.MyTakeN))
	o.Uint("PeerTakeN", uint64(s.PeerTakeN))
	o.Uint("MyTakeSeq", s.MyTakeSeq)
	o.Key("PeerTakeH").B = appendByteArray(o.B, s.PeerTakeH[:])
	o.Int("FinalLen", int64(s.FinalLen))
	o.Uint("FinalSeq", s.FinalSeq)
	o.Bool("Done", s.Done)
	o.Key("Float").B = nullOr(o.B, s.Float == nil, func(b []byte) []byte {
		p := tinyjson.Begin(b)
		p.Key("In").B = appendInput(p.B, &s.Float.In)
		p.Uint("Seq", s.Float.Seq)
		p.Bool("Applied", s.Float.Applied)
		return p.End()
	})
	o.Key("Ever").B = list(o.B, s.Ever == nil, len(s.Ever), func(b []byte, i int) []byte { return appendByteArray(b, s.Ever[i][:]) })
	o.Key("Session").B = appendByteArray(o.B, s.Session[:])
	o.Uint("MyDrawSeq", s.MyDrawSeq)
	o.Uint("ChainBase", uint64(s.ChainBase))
	o.Uint("PeerBase", uint64(s.PeerBase))
	o.Key("NextChain").B = nullOr(o.B, s.NextChain == nil, func(b []byte) []byte { return appendByteArray(b, s.NextChain[:]) })
	o.Key("PeerNext").B = nullOr(o.B, s.PeerNext == nil, func(b []byte) []byte { return appendByteArray(b, s.PeerNext[:]) })
	o.Int("Base", int64(s.Base))
	o.Int("Inc", int64(s.Inc))
	o.Key("Clocks").B = nullOr(o.B, s.Clocks == nil, func(b []byte) []byte {
		c := s.Clocks
		p := tinyjson.Begin(b)
		p.Key("Left").B = append(strconv.AppendInt(append(strconv.AppendInt(append(p.B, '['), int64(c.Left[0]), 10), ','), int64(c.Left[1]), 10), ']')
		p.Key("Running").B = appendBools(p.B, c.Running[:])
		p.Int("RTT", int64(c.RTT))
		p.Int("SavedAt", c.SavedAt)
		return p.End()
	})
	return o.End()
}

// readDigest reads a digest, or nil for null.
func readDigest(r *tinyjson.Reader) *Digest {
	if r.Null() {
		return nil
	}
	var d Digest
	readByteArray(r, d[:])
	return &d
}

func (s *snapshot) read(r *tinyjson.Reader) {
	u32 := func() uint32 { return uint32(r.Uint(math.MaxUint32)) }
	i32 := func() int { return int(r.Int(math.MinInt32, math.MaxInt32)) }
	cells := func(dst *[]snapCell) {
		*dst = nil
		readList(r, maxSnapEver, func() {
			var c snapCell
			r.Object(func(k string) {
				switch k {
				case "Open":
					r.Object(func(k string) {
						switch k {
						case "Key":
							readKey(r, &c.Open.Key)
						case "Value":
							c.Open.Value = r.Uint(math.MaxUint64)
						case "Nonce":
							readByteArray(r, c.Open.Nonce[:])
						default:
							r.Skip()
						}
					})
				case "Digest":
					readByteArray(r, c.Digest[:])
				case "Ply":
					c.Ply = u32()
				case "OpenedAt":
					c.OpenedAt = i32()
				default:
					r.Skip()
				}
			})
			*dst = append(*dst, c)
		})
	}
	seal := func() *snapSeal {
		if r.Null() {
			return nil
		}
		x := &snapSeal{}
		r.Object(func(k string) {
			switch k {
			case "Move":
				if !r.Null() {
					x.Move = &game.Move{}
					readMove(r, x.Move)
				}
			case "Nonce":
				readByteArray(r, x.Nonce[:])
			case "Digest":
				readByteArray(r, x.Digest[:])
			case "Ply":
				x.Ply = u32()
			case "Opened":
				x.Opened = r.Bool()
			default:
				r.Skip()
			}
		})
		return x
	}
	r.Object(func(k string) {
		switch k {
		case "Version":
			s.Version = i32()
		case "Host":
			s.Host = r.Bool()
		case "Game":
			readByteArray(r, s.Game[:])
		case "Variant":
			s.Variant = r.String()
		case "Options":
			s.Options = r.Strings(64)
		case "Start":
			s.Start = r.String()
		case "Role":
			s.Role = uint8(r.Uint(255))
		case "Me":
			s.Me = game.Color(r.Uint(255))
		case "Games":
			s.Games = i32()
		case "OutSeq":
			s.OutSeq = r.Uint(math.MaxUint64)
		case "InSeq":
			s.InSeq = r.Uint(math.MaxUint64)
		case "PeerAck":
			s.PeerAck = r.Uint(math.MaxUint64)
		case "Outbox":
			s.Outbox = nil
			readList(r, maxSnapFrame, func() {
				var f snapFrame
				r.Object(func(k string) {
					switch k {
					case "Seq":
						f.Seq = r.Uint(math.MaxUint64)
					case "Frame":
						f.Frame = readBytes(r, MaxMessage)
					case "Changes":
						f.Changes = r.Bool()
					default:
						r.Skip()
					}
				})
				s.Outbox = append(s.Outbox, f)
			})
		case "Log":
			s.Log = nil
			readList(r, maxSnapLog, func() {
				var e snapEntry
				r.Object(func(k string) {
					switch k {
					case "Pub":
						readInput(r, &e.Pub)
					case "Full":
						readInput(r, &e.Full)
					case "Cells":
						if r.Null() {
							break
						}
						e.Cells = []CellKey{}
						readList(r, maxCells, func() {
							var c CellKey
							readKey(r, &c)
							e.Cells = append(e.Cells, c)
						})
					default:
						r.Skip()
					}
				})
				s.Log = append(s.Log, e)
			})
		case "Chain":
			readByteArray(r, s.Chain[:])
		case "ChainLen":
			s.ChainLen = i32()
		case "PeerLast":
			readByteArray(r, s.PeerLast[:])
		case "DrawNext":
			s.DrawNext = u32()
		case "DrawSent":
			s.DrawSent = r.Bool()
		case "PeerDraw":
			s.PeerDraw = readDigest(r)
		case "Mine":
			cells(&s.Mine)
		case "Peer":
			cells(&s.Peer)
		case "Seal":
			s.Seal = seal()
		case "PeerSeal":
			s.PeerSeal = seal()
		case "MyOffer":
			readBools(r, s.MyOffer[:])
		case "PeerOffer":
			readBools(r, s.PeerOffer[:])
		case "MyTakeN":
			s.MyTakeN = u32()
		case "PeerTakeN":
			s.PeerTakeN = u32()
		case "MyTakeSeq":
			s.MyTakeSeq = r.Uint(math.MaxUint64)
		case "PeerTakeH":
			readByteArray(r, s.PeerTakeH[:])
		case "FinalLen":
			s.FinalLen = i32()
		case "FinalSeq":
			s.FinalSeq = r.Uint(math.MaxUint64)
		case "Done":
			s.Done = r.Bool()
		case "Float":
			s.Float = nil
			if r.Null() {
				break
			}
			f := &snapFloat{}
			r.Object(func(k string) {
				switch k {
				case "In":
					readInput(r, &f.In)
				case "Seq":
					f.Seq = r.Uint(math.MaxUint64)
				case "Applied":
					f.Applied = r.Bool()
				default:
					r.Skip()
				}
			})
			s.Float = f
		case "Ever":
			s.Ever = nil
			readList(r, maxSnapEver, func() {
				var h PubHash
				readByteArray(r, h[:])
				s.Ever = append(s.Ever, h)
			})
		case "Session":
			readByteArray(r, s.Session[:])
		case "MyDrawSeq":
			s.MyDrawSeq = r.Uint(math.MaxUint64)
		case "ChainBase":
			s.ChainBase = u32()
		case "PeerBase":
			s.PeerBase = u32()
		case "NextChain":
			s.NextChain = readDigest(r)
		case "PeerNext":
			s.PeerNext = readDigest(r)
		case "Base":
			s.Base = time.Duration(r.Int(math.MinInt64, math.MaxInt64))
		case "Inc":
			s.Inc = time.Duration(r.Int(math.MinInt64, math.MaxInt64))
		case "Clocks":
			s.Clocks = nil
			if r.Null() {
				break
			}
			c := &snapClocks{}
			r.Object(func(k string) {
				switch k {
				case "Left":
					i := 0
					r.Array(func() {
						v := time.Duration(r.Int(math.MinInt64, math.MaxInt64))
						if i < len(c.Left) {
							c.Left[i] = v
						}
						i++
					})
				case "Running":
					readBools(r, c.Running[:])
				case "RTT":
					c.RTT = time.Duration(r.Int(math.MinInt64, math.MaxInt64))
				case "SavedAt":
					c.SavedAt = r.Int(math.MinInt64, math.MaxInt64)
				default:
					r.Skip()
				}
			})
			s.Clocks = c
		default:
			r.Skip()
		}
	})
}

func (f *flipMemo) appendJSON(b []byte) []byte {
	o := tinyjson.Begin(b)
	o.Key("Game").B = appendByteArray(o.B, f.Game[:])
	o.Key("HostCoin").B = appendByteArray(o.B, f.HostCoin[:])
	o.Key("Coin").B = appendByteArray(o.B, f.Coin[:])
	o.Key("Nonce").B = appendByteArray(o.B, f.Nonce[:])
	return o.End()
}

func (f *flipMemo) read(r *tinyjson.Reader) {
	r.Object(func(k string) {
		switch k {
		case "Game":
			readByteArray(r, f.Game[:])
		case "HostCoin":
			readByteArray(r, f.HostCoin[:])
		case "Coin":
			readByteArray(r, f.Coin[:])
		case "Nonce":
			readByteArray(r, f.Nonce[:])
		default:
			r.Skip()
		}
	})
}
