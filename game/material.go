package game

import "errors"

// The flag: a player whose time runs out loses, unless the other side could not win by
// any legal sequence of moves, which draws (FIDE 6.9, lichess's "insufficient material"
// on time). Clocks are not the rules' business: the match drivers keep them and, when one
// falls, apply an InputFlag for its player; the rules only judge what the flag means,
// through the Winnable capability each game implements beside its rules.

// Winnable is implemented by rules that can tell whether a side could still win.
type Winnable interface {
	// CanWin reports whether side c could still win by some legal sequence of moves,
	// however unlikely (the opponent's help allowed). False only when it never could.
	CanWin(c Color) bool
}

// FlagOutcome is the result when flagged's time runs out in r: a loss, or a draw when
// the other side cannot win (rules that are not Winnable always lose on time).
func FlagOutcome(r Rules, flagged Color) Outcome {
	w := flagged.Other()
	if wr, ok := r.(Winnable); ok && !wr.CanWin(w) {
		return Outcome{Drawn, flagged.String() + " ran out of time; " + w.String() + " cannot win"}
	}
	return Outcome{WinFor(w), flagged.String() + " ran out of time"}
}

// flagInput checks an InputFlag's player; the rules then end the game on FlagOutcome.
func flagInput(r Rules, in Input) (Outcome, error) {
	if in.Player > Black {
		return Outcome{}, errNoPlayer
	}
	return FlagOutcome(r, in.Player), nil
}

var errNoPlayer = errors.New("no such player")

// chessCanWin is standard chess's test of mating material, as lichess applies it on time:
// a lone king never mates; a king and one knight mate only with the help of an enemy
// rook, bishop, knight or pawn; kings and bishops on one colour of square only with an
// enemy knight, pawn or bishop on the other colour.
func chessCanWin(p *Position, c Color) bool {
	own := p.byColor[c] &^ p.byType[King]
	if own&(p.byType[Pawn]|p.byType[Rook]|p.byType[Queen]) != 0 {
		return true
	}
	if own == 0 {
		return false
	}
	them := p.byColor[c.Other()] &^ p.byType[King]
	knights, bishops := own&p.byType[Knight], own&p.byType[Bishop]
	if knights != 0 {
		if own.Count() > 1 {
			return true // a knight with another minor piece can mate
		}
		return them&^p.byType[Queen] != 0 // a lone knight mates against anything a queen is not
	}
	const light = Bitboard(0x55AA55AA55AA55AA)
	onLight := bishops&light != 0
	if bishops&light != 0 && bishops&^light != 0 {
		return true // bishops of both colours
	}
	if them&(p.byType[Knight]|p.byType[Pawn]) != 0 {
		return true
	}
	theirBishops := them & p.byType[Bishop]
	if onLight {
		return theirBishops&^light != 0
	}
	return theirBishops&light != 0
}

// loneKingHarmless reports whether c has nothing but a lone king (no other piece on the
// board, in a tower or in reserve is the caller's to check) that attacks no enemy piece:
// in the variants that count as unable to win (RULES.md, the flag).
func loneKingHarmless(p *Position, c Color) bool {
	own := p.byColor[c]
	if own.Count() != 1 || own&(p.byType[King]|p.byType[Dame]) == 0 {
		return false
	}
	return kingAtt[own.First()]&p.byColor[c.Other()] == 0
}
