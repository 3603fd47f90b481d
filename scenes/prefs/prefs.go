// Package prefs is what the app remembers between visits through a store (localStorage
// in the page, memory natively and in tests): the settings, and the unfinished game
// against the AI, saved after every change and brought back on the next visit. What is
// stored may be damaged or written by someone else: a record that does not read is
// dropped, and the person is told so once (Notice). Plain Go, tested natively.
package prefs

import (
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/quintet-chess/quintet/game"
	"github.com/quintet-chess/quintet/game/ai"
	"github.com/quintet-chess/quintet/game/clock"
	"github.com/quintet-chess/quintet/internal/lang"
	"github.com/quintet-chess/quintet/internal/saved"
	"github.com/quintet-chess/quintet/p2p"
	"github.com/quintet-chess/quintet/scenes/match"
)

// Store keeps small texts by key; Set with "" removes the key.
type Store interface {
	Get(key string) string
	Set(key, value string)
}

// Prefs are the remembered settings and game.
type Prefs struct {
	host   Store
	s      saved.Settings
	notice []string // English; translated where shown
	still  bool     // the device asks for less motion (ReduceMotion)
	kept   struct {
		m   *match.Match
		key [3]uint64
	}
	// The archive's last game came from archived (re-archived, not added again, if a
	// takeback reopens it and it ends anew); opened is a game opened from the archive,
	// which is neither kept nor archived again.
	archived, opened *match.Match
	archivedN        int // len(archive) after archived's record was added
	now              func() time.Time
}

// The store's keys of the two records (the page prefixes "quintet.").
const (
	KeySettings = "settings"
	KeyGame     = "game"
	KeyArchive  = "archive"
)

// Load reads the settings from h (nil: kept in memory only) and sets the language: the one
// chosen before, else the first of the browser's languages (navigator.languages) that the
// page speaks, else English.
func Load(h Store, browser []string) *Prefs {
	if h == nil {
		h = NewMemory()
	}
	p := &Prefs{host: h, s: saved.Settings{V: saved.SettingsVersion}, now: time.Now}
	if text := h.Get(KeySettings); text != "" {
		s, err := saved.DecodeSettings(text, lang.Languages)
		if err != nil {
			p.notice = append(p.notice, lang.N("Your saved settings could not be read and were reset."))
			h.Set(KeySettings, "")
		} else {
			p.s = s
		}
	}
	if p.s.Lang == "" || !lang.Set(p.s.Lang) {
		lang.Set("en")
		for _, b := range browser {
			if lang.Set(b) {
				break
			}
		}
	}
	return p
}

// Notice is what to tell the person about the stored records, in English, one message a
// line ("" if none; translate each line with lang.T where shown); given once.
func (p *Prefs) Notice() string {
	n := strings.Join(p.notice, "\n")
	p.notice = nil
	return n
}

func (p *Prefs) save() { p.host.Set(KeySettings, saved.EncodeSettings(p.s)) }

// SetLang chooses and remembers the language.
func (p *Prefs) SetLang(code string) {
	if lang.Set(code) {
		p.s.Lang = lang.Current()
		p.save()
	}
}

// SoundOff reports whether sounds are off.
func (p *Prefs) SoundOff() bool { return p.s.Sound == "off" }

// SetSound remembers sounds on or off.
func (p *Prefs) SetSound(on bool) {
	p.s.Sound = "off"
	if on {
		p.s.Sound = "on"
	}
	p.save()
}

// Motion is the animation setting: "normal", "fast" or "off". Until the person chooses
// one it is "normal", or "off" on a device set to reduce motion (ReduceMotion).
func (p *Prefs) Motion() string {
	if p.s.Anim == "" {
		if p.still {
			return "off"
		}
		return "normal"
	}
	return p.s.Anim
}

// ReduceMotion tells whether the device asks for less motion (the browser's
// prefers-reduced-motion: an operating system's accessibility setting). It only changes
// the default: a setting the person chose stays theirs.
func (p *Prefs) ReduceMotion(on bool) { p.still = on }

// SetMotion remembers the animation setting.
func (p *Prefs) SetMotion(name string) {
	p.s.Anim = name
	p.save()
}

// TimeControl is the time control last chosen on the setup screen, ok false if none was.
func (p *Prefs) TimeControl() (clock.Control, bool) {
	c, err := clock.Parse(p.s.Clock)
	return c, err == nil && p.s.Clock != ""
}

// SetTimeControl remembers the time control chosen.
func (p *Prefs) SetTimeControl(c clock.Control) {
	p.s.Clock = "-"
	if c.On() {
		p.s.Clock = c.String()
	}
	p.save()
}

// Board is the board theme (saved.BoardThemes), Pieces the piece set (saved.PieceSets).
func (p *Prefs) Board() string { return orFirst(p.s.Board, saved.BoardThemes) }

// Pieces is the piece set (saved.PieceSets).
func (p *Prefs) Pieces() string { return orFirst(p.s.Pieces, saved.PieceSets) }

// SetBoard remembers the board theme; an unknown name is ignored.
func (p *Prefs) SetBoard(name string) {
	if slices.Contains(saved.BoardThemes, name) {
		p.s.Board = name
		p.save()
	}
}

// SetPieces remembers the piece set; an unknown name is ignored.
func (p *Prefs) SetPieces(name string) {
	if slices.Contains(saved.PieceSets, name) {
		p.s.Pieces = name
		p.save()
	}
}

func orFirst(s string, of []string) string {
	if s == "" {
		return of[0]
	}
	return s
}

// Flip is whether the person turned the board from its usual side.
func (p *Prefs) Flip() bool { return p.s.Flip }

// SetFlip remembers the board's orientation.
func (p *Prefs) SetFlip(f bool) {
	p.s.Flip = f
	p.save()
}

// Resume is the unfinished game against the AI saved on an earlier visit, nil if there is
// none or it could not be read (then it is dropped and Notice says so).
func (p *Prefs) Resume(opp match.Opponent) *match.Match {
	text := p.host.Get(KeyGame)
	if text == "" {
		return nil
	}
	s, g, err := saved.DecodeGame(text, levelNames())
	if err != nil {
		p.notice = append(p.notice, lang.N("Your saved game could not be read and was discarded."))
		p.host.Set(KeyGame, "")
		return nil
	}
	human := s.HumanColor()
	var seats [2]match.Seat
	seats[human] = match.Seat{Human: true}
	seats[human.Other()] = match.Seat{Level: s.Level}
	cfg := match.Config{Variant: s.Variant, Options: s.Options, Seats: seats, Pick: s.Pick}
	cfg.Clock, _ = clock.Parse(s.Clock) // checked by DecodeGame
	m := match.Resume(cfg, g, opp)
	if len(s.Left) == 2 {
		m.SetClockLeft([2]time.Duration{time.Duration(s.Left[0]) * time.Millisecond, time.Duration(s.Left[1]) * time.Millisecond})
	}
	p.kept.m, p.kept.key = m, gameKey(m)
	return m
}

func levelNames() []string {
	var names []string
	for _, l := range ai.Levels {
		names = append(names, l.Name)
	}
	return names
}

func gameKey(m *match.Match) [3]uint64 {
	g := m.Game()
	return [3]uint64{g.Rules().Hash(), uint64(len(g.Entries())), uint64(m.NetResult().Standing)}
}

// Keep saves m when it changed, if it is a game of one person against the AI: while
// it goes on it is kept, once over it is dropped. Other games are not kept.
func (p *Prefs) Keep(m *match.Match) {
	key := gameKey(m)
	if p.kept.m == m && p.kept.key == key || m == p.opened {
		return
	}
	p.kept.m, p.kept.key = m, key
	cfg := m.Config()
	human, opponent := game.White, ""
	switch {
	case cfg.Seats[0].Remote || cfg.Seats[1].Remote:
		// A game with a friend keeps its own record while it goes on (scenes/friend.go);
		// once over it is archived, if its log replays here: to its result, or, for one
		// settled outside the moves (a claim past a deadline, a detected fault), without
		// ending, the claim's result kept with it.
		if !m.Game().Outcome().Over() {
			return
		}
		if cfg.Seats[0].Remote {
			human = game.Black
		}
		x := saved.Finished(m.Game(), optionsOf(m.Game()), human, "friend", cfg.Pick, p.now())
		x.Settled = m.NetResult().Standing == p2p.Claimed
		if _, err := x.Check(levelNames()); err == nil {
			p.archive(m, x)
		}
		return
	case cfg.Seats[0].Human && cfg.Seats[1].Human:
		opponent = "person"
	case cfg.Seats[0].Human:
		opponent = cfg.Seats[1].Level
	case cfg.Seats[1].Human:
		human, opponent = game.Black, cfg.Seats[0].Level
	default:
		return
	}
	g := m.Game()
	opts := optionsOf(g)
	if g.Outcome().Over() {
		if opponent != "person" {
			p.host.Set(KeyGame, "")
		}
		p.archive(m, saved.Finished(g, opts, human, opponent, cfg.Pick, p.now()))
		return
	}
	if opponent == "person" {
		return // two people on one device: only their finished games are kept
	}
	s := saved.FromGame(g, opts, human, opponent, cfg.Pick)
	if m.Timed() {
		s.Clock = cfg.Clock.String()
		for c := game.White; c <= game.Black; c++ {
			l, _ := m.ClockLeft(c)
			s.Left = append(s.Left, max(0, l.Milliseconds()))
		}
	}
	p.host.Set(KeyGame, saved.EncodeGame(s))
}

// optionsOf are g's option values, sorted, "key=value".
func optionsOf(g *game.Game) []string {
	var opts []string
	for k, v := range g.Variant().Options {
		opts = append(opts, k+"="+v)
	}
	sort.Strings(opts)
	return opts
}

// archive adds x, the finished game of m, to the archive (in place of m's earlier record
// when m ended before and was taken back).
func (p *Prefs) archive(m *match.Match, x saved.Archived) {
	a := p.Archive()
	if p.archived == m && p.archivedN == len(a.Games) && p.archivedN > 0 {
		a.Games = a.Games[:len(a.Games)-1]
	}
	a.Add(x)
	p.archived, p.archivedN = m, len(a.Games)
	p.host.Set(KeyArchive, saved.EncodeArchive(a))
}

// Archive is the stored archive of finished games, oldest first; a damaged one is
// dropped (Notice says so) and reads as empty.
func (p *Prefs) Archive() saved.Archive {
	text := p.host.Get(KeyArchive)
	if text == "" {
		return saved.Archive{}
	}
	a, err := saved.DecodeArchive(text, levelNames())
	if err != nil {
		p.notice = append(p.notice, lang.N("Your archive of finished games could not be read and was discarded."))
		p.host.Set(KeyArchive, "")
		return saved.Archive{}
	}
	return a
}

// Open is the finished game x of the archive as a match to review: seats as they were,
// never kept or archived again.
func (p *Prefs) Open(x saved.Archived, opp match.Opponent) (*match.Match, error) {
	g, err := x.Check(levelNames())
	if err != nil {
		return nil, err
	}
	if x.Settled {
		res := map[string]game.Result{"1-0": game.WhiteWins, "0-1": game.BlackWins, "1/2-1/2": game.Drawn}[x.Result]
		if g, err = match.Settle(g, game.Outcome{Result: res, Reason: x.Reason}); err != nil {
			return nil, err
		}
	}
	human := x.HumanColor()
	var seats [2]match.Seat
	seats[human] = match.Seat{Human: true}
	seats[human.Other()] = match.Seat{Level: x.Level, Human: x.Opponent == "person" || x.Opponent == "friend"}
	cfg := match.Config{Variant: x.Variant, Options: x.Options, Seats: seats, Pick: x.Pick}
	m := match.Resume(cfg, g, opp)
	p.opened = m
	return m, nil
}

// Drop forgets the saved game (the person left it for a new one).
func (p *Prefs) Drop() {
	p.kept.m = nil
	p.host.Set(KeyGame, "")
}

// Memory keeps the records in memory: natively, and in tests.
type Memory map[string]string

// NewMemory is an empty store.
func NewMemory() Memory { return Memory{} }

// Get implements Store.
func (h Memory) Get(k string) string { return h[k] }

// Set implements Store.
func (h Memory) Set(k, v string) {
	if v == "" {
		delete(h, k)
		return
	}
	h[k] = v
}
