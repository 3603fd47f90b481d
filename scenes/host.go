package scenes

// Host is the page around the canvas. Text input, the clipboard and downloads need HTML
// elements (a phone's keyboard does not open for a canvas), so they live in the page
// (host_js.go); natively there is no page (noHost).
type Host interface {
	// ShowText opens a dialog showing text (a PGN) with Copy and Download buttons.
	ShowText(title, text, filename string)
	// AskText opens a dialog with a text box and a button that says ok (what it does:
	// Load, Save…); the text entered comes from Answer.
	AskText(title, hint, ok string)
	// Answer is the text entered in the last AskText dialog, once.
	Answer() (string, bool)
	// Busy reports whether a dialog is open (the canvas then ignores input).
	Busy() bool
	// Get and Set keep small records between visits (the settings, the saved game); Set
	// with "" removes one.
	Get(key string) string
	Set(key, value string)
}

type noHost struct{}

func (noHost) ShowText(title, text, filename string) {}
func (noHost) AskText(title, hint, ok string)        {}
func (noHost) Answer() (string, bool)                { return "", false }
func (noHost) Busy() bool                            { return false }
func (noHost) Get(string) string                     { return "" }
func (noHost) Set(string, string)                    {}
