package rulestext

// onTime is each game's rule for a clock that runs out (the flag), said after its own
// rules and before onThisPage.
var onTime = map[string]Item{
	"chess":         p("On time: a player whose clock runs out loses, unless the opponent could not checkmate by any legal sequence — a lone king; king and knight against a lone king or king and queens; kings and bishops all on one colour of square against no knight, pawn or bishop of the other colour — which is a draw."),
	"forced":        p("On time: a player whose clock runs out loses; it is a draw if the opponent has only its king left and that king attacks nothing."),
	"probabilistic": p("On time: a player whose clock runs out loses; it is a draw if the opponent has only its king left and that king attacks nothing. The drawn numbers run no one's clock; picking your own number runs yours."),
	"crown":         p("On time: a player whose clock runs out loses, unless the opponent has hidden no crown and has nothing left but one king or dame that attacks no enemy piece (no other piece, stone or paratrooper): a draw. Crown-3 on time: a side whose every piece is captured does not lose at once; its turns pass by themselves, its clock stopped, and the other side must still end a move on the hidden square — if its own clock runs out first, the game is drawn. Reveals run no one's clock."),
	"pillar":        p("On time: a player whose clock runs out loses; it is a draw if the opponent has nothing but its king, on the board or in any tower (a lone king never mates). The die and the turns it passes run no one's clock."),
	"simultaneous":  p("On time: both clocks run while both choose, and each stops at its own player's choice. A player whose clock runs out loses; it is a draw if the opponent has only its king left and that king attacks nothing."),
}

func init() {
	for name, it := range onTime {
		items := Games[name]
		n := len(items) - len(onThisPage)
		Games[name] = append(append(items[:n:n], it), items[n:]...)
	}
}
