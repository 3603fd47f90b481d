package match

import (
	"reflect"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// nth is an opponent that answers its n-th legal action: two of them differ only in the
// secret they choose.
type nth struct{ n int }

func (o nth) Think(view game.Rules, side game.Color, level string) <-chan Answer {
	ch := make(chan Answer, 1)
	ms := view.Moves(side, nil)
	ch <- Answer{Move: ms[o.n%len(ms)]}
	return ch
}
func (nth) Cancel() {}

// TestScreenLogHidesTheAIsSecret: what the screen reads of the log (Log, TakeNotices) is
// the same whatever the AI chose in secret, until the rules reveal it.
func TestScreenLogHidesTheAIsSecret(t *testing.T) {
	cases := []struct {
		variant string
		before  []string // the person's actions before the AI's secret
		a, b    int      // two of the AI's actions
		after   string   // the person's action that reveals it ("" if none does)
	}{
		{"simultaneous", nil, 0, 7, "e4"},
		{"crown", []string{"crown:K"}, 0, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.variant, func(t *testing.T) {
			type seen struct {
				log     []game.Entry
				notices []Notice
			}
			run := func(n int) (seen, *Match) {
				var seats [2]Seat
				seats[game.White] = Seat{Human: true}
				seats[game.Black] = Seat{Level: "easy"}
				m, err := New(Config{Variant: c.variant, Seats: seats}, nth{n})
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range c.before {
					if err := m.PlayText(game.White, s); err != nil {
						t.Fatal(s, err)
					}
				}
				var ns []Notice
				for range 4 {
					m.Update()
					ns = append(ns, m.TakeNotices(game.White)...)
				}
				return seen{log: m.Log(game.White), notices: ns}, m
			}
			sa, ma := run(c.a)
			sb, mb := run(c.b)
			if reflect.DeepEqual(ma.Game().Entries(), mb.Game().Entries()) {
				t.Fatal("the two AIs chose alike: the test tests nothing")
			}
			if !reflect.DeepEqual(sa, sb) {
				t.Fatalf("the screen's log depends on the AI's secret:\n%+v\n%+v", sa, sb)
			}
			if c.after == "" {
				return
			}
			if err := ma.PlayText(game.White, c.after); err != nil {
				t.Fatal(err)
			}
			ns := ma.TakeNotices(game.White)
			if len(ns) != 2 || ns[0].By != "AI" || ns[1].By != "you" {
				t.Fatalf("after the reveal the AI's choice comes first, then ours: %+v", ns)
			}
		})
	}
}
