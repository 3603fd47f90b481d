package match

// Levels are the AI's levels, weakest first, with a line for the setup screen. They
// match game/ai's levels by name.
var Levels = []struct{ Name, Help string }{
	{"beginner", "sees one move ahead and misjudges often"},
	{"easy", "looks two moves ahead, small misjudgements"},
	{"medium", "a few moves ahead, rarely wrong"},
	{"hard", "a deep search"},
	{"strongest", "thinks its whole time budget"},
}
