package ai

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
