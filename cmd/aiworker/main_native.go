//go:build !js

// Natively, aiworker speaks the same protocol over standard input and output, one JSON
// message a line: the worker's behaviour can be tested without a browser.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/internal/aiclient"
)

func main() {
	if err := serveLines(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "aiworker:", err)
		os.Exit(1)
	}
}

func serveLines(in io.Reader, out io.Writer) error {
	eng := ai.NewEngine(32)
	post := func(r aiclient.Reply) { fmt.Fprintln(out, aiclient.Encode(r)) }
	post(aiclient.Reply{Kind: aiclient.KindReady})
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), aiclient.MaxMessage+1)
	for sc.Scan() {
		aiclient.Serve(eng, sc.Text(), post)
	}
	return sc.Err()
}
