package match

import (
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// TestAtReplaysWhatTheViewerKnows: in every game, played by the AI against a person who
// plays its first legal action, the reviewed position after the whole log is the live
// view, and each earlier one replays (secrets sealed, sealed moves held back).
func TestAtReplaysWhatTheViewerKnows(t *testing.T) {
	for _, name := range game.Names() {
		t.Run(name, func(t *testing.T) {
			m, _ := vsAI(t, name, game.White)
			m.SetRand(&counter{})
			for i := 0; i < 60 && !m.Game().Outcome().Over(); i++ {
				m.Update()
				m.Update()
				if m.ToAct()&1 != 0 {
					ms := m.View(game.White).Moves(game.White, nil)
					if len(ms) == 0 {
						break
					}
					if err := m.Play(game.White, ms[len(ms)/2]); err != nil {
						t.Fatal(err)
					}
				}
				log := m.Log(game.White)
				live, _, err := m.At(game.White, len(log))
				if err != nil {
					t.Fatal(err)
				}
				if live.Text() != m.View(game.White).Text() {
					t.Fatalf("after %d entries the reviewed position\n%s\nis not the live view\n%s", len(log), live.Text(), m.View(game.White).Text())
				}
				if _, es, err := m.At(game.White, len(log)/2); err != nil || len(es) != len(log)/2 {
					t.Fatalf("half way: %v", err)
				}
			}
			if n := len(m.Log(game.White)); n < 20 && !m.Game().Outcome().Over() {
				t.Fatalf("only %d entries played: the test reviewed too little", n)
			}
		})
	}
}

// counter is a source of draws that counts up (every outcome comes in turn).
type counter struct{ n byte }

func (c *counter) Read(b []byte) (int, error) {
	for i := range b {
		c.n++
		b[i] = c.n * 37
	}
	return len(b), nil
}

// TestAnalyse: the AI's analysis of a reviewed position finds a mate in one and writes
// its line as people read it.
func TestAnalyse(t *testing.T) {
	v, err := game.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	r, err := game.Load(v, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	an := NewAI().Analyse(r, game.White, 300)
	<-an.job.Done()
	in, done := an.Info()
	if !done || in.Mate != 1 || in.Depth == 0 || len(in.Line) == 0 || in.Line[0] != "Ra8#" {
		t.Fatalf("analysis %+v (done %v), want mate in 1 by Ra8#", in, done)
	}
}
