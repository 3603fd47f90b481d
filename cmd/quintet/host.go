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
	"github.com/quintet-chess/quintet/p2p/relay"
)

// host and join: a peer-to-peer game over WebRTC from the terminal. The host prints a
// join link (the room key in its fragment) and pairs with whoever opens it through the
// public MQTT relays (p2p/relay): a browser, or "quintet join LINK". With -relay none
// the signaling is by hand: the host prints an offer code and reads the guest's answer
// code. Then each side types moves, or plays random ones (-random), or our AI plays
// (-level).

func runHost(args []string, stdout, stderr io.Writer) error {
	return runPeer(true, args, stdout, stderr, nil)
}

func runJoin(args []string, stdout, stderr io.Writer) error {
	return runPeer(false, args, stdout, stderr, nil)
}

// peerFlags are the flags host and join share.
type peerFlags struct {
	variant, options, stun string
	level, relays, base    string
	loopback, random       bool
	seed                   uint64
	timeout                time.Duration
	away                   time.Duration
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
	fs.StringVar(&f.stun, "stun", strings.Join(relay.DefaultICE, ","), "STUN/TURN server URLs, comma-separated (none: \"\")")
	fs.StringVar(&f.relays, "relay", strings.Join(relay.DefaultRelays, ","), "MQTT-over-WebSocket relays for pairing, comma-separated; none: exchange codes by hand")
	fs.StringVar(&f.level, "level", "", "our AI plays this side at this level ("+levelNames()+"), or a player spec as in arena")
	if host {
		fs.StringVar(&f.base, "base", "http://127.0.0.1:8080/", "the page's address the join link opens")
	}
	fs.BoolVar(&f.loopback, "loopback", false, "connect over 127.0.0.1 only (both sides on this machine)")
	fs.BoolVar(&f.random, "random", false, "play random legal moves and accept every offer (a test bot)")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of -random (0: from the clock)")
	fs.DurationVar(&f.timeout, "timeout", 5*time.Minute, "give up if the other side does not connect in time")
	fs.DurationVar(&f.away, "away", p2p.DefaultDeadline, "how long the other side may take over a step it owes (a move, a reveal, the end-of-game check) or stay away before this side claims the game")
	fs.Usage = func() {
		if host {
			fmt.Fprintln(stderr, "usage: quintet host [-variant NAME] [-options 'k=v ...'] [-level L] [-base URL] [-relay URLS|none] [-stun URLS] [-loopback] [-random]")
			fmt.Fprintln(stderr, "Prints a join link and plays whoever opens it; with -relay none, prints an offer code and reads the answer code.")
		} else {
			fmt.Fprintln(stderr, "usage: quintet join [-level L] [-relay URLS|none] [-stun URLS] [-loopback] [-random] LINK|OFFER-CODE")
			fmt.Fprintln(stderr, "Joins through the link's room, or prints the answer code for an offer code.")
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
	for _, u := range strings.Split(f.stun, ",") {
		if u = strings.TrimSpace(u); u != "" && !f.loopback {
			cfg.ICEServers = append(cfg.ICEServers, u)
		}
	}
	var relays []string
	if f.relays != "none" {
		for _, u := range strings.Split(f.relays, ",") {
			if u = strings.TrimSpace(u); u != "" {
				relays = append(relays, u)
			}
		}
	}
	var ai player
	if f.level != "" {
		var err error
		if ai, err = newPlayer(f.level, f.variant, 0, f.seed); err != nil {
			return err
		}
		defer ai.close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.timeout)
	defer cancel()
	var conn p2p.Conn
	mc := p2p.Config{Host: host, Deadline: f.away}
	if host {
		if _, err := game.Lookup(f.variant, strings.Fields(f.options)...); err != nil {
			return err
		}
		mc.Variant, mc.Options = f.variant, strings.Fields(f.options)
		if len(relays) > 0 {
			room := relay.NewRoom()
			l := relay.Link{Room: room, Variant: f.variant, Options: strings.Fields(f.options)}
			if strings.Join(relays, ",") != strings.Join(relay.DefaultRelays, ",") {
				l.Relays = relays
			}
			fmt.Fprintf(stdout, "link: %s#%s\n", f.base, l.Fragment())
			fmt.Fprintln(stdout, "waiting for the guest to open it")
			rel := relay.Open(room, relays)
			defer rel.Close()
			var err error
			start := time.Now()
			if conn, err = relay.PairHost(ctx, rel, cfg); err != nil {
				return pairErr("no guest paired", err, rel)
			}
			fmt.Fprintf(stdout, "paired in %v\n", time.Since(start).Round(time.Millisecond))
			return playOver(conn, mc, stdout, in, f, ai, func(ctx context.Context) (p2p.Conn, error) { return relay.PairHost(ctx, rel, cfg) })
		}
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
		arg := strings.TrimPrefix(strings.TrimPrefix(fs.Arg(0), "link: "), "offer: ")
		if _, frag, ok := strings.Cut(arg, "#"); ok {
			l, isLink, err := relay.ParseFragment(frag)
			if !isLink {
				return errors.New("not a join link")
			}
			if err != nil {
				return err
			}
			if len(l.Relays) > 0 {
				relays = l.Relays
			}
			// The guest plays the game the link names, and no other.
			mc.Variant, mc.Options = l.Variant, l.Options
			if l.Offer != "" {
				arg = l.Offer
			} else {
				rel := relay.Open(l.Room, relays)
				defer rel.Close()
				if conn, err = relay.PairGuest(ctx, rel, cfg); err != nil {
					return pairErr("the host was not reached", err, rel)
				}
				fmt.Fprintln(stdout, "connected")
				return playOver(conn, mc, stdout, in, f, ai, func(ctx context.Context) (p2p.Conn, error) { return relay.PairGuest(ctx, rel, cfg) })
			}
		}
		g, err := p2p.NewGuest(cfg, arg)
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
	return playOver(conn, mc, stdout, in, f, ai, nil)
}

// pairErr tells what a pairing that failed saw of its relays: none reached, or reached
// and silent, are different troubles.
func pairErr(what string, err error, rel *relay.Relays) error {
	connected, total, refused := rel.Status()
	return fmt.Errorf("%s: %w (relays connected: %d of %d; messages refused: %d)", what, err, connected, total, refused)
}

// playOver plays the match on conn; repair, if set, pairs again after a drop (through the
// same room) so the match resumes.
func playOver(conn p2p.Conn, mc p2p.Config, stdout io.Writer, in *bufio.Scanner, f peerFlags, ai player, repair func(context.Context) (p2p.Conn, error)) error {
	m := p2p.NewMatch(mc)
	if err := m.Start(conn); err != nil {
		return err
	}
	defer m.Close()
	seed := f.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t := &terminal{m: m, out: stdout, in: in, random: f.random, rng: rand.New(rand.NewPCG(seed, 7)), ai: ai, repair: repair, timeout: f.timeout}
	return t.play()
}

// terminal plays a match from text lines.
type terminal struct {
	m       *p2p.Match
	out     io.Writer
	in      *bufio.Scanner
	random  bool
	rng     *rand.Rand
	ai      player // our AI plays this side (accepting takebacks and rematches)
	repair  func(context.Context) (p2p.Conn, error)
	timeout time.Duration
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
			if t.ai != nil {
				// Our AI gives takebacks and rematches; a draw only when it stands worse.
				yes := ev.What != p2p.OfferDraw || t.aiWorse()
				t.m.Answer(ev.What, yes)
			} else if t.random && ev.What != p2p.OfferRematch {
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
			if t.ai == nil || t.repair == nil {
				return nil
			}
			fmt.Fprintln(t.out, "waiting for a rematch offer")
		case p2p.EvDisconnected:
			if t.repair == nil {
				return fmt.Errorf("the connection dropped")
			}
			fmt.Fprintln(t.out, "the connection dropped; waiting for the guest to come back")
			go t.rejoin()
		case p2p.EvResumed:
			fmt.Fprintln(t.out, "resumed")
		case p2p.EvIntruder:
			// Someone else with the link, not the peer of the first session.
			fmt.Fprintln(t.out, "someone else tried to resume this game with the link; turned away")
			if t.repair != nil {
				go t.rejoin()
			}
		case p2p.EvOverdue:
			// The other side is past a deadline (or away): the game is ours to claim.
			if _, ok := t.m.Claimable(); ok && t.m.ClaimWin() == nil {
				r := t.m.Result()
				fmt.Fprintf(t.out, "result: %v (%s), claimed after %v\n", r.Outcome.Result, r.Outcome.Reason, t.m.Deadline())
				time.Sleep(time.Second) // the claim goes to the other side before the link closes
				return nil
			}
		case p2p.EvClaimed:
			r := t.m.Result()
			if r.Claim != nil && r.Claim.Lost {
				fmt.Fprintf(t.out, "result: %v (%s), claimed by the other side\n", r.Outcome.Result, r.Outcome.Reason)
				return p2p.ErrForfeited
			}
		case p2p.EvFault:
			// A fault of the other side is a win to claim; the error still tells what.
			if _, ok := t.m.Claimable(); ok && t.m.ClaimWin() == nil {
				r := t.m.Result()
				fmt.Fprintf(t.out, "result: %v (%s), claimed: %v\n", r.Outcome.Result, r.Outcome.Reason, ev.Err)
			}
			return ev.Err
		}
	}
	return t.m.Err()
}

// rejoin pairs again through the room (after a dropped connection, or after someone else
// was turned away).
func (t *terminal) rejoin() {
	ctx, cancel := context.WithTimeout(context.Background(), t.timeout)
	defer cancel()
	c, err := t.repair(ctx)
	if err != nil {
		t.m.Close()
		return
	}
	t.m.Resume(c)
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
		if t.ai != nil {
			mv, err := t.ai.choose(v, me, nil)
			if err != nil {
				return err
			}
			if err := t.m.Play(mv); err != nil && !errors.Is(err, p2p.ErrNotYourTurn) && !errors.Is(err, p2p.ErrSealed) && !errors.Is(err, p2p.ErrPending) {
				return err
			}
			return nil
		}
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

// aiWorse reports whether our side is a pawn or more down in material (the AI's rule for
// accepting a draw, as on the page).
func (t *terminal) aiWorse() bool {
	v := t.m.View()
	if v == nil {
		return false
	}
	me := t.m.Color()
	mat := func(c game.Color) int {
		n := 0
		p := v.Position()
		for s := game.Square(0); s < game.NoSquare; s++ {
			if pc := p.At(s); pc != game.NoPiece && pc.Color() == c {
				n += v.Variant().Pieces[pc.Type()].Value
			}
		}
		return n
	}
	return mat(me)+100 <= mat(me.Other())
}
