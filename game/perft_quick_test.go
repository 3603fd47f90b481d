package game

import "testing"

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestQuick(t *testing.T) {
	for _, c := range []struct{ v, fen string; d int; want int64 }{
		{"chess", StartFEN, 4, 197281},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
		{"forced", StartFEN, 4, 153299},
	} {
		v, _ := Lookup(c.v)
		p, err := ParseFEN(v, c.fen)
		if err != nil { t.Fatal(err) }
		if n := p.Perft(c.d); n != c.want { t.Errorf("%s %s d%d = %d want %d", c.v, c.fen, c.d, n, c.want) }
	}
}
