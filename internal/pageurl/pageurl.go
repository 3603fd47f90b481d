// Package pageurl reads the page's options from its address: the query (?variant=forced)
// and the fragment (#variant=forced, or just #forced). Plain Go, so it is tested natively;
// main reads location.search and location.hash in the browser and passes them here.
package pageurl

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/quintet-chess/quintet/game/clock"
)

// DefaultVariant is the game shown when the address names none.
const DefaultVariant = "chess"

// Variant is the game named by the address: the fragment wins over the query, so a shared
// link can override a page's own query. The name is lower case and not yet checked
// against the registry.
func Variant(search, hash string) string {
	hash = strings.TrimPrefix(hash, "#")
	if hash != "" && !strings.Contains(hash, "=") && !strings.Contains(hash, "&") {
		return strings.ToLower(hash)
	}
	for _, s := range []string{hash, strings.TrimPrefix(search, "?")} {
		q, err := url.ParseQuery(s)
		if err != nil {
			continue
		}
		if v := strings.TrimSpace(q.Get("variant")); v != "" {
			return strings.ToLower(v)
		}
	}
	return DefaultVariant
}

// Page is what the address asks of the app besides the game: a side, an opponent, game
// options, and whether to start playing at once (a link that skips the setup screen).
type Page struct {
	Variant  string
	Side     string   // "white", "black", "random" or ""
	Opponent string   // an AI level, "person", or ""
	Options  []string // "key=value" from opt=key=value parameters
	Start    bool     // play=1: go straight to the game
	BudgetMS int64    // budget=3000: the AI's time budget per move in milliseconds (0: its default)
	// Clock is the time control of tc=3+2 (minutes + seconds; tc=20s+1 for a base in
	// seconds, tc=- for none); HasClock says the link named one. ClockErr says why a
	// tc= the page cannot read was set aside.
	Clock    clock.Control
	HasClock bool
	ClockErr string
}

// Read reads the page's address: query parameters, overridden by those of the fragment.
func Read(search, hash string) Page {
	p := Page{Variant: Variant(search, hash)}
	for _, s := range []string{strings.TrimPrefix(search, "?"), strings.TrimPrefix(hash, "#")} {
		q, err := url.ParseQuery(s)
		if err != nil {
			continue
		}
		if v := strings.ToLower(strings.TrimSpace(q.Get("side"))); v != "" {
			p.Side = v
		}
		if v := strings.ToLower(strings.TrimSpace(q.Get("opponent"))); v != "" {
			p.Opponent = v
		}
		if os := q["opt"]; len(os) > 0 {
			p.Options = os
		}
		if v := q.Get("play"); v != "" {
			p.Start = v == "1" || v == "true"
		}
		if v, err := strconv.ParseInt(q.Get("budget"), 10, 64); err == nil && v > 0 && v <= 600000 {
			p.BudgetMS = v
		}
		if v, ok := q["tc"]; ok && len(v) > 0 {
			// A link's "+" reads as a space (tc=2+0 as people type it): put it back.
			tc := strings.ReplaceAll(strings.TrimSpace(v[len(v)-1]), " ", "+")
			if c, err := clock.Parse(tc); err != nil {
				p.ClockErr = err.Error()
			} else {
				p.Clock, p.HasClock, p.ClockErr = c, true, ""
			}
		}
	}
	return p
}

// Plain reports whether the address asks for nothing: no game, side, opponent, options or
// start (a plain visit, which may bring back a saved game).
func (p Page) Plain() bool {
	return p.Variant == DefaultVariant && p.Side == "" && p.Opponent == "" && len(p.Options) == 0 && !p.Start && !p.HasClock
}
