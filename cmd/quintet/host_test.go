//go:build !js

package main

import (
	"bufio"
	"io"
	"strings"
	"sync"
	"testing"
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
			hostErr = runPeer(true, []string{"-variant", variant, "-loopback", "-random", "-seed", "1"}, hostOut, io.Discard, hostIn)
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
			joinErr = runPeer(false, []string{"-loopback", "-random", "-seed", "2", offer}, joinOut, io.Discard, strings.NewReader(""))
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
