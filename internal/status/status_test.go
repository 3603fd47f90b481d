package status

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/quintet-chess/quintet/internal/tinyjson/jsontest"
)

// fill sets every field of v (a pointer) from rng: strings with characters JSON must
// escape, numbers of every size, nil or empty or full lists and pointers.
func fill(v reflect.Value, rng *rand.Rand, depth int) {
	switch v.Kind() {
	case reflect.Pointer:
		if rng.IntN(4) == 0 || depth > 3 {
			v.SetZero()
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), rng, depth+1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), rng, depth+1)
		}
	case reflect.Slice:
		switch rng.IntN(3) {
		case 0:
			v.SetZero()
		case 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		default:
			n := 1 + rng.IntN(3)
			v.Set(reflect.MakeSlice(v.Type(), n, n))
			for i := 0; i < n; i++ {
				fill(v.Index(i), rng, depth+1)
			}
		}
	case reflect.String:
		words := []string{"", "", "setup", "Ход белых", `a "quoted" \ <b>&`, "tab\t\x01", "e2e4", "\u2028", "\xff"}
		v.SetString(words[rng.IntN(len(words))])
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Int, reflect.Int64:
		nums := []int64{0, 0, 1, -1, 42, 1 << 40, -1 << 62}
		v.SetInt(nums[rng.IntN(len(nums))])
	case reflect.Float64:
		nums := []float64{0, 0, 1, 12.5, -3.25, 1.0 / 3, 1e-7, 1e22, 96.66666666666667}
		v.SetFloat(nums[rng.IntN(len(nums))])
	default:
		panic("status: a field of kind " + v.Kind().String() + ": teach fill and AppendJSON")
	}
}

// TestAppendJSONAsEncodingJSON: for statuses with every field set, empty or zero in
// turn, AppendJSON writes what encoding/json writes, and encoding/json reads it back
// equal (e2e reads window.quintet with these types).
func TestAppendJSONAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		var s Status
		fill(reflect.ValueOf(&s).Elem(), rng, 0)
		want, err := json.Marshal(&s)
		if err != nil {
			t.Fatal(err)
		}
		got := s.AppendJSON(nil)
		if string(got) != string(want) {
			t.Fatalf("AppendJSON:\n%s\nencoding/json:\n%s", got, want)
		}
		var back Status
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatal(err)
		}
		// (Invalid UTF-8 reads back as U+FFFD, so compare with encoding/json again.)
		wantAgain, _ := json.Marshal(&back)
		if again := back.AppendJSON(nil); string(again) != string(wantAgain) {
			t.Fatalf("read back and written again:\n%s\nnot\n%s", again, wantAgain)
		}
	}
}

// TestEveryFieldWritten: with every field set to something non-zero, the JSON has one
// key per field of every type (a field added without its line in encode.go fails).
func TestEveryFieldWritten(t *testing.T) {
	var s Status
	jsontest.Fill(&s)
	var m map[string]any
	if err := json.Unmarshal(s.AppendJSON(nil), &m); err != nil {
		t.Fatal(err)
	}
	count := func(typ reflect.Type, got map[string]any, name string) {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			key := f.Tag.Get("json")
			for j := range key {
				if key[j] == ',' {
					key = key[:j]
					break
				}
			}
			if _, ok := got[key]; !ok {
				t.Errorf("%s.%s (%q) is not written", name, f.Name, key)
			}
		}
	}
	count(reflect.TypeOf(s), m, "Status")
	count(reflect.TypeOf(Board{}), m["board"].(map[string]any), "Board")
	count(reflect.TypeOf(Button{}), m["buttons"].([]any)[0].(map[string]any), "Button")
	count(reflect.TypeOf(Game{}), m["game"].(map[string]any), "Game")
	count(reflect.TypeOf(Net{}), m["net"].(map[string]any), "Net")
}

// FuzzAppendJSON: any strings and numbers the fuzzer finds are written as encoding/json
// writes them.
func FuzzAppendJSON(f *testing.F) {
	f.Add("setup", "Ход", 12.5, int64(3), true)
	f.Fuzz(func(t *testing.T, a, b string, x float64, n int64, flag bool) {
		s := Status{Scene: a, Title: b, Board: Board{X: x, Files: int(n), Flipped: flag},
			Buttons: []Button{{ID: b, Label: a, W: x, Clipped: flag}},
			Game:    &Game{Text: a, Moves: []string{b, a}, Review: int(n), Message: b},
			Net:     &Net{Role: a, SentAt: n, Chat: []string{b}, Intruders: int(n)}}
		want, err := json.Marshal(&s)
		if err != nil {
			return // NaN or infinities: encoding/json refuses them, the page has none
		}
		if got := s.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("AppendJSON:\n%s\nencoding/json:\n%s", got, want)
		}
	})
}
