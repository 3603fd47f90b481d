package game

// StepKind is what a game needs next. See the package doc for the model.
type StepKind uint8

const (
	StepMove   StepKind = iota // one player, or both at once, must choose an action
	StepDraw                   // a shared random draw is needed
	StepReveal                 // a player's secret must be revealed
	StepOver                   // the game has ended
)

func (k StepKind) String() string {
	return [...]string{"move", "draw", "reveal", "over"}[k]
}

// DrawKind names a shared random draw.
type DrawKind uint8

const (
	NoDraw      DrawKind = iota
	DrawCapture          // probabilistic chess: each side picks 0–9, X = (a+b) mod 10
	DrawDie              // pillar chess: one face of the chess die
)

// SecretKind names a piece of hidden information.
type SecretKind uint8

const (
	NoSecret     SecretKind = iota
	SecretCrown             // which monarch carries the crown
	SecretMine              // whether a stone is mined
	SecretSquare            // the hidden crown square
	SecretHalf              // which split half is crowned
)

// Step is the current decision point of a game.
type Step struct {
	Kind StepKind
	// Players asked to move: one bit per colour (both bits in simultaneous chess).
	Players uint8
	// Draw is the random draw needed, with Range values per contribution (10 for 0–9).
	Draw  DrawKind
	Range int
	// Owner's secret of kind Secret must be revealed; Square locates it (a captured
	// monarch's or stone's square), when it has one.
	Owner  Color
	Secret SecretKind
	Square Square
}

// Asks reports whether player c must choose an action now.
func (s Step) Asks(c Color) bool { return s.Kind == StepMove && s.Players>>c&1 != 0 }

// OnlyPlayer is the single player asked to move (White if both are).
func (s Step) OnlyPlayer() Color {
	if s.Players == 1<<Black {
		return Black
	}
	return White
}

// MoveStep asks player c alone.
func MoveStep(c Color) Step { return Step{Kind: StepMove, Players: 1 << c} }

// InputKind says which step an Input answers, or which decision outside the rules it is.
type InputKind uint8

const (
	InputMove   InputKind = iota // an action at a Move step
	InputDraw                    // the values of a shared random draw
	InputReveal                  // a revealed secret
	InputResign                  // Player resigns
	InputClaim                   // Player claims a draw the rules allow (50 moves, repetition)
	InputAgree                   // both players agreed a draw
	InputFlag                    // Player's time ran out (FlagOutcome says what that means)
)

// Input is one entry of the ply log: replaying the log from the start position reproduces
// the game exactly.
type Input struct {
	Kind   InputKind
	Player Color
	Move   Move
	Values [2]uint8 // InputDraw: each side's contribution (a die roll uses Values[0])
	Secret uint64   // InputReveal: the secret's value, meaning set by the game
}

// Record is what an applied input did, for the move list.
type Record struct {
	Text string // notation: "Nxe5", "exd5 (missed)", "0-0 (D)"
	// PGN is the move as one PGN token when Text is not one (it has spaces or brackets:
	// "0-0D" for "0-0 (D)"); "" means Text. ParseMove must read it back.
	PGN    string
	Events []Event
	// Chance is what a random draw decided, for a move list that draws it rather than
	// spells it; nil for every other input.
	Chance *Chance
}

// Chance is a draw's result as data: the die face rolled (pillar chess), or a capture
// attempt's result (probabilistic chess), with the values drawn.
type Chance struct {
	Die    bool      // a die roll; Face is the face (NoType: skip)
	Face   PieceType // the rolled face's piece type
	Result AttemptResult
	Values [2]uint8 // each side's contribution (a die uses Values[0])
	X      uint8    // a capture attempt's decisive value, the sum's last digit
}

// Event is something a person should be told about: a check, a reveal, a collision.
type Event struct {
	Kind EventKind
	Text string
}

// EventKind classifies an Event.
type EventKind uint8

const (
	EventCheck EventKind = iota
	EventGardez
	EventReveal
	EventCapture
	EventInfo
)

// Result is who won, if anyone.
type Result uint8

const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Drawn
)

// String is the PGN result: "1-0", "0-1", "1/2-1/2", "*".
func (r Result) String() string { return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[r] }

// WinFor is the result in which c wins.
func WinFor(c Color) Result { return WhiteWins + Result(c) }

// Outcome is the result and why.
type Outcome struct {
	Result Result
	Reason string // "checkmate", "king captured", "threefold repetition", …
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != Ongoing }

// Secrets is implemented by games with hidden information. Secret answers a Reveal step
// when this copy of the state knows the value: the referee's copy (offline play) knows
// every secret, a player's View only that player's own.
type Secrets interface {
	Secret(s Step) (uint64, bool)
}
