package aiclient

import (
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

func TestThink(t *testing.T) {
	c := New()
	defer c.Close()
	j := c.Think(Request{Variant: "forced", Text: "4k3/ppp2ppp/8/8/4N3/8/5PPP/4R1K1 w - - 0 1", Depth: 4})
	rep := j.Wait()
	if rep.Kind != KindResult {
		t.Fatalf("reply %+v", rep)
	}
	if rep.UCI != "e4d6" && rep.UCI != "e4f6" {
		t.Errorf("move %s, want e4d6 or e4f6", rep.UCI)
	}
	if m := rep.GameMove(); m.UCI() != rep.UCI {
		t.Errorf("GameMove %v does not match %s", m, rep.UCI)
	}
	if p, ok := j.Progress(); !ok || p.Depth < 1 {
		t.Errorf("no progress seen: %+v", p)
	}
	if !strings.HasPrefix(rep.Text, "N") {
		t.Errorf("notation %q", rep.Text)
	}
}

// A new request cancels the one before; the cancelled job still finishes.
func TestThinkCancels(t *testing.T) {
	c := New()
	defer c.Close()
	j1 := c.Think(Request{Variant: "chess", Level: "strongest", BudgetMS: 60_000})
	j2 := c.Think(Request{Variant: "chess", Moves: []string{"e4"}, Player: 1, Depth: 2})
	r1, r2 := j1.Wait(), j2.Wait()
	if r1.Kind != KindError && r1.Kind != KindResult {
		t.Errorf("first job: %+v", r1)
	}
	if r2.Kind != KindResult {
		t.Fatalf("second job: %+v", r2)
	}
	v, _ := game.Lookup("chess")
	r, _ := game.Load(v, "")
	m, _ := r.ParseMove(game.White, "e4")
	r.Apply(game.Input{Kind: game.InputMove, Player: game.White, Move: m})
	if _, err := r.Apply(game.Input{Kind: game.InputMove, Player: game.Black, Move: r2.GameMove()}); err != nil {
		t.Errorf("black's reply %s: %v", r2.UCI, err)
	}
}

func TestBadRequests(t *testing.T) {
	c := New()
	defer c.Close()
	for _, req := range []Request{
		{Variant: "nosuch"},
		{Variant: "chess", Text: "not a position"},
		{Variant: "chess", Player: 7},
		{Variant: "chess", Level: "nosuch"},
		{Variant: "chess", Moves: []string{"e5"}},
		{Variant: "chess", Text: strings.Repeat("x", 5000)},
		{Variant: "chess", Text: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, // stalemate: nothing to choose
	} {
		if rep := c.Think(req).Wait(); rep.Kind != KindError || rep.Error == "" {
			t.Errorf("%+v: reply %+v, want an error", req, rep)
		}
	}
	if _, err := Decode[Request](strings.Repeat(" ", MaxMessage+1)); err == nil {
		t.Error("oversized message accepted")
	}
	if _, err := Decode[Request]("{"); err == nil {
		t.Error("broken JSON accepted")
	}
}

func TestRoundTrip(t *testing.T) {
	req := Request{ID: 3, Variant: "forced", Options: []string{"a=b"}, Text: "x", Player: 1, Level: "easy", Seed: 1<<63 + 5}
	got, err := Decode[Request](Encode(req))
	if err != nil || got.Seed != req.Seed || got.Level != "easy" || got.Player != 1 || got.Options[0] != "a=b" {
		t.Errorf("round trip: %+v, %v", got, err)
	}
}
