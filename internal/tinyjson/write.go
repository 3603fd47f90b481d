// Package tinyjson reads and writes JSON without reflection, for the page's few records
// (settings, saved games, the AI worker's messages, the page's status): encoding/json
// weighs 0.4 MB of main.wasm (60 KB on the wire), and the status is written every update.
// The writer's output is byte for byte what encoding/json writes for the same struct
// (HTML-safe escapes, its number formats); the reader is strict and bounded, for text that
// anything may have changed (localStorage, another page's worker).
package tinyjson

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// Object writes one JSON object: Begin, then fields, then End.
type Object struct {
	B []byte
	n int
}

// Begin starts an object at the end of b.
func Begin(b []byte) *Object { return &Object{B: append(b, '{')} }

// End closes the object and returns the bytes.
func (o *Object) End() []byte { return append(o.B, '}') }

// Key writes a field's name (and the comma before it).
func (o *Object) Key(k string) *Object {
	if o.n > 0 {
		o.B = append(o.B, ',')
	}
	o.n++
	o.B = AppendString(o.B, k)
	o.B = append(o.B, ':')
	return o
}

func (o *Object) String(k, v string) { o.Key(k).B = AppendString(o.B, v) }
func (o *Object) Int(k string, v int64) {
	o.Key(k).B = strconv.AppendInt(o.B, v, 10)
}
func (o *Object) Uint(k string, v uint64) { o.Key(k).B = strconv.AppendUint(o.B, v, 10) }
func (o *Object) Float(k string, v float64) {
	o.Key(k).B = AppendFloat(o.B, v)
}
func (o *Object) Bool(k string, v bool) { o.Key(k).B = strconv.AppendBool(o.B, v) }

// Strings writes a list of strings (null for nil, as encoding/json does).
func (o *Object) Strings(k string, v []string) { o.Key(k).B = AppendStrings(o.B, v) }

// AppendStrings appends a list of strings, null for nil.
func AppendStrings(b []byte, v []string) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, s)
	}
	return append(b, ']')
}

// AppendUints appends a list of numbers, null for nil.
func AppendUints(b []byte, v []uint64) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, x, 10)
	}
	return append(b, ']')
}

// AppendFloat appends f as encoding/json does (non-finite numbers, which it refuses,
// as 0).
func AppendFloat(b []byte, f float64) []byte {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return append(b, '0')
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' { // e-09 -> e-9, as encoding/json
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hex = "0123456789abcdef"

// AppendString appends s quoted as encoding/json quotes it: <, > and & escaped (HTML
// safe), U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
