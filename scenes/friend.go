package scenes

import (
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"rsc.io/qr"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/wake"
	"github.com/quintet-chess/quintet/p2p"
	"github.com/quintet-chess/quintet/p2p/relay"
	"github.com/quintet-chess/quintet/scenes/layout"
)

// Playing a friend on another device: the host's screen makes one link (room key in the
// fragment) shown as text and as a QR code; the friend opens it and the game starts.
// Pairing goes through public MQTT relays (p2p/relay); with none reachable, the link can
// carry the offer itself and the friend's answer comes back as a code to paste. The
// match itself runs over WebRTC with the p2p protocol, on the usual play screen
// (friend_play.go), and each side keeps it in localStorage to resume after a reload.

// Friend is the screen of a pairing: the host's link and QR code, or the guest's
// "joining" (and, without relays, its answer code), until the game starts.
type Friend struct {
	setup   *Setup
	link    *friendLink
	url     string // what the QR code and the text show
	qr      *qr.Code
	qrImg   *ebiten.Image
	what    string // "link" (host), "answer" (guest without relay), "join"
	note    string // the state in words
	err     string
	pm      *p2p.Match // once connected: the handshake runs
	conn    p2p.Conn
	took    time.Duration
	offerCh chan offerResult // the link with an offer, being made
	ask     string           // the question the page's text box is open for
	okLbl   string

	env     Env
	buttons []button
	fs      faces
	lay     friendLayout
}

type friendLayout struct {
	title, text, qr layout.Rect
	size            float64
}

// NewFriendHost makes a room for the game chosen in setup and shows its link.
func NewFriendHost(setup *Setup, h Host) *Friend {
	cfg := setup.Config()
	set := loadSettings(h)
	f := &Friend{setup: setup, what: "link", fs: faces{}}
	f.link = &friendLink{host: true, room: relay.NewRoom(), set: set, hostPage: h,
		rec: friendRecord{Host: true, Variant: cfg.Variant, Options: cfg.Options, Clock: cfg.Clock.String()}}
	f.link.save(nil)
	setPageFragment(relay.Link{Room: f.link.room}.Fragment()) // a reload takes the room up again
	f.link.pair()
	f.setURL(f.link.linkURL(""))
	return f
}

// FriendFromPage is the screen a join link opens (nil when the address is no join link):
// the friend joining, or either side taking its match up again after a reload.
func FriendFromPage(setup *Setup, h Host) Scene {
	l, ok, err := relay.ParseFragment(pageFragment())
	if !ok {
		return nil
	}
	f := &Friend{setup: setup, what: "join", fs: faces{}}
	if err != nil {
		f.err = err.Error()
		f.link = &friendLink{hostPage: h, set: loadSettings(h)}
		return f
	}
	set := loadSettings(h)
	if len(l.Relays) > 0 {
		set.Relays = l.Relays
	}
	f.link = &friendLink{room: l.Room, set: set, hostPage: h}
	rec, known := loadRecord(h, l.Room)
	if known {
		f.link.host, f.link.rec = rec.Host, rec
		if len(rec.Relays) > 0 {
			f.link.set.Relays = rec.Relays
		}
		if rec.Ended != "" {
			f.err = lang.T("This game has ended on this device") + ": " + rec.Ended
			return f
		}
		if rec.Snap != nil {
			pm, err := p2p.RestoreMatch(rec.Snap, f.link.save)
			if err != nil {
				f.err = lang.T("The saved game could not be read") + ": " + err.Error()
				return f
			}
			return newFriendPlay(pm, f.link, setup, true)
		}
		if rec.Host {
			f.what = "link"
			f.link.pair()
			f.setURL(f.link.linkURL(""))
			return f
		}
	} else {
		// The guest plays the game the link names, and no other.
		f.link.rec = friendRecord{Relays: l.Relays, Variant: l.Variant, Options: l.Options, Clock: l.Clock.String()}
	}
	if l.Offer != "" {
		f.what = "answer"
		f.note = lang.T("Making the answer…")
		go f.link.answerOffer(l.Offer)
		return f
	}
	f.link.save(nil)
	f.link.pair()
	return f
}

func (f *Friend) setURL(u string) {
	f.url = u
	f.qr, _ = qr.Encode(u, qr.L)
	if f.qrImg != nil {
		f.qrImg.Deallocate()
		f.qrImg = nil
	}
}

// Update implements Scene.
func (f *Friend) Update(ctx *Ctx) error {
	if ctx.Env != f.env || f.buttons == nil {
		f.env = ctx.Env
	}
	f.layout()
	if f.what == "answer" && f.url == "" {
		f.link.mu.Lock()
		code := f.link.fbCode
		f.link.mu.Unlock()
		if code != "" {
			f.setURL(code)
			f.note = lang.T("Send this answer code back to your friend; the game starts when they paste it.")
		}
	}
	if f.offerCh != nil {
		select {
		case r := <-f.offerCh:
			f.offerCh = nil
			if r.err != nil {
				f.err = r.err.Error()
				break
			}
			f.setURL(r.url)
			f.what = "offer"
			f.note = lang.T("This link carries the connection offer: no relay needed. Your friend sends back an answer code: paste it here.")
		default:
		}
	}
	if a, ok := ctx.Host.Answer(); ok {
		f.answer(ctx, a)
	}
	if f.ask != "" && !ctx.Host.Busy() {
		restoreAskButton(f.okLbl)
		f.ask = ""
	}
	if r, ok := f.link.poll(); ok {
		if r.err != nil {
			f.err = r.err.Error()
			if f.what != "answer" && f.link.fbHost == nil {
				f.link.pair() // try again: the relays may come back
			}
		} else {
			f.conn, f.took = r.conn, r.took
			f.link.close()
			mc := p2p.Config{Host: f.link.host, Save: f.link.save}
			f.link.mu.Lock()
			mc.Variant, mc.Options, mc.Flip, mc.Clock = f.link.rec.Variant, f.link.rec.Options, f.link.rec.Flip, recClock(f.link.rec)
			f.link.mu.Unlock()
			f.pm = p2p.NewMatch(mc)
			if err := f.pm.Start(r.conn); err != nil {
				f.err = err.Error()
			}
			f.note = lang.T("Connected. Agreeing on the game…")
		}
	}
	if f.pm != nil {
		// The first flip in the room is kept: pairing again, it stands.
		if flip := f.pm.Flip(); flip != nil {
			f.link.mu.Lock()
			keep := f.link.rec.Flip == nil
			if keep {
				f.link.rec.Flip = flip
			}
			f.link.mu.Unlock()
			if keep {
				f.link.save(nil)
			}
		}
		if err := f.pm.Err(); err != nil {
			f.err = err.Error()
			if flt, ok := p2p.AsFault(err); ok && flt.Kind == p2p.FaultHandshake {
				f.err = lang.T("Your friend's device proposes another game than the link names; it was refused:") + " " + flt.Detail
			}
		} else if v := f.pm.View(); v != nil {
			f.link.mu.Lock()
			f.link.rec.Variant = v.Variant().Name
			f.link.rec.Options = nil
			for k, val := range v.Variant().Options {
				f.link.rec.Options = append(f.link.rec.Options, k+"="+val)
			}
			f.link.mu.Unlock()
			p := newFriendPlay(f.pm, f.link, f.setup, false)
			p.net.took = f.took
			ctx.GoTo(p)
			return nil
		}
	}
	if b := pressed(ctx.In, f.buttons); b != nil {
		f.button(ctx, b.id)
	}
	if ctx.In.Escape {
		f.back(ctx)
	}
	return nil
}

func (f *Friend) back(ctx *Ctx) {
	f.link.close()
	if f.pm != nil {
		f.pm.Close()
	}
	setPageFragment("")
	ctx.GoTo(f.setup)
}

func (f *Friend) answer(ctx *Ctx, a string) {
	switch f.ask {
	case "settings":
		p, err := relay.ParseSettings(a)
		if err != nil {
			f.err = err.Error()
			return
		}
		if len(p.Relays) == 0 {
			p.Relays = relay.DefaultRelays
		}
		ctx.Host.Set("friend.settings", p.Text())
		f.err = ""
		f.link.close()
		f.link.set = netSettings{p}
		f.link.pair()
		if f.what == "link" {
			f.setURL(f.link.linkURL(""))
		}
	case "answer":
		if err := f.link.takeAnswer(a); err != nil {
			f.err = err.Error()
			return
		}
		f.err = ""
		f.note = lang.T("Connecting…")
	}
}

func (f *Friend) button(ctx *Ctx, id string) {
	switch id {
	case "copy":
		if !copyText(f.url) {
			ctx.Host.ShowText(lang.T("Link for your friend"), f.url, "")
		} else {
			f.note = lang.T("Copied.")
		}
	case "share":
		if !shareURL(lang.T("Play with me"), f.url) {
			ctx.Host.ShowText(lang.T("Link for your friend"), f.url, "")
		}
	case "nolink":
		if f.offerCh != nil {
			return
		}
		// Gathering the offer's candidates waits on the browser: not in this tick.
		ch := make(chan offerResult, 1)
		f.offerCh = ch
		f.note = lang.T("Making the offer…")
		go func() {
			u, err := f.link.offerLink()
			ch <- offerResult{u, err}
			wake.Up()
		}()
	case "paste":
		f.ask, f.okLbl = "answer", askButton(lang.T("Connect"))
		ctx.Host.AskText(lang.T("Paste your friend's answer code"), "", lang.T("Connect"))
		setAskPlaceholder(lang.T("The answer code your friend's page shows"))
	case "settings":
		f.ask, f.okLbl = "settings", askButton(lang.T("Save"))
		ctx.Host.AskText(lang.T("Relays (wss://…) and STUN/TURN servers (turn:host:port user password), one a line"), f.link.set.Text(), lang.T("Save"))
	case "back":
		f.back(ctx)
	}
}

func (f *Friend) layout() {
	e := f.env
	if e.Width == 0 {
		return
	}
	sc := e.Scale
	w := math.Min(e.Width-16*sc, 640*sc)
	x0 := math.Round((e.Width - w) / 2)
	text := clamp(0.034*math.Min(e.Width, e.Height), 13*sc, 19*sc)
	bh := math.Round(clamp(2.3*text, 34*sc, 46*sc))
	gap := math.Round(0.18 * bh)
	y := math.Max(8*sc, 0.02*e.Height)
	f.lay.size = text
	f.lay.title = layout.Rect{X: x0, Y: y, W: w, H: 2 * text}
	y += 2.4 * text
	f.lay.text = layout.Rect{X: x0, Y: y, W: w, H: 5.5 * text}
	y += 5.5 * text
	// The QR code takes what is left above the buttons, square.
	rows := 2.0
	avail := e.Height - y - rows*(bh+gap) - 2*gap
	q := math.Max(0, math.Min(w, math.Min(avail, 420*sc)))
	f.lay.qr = layout.Rect{X: x0 + (w-q)/2, Y: y, W: q, H: q}
	y += q + gap
	var ids []button
	switch f.what {
	case "link":
		ids = []button{{id: "copy", label: lang.T("Copy link")}, {id: "share", label: lang.T("Share…")}, {id: "nolink", label: lang.T("No relay?")}}
	case "offer":
		ids = []button{{id: "copy", label: lang.T("Copy link")}, {id: "share", label: lang.T("Share…")}, {id: "paste", label: lang.T("Paste answer"), primary: true}}
	case "answer":
		ids = []button{{id: "copy", label: lang.T("Copy code")}, {id: "share", label: lang.T("Share…")}}
	}
	ids = append(ids, button{id: "settings", label: lang.T("Relays…")}, button{id: "back", label: lang.T("Back")})
	f.buttons = f.buttons[:0]
	cols := 3
	cw := (w + gap) / float64(cols)
	for i, b := range ids {
		r, c := i/cols, i%cols
		b.r = layout.Rect{X: x0 + float64(c)*cw, Y: y + float64(r)*(bh+gap), W: cw - gap, H: bh}
		b.enabled = f.url != "" || (b.id != "copy" && b.id != "share")
		f.buttons = append(f.buttons, b)
	}
}

// Draw implements Scene.
func (f *Friend) Draw(screen *ebiten.Image) {
	if f.env.Width == 0 {
		return
	}
	tx, ty := f.lay.title.Center()
	title := lang.T("Play a friend")
	if f.what == "join" || f.what == "answer" {
		title = lang.T("Joining your friend's game")
	}
	drawText(screen, title, f.fs.get(true, f.lay.title.H*0.6), tx, ty, colTitle)
	sf := f.fs.get(false, 0.85*f.lay.size)
	y := f.lay.text.Y + 0.6*f.lay.size
	for _, line := range f.lines() {
		ls := wrap(line.s, sf, f.lay.text.W)
		if line.code {
			ls = wrapChars(line.s, sf, f.lay.text.W)
		}
		for _, l := range ls {
			drawLeft(screen, l, sf, f.lay.text.X, y, line.c)
			y += 1.25 * 0.85 * f.lay.size
		}
	}
	if f.qr != nil && f.lay.qr.W > 0 && f.what != "join" {
		f.drawQR(screen)
	}
	drawButtons(screen, f.buttons, f.fs.get(false, f.lay.size))
}

type textLine struct {
	s    string
	c    color.Color
	code bool // a link or code: broken anywhere, it has no spaces
}

// wrapChars breaks s into lines no wider than width, between any two characters.
func wrapChars(s string, f textFace, width float64) []string {
	var out []string
	for s != "" {
		n := len(s)
		for n > 1 {
			if w, _ := measure(s[:n], f); w <= width {
				break
			}
			n--
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

func (f *Friend) lines() []textLine {
	var ls []textLine
	c, n := f.link.relayStatus()
	relays := lang.F("Relays: %d of %d connected", c, n)
	switch f.what {
	case "link":
		v, _ := game.Lookup(f.link.rec.Variant, f.link.rec.Options...)
		name := f.link.rec.Variant
		if v != nil {
			name = v.Title
		}
		ls = append(ls, textLine{lang.F("Send this link to your friend (%s; colours by a fair coin flip both devices take part in). The game starts when they open it.", name), colTitle, false})
		// Green only when the friend can reach us: some relay is connected.
		wc := colGood
		if c == 0 {
			wc = colError
		}
		ls = append(ls, textLine{lang.T("Waiting for your friend…") + " · " + relays, wc, false})
		if f.note != "" {
			ls = append(ls, textLine{f.note, colTitle, false})
		}
	case "offer":
		ls = append(ls, textLine{f.note, colTitle, false})
	case "answer":
		ls = append(ls, textLine{f.note, colTitle, false})
	case "join":
		ls = append(ls, textLine{lang.T("Connecting to your friend…") + " · " + relays, colGood, false})
		if f.note != "" {
			ls = append(ls, textLine{f.note, colTitle, false})
		}
	}
	if f.url != "" && f.what != "join" {
		u := f.url
		if len(u) > 160 {
			u = u[:157] + "…"
		}
		ls = append(ls, textLine{u, colSub, true})
	}
	if f.err != "" {
		ls = append(ls, textLine{"! " + f.err, colError, false}) // no ⚠ in the Go fonts
	}
	return ls
}

func (f *Friend) drawQR(dst *ebiten.Image) {
	if f.qrImg == nil {
		n := f.qr.Size + 8 // a quiet zone of four modules each side
		img := ebiten.NewImage(n, n)
		img.Fill(color.White)
		pix := make([]byte, 4*n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				v := byte(255)
				if f.qr.Black(x-4, y-4) {
					v = 0
				}
				i := 4 * (y*n + x)
				pix[i], pix[i+1], pix[i+2], pix[i+3] = v, v, v, 255
			}
		}
		img.WritePixels(pix)
		f.qrImg = img
	}
	n := float64(f.qrImg.Bounds().Dx())
	s := math.Floor(f.lay.qr.W / n) // whole pixels per module: crisp to a camera
	if s < 1 {
		s = f.lay.qr.W / n
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(s, s)
	op.GeoM.Translate(math.Round(f.lay.qr.X+(f.lay.qr.W-s*n)/2), math.Round(f.lay.qr.Y))
	dst.DrawImage(f.qrImg, &op)
}

// Status implements Scene.
func (f *Friend) Status() Status {
	st := Status{Scene: "friend", Variant: f.link.rec.Variant, Title: lang.T("Play a friend"), Error: f.err,
		Buttons: buttonStatus(f.buttons, f.env.Scale)}
	c, n := f.link.relayStatus()
	st.Net = &NetStatus{Role: map[bool]string{true: "host", false: "guest"}[f.link.host], Link: f.url,
		State: f.what, Relays: c, RelaysTotal: n}
	return st
}
