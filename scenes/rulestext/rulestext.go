// Package rulestext holds each game's rules for the help screen: headings, paragraphs and
// diagrams (a position with marked squares and arrows). It is plain data, so a native test
// checks that every diagram's position loads in its game.
package rulestext

// Item is a heading, a paragraph or a diagram.
type Item struct {
	Head    bool
	Text    string
	Diagram *Diagram
}

// Diagram is a position of the game ("" for its start) with marks: squares tinted and
// arrows from → to, and a caption.
type Diagram struct {
	Pos     string
	Options []string // the variant's options ("board=8x8")
	Marks   []string
	Arrows  [][2]string
	Caption string
}

func h(s string) Item   { return Item{Head: true, Text: s} }
func p(s string) Item   { return Item{Text: s} }
func d(dg Diagram) Item { return Item{Diagram: &dg} }

// onThisPage is said after every game's rules.
var onThisPage = []Item{
	h("On this page"),
	p("Move by dragging a piece, or by tapping it and then its square; legal squares are marked. On a keyboard type a move (e2e4, Nf3) and Enter. Takeback undoes your last move (and the AI's answer). Offer draw asks the opponent; it becomes Claim draw when the rules allow a claim. Export PGN copies or downloads the game; Load reads a PGN or a position."),
}

// Games are the rules by game name.
var Games = map[string][]Item{
	"chess": append([]Item{
		h("Chess"),
		p("The standard game. Each side moves in turn; checkmate wins. Stalemate, the 50-move rule (claimable; automatic at 75), threefold repetition (claimable; automatic at fivefold) and insufficient material draw."),
		d(Diagram{Marks: []string{"e2", "e4"}, Arrows: [][2]string{{"e2", "e4"}, {"g1", "f3"}}, Caption: "1. e4 or 1. Nf3: drag the piece, or tap it and then its square."}),
	}, onThisPage...),

	"forced": append([]Item{
		h("Forced-capture chess"),
		p("Modern chess after El Juego Forzado (Alfonso X, 1283). The start position, the moves, en passant and promotion are those of chess."),
		p("Capturing is compulsory: if you can capture anything (en passant and the king included), you must capture; among several captures you choose freely."),
		d(Diagram{Pos: "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", Marks: []string{"e4", "d5"}, Arrows: [][2]string{{"e4", "d5"}},
			Caption: "After 1. e4 d5 White must take: exd5 is the only legal move."}),
		p("There is no check and no mate: the king is an ordinary piece and may stand on attacked squares. You win by capturing the enemy king; the game ends at once."),
		d(Diagram{Pos: "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", Marks: []string{"e1", "e2"}, Arrows: [][2]string{{"e1", "e2"}},
			Caption: "The king is attacked, but it is not check: White must capture the queen, since a capture is available."}),
		p("Castling needs an unmoved king and rook, empty squares between, and no capture available; attacked squares do not matter. A side with no legal move draws; 50 moves without capture or pawn move and threefold repetition may be claimed, 75 moves and fivefold repetition draw at once."),
	}, onThisPage...),

	"probabilistic": append([]Item{
		h("Probabilistic chess"),
		p("Chess in which every capture is only an attempt. The goal is to capture the enemy king; there is no check, and the king may stand on attacked squares."),
		p("An attempt has three outcomes: success (the target is removed and the attacker lands), miss (nothing moves, the turn is spent), or the attacker dies (it is removed, the target stays). Each side contributes a number 0–9; X is the last digit of their sum. With the base table a piece succeeds on X 0–5 (60%), misses on 6–7 (20%) and dies on 8–9 (20%); the king succeeds on 0–7, misses on 8 and dies on 9."),
		d(Diagram{Pos: "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", Marks: []string{"e4", "d5"}, Arrows: [][2]string{{"e4", "d5"}},
			Caption: "exd5 is an attempt: when you select the pawn, its square shows the odds 60·20·20 (success, miss, dies)."}),
		p("The screen shows both numbers and X after each attempt. In the setup you may pick your own number instead of having it drawn."),
		p("Immediate strike: if your move (not a plain king move) leaves the enemy king in classical checkmate, you may at once make one capture attempt on the king with a piece giving check, or decline."),
		p("Defence: when your king is attacked at the start of your turn, you may instead declare one or two capture attempts by different pieces against the king's attackers; they resolve in order."),
		p("Draws: the 50-move rule, threefold repetition, no legal move."),
	}, onThisPage...),

	"crown": append([]Item{
		h("Crown"),
		p("Chess with one hidden fact per player. The piece on d1/d8 is the Queen (Dame) and steps like a king. The modern long-range queen is the Ferz, drawn as an eight-pointed star; it exists only by promotion."),
		p("Before move 1 each player secretly chooses which monarch, King or Dame, carries the crown. Capture the crowned monarch to win. When a King or Dame is captured its secret is revealed: crowned, the capturer wins; not crowned, play goes on and the other monarch is known to be crowned."),
		d(Diagram{Marks: []string{"d1", "e1", "d8", "e8"}, Caption: "The monarchs: the Dame on d1/d8 and the King on e1/e8. One of each side's pair carries the crown."}),
		p("There is no check; a player with no legal move loses. Either monarch may castle with a rook on its side: King e1 + Rh1 → Kg1, Rf1 (0-0 (K)); Dame d1 + Ra1 → Db1, Rc1 (0-0 (D)). A pawn promotes to Ferz, rook, bishop, knight, or an uncrowned King or Dame."),
		d(Diagram{Marks: []string{"d1", "b1", "a1", "c1"}, Arrows: [][2]string{{"d1", "b1"}, {"a1", "c1"}}, Caption: "The Dame's castling once b1 and c1 are empty."}),
		h("Sub-variants"),
		p("Stones (Crown-2): after losing the uncrowned monarch a player may place one of three stones on any empty square as a move; exactly one is secretly mined. An enemy piece capturing a mined stone is removed with it."),
		p("Hidden crown (Crown-3): after losing the uncrowned monarch a player may hide the crown on an empty square. An enemy piece ending a move there wins; your own piece ending there loses (the page asks first). The board shows the opponent's battleship map: squares proven empty are shaded, candidates marked with ?."),
		p("Split monarch (Crown-4): after losing the uncrowned monarch the remaining one may split into two halves, one stepping orthogonally, one diagonally; which half keeps the crown is secret."),
		p("Paratrooper (option): one extra piece in reserve, dropped on any empty square as a move; it moves two king steps, may capture on the first step or jump one piece, and can capture twice."),
		p("Playing two on one device, a hand-over screen hides each player's secrets from the other."),
	}, onThisPage...),

	"pillar": append([]Item{
		h("Pillar chess"),
		p("Chess with a die and towers, on 6×6 (K, Q, 2 R, 2 N, 6 pawns) or 8×8. At the start of a turn the die is rolled; you may move the rolled type or any type below it, in the order King > Queen > Rook > Bishop > Knight > pawn. A skip face passes the turn, as does a roll that allows no legal move."),
		d(Diagram{Marks: []string{"a1", "b1", "e1", "f1"}, Caption: "The 6×6 start. A rolled rook allows a rook, knight or pawn move."}),
		p("Captured pieces are not removed: they stay under the captor, and the stack moves as its top piece. A piece may also move onto its own pieces and sit on top. You may move just the top part of a tower (the top piece and any number under it): the page asks how many. The colour of the top piece owns a stack; hover or long-press a tower to see inside it."),
		p("Nothing may move onto the square of its own king; the king may climb onto its own pieces only where it is not attacked. A pawn-topped part arriving on the last rank promotes and the whole stack leaves the game."),
		p("Forced turns, without a roll: in check you must end the check; with your queen attacked (gardez) you must save it if you can; if only the king can move, it moves. The goal is checkmate. A player controlling only the king while the opponent controls the king and two more stacks loses at once. Stalemate is the only draw."),
	}, onThisPage...),

	"simultaneous": append([]Item{
		h("Simultaneous chess"),
		p("Both players choose a move at the same time; moves are sealed, then revealed and resolved together. Each turn you submit one move or a pass; two turns in a row in which both passed draw."),
		p("A piece may not move in two consecutive turns of its player. Legality is judged on the position at the start of the turn. A king may not move to a square attacked by an enemy piece (the enemy king's reach does not count). Pawns move and capture one step straight or diagonally forward (two from the start rank); there is no en passant. A pawn promotes only to a piece the opponent has captured from you."),
		d(Diagram{Pos: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - 0", Marks: []string{"e4", "e5"}, Arrows: [][2]string{{"e2", "e4"}, {"e7", "e5"}},
			Caption: "Both choose, then both moves happen at once."}),
		p("Resolution: if both pieces land on one empty square, the piece whose colour matches the square survives and the other is captured; if they swap squares, nothing is captured; a piece landing on a square its enemy just left captures nothing; a piece landing on an enemy piece that did not move captures it. The screen shows both moves sliding and a line explaining what happened."),
		p("Capture the enemy king to win; both kings captured in the same turn is a draw."),
	}, onThisPage...),
}
