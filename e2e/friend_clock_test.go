//go:build !js

package e2e

import (
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/internal/testrelay"
)

// TestFriendFlag: a friend game on a tiny clock set by the host's page (tc=10s+0): the
// link carries it, both pages show both clocks with White's running, nobody moves, and
// once Black's page counts White out of time (less the tolerance) it offers the claim on
// time; claimed, both pages end the game 0-1 on time.
func TestFriendFlag(t *testing.T) {
	relay := testrelay.Start(t)
	srv := apart(t)
	browser := friendBrowser(t)
	host, link := hostLinkQ(t, browser, srv, relay, "chess", "&tc=10s+0")
	if !strings.Contains(link, "tc=10s%2B0") {
		t.Fatalf("the link %q does not carry the time control", link)
	}
	guest, hs, gs := join(t, browser, srv, host, link, phone)
	for _, s := range []state{hs, gs} {
		if s.Game.TimeControl != "10s+0" || len(s.Game.Clocks) != 2 || s.Game.ClockRuns != 1 {
			t.Fatalf("at the start: control %q, clocks %q running %b", s.Game.TimeControl, s.Game.Clocks, s.Game.ClockRuns)
		}
	}
	black, white := guest, host
	if host.net().Color == "black" {
		black, white = host, guest
	}
	black.front()
	bs, bn := black.waitNet("the claim on time offered", func(s state, n netState) bool {
		if n.Claimable != "flag" {
			return false
		}
		for _, b := range s.Buttons {
			if b.ID == "net-abandon" {
				return b.Label == "Claim on time" && b.Enabled
			}
		}
		return false
	})
	black.screenshot("friend-flag-claimable")
	black.button("net-abandon")
	bs, bn = black.waitNet("the game claimed", func(s state, n netState) bool { return s.Game.Result != "*" })
	if bs.Game.Result != "0-1" || bn.Claimed != "flag" || !strings.Contains(bs.Game.Reason, "ran out of time") {
		t.Fatalf("Black after the claim: %s (%s), claimed %q", bs.Game.Result, bs.Game.Reason, bn.Claimed)
	}
	white.front()
	ws, wn := white.waitNet("White hears the claim", func(s state, n netState) bool { return s.Game.Result != "*" })
	if ws.Game.Result != "0-1" || wn.Claimed != "lost:flag" {
		t.Fatalf("White after the claim: %s (%s), claimed %q, message %q", ws.Game.Result, ws.Game.Reason, wn.Claimed, ws.Game.Message)
	}
	t.Logf("Black: %s %q, clocks %q; White: %s %q, %q", bs.Game.Result, bs.Game.Reason, bs.Game.Clocks, ws.Game.Result, wn.Claimed, ws.Game.Message)
	checkConsole(t, white.close(), srv)
	checkConsole(t, black.close(), srv)
}

// TestFriendFlagAway: on 10s+0, White's page closes before its first move; Black's page
// sees the link drop, White's clock runs on there, and once it is out of time (less the
// tolerance) Black claims on time, not as an abandonment: 0-1 on time.
func TestFriendFlagAway(t *testing.T) {
	relay := testrelay.Start(t)
	srv := apart(t)
	browser := friendBrowser(t)
	host, link := hostLinkQ(t, browser, srv, relay, "chess", "&tc=10s+0")
	guest, _, _ := join(t, browser, srv, host, link, phone)
	black, white := guest, host
	if host.net().Color == "black" {
		black, white = host, guest
	}
	checkConsole(t, white.close(), srv)
	black.front()
	black.waitNet("the link down, the claim on time offered", func(s state, n netState) bool {
		return n.State != "online" && n.Claimable == "flag"
	})
	black.button("net-abandon")
	bs, bn := black.waitNet("the game claimed", func(s state, n netState) bool { return s.Game.Result != "*" })
	if bs.Game.Result != "0-1" || bn.Claimed != "flag" || !strings.Contains(bs.Game.Reason, "ran out of time") {
		t.Fatalf("Black after the claim: %s (%s), claimed %q, state %q", bs.Game.Result, bs.Game.Reason, bn.Claimed, bn.State)
	}
	black.screenshot("friend-flag-away")
	t.Logf("Black: %s %q, state %q, clocks %q, message %q", bs.Game.Result, bs.Game.Reason, bn.State, bs.Game.Clocks, bs.Game.Message)
	checkConsole(t, black.close(), srv)
}
