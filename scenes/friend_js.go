//go:build js

package scenes

import (
	"net/url"
	"strconv"
	"strings"
	"syscall/js"
	"time"
)

// The page's side of a game with a friend: the address, the clipboard, the share sheet.

func pageFragment() string { return js.Global().Get("location").Get("hash").String() }

// pageBase is the page's address without query or fragment: where the friend's link goes.
func pageBase() string {
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// setPageFragment replaces the address's fragment without a new history entry, so a
// reload finds the room ("" removes it).
func setPageFragment(f string) {
	loc := js.Global().Get("location")
	u := loc.Get("pathname").String() + loc.Get("search").String()
	if f != "" {
		u += "#" + f
	}
	if h := js.Global().Get("history"); h.Truthy() {
		h.Call("replaceState", nil, "", u)
	}
}

// pageNetOverride reads relay= (repeatable) and ice= ("none", or addresses separated by
// spaces) from the page's query: a test's local relay, or a page with no STUN offline.
func pageNetOverride() (relays, ice []string, ok bool) {
	q, err := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	if err != nil {
		return nil, nil, false
	}
	relays = q["relay"]
	if v, has := q["ice"]; has {
		ice = []string{}
		for _, s := range strings.Fields(strings.Join(v, " ")) {
			if s != "none" {
				ice = append(ice, s)
			}
		}
	}
	return relays, ice, len(relays) > 0 || ice != nil
}

// pageAwayOverride reads away=SECONDS (1 to 600) from the page's query: how long the
// friend must stay away before "Claim win" shows, instead of two minutes (a test, or
// friends who agree on a shorter wait); 0 when the query does not say.
func pageAwayOverride() time.Duration {
	q, err := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	if err != nil {
		return 0
	}
	s, err := strconv.Atoi(q.Get("away"))
	if err != nil || s < 1 || s > 600 {
		return 0
	}
	return time.Duration(s) * time.Second
}

// copyText puts s on the clipboard; false when the page may not.
func copyText(s string) bool {
	clip := js.Global().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		return false
	}
	clip.Call("writeText", s).Call("catch", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
	return true
}

// shareURL opens the system's share sheet (phones); false where there is none.
func shareURL(title, u string) bool {
	nav := js.Global().Get("navigator")
	if !nav.Get("share").Truthy() {
		return false
	}
	nav.Call("share", map[string]any{"title": title, "url": u}).Call("catch", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
	return true
}

// askButton relabels the page dialog's confirm button and returns the old label.
func askButton(label string) string {
	b := el("dlg-ok")
	if !b.Truthy() {
		return ""
	}
	old := b.Get("textContent").String()
	b.Set("textContent", label)
	return old
}

func restoreAskButton(old string) {
	if b := el("dlg-ok"); b.Truthy() && old != "" {
		b.Set("textContent", old)
	}
}

func setAskPlaceholder(s string) {
	if t := el("dlg-text"); t.Truthy() {
		t.Set("placeholder", s)
	}
}
