package game

import "testing"

// pillarPerftAll counts leaves over every legal move (the die ignored) with make/unmake:
// the speed of the generator the AI will search with.
func pillarPerftAll(p *Position, c *pillarCfg, depth int, bufs [][]Move) int64 {
	moves := p.pillarLegal(c, bufs[0][:0])
	bufs[0] = moves
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	var u pillarUndo
	for _, m := range moves {
		p.makePillar(m, c, &u)
		n += pillarPerftAll(p, c, depth-1, bufs[1:])
		p.undoPillar(m, &u)
	}
	return n
}

func benchPillar(b *testing.B, text string, depth int, opts ...string) {
	r := loadPillarT(b, pillarSetup{opts: opts}, text)
	bufs := make([][]Move, depth)
	var n int64
	for b.Loop() {
		n += pillarPerftAll(r.pos, r.cfg, depth, bufs)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func BenchmarkPillarStart6(b *testing.B) { benchPillar(b, PillarStart6, 3) }
func BenchmarkPillarStart8(b *testing.B) { benchPillar(b, PillarStart8, 3, "board=8x8") }
func BenchmarkPillarTowers(b *testing.B) {
	benchPillar(b, "1(qr)1k(Qr)1/2p1p1/p1(PpQ)2(pP)/3N2/P2P1P/RN2RK b - - - 10", 3)
}
func BenchmarkPillarTowersCombi(b *testing.B) {
	benchPillar(b, "1(qr)1k(Qr)1/2p1p1/p1(PpQ)2(pP)/3N2/P2P1P/RN2RK b - - - 10", 3, "combinatorics=on")
}

// The generator allocates nothing once its buffers have grown.
func TestPillarGenAllocs(t *testing.T) {
	r := loadPillarT(t, pillarSetup{}, "1(qr)1k(Qr)1/2p1p1/p1(PpQ)2(pP)/3N2/P2P1P/RN2RK b - - - 10")
	bufs := make([][]Move, 2)
	pillarPerftAll(r.pos, r.cfg, 2, bufs)
	if a := testing.AllocsPerRun(20, func() { pillarPerftAll(r.pos, r.cfg, 2, bufs) }); a != 0 {
		t.Errorf("%v allocations per 2-ply perft", a)
	}
}
