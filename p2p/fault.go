package p2p

import (
	"errors"
	"fmt"
)

// FaultKind classifies what went wrong with the other side. Every fault stops the match
// before the offending message touches the game: the honest side's game stays as it was.
type FaultKind uint8

const (
	FaultGarbled   FaultKind = iota + 1 // a frame that cannot be read, or is too large
	FaultVersion                        // the peer speaks another protocol version
	FaultHandshake                      // the peer wants another game, or broke the opening
	FaultSequence                       // a replayed, lost or reordered message
	FaultHash                           // a message names a game state we never had
	FaultCommit                         // an opened value does not match its commitment
	FaultIllegal                        // an action the rules or the protocol do not allow now
	FaultDesync                         // both logs were supposed to agree and do not
	FaultTransport                      // the connection failed outside the protocol
)

var faultNames = [...]string{"", "garbled message", "protocol version", "handshake",
	"message order", "game state", "broken commitment", "illegal action", "games differ",
	"connection"}

func (k FaultKind) String() string {
	if int(k) < len(faultNames) && k != 0 {
		return faultNames[k]
	}
	return fmt.Sprintf("fault %d", uint8(k))
}

// Cheat reports whether a fault of this kind can only come from a peer that deviates
// from the protocol on purpose (or a broken program), not from the network.
func (k FaultKind) Cheat() bool {
	return k == FaultHash || k == FaultCommit || k == FaultIllegal || k == FaultDesync
}

// Fault is a detected failure of the other side, in plain words.
type Fault struct {
	Kind   FaultKind
	Msg    MsgType // the message that showed it (0 if none)
	Seq    uint64  // its sequence number
	Detail string
	Err    error // the underlying error, if any (a DecodeError, a rules error)
}

func (f *Fault) Error() string {
	s := "opponent: " + f.Kind.String()
	if f.Msg != 0 {
		s += fmt.Sprintf(" in their %v message", f.Msg)
		if f.Seq != 0 {
			s += fmt.Sprintf(" (no. %d)", f.Seq)
		}
	}
	s += ": " + f.Detail
	if f.Err != nil {
		s += ": " + f.Err.Error()
	}
	return s
}

func (f *Fault) Unwrap() error { return f.Err }

// AsFault returns the Fault inside err, if any.
func AsFault(err error) (*Fault, bool) {
	var f *Fault
	ok := errors.As(err, &f)
	return f, ok
}

// Errors of local calls (what this side asked for cannot be done now).
var (
	ErrNotYourTurn = errors.New("it is not your turn")
	ErrNotPlaying  = errors.New("no game is in progress")
	ErrStopped     = errors.New("the match has stopped")
	ErrPending     = errors.New("waiting for the opponent's answer")
	ErrSealed      = errors.New("your move is already sealed")
	ErrNoOffer     = errors.New("there is no such offer to answer")
)
