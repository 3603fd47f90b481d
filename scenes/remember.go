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

// ResumeLink is the play screen of the saved unfinished game when it is the game that the
// setup's choices (a ?…&play=1 link) describe: the same game and options, the same
// opponent, and the same side unless the link leaves it to chance. Nil otherwise: the
// link then starts a new game (and the saved one is replaced by it).
func ResumeLink(p *prefs.Prefs, opp match.Opponent, setup *Setup) *Play {
	m := p.Resume(opp)
	if m == nil {
		return nil
	}
	if !setup.describes(m.Config()) {
		return nil
	}
	return newPlay(m, opp, setup)
}
