package ai

import "github.com/quintet-chess/quintet/game"

// rng is a small seeded generator (splitmix64): searches with the same seed choose alike,
// and nothing here reads a global random source.
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed ^ 0x9E3779B97F4A7C15} }

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// intn is uniform in [0, n) for n > 0.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// float is uniform in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// overlook is the moves a weak level sees: it fails to see par.Overlook percent of them,
// never a capture of the king and never all. Whether a move is seen depends on the seed
// and the move alone, so every iteration of a search overlooks the same ones.
func overlook(p *game.Position, moves []game.Move, par Params) []game.Move {
	if par.Overlook <= 0 || len(moves) < 2 {
		return moves
	}
	var seen []game.Move
	for _, m := range moves {
		k := uint64(m.From) | uint64(m.To)<<8 | uint64(m.Kind)<<16 | uint64(m.Promo)<<24 |
			uint64(m.Via)<<32 | uint64(m.Via2)<<40 | uint64(m.N)<<48 | uint64(m.Promo2)<<56
		if newRNG(par.Seed^k).intn(100) >= par.Overlook || takesKing(p, m) {
			seen = append(seen, m)
		}
	}
	if len(seen) == 0 {
		seen = append(seen, moves[newRNG(par.Seed).intn(len(moves))])
	}
	return seen
}

// takesKing reports whether m lands a piece on the enemy king.
func takesKing(p *game.Position, m game.Move) bool {
	if m.From >= game.NoSquare || m.To >= game.NoSquare {
		return false
	}
	a, t := p.At(m.From), p.At(m.To)
	return a != game.NoPiece && t != game.NoPiece && t.Type() == game.King && t.Color() != a.Color()
}
