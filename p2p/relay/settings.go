package relay

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Settings are where a player pairs: the relays, and the ICE servers (STUN, and TURN
// for strict NATs). The page keeps them as text, one address a line.
type Settings struct {
	Relays []string
	ICE    []string
	User   string // TURN credentials
	Pass   string
}

// MaxSettings bounds the settings text.
const MaxSettings = 4096

// ParseSettings reads the settings text: one address per line, wss:// or ws:// for a
// relay, stun: or turn:/turns: for ICE, a TURN line optionally followed by user and
// password; empty lines and lines starting with # are skipped.
func ParseSettings(t string) (Settings, error) {
	var s Settings
	if len(t) > MaxSettings {
		return s, fmt.Errorf("settings: %d characters, over %d", len(t), MaxSettings)
	}
	for _, line := range strings.Split(t, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		u := f[0]
		switch {
		case strings.HasPrefix(u, "wss://") || strings.HasPrefix(u, "ws://"):
			if _, ok, err := ParseFragment("friend=AAAAAAAAAAAAAAAAAAAAAA&relay=" + url.QueryEscape(u)); !ok || err != nil {
				return s, fmt.Errorf("settings: %q is not a WebSocket relay address", u)
			}
			s.Relays = append(s.Relays, u)
		case strings.HasPrefix(u, "stun:") || strings.HasPrefix(u, "turn:") || strings.HasPrefix(u, "turns:"):
			if len(u) > 256 || len(f) > 3 || (len(f) > 1 && strings.HasPrefix(u, "stun:")) {
				return s, fmt.Errorf("settings: bad ICE server line %q", line)
			}
			s.ICE = append(s.ICE, u)
			if len(f) == 3 {
				s.User, s.Pass = f[1], f[2]
			} else if len(f) == 2 {
				return s, fmt.Errorf("settings: %q has a user and no password", u)
			}
		default:
			return s, fmt.Errorf("settings: %q is neither a relay (wss://…) nor a STUN/TURN address", u)
		}
	}
	if len(s.Relays) > 8 || len(s.ICE) > 8 {
		return s, errors.New("settings: at most 8 relays and 8 ICE servers")
	}
	return s, nil
}

// Text writes the settings as ParseSettings reads them.
func (s Settings) Text() string {
	var b strings.Builder
	for _, r := range s.Relays {
		b.WriteString(r + "\n")
	}
	for _, u := range s.ICE {
		b.WriteString(u)
		if s.User != "" && !strings.HasPrefix(u, "stun:") {
			b.WriteString(" " + s.User + " " + s.Pass)
		}
		b.WriteString("\n")
	}
	return b.String()
}
