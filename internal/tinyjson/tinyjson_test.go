package tinyjson

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestStringAsEncodingJSON: strings are written as encoding/json writes them and read as
// it reads them.
func TestStringAsEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `"quoted" \ back`, "<a href='x'>&amp;</a>", "\x00\x01\x1f\x7f",
		"tab\tnew\nline\r", "Привет, мир", "\u2028\u2029", "bad \xff\xfe utf8", "😀 astral", "\b\f"} {
		checkString(t, s)
	}
}

func checkString(t *testing.T, s string) {
	t.Helper()
	want, _ := json.Marshal(s)
	got := AppendString(nil, s)
	if string(got) != string(want) {
		t.Errorf("AppendString(%q) = %s, encoding/json writes %s", s, got, want)
	}
	var back string
	json.Unmarshal(want, &back)
	r := NewReader(string(want))
	if v := r.String(); r.Finish() != nil || v != back {
		t.Errorf("reading %s: %q (%v), encoding/json reads %q", want, v, r.Err(), back)
	}
}

func TestFloatAsEncodingJSON(t *testing.T) {
	for _, f := range []float64{0, 1, -1, 0.5, 1.0 / 3, 123456.789, 1e-7, 1e20, 1e21, 1.5e300, -2.5e-10, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		want, _ := json.Marshal(f)
		if got := AppendFloat(nil, f); string(got) != string(want) {
			t.Errorf("AppendFloat(%v) = %s, encoding/json writes %s", f, got, want)
		}
		r := NewReader(string(want))
		if v := r.Float(); r.Finish() != nil || v != f {
			t.Errorf("reading %s: %v (%v)", want, v, r.Err())
		}
	}
}

func TestReaderObject(t *testing.T) {
	r := NewReader(` { "a" : [1, 2, 3], "b": {"c": "d", "e": null}, "f": true, "g": null, "h": -12 } `)
	var a []int64
	var c string
	var f bool
	var h int64
	r.Object(func(k string) {
		switch k {
		case "a":
			r.Array(func() { a = append(a, r.Int(0, 10)) })
		case "b":
			r.Object(func(k string) {
				if k == "c" {
					c = r.String()
				} else {
					r.Skip()
				}
			})
		case "f":
			f = r.Bool()
		case "h":
			h = r.Int(-100, 100)
		default:
			r.Skip()
		}
	})
	if err := r.Finish(); err != nil || len(a) != 3 || a[2] != 3 || c != "d" || !f || h != -12 {
		t.Errorf("read %v %q %v %d, %v", a, c, f, h, err)
	}
}

func TestReaderErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		n    bool // read "n" as a number up to 255; else Skip all
		want string
	}{
		{`{"a": 1} x`, false, "text after"},
		{`{"a": 1`, false, "ends early"},
		{`{"a" 1}`, false, "':'"},
		{`[1, 2,]`, false, "a number"},
		{`{"n": 300}`, true, "from 0 to 255"},
		{`{"n": 1.5}`, true, "whole number"},
		{`{"n": 01}`, false, "bad number"},
		{`{"n": "x\q"}`, false, "bad escape"},
		{`{"n": "` + "\x01" + `"}`, false, "control character"},
		{strings.Repeat("[", 40) + strings.Repeat("]", 40), false, "nested"},
		{`{"n": "1"}`, true, "a number"},
		{`{"n": tru}`, false, "true or false"},
	} {
		r := NewReader(tc.text)
		if tc.n {
			r.Object(func(k string) {
				if k == "n" {
					r.Uint(255)
				} else {
					r.Skip()
				}
			})
		} else {
			r.Skip()
		}
		err := r.Finish()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.30q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}

// FuzzReader: the reader accepts exactly the JSON encoding/json accepts (within the
// depth bound), never panics, and reads strings as it does.
func FuzzReader(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}],"c":"\u00e9\ud83d\ude00"}`, `[1e5, -0.5, true, false, null]`, `"\ud800x"`, `{"a":1,}`, `01`, `-`, `"\u12"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := NewReader(s)
		r.Skip()
		err := r.Finish()
		if strings.Count(s, "[")+strings.Count(s, "{") < MaxDepth && (err == nil) != json.Valid([]byte(s)) {
			t.Fatalf("%q: tinyjson says %v, encoding/json valid %v", s, err, json.Valid([]byte(s)))
		}
		var want string
		if json.Unmarshal([]byte(s), &want) == nil {
			r := NewReader(s)
			if got := r.String(); r.Finish() != nil || got != want {
				t.Fatalf("%q: read %q (%v), encoding/json %q", s, got, r.Err(), want)
			}
		}
	})
}

// FuzzString: any string is written as encoding/json writes it and read back as it does.
func FuzzString(f *testing.F) {
	f.Add("a<b>&\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) { checkString(t, s) })
}
