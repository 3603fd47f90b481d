//go:build !js

package e2e

import (
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/internal/testrelay"
)

// TestFriendTimeUpShown: on 10s+0 White does not move; once its own clock reaches zero
// its page says at once that its time is up and it waits for the friend's claim (the
// clock alone shows 0.0), while Black's page offers the claim on time as before. Once
// claimed, the message gives way to the result.
func TestFriendTimeUpShown(t *testing.T) {
	relay := testrelay.Start(t)
	srv := apart(t)
	browser := friendBrowser(t)
	host, link := hostLinkQ(t, browser, srv, relay, "chess", "&tc=10s+0")
	guest, _, _ := join(t, browser, srv, host, link, phone)
	black, white := guest, host
	if host.net().Color == "black" {
		black, white = host, guest
	}
	const upText = "Your time is up — waiting for your friend to claim."
	white.front()
	ws, _ := white.waitNet("White's page says its time is up", func(s state, n netState) bool {
		return s.Game.Message == upText
	})
	if ws.Game.Result != "*" || len(ws.Game.Clocks) != 2 || ws.Game.Clocks[0] != "0.0" {
		t.Fatalf("White's page with its time up: result %s, clocks %q", ws.Game.Result, ws.Game.Clocks)
	}
	white.screenshot("friend-time-up")
	black.front()
	black.waitNet("the claim on time offered to Black", func(s state, n netState) bool {
		for _, b := range s.Buttons {
			if b.ID == "net-abandon" {
				return n.Claimable == "flag" && b.Label == "Claim on time" && b.Enabled
			}
		}
		return false
	})
	if s, _ := black.waitNet("Black's page", func(state, netState) bool { return true }); strings.Contains(s.Game.Message, "Your time is up") {
		t.Fatalf("the friend's page says its own time is up: %q", s.Game.Message)
	}
	black.button("net-abandon")
	black.waitNet("the game claimed", func(s state, n netState) bool { return s.Game.Result != "*" })
	white.front()
	ws, wn := white.waitNet("White hears the claim", func(s state, n netState) bool { return s.Game.Result != "*" })
	if ws.Game.Result != "0-1" || wn.Claimed != "lost:flag" || ws.Game.Message == upText {
		t.Fatalf("White after the claim: %s, claimed %q, message %q", ws.Game.Result, wn.Claimed, ws.Game.Message)
	}
	checkConsole(t, white.close(), srv)
	checkConsole(t, black.close(), srv)
}
