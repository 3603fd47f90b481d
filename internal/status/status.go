// Package status is what the app tells the page about what it shows: the page sets it as
// window.quintet (its title, the loading text), and the browser tests (e2e) read it, with
// these same types. AppendJSON writes it without reflection (every update), byte for byte
// as encoding/json would: a test checks that against every field, so a field added here
// without its line in encode.go fails it.
package status

// Status describes what a scene shows, for the host page (title, loading text) and the
// browser tests, which read it as window.quintet. Lengths are CSS pixels.
type Status struct {
	Scene   string   `json:"scene"`
	Variant string   `json:"variant"`
	Options []string `json:"options,omitempty"` // the game's options, "key=value"
	Title   string   `json:"title"`
	Error   string   `json:"error"`
	Notice  string   `json:"notice,omitempty"` // about the stored records, as shown
	Lang    string   `json:"lang"`             // the page's language
	Board   Board    `json:"board"`
	Buttons []Button `json:"buttons"`
	Game    *Game    `json:"game,omitempty"`
	Net     *Net     `json:"net,omitempty"` // a game with a friend (scenes/friend.go)
}

// Board is the board's rectangle: 0 before the first layout.
type Board struct {
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Square  float64 `json:"square"`
	Files   int     `json:"files"`
	Ranks   int     `json:"ranks"`
	Flipped bool    `json:"flipped"`
}

// Button is a button on the screen.
type Button struct {
	ID      string  `json:"id"`
	Label   string  `json:"label"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	W       float64 `json:"w"`
	H       float64 `json:"h"`
	Enabled bool    `json:"enabled"`
	Clipped bool    `json:"clipped,omitempty"` // the label is cut short to fit
}

// Game is the game on the play screen.
type Game struct {
	Text   string `json:"text"`   // position text of what is drawn (the viewer's view)
	Hash   string `json:"hash"`   // the game's hash, hexadecimal (the viewer's view's while it hides secrets)
	Step   string `json:"step"`   // move, draw, reveal, over
	ToAct  int    `json:"toAct"`  // bit per colour: people who must act now
	Viewer string `json:"viewer"` // whose view is drawn
	Plies  int    `json:"plies"`  // entries in the log
	Result string `json:"result"`
	Reason string `json:"reason"`
	Line   string `json:"line"` // the status line shown
	// LineTone is the status line's colour, by what it means; Note and NoteTone the line
	// under it as drawn (the review's, the game's own or the last message), "" if none.
	LineTone Tone     `json:"lineTone"`
	Note     string   `json:"note,omitempty"`
	NoteTone Tone     `json:"noteTone,omitempty"`
	Thinking bool     `json:"thinking"`
	Handover bool     `json:"handover"` // the hand-over screen hides the board
	Panel    string   `json:"panel"`    // an open choice panel
	Moves    []string `json:"moves"`    // the move list's records
	// Animating: a piece is still sliding (screenshots wait for it).
	Animating bool   `json:"animating"`
	Pick      bool   `json:"pick"`              // a person is asked to pick a number 0–9
	Message   string `json:"message,omitempty"` // the last thing that happened, while shown
	Error     string `json:"error"`
	Review    int    `json:"review"`             // entries of the log shown in review, -1 live
	Premove   string `json:"premove,omitempty"`  // a premove waiting, in coordinates
	Analysis  string `json:"analysis,omitempty"` // the AI's analysis of the reviewed position
	// A timed game's clocks: each face as shown (White, Black), bits of the running and
	// the low ones, the time control ("3+2").
	Clocks      []string `json:"clocks,omitempty"`
	ClockRuns   int      `json:"clockRuns,omitempty"`
	ClockLow    int      `json:"clockLow,omitempty"`
	TimeControl string   `json:"timeControl,omitempty"`
}

// Net is a game with a friend as the page and the tests see it.
type Net struct {
	Role        string   `json:"role"`                // host or guest
	State       string   `json:"state"`               // link, offer, answer, join; in play: online, offline, stopped
	Link        string   `json:"link,omitempty"`      // the link or code shown
	Relays      int      `json:"relays"`              // relays connected
	RelaysTotal int      `json:"relaysTotal"`         // relays configured
	SetupMS     int64    `json:"setupMs"`             // pairing time of the last connection
	Color       string   `json:"color,omitempty"`     // our colour
	Verified    bool     `json:"verified"`            // the game ended and both sides checked it
	SentAt      int64    `json:"sentAt"`              // Unix ms when our last move went out
	RecvAt      int64    `json:"recvAt"`              // Unix ms when the friend's last move reached the game
	Fault       string   `json:"fault,omitempty"`     // the protocol stopped: why
	Offer       string   `json:"offer,omitempty"`     // the friend's standing offer
	Chat        []string `json:"chat,omitempty"`      // the emotes said, attributed, in the page's language
	Standing    string   `json:"standing"`            // the protocol's result: playing, awaiting verification, verified, claimed
	Claimable   string   `json:"claimable,omitempty"` // this side may claim the game: deadline, abandoned, fault
	Claimed     string   `json:"claimed,omitempty"`   // a claim decided the game ("lost:…" when the friend's)
	Intruders   int      `json:"intruders,omitempty"` // someone else tried the link this many times
}

// Tone is what the colour of a line of text on the screen means: the screen picks the
// colour from it (scenes/theme.go), and the browser tests assert it by name.
type Tone string

// The header's tones.
const (
	ToneNeutral  Tone = "neutral"  // grey: nothing is asked of the viewer now
	ToneGood     Tone = "good"     // green: the viewer is to act
	ToneAccent   Tone = "accent"   // gold: the game's own line (the die, an attempt's odds, check)
	ToneSelected Tone = "selected" // the selection's blue: the review's line
	TonePlain    Tone = "plain"    // white: what happened last
)
