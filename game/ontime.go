package game

import "slices"

// OptionClock is the option a game has when its rules differ on time: "on" when the
// game is played with clocks (Crown-3: a side whose every piece is captured plays on,
// RULES.md §3). The match sets it from the time control (TimedOptions); people never
// choose it.
const OptionClock = "clock"

// TimedOptions is opts for variant name played with clocks (timed) or without: the
// clock option added when the game has one, removed otherwise. Other options stay.
func TimedOptions(name string, opts []string, timed bool) []string {
	out := slices.DeleteFunc(slices.Clone(opts), func(o string) bool { return len(o) > len(OptionClock) && o[:len(OptionClock)+1] == OptionClock+"=" })
	v, err := Lookup(name)
	if err != nil || !timed {
		return out
	}
	if slices.ContainsFunc(v.OptionHelp, func(h OptionHelp) bool { return h.Key == OptionClock }) {
		out = append(out, OptionClock+"=on")
	}
	return out
}
