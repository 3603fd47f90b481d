package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/p2p"
)

// host and join: a peer-to-peer game over WebRTC from the terminal. The host prints an
// offer code and reads the guest's answer code; the guest (join) takes the offer code and
// prints its answer. Then each side types moves (or plays random ones with -random).

func runHost(args []string, stdout, stderr io.Writer) error {
	return runPeer(true, args, stdout, stderr, nil)
}

func runJoin(args []string, stdout, stderr io.Writer) error {
	return runPeer(false, args, stdout, stderr, nil)
}

// peerFlags are the flags host and join share.
type peerFlags struct {
	variant, options, stun string
	loopback, random       bool
	seed                   uint64
	timeout                time.Duration
}

// runPeer runs one side. stdin is the terminal (nil: os.Stdin via stdinReader).
func runPeer(host bool, args []string, stdout, stderr io.Writer, stdin io.Reader) error {
	name := "join"
	if host {
		name = "host"
	}
	fs := newFlagSet(name, stderr)
	var f peerFlags
	if host {
		fs.StringVar(&f.variant, "variant", "chess", "game to play: "+strings.Join(game.Names(), ", "))
		fs.StringVar(&f.options, "options", "", "game options, key=value separated by spaces")
	}
	fs.StringVar(&f.stun, "stun", "", "STUN server URL (stun:host:port), needed across NATs")
	fs.BoolVar(&f.loopback, "loopback", false, "connect over 127.0.0.1 only (both sides on this machine)")
	fs.BoolVar(&f.random, "random", false, "play random legal moves and accept every offer (a test bot)")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of -random (0: from the clock)")
	fs.DurationVar(&f.timeout, "timeout", 5*time.Minute, "give up if the other side does not connect in time")
	fs.Usage = func() {
		if host {
			fmt.Fprintln(stderr, "usage: quintet host [-variant NAME] [-options 'k=v ...'] [-stun URL] [-loopback] [-random]")
			fmt.Fprintln(stderr, "Prints an offer code for the guest, then reads the guest's answer code.")
		} else {
			fmt.Fprintln(stderr, "usage: quintet join [-stun URL] [-loopback] [-random] OFFER-CODE")
			fmt.Fprintln(stderr, "Prints the answer code to give back to the host.")
		}
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if stdin == nil {
		stdin = stdinReader()
	}
	in := bufio.NewScanner(stdin)
	cfg := p2p.RTCConfig{Loopback: f.loopback}
	if f.stun != "" {
		cfg.ICEServers = []string{f.stun}
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.timeout)
	defer cancel()
	var conn p2p.Conn
	mc := p2p.Config{Host: host}
	if host {
		if _, err := game.Lookup(f.variant, strings.Fields(f.options)...); err != nil {
			return err
		}
		mc.Variant, mc.Options = f.variant, strings.Fields(f.options)
		h, err := p2p.NewHost(cfg)
		if err != nil {
			return err
		}
		defer h.Close()
		fmt.Fprintf(stdout, "offer: %s\n", h.Offer())
		fmt.Fprintln(stdout, "paste the answer code:")
		if !in.Scan() {
			return errors.New("no answer code")
		}
		answer := strings.TrimPrefix(strings.TrimSpace(in.Text()), "answer: ")
		if conn, err = h.Connect(ctx, answer); err != nil {
			return err
		}
	} else {
		if fs.NArg() != 1 {
			fs.Usage()
			return errors.New("join needs the offer code")
		}
		g, err := p2p.NewGuest(cfg, strings.TrimPrefix(fs.Arg(0), "offer: "))
		if err != nil {
			return err
		}
		defer g.Close()
		fmt.Fprintf(stdout, "answer: %s\n", g.Answer())
		if conn, err = g.Connect(ctx); err != nil {
			return err
		}
	}
	fmt.Fprintln(stdout, "connected")
	m := p2p.NewMatch(mc)
	if err := m.Start(conn); err != nil {
		return err
	}
	defer m.Close()
	seed := f.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t := &terminal{m: m, out: stdout, in: in, random: f.random, rng: rand.New(rand.NewPCG(seed, 7))}
	return t.play()
}

// terminal plays a match from text lines.
type terminal struct {
	m      *p2p.Match
	out    io.Writer
	in     *bufio.Scanner
	random bool
	rng    *rand.Rand
}

func (t *terminal) play() error {
	for ev := range t.m.Events() {
		switch ev.Kind {
		case p2p.EvStart:
			v := t.m.View()
			fmt.Fprintf(t.out, "game %d: %s, you play %v\n", ev.Game, v.Variant().Title, ev.Color)
		case p2p.EvApplied:
			who := "they"
			if ev.Mine {
				who = "you"
			}
			if ev.Record.Text != "" {
				fmt.Fprintf(t.out, "%s: %s\n", who, ev.Record.Text)
			}
		case p2p.EvTurn:
			if err := t.turn(); err != nil {
				return err
			}
		case p2p.EvOffer:
			what := map[uint8]string{p2p.OfferDraw: "a draw", p2p.OfferTakeback: "a takeback", p2p.OfferRematch: "a rematch"}[ev.What]
			fmt.Fprintf(t.out, "they offer %s\n", what)
			if t.random && ev.What != p2p.OfferRematch {
				t.m.Answer(ev.What, true)
			} else if ev.What != p2p.OfferRematch {
				fmt.Fprintln(t.out, "type 'accept' or 'decline' at your turn")
			}
		case p2p.EvChat:
			fmt.Fprintf(t.out, "they say: %s\n", ev.Text)
		case p2p.EvVoid:
			fmt.Fprintf(t.out, "void: %s\n", ev.Text)
		case p2p.EvOver:
			// Let our last message reach the other side before the connection closes.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			t.m.Settle(ctx)
			cancel()
			fmt.Fprintf(t.out, "result: %v (%s), checked by both sides\n", ev.Outcome.Result, ev.Outcome.Reason)
			return nil
		case p2p.EvDisconnected:
			return fmt.Errorf("the connection dropped")
		case p2p.EvFault:
			return ev.Err
		}
	}
	return t.m.Err()
}

// turn asks for a move (or picks one) and plays it; other commands are handled on the way.
func (t *terminal) turn() error {
	for {
		v := t.m.View()
		me := t.m.Color()
		if !v.Next().Asks(me) {
			return nil
		}
		moves := v.Moves(me, nil)
		if t.random {
			if len(moves) == 0 {
				return nil
			}
			err := t.m.Play(moves[t.rng.IntN(len(moves))])
			if err != nil && !errors.Is(err, p2p.ErrNotYourTurn) && !errors.Is(err, p2p.ErrSealed) {
				return err
			}
			return nil
		}
		fmt.Fprintf(t.out, "your move (or resign, draw, accept, decline, takeback N, claim, say TEXT): ")
		if !t.in.Scan() {
			return errors.New("input ended")
		}
		line := strings.TrimSpace(t.in.Text())
		cmd, rest, _ := strings.Cut(line, " ")
		var err error
		switch cmd {
		case "":
			continue
		case "resign":
			return t.m.Resign()
		case "claim":
			err = t.m.Claim()
		case "draw":
			err = t.m.OfferDraw()
		case "accept", "decline":
			for _, w := range []uint8{p2p.OfferDraw, p2p.OfferTakeback} {
				if e := t.m.Answer(w, cmd == "accept"); e == nil {
					err = nil
					break
				} else {
					err = e
				}
			}
		case "takeback":
			n, e := strconv.Atoi(rest)
			if e != nil {
				n = 1
			}
			err = t.m.OfferTakeback(n)
		case "say":
			err = t.m.Chat(rest)
		default:
			mv, e := v.ParseMove(me, line)
			if e != nil {
				err = e
				break
			}
			if err = t.m.Play(mv); err == nil {
				return nil
			}
		}
		if err != nil {
			fmt.Fprintf(t.out, "%v\n", err)
		}
	}
}

// stdinReader is the terminal's input (a variable so tests need no real terminal).
var stdinReader = func() io.Reader { return os.Stdin }
