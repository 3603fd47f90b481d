package scenes

import (
	"github.com/quintet-chess/quintet/scenes/match"
	"github.com/quintet-chess/quintet/scenes/prefs"
)

// LoadPrefs reads the remembered settings through the page (h; nil: in memory) and sets
// the language; browser are the browser's languages, preferred first.
func LoadPrefs(h Host, browser []string) *prefs.Prefs {
	if h == nil || h == (noHost{}) {
		return prefs.Load(nil, browser)
	}
	return prefs.Load(h, browser)
}

// Resume is the play screen of the unfinished game against the AI saved on an earlier
// visit, nil if none (or it was damaged: p's Notice then says so).
func Resume(p *prefs.Prefs, opp match.Opponent, back *Setup) *Play {
	m := p.Resume(opp)
	if m == nil {
		return nil
	}
	return newPlay(m, opp, back)
}
