package match

import (
	"fmt"

	"github.com/quintet-chess/quintet/game"
)

// At is the game as viewer may know it after the first n entries of Log(viewer): the
// position to review, and those entries. It replays what viewer knows from the start,
// on viewer's own view when the game still hides something, so a reviewed position
// tells no more than the live one did.
func (m *Match) At(viewer game.Color, n int) (game.Rules, []game.Entry, error) {
	log := m.Log(viewer)
	if n < 0 || n > len(log) {
		return nil, nil, fmt.Errorf("no position after %d of %d entries", n, len(log))
	}
	r, err := game.Load(m.g.Variant(), m.g.StartText())
	if err != nil {
		return nil, nil, err
	}
	if _, secret := r.(game.Secrets); secret && (m.net != nil || !m.g.Outcome().Over()) {
		me := viewer
		if m.net != nil {
			me = m.net.me // a network game's log is this side's view, whoever looks
		}
		r = r.View(me)
	}
	for i, e := range log[:n] {
		if _, err := r.Apply(e.Input); err != nil {
			return nil, nil, fmt.Errorf("replaying entry %d (%s): %w", i+1, e.Record.Text, err)
		}
	}
	return r, log[:n], nil
}
