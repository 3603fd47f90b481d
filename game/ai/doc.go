// Package ai plays the five games. Search takes what one player may see (a view: the
// opponent's secrets removed) and returns that player's action, within limits of time,
// nodes or depth, reporting progress as it deepens and stopping when its context ends.
//
// One engine per kind of game, chosen by what the game is (its Variant's Traits), never by
// its name; a game with no trait is searched as chess is, through its Rules:
//
//   - chess and forced-capture chess: alpha-beta on the position itself (make/unmake,
//     fixed move buffers, no allocation per node) with iterative deepening, principal
//     variation search, a transposition table, killer and history ordering, null-move
//     pruning where zugzwang is rare, late-move reductions and a quiescence search that
//     respects compulsory capture;
//   - games with chance (probabilistic and pillar chess): expectimax with chance nodes
//     over the draw's values, through the Rules interface;
//   - Crown: a search over the opponent's possible secrets, weighted by a belief updated
//     from the opponent's play, never from the secret itself;
//   - simultaneous chess: each turn a matrix game over both sides' candidate moves,
//     solved for a mixed strategy that is then sampled.
//
// Levels (Levels, LevelByName) are named limits, from a beginner that makes human-like
// mistakes to the strongest, which uses its whole time budget.
package ai
