package scenes

// rulesText is each game's rules for the help screen, from shared/RULES.md, with diagrams.
var rulesText = map[string][]helpItem{
	"chess": {
		{head: true, text: "Chess"},
		{text: "The standard game. Each side moves in turn; checkmate wins. Stalemate, the 50-move rule (claimable; automatic at 75), threefold repetition (claimable; automatic at fivefold) and insufficient material draw."},
		{diagram: &diagram{marks: []string{"e2", "e4"}, arrows: [][2]string{{"e2", "e4"}, {"g1", "f3"}},
			caption: "Move by dragging a piece or by tapping it, then its square; legal squares are marked. On a keyboard type e2e4 or Nf3 and Enter."}},
		{head: true, text: "On this page"},
		{text: "Takeback undoes your last move (and the AI's answer). Offer draw asks the opponent; it turns into Claim draw when the rules allow a claim. Export PGN copies or downloads the game; Load reads a PGN or a position (FEN)."},
	},
	"forced": {
		{head: true, text: "Forced-capture chess"},
		{text: "Modern chess after El Juego Forzado (Alfonso X, 1283). The start position, the moves, en passant and promotion are those of chess."},
		{text: "Capturing is compulsory: if you can capture anything (en passant and the king included), you must capture; among several captures you choose freely."},
		{diagram: &diagram{pos: "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", marks: []string{"e4", "d5"}, arrows: [][2]string{{"e4", "d5"}},
			caption: "After 1. e4 d5 White must take: exd5 is the only legal move."}},
		{text: "There is no check and no mate: the king is an ordinary piece and may stand on attacked squares. You win by capturing the enemy king; the game ends at once."},
		{diagram: &diagram{pos: "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", marks: []string{"e1", "e2"}, arrows: [][2]string{{"e1", "e2"}},
			caption: "The king is attacked but it is not check: here White must capture the queen (Kxe2), since a capture is available."}},
		{text: "Castling needs an unmoved king and rook, empty squares between, and no capture available; attacked squares do not matter. A side with no legal move draws (stalemate); 50 moves without capture or pawn move and threefold repetition may be claimed, 75 moves and fivefold repetition draw at once."},
	},
}
