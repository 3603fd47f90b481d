package scenes

import (
	"strings"
	"time"

	"github.com/quintet-chess/quintet/internal/lang"
)

// Short emotes between friends: a fixed set of phrases sent as stable codes (":gg:"), so
// each side shows them in its own language and nothing a peer sends is drawn as its own
// text. A code this page does not know (a newer version, a hostile peer) shows as "…".

// emoteCodes are the phrases of the "Say…" panel, in its order.
var emoteCodes = []string{":hi:", ":gl:", ":gg:", ":wp:", ":ty:", ":oops:", ":move:"}

// emoteText is the phrase of code in the page's language; "…" for a code it does not know.
func emoteText(code string) string {
	switch code {
	case ":hi:":
		return lang.T("Hello!")
	case ":gl:":
		return lang.T("Good luck!")
	case ":gg:":
		return lang.T("Good game")
	case ":wp:":
		return lang.T("Well played")
	case ":ty:":
		return lang.T("Thanks")
	case ":oops:":
		return lang.T("Oops")
	case ":move:":
		return lang.T("Your move")
	}
	return "…"
}

// sayEvery is the least time between two emotes sent: a stuck finger cannot flood.
const sayEvery = time.Second

// chatKeep is how many lines of chat a game keeps (the page shows the last one).
const chatKeep = 20

// chatShown is how long the last line stays in the move list.
const chatShown = time.Minute

// chatLine is one emote said in the game.
type chatLine struct {
	mine bool
	code string
	at   time.Time
}

// text is the line attributed, in the page's language now.
func (c chatLine) text() string {
	if c.mine {
		return lang.F("You: %s", emoteText(c.code))
	}
	return lang.F("Friend: %s", emoteText(c.code))
}

// addChat records a line, keeping the last chatKeep.
func (n *friendPlay) addChat(c chatLine) {
	n.chat = append(n.chat, c)
	if len(n.chat) > chatKeep {
		n.chat = append(n.chat[:0], n.chat[len(n.chat)-chatKeep:]...)
	}
}

// lastChat is the line for the move list: the last one said within chatShown, else "".
func (n *friendPlay) lastChat(now time.Time) string {
	if len(n.chat) == 0 {
		return ""
	}
	c := n.chat[len(n.chat)-1]
	if now.Sub(c.at) > chatShown {
		return ""
	}
	return c.text()
}

// saying reports whether our last emote is too recent for another (the Say… button waits).
func (n *friendPlay) saying(now time.Time) bool { return now.Sub(n.saidAt) < sayEvery }

// sayPanel offers the emotes.
func sayPanel() *choicePanel {
	cp := &choicePanel{kind: "say", title: lang.T("Say to your friend"), cancel: true}
	for _, c := range emoteCodes {
		cp.items = append(cp.items, panelItem{id: "say:" + c, label: emoteText(c)})
	}
	return cp
}

// sayPick sends the emote of a "Say…" panel's choice id; false if id is not one.
func (p *Play) sayPick(id string) bool {
	code, ok := strings.CutPrefix(id, "say:")
	if !ok {
		return false
	}
	n := p.net
	now := time.Now()
	if n.saying(now) {
		return true
	}
	if err := p.m.Net().Chat(code); err != nil {
		p.say(err.Error())
		return true
	}
	n.saidAt = now
	c := chatLine{mine: true, code: code, at: now}
	n.addChat(c)
	p.say(c.text())
	return true
}
