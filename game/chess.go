package game

func init() {
	Register(StandardVariant())

	f := StandardVariant()
	f.Name, f.Title = "forced", "Forced-capture chess"
	f.Help = "Capturing is compulsory; no check — capture the enemy king to win."
	f.Check, f.KingCapture, f.MustCapture = false, true, true
	Register(f)
}
