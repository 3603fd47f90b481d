package tinyjson

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth bounds the nesting of arrays and objects a Reader follows.
const MaxDepth = 32

// Reader reads one JSON value from text, the caller saying what it expects as it goes.
// The first error sticks: later reads return zeros and Err tells it. null reads as the
// zero value (an empty list, an object without fields), as encoding/json leaves a field
// alone for it.
type Reader struct {
	s     string
	i     int
	depth int
	err   error
}

// NewReader reads s.
func NewReader(s string) *Reader { return &Reader{s: s} }

// Err is the first error met.
func (r *Reader) Err() error { return r.err }

// Fail records an error of the caller's (a field out of range) at the reader's place.
func (r *Reader) Fail(format string, a ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("at byte %d: %s", r.i, fmt.Sprintf(format, a...))
	}
}

// Finish checks that only white space follows the value; it returns Err.
func (r *Reader) Finish() error {
	r.space()
	if r.err == nil && r.i < len(r.s) {
		r.Fail("text after the value")
	}
	return r.err
}

func (r *Reader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// peek is the next value's first byte (0 at the end or after an error).
func (r *Reader) peek() byte {
	if r.err != nil {
		return 0
	}
	r.space()
	if r.i >= len(r.s) {
		r.Fail("the text ends early")
		return 0
	}
	return r.s[r.i]
}

func (r *Reader) literal(word string) bool {
	if len(r.s)-r.i >= len(word) && r.s[r.i:r.i+len(word)] == word {
		r.i += len(word)
		return true
	}
	return false
}

// null reads a null if one comes next.
func (r *Reader) null() bool { return r.peek() == 'n' && r.literal("null") }

func (r *Reader) expected(what string) {
	if r.err == nil {
		r.Fail("%s expected", what)
	}
}

// Object reads an object, calling field with each key; field must read the value (with
// Skip if it does not want it). A duplicated key is read again, the last one winning.
func (r *Reader) Object(field func(key string)) {
	if r.null() {
		return
	}
	if r.peek() != '{' {
		r.expected("an object")
		return
	}
	r.enter()
	r.i++
	if r.peek() == '}' {
		r.i++
		r.depth--
		return
	}
	for r.err == nil {
		if r.peek() != '"' {
			r.expected("a key")
			return
		}
		k := r.str()
		if r.peek() != ':' {
			r.expected("':'")
			return
		}
		r.i++
		field(k)
		switch r.peek() {
		case ',':
			r.i++
		case '}':
			r.i++
			r.depth--
			return
		default:
			r.expected("',' or '}'")
		}
	}
}

// Null reads a null if one comes next, and tells whether it did.
func (r *Reader) Null() bool { return r.null() }

// Array reads an array, calling item for each element, which it must read.
func (r *Reader) Array(item func()) {
	if r.null() {
		return
	}
	if r.peek() != '[' {
		r.expected("an array")
		return
	}
	r.enter()
	r.i++
	if r.peek() == ']' {
		r.i++
		r.depth--
		return
	}
	for r.err == nil {
		item()
		switch r.peek() {
		case ',':
			r.i++
		case ']':
			r.i++
			r.depth--
			return
		default:
			r.expected("',' or ']'")
		}
	}
}

func (r *Reader) enter() {
	r.depth++
	if r.depth > MaxDepth {
		r.Fail("nested more than %d deep", MaxDepth)
	}
}

// Strings reads a list of strings of at most max elements.
func (r *Reader) Strings(max int) []string {
	if r.null() {
		return nil
	}
	out := []string{}
	r.Array(func() {
		if len(out) >= max {
			r.Fail("more than %d elements", max)
			return
		}
		out = append(out, r.String())
	})
	return out
}

// String reads a string.
func (r *Reader) String() string {
	if r.null() {
		return ""
	}
	if r.peek() != '"' {
		r.expected("a string")
		return ""
	}
	return r.str()
}

// str reads the string at r.i (a '"').
func (r *Reader) str() string {
	r.i++
	start := r.i
	// The common case: nothing escaped.
	for r.i < len(r.s) {
		c := r.s[r.i]
		if c == '"' {
			s := r.s[start:r.i]
			r.i++
			if !utf8.ValidString(s) {
				return string([]rune(s)) // invalid bytes as U+FFFD, as encoding/json
			}
			return s
		}
		if c == '\\' || c < 0x20 {
			break
		}
		r.i++
	}
	b := []byte(r.s[start:r.i])
	for r.err == nil {
		if r.i >= len(r.s) {
			r.Fail("a string that does not end")
			return ""
		}
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			if !utf8.Valid(b) {
				return string([]rune(string(b)))
			}
			return string(b)
		case c < 0x20:
			r.Fail("a control character in a string")
			return ""
		case c != '\\':
			b = append(b, c)
			r.i++
			continue
		}
		if r.i+1 >= len(r.s) {
			r.Fail("a string that does not end")
			return ""
		}
		e := r.s[r.i+1]
		r.i += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			c1 := r.hex4()
			if utf16.IsSurrogate(c1) {
				c2 := rune(-1)
				if r.i+1 < len(r.s) && r.s[r.i] == '\\' && r.s[r.i+1] == 'u' {
					save := r.i
					r.i += 2
					c2 = r.hex4()
					if d := utf16.DecodeRune(c1, c2); d != utf8.RuneError {
						b = utf8.AppendRune(b, d)
						continue
					}
					r.i = save
				}
				c1 = utf8.RuneError
			}
			b = utf8.AppendRune(b, c1)
		default:
			r.Fail("a bad escape \\%c", e)
			return ""
		}
	}
	return ""
}

func (r *Reader) hex4() rune {
	if len(r.s)-r.i < 4 {
		r.Fail("a short \\u escape")
		return 0
	}
	v, err := strconv.ParseUint(r.s[r.i:r.i+4], 16, 16)
	if err != nil {
		r.Fail("a bad \\u escape")
		return 0
	}
	r.i += 4
	return rune(v)
}

// Bool reads true or false.
func (r *Reader) Bool() bool {
	switch r.peek() {
	case 't':
		if r.literal("true") {
			return true
		}
	case 'f':
		if r.literal("false") {
			return false
		}
	case 'n':
		if r.literal("null") {
			return false
		}
	}
	r.expected("true or false")
	return false
}

// number is the next number's text.
func (r *Reader) number() string {
	c := r.peek()
	if c != '-' && (c < '0' || c > '9') {
		r.expected("a number")
		return ""
	}
	start := r.i
	r.i++
	for r.i < len(r.s) {
		switch c := r.s[r.i]; {
		case c >= '0' && c <= '9', c == '.', c == 'e', c == 'E', c == '+', c == '-':
			r.i++
			continue
		}
		break
	}
	n := r.s[start:r.i]
	if !validNumber(n) {
		r.i = start
		r.Fail("a bad number %.20q", n)
		return ""
	}
	return n
}

// validNumber checks JSON's number grammar.
func validNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// Int reads a whole number in [min, max].
func (r *Reader) Int(min, max int64) int64 {
	if r.null() {
		return 0
	}
	n := r.number()
	if r.err != nil {
		return 0
	}
	v, err := strconv.ParseInt(n, 10, 64)
	if err != nil || v < min || v > max {
		r.Fail("%s: want a whole number from %d to %d", n, min, max)
		return 0
	}
	return v
}

// Uint reads a whole number in [0, max].
func (r *Reader) Uint(max uint64) uint64 {
	if r.null() {
		return 0
	}
	n := r.number()
	if r.err != nil {
		return 0
	}
	v, err := strconv.ParseUint(n, 10, 64)
	if err != nil || v > max {
		r.Fail("%s: want a whole number from 0 to %d", n, max)
		return 0
	}
	return v
}

// Float reads a number.
func (r *Reader) Float() float64 {
	if r.null() {
		return 0
	}
	n := r.number()
	if r.err != nil {
		return 0
	}
	v, err := strconv.ParseFloat(n, 64)
	if err != nil {
		r.Fail("%s: %v", n, err)
		return 0
	}
	return v
}

// Skip reads any value and drops it.
func (r *Reader) Skip() {
	switch c := r.peek(); {
	case c == '{':
		r.Object(func(string) { r.Skip() })
	case c == '[':
		r.Array(r.Skip)
	case c == '"':
		r.str()
	case c == 't', c == 'f':
		r.Bool()
	case c == 'n':
		if !r.null() {
			r.expected("a value")
		}
	case c != 0:
		r.number()
	}
}
