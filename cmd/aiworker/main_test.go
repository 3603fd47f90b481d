//go:build !js

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/internal/aiclient"
)

func TestServeLines(t *testing.T) {
	in := strings.NewReader(`{"id":1,"variant":"chess","level":"beginner"}` + "\n" +
		"not json\n" +
		`{"id":2,"variant":"forced","depth":3}` + "\n")
	var out bytes.Buffer
	if err := serveLines(in, &out); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		r, err := aiclient.Decode[aiclient.Reply](l)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if r.Kind != aiclient.KindProgress {
			kinds = append(kinds, r.Kind)
		}
		if r.Kind == aiclient.KindResult && r.UCI == "" {
			t.Errorf("result without a move: %q", l)
		}
	}
	want := "ready result error result"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("replies %q, want %q", got, want)
	}
}
