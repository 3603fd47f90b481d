//go:build !js

package main

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quintet-chess/quintet/p2p"

	"github.com/quintet-chess/quintet/internal/testrelay"
)

// lines reads r line by line into a channel, until r ends.
func lines(r io.Reader) <-chan string {
	ch := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	return ch
}

// TestHostAndJoin runs both commands in one process with random players over WebRTC on
// loopback, passing the codes between them as a person would.
func TestHostAndJoin(t *testing.T) {
	for _, variant := range []string{"chess", "crown"} {
		hostIn, hostInW := io.Pipe()
		hostOutR, hostOut := io.Pipe()
		joinOutR, joinOut := io.Pipe()
		var wg sync.WaitGroup
		var hostErr, joinErr error
		wg.Add(2)
		go func() {
			defer wg.Done()
			defer hostOut.Close()
			hostErr = runPeer(true, []string{"-variant", variant, "-relay", "none", "-loopback", "-random", "-seed", "1"}, hostOut, io.Discard, hostIn)
		}()
		hostLines, joinLines := lines(hostOutR), lines(joinOutR)
		var out []string
		offer := ""
		for l := range hostLines {
			out = append(out, l)
			if o, ok := strings.CutPrefix(l, "offer: "); ok {
				offer = o
				break
			}
		}
		go func() {
			defer wg.Done()
			defer joinOut.Close()
			joinErr = runPeer(false, []string{"-relay", "none", "-loopback", "-random", "-seed", "2", offer}, joinOut, io.Discard, strings.NewReader(""))
		}()
		var joined []string
		for l := range joinLines {
			joined = append(joined, l)
			if a, ok := strings.CutPrefix(l, "answer: "); ok {
				go io.WriteString(hostInW, a+"\n")
				break
			}
		}
		for l := range hostLines {
			out = append(out, l)
		}
		for l := range joinLines {
			joined = append(joined, l)
		}
		wg.Wait()
		text := strings.Join(out, "\n")
		if hostErr != nil || joinErr != nil {
			t.Fatalf("%s: host %v, join %v\n%s", variant, hostErr, joinErr, text)
		}
		if !strings.Contains(text, "connected") || !strings.Contains(text, "result: ") {
			t.Fatalf("%s: host output:\n%s", variant, text)
		}
		if last := joined[len(joined)-1]; !strings.HasPrefix(last, "result: ") {
			t.Fatalf("%s: the guest ended with %q", variant, last)
		}
		t.Logf("%s: %d lines, last: %s", variant, len(out), out[len(out)-1])
	}
}

// TestHostLinkAI hosts a game with our AI through a real relay (mosquitto on 127.0.0.1):
// the host prints a join link, the guest joins through it (no code goes back by hand)
// and plays random moves until the game ends, checked by both sides.
func TestHostLinkAI(t *testing.T) {
	url := testrelay.Start(t)
	hostOutR, hostOut := io.Pipe()
	joinOutR, joinOut := io.Pipe()
	var wg sync.WaitGroup
	var hostErr, joinErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		defer hostOut.Close()
		hostErr = runPeer(true, []string{"-variant", "crown", "-level", "beginner", "-relay", url, "-loopback",
			"-base", "http://127.0.0.1:8080/", "-timeout", "20s", "-seed", "3"}, hostOut, io.Discard, strings.NewReader(""))
	}()
	hostLines, joinLines := lines(hostOutR), lines(joinOutR)
	link := ""
	var out []string
	for l := range hostLines {
		out = append(out, l)
		if x, ok := strings.CutPrefix(l, "link: "); ok {
			link = x
			break
		}
	}
	if !strings.HasPrefix(link, "http://127.0.0.1:8080/#friend=") || !strings.Contains(link, "relay=") {
		t.Fatalf("link %q", link)
	}
	go func() {
		defer wg.Done()
		defer joinOut.Close()
		joinErr = runPeer(false, []string{"-loopback", "-random", "-seed", "4", "-relay", "wss://unused.example/mqtt", "-timeout", "60s", link}, joinOut, io.Discard, strings.NewReader(""))
	}()
	var joined []string
	for l := range joinLines {
		joined = append(joined, l)
	}
	for l := range hostLines {
		out = append(out, l)
	}
	wg.Wait()
	if hostErr != nil || joinErr != nil {
		t.Fatalf("host %v, join %v\nhost:\n%s\nguest:\n%s", hostErr, joinErr, strings.Join(out, "\n"), strings.Join(joined, "\n"))
	}
	if last := joined[len(joined)-1]; !strings.HasPrefix(last, "result: ") || !strings.Contains(strings.Join(out, "\n"), last) {
		t.Fatalf("the guest ended with %q; host:\n%s", last, strings.Join(out, "\n"))
	}
	t.Logf("host: %s … %s", out[2], joined[len(joined)-1])
}

// TestHostClaimsStalledGuest: the native host follows the protocol's deadlines like the
// page: a guest that connects and never moves is claimed against, over the live link,
// and the guest's own side records the loss.
func TestHostClaimsStalledGuest(t *testing.T) {
	hostIn, hostInW := io.Pipe()
	hostOutR, hostOut := io.Pipe()
	var hostErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer hostOut.Close()
		hostErr = runPeer(true, []string{"-variant", "chess", "-relay", "none", "-loopback", "-random", "-seed", "3", "-away", "300ms"}, hostOut, io.Discard, hostIn)
	}()
	hostLines := lines(hostOutR)
	var out []string
	offer := ""
	for l := range hostLines {
		out = append(out, l)
		if o, ok := strings.CutPrefix(l, "offer: "); ok {
			offer = o
			break
		}
	}
	g, err := p2p.NewGuest(p2p.RTCConfig{Loopback: true}, offer)
	if err != nil {
		t.Fatal(err)
	}
	go io.WriteString(hostInW, g.Answer()+"\n")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, err := g.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// An honest program whose player never moves.
	m := p2p.NewMatch(p2p.Config{Variant: "chess", Deadline: 300 * time.Millisecond})
	if err := m.Start(conn); err != nil {
		t.Fatal(err)
	}
	for l := range hostLines {
		out = append(out, l)
	}
	<-done
	text := strings.Join(out, "\n")
	if hostErr != nil || !strings.Contains(text, "did not send a move in time), claimed") {
		t.Fatalf("host: %v\n%s", hostErr, text)
	}
	stall := time.After(30 * time.Second)
	for ok := true; ok; {
		select {
		case _, ok = <-m.Events():
		case <-stall:
			t.Fatalf("the guest never heard the claim; host said:\n%s", text)
		}
	}
	if r := m.Result(); r.Standing != p2p.Claimed || r.Claim == nil || !r.Claim.Lost {
		t.Fatalf("the stalled guest's result: %+v (%v)", r, m.Err())
	}
	t.Logf("host: %s; the guest: %v %q", out[len(out)-1], m.Result().Standing, m.Result().Outcome.Reason)
}
