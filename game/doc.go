// Package game holds the rules of the games: board, pieces, moves, the games' state
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
//
// # Files
//
// Every game keeps its code in files of the same names, one role each (G is the game):
//
//	G.go           the Variant: pieces, start, rule fields, options, Traits; Register
//	G_rules.go     the state machine: Next, Apply, Outcome, Hash, View, Clone
//	G_moves.go     move generation (Moves)
//	G_text.go      position text, written (Text) and read (the Load function)
//	G_notation.go  move notation: MoveText, ParseMove
//	G_undo.go      Play and Undo in place for the search (Undoer), where the game has them
//
// and files of its own for what only it has. The games:
//
//   - chess and forced capture are the shared core that the other games build on:
//     chess.go (the two variants and chessRules), movegen.go, fen.go, san.go; the
//     search plays them on Position directly (position.go's Make and Unmake).
//   - crown: crown.go, crown_rules.go, crown_moves.go, crown_text.go (and
//     crown_text_parse.go, its reader), crown_notation.go; crown_reveal.go (reveals),
//     crown_seal.go (its secrets as commit-reveal cells: Sealer), crown_validate.go,
//     crown_info.go and crown_play.go (the typed API the screens and the AI use:
//     CrownSide, CrownGuess, CrownWorld, CrownPlay). No undo: the search copies.
//   - pillar: pillar.go, pillar_rules.go, pillar_moves.go, pillar_text.go,
//     pillar_notation.go, pillar_undo.go; pillar_stack.go (towers), pillar_perft.go.
//   - probabilistic: probabilistic.go, probabilistic_rules.go, probabilistic_moves.go,
//     probabilistic_text.go, probabilistic_notation.go, probabilistic_undo.go;
//     probabilistic_turn.go (a turn's attempts and their ends).
//   - simultaneous: simultaneous.go, simultaneous_rules.go, simultaneous_moves.go,
//     simultaneous_text.go, simultaneous_notation.go; simultaneous_resolve.go (a turn's
//     resolution). No undo.
//
// Shared by all: variant.go (Variant, Traits, the Rules and Undoer interfaces, the
// registry), step.go (steps, inputs, Secrets), known.go (Sealer, Game.Known), front.go
// (Game), pgn.go, perft.go and perft_rules.go, playout.go (Playout, the one random-game
// driver), and the board's files (position.go, bitboard.go, magics.go, zobrist.go, …).
//
// # A new game
//
//  1. Write its Variant: copy StandardVariant, change the fields that differ, set the
//     Traits that hold (secrets, capture attempts, a die each turn, joint turns) and,
//     if its rules are not chess's fields, a Load building its Rules (Secrets if it
//     keeps secrets, Sealer if its moves fix them, Undoer if it is to be searched fast).
//     Register it from an init function. One file is enough (game/gametest/hill.go is
//     a whole game); a game of some size takes the file template above.
//  2. Nothing else has to change. The AI, its levels, the match protocol and the
//     screens ask the Variant's Traits, never a game's name: a game with none is
//     searched as chess is through its Rules, with the Chess level tune (the stated
//     default). The property suite of game/gametest (every registered game) and
//     Playout test it at once.
//  3. What it may add, each optional: the rules with diagrams for the help screen
//     (scenes/rulestext; without them the help shows its title, Help and start
//     position), its texts in the other languages (internal/lang's catalogue test asks
//     for every registered game's), perft and golden tests, a level tune of its own
//     (a Tune field in game/ai's Level and a line in Level.For).
//  4. Limits: the AI's search over secrets reads Crown's typed state (CrownSide,
//     CrownWorld), and its matrix-game search of joint turns replays SimulRules; a new
//     game with either trait needs those searches taught its state as well.
package game
