// Package game holds the rules of the five games: board, pieces, moves, the games' state
// machines, notation, position text and hashing. It imports no graphics, network or
// browser package, so it builds and tests natively and under WebAssembly alike.
//
// # One model for five games
//
// Every game is a state machine (Rules) whose next step (Next) is one of:
//
//   - StepMove: one player, or both at once, must choose an action (Moves lists them);
//   - StepDraw: a shared random draw is needed (a capture outcome, a die face);
//   - StepReveal: a secret must be revealed (a captured monarch's crown bit, a stone's
//     mine bit, whether a piece ended on a hidden crown square);
//   - StepOver: the game has ended (Outcome says how).
//
// The caller answers each step with an Input (Apply). The engine never draws a random
// number and never invents a secret: offline callers draw from crypto/rand and hold both
// players' secrets; between peers the values come from commit-reveal. The sequence of
// inputs is the ply log: replaying it from the start position reproduces the game and its
// Hash exactly, which is what PGN import, takeback and peer resynchronisation use.
//
// How the games fit:
//
//   - chess and forced-capture chess: Move steps of one player (chessRules, this file's
//     neighbours chess.go and movegen.go); a Variant's fields (Check, KingCapture,
//     MustCapture, castlings, promotions, draw rules) are all that differ.
//   - probabilistic chess: a capture is a Move followed by a Draw of two numbers 0–9; the
//     immediate strike and the two-attempt defence are Move kinds (Strike, Decline,
//     Defence).
//   - Crown: the crown choice is a Move of kind Choose whose value is kept secret; View(p)
//     hides the opponent's unrevealed secrets; a capture of a monarch, of a stone, or a
//     piece ending on a hidden square asks a Reveal before the game goes on.
//   - pillar chess: each turn begins with a Draw of the die unless the rules force the
//     turn; stacks live in Position.Under beneath the top pieces the board holds.
//   - simultaneous chess: a Move step asks both players; each sealed choice is an Input of
//     its own and the turn resolves when both are in.
//
// A game is a Variant (data: board size, piece movements, start, rule fields, options)
// plus, where its rules really differ, a Load function building its own Rules. The move
// generator reads the Variant's precomputed tables and never switches on a game's name.
//
// Squares use 8×8 geometry on every board (a1 = 0); a smaller board is the lower-left
// corner and its Variant masks the rest, so one set of attack tables serves all sizes.
package game
