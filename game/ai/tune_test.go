package ai

import (
	"fmt"
	"go/format"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// tuneSample is one position: its trace's counts, sparse, and what it is to predict.
type tuneSample struct {
	first, n int32 // its counts in tuneSet.idx and tuneSet.coef
	phase    float64
	scale    [2]bool
	bonus    [2]float64
	target   float64 // 0 to 1 for White
}

type tuneSet struct {
	idx     []int32
	coef    []float64
	samples []tuneSample
}

// loadTuneSet reads positions and traces them with w's layout. Each line is
// FEN;RESULT;SCORE, the result and the score for White; the target mixes the result
// and the score's expectation with k by lambda.
func loadTuneSet(f *forcedEval, lines []string, lambda, k float64) (*tuneSet, error) {
	ts := &tuneSet{}
	tr := newForcedTrace(&f.w)
	tie := tiedTerms(&f.w)
	for _, l := range lines {
		fs := strings.Split(l, ";")
		if len(fs) != 3 {
			return nil, fmt.Errorf("line %q: want FEN;RESULT;SCORE", l)
		}
		p, err := game.ParseFEN(f.v, fs[0])
		if err != nil {
			return nil, err
		}
		res, err := strconv.ParseFloat(fs[1], 64)
		if err != nil {
			return nil, err
		}
		if res != 0 && res != 0.5 && res != 1 {
			return nil, fmt.Errorf("line %q: a result is 0, 0.5 or 1", l)
		}
		score, err := strconv.Atoi(fs[2])
		if err != nil {
			return nil, err
		}
		tr.reset()
		f.eval(p, tr)
		s := tuneSample{first: int32(len(ts.idx)), phase: float64(tr.phase) / float64(f.full), scale: tr.scale}
		s.bonus = [2]float64{float64(tr.bonus[0]), float64(tr.bonus[1])}
		s.target = lambda*res + (1-lambda)*sigmoid(k, float64(score))
		for i, c := range tr.coef {
			if c != 0 {
				ts.idx = append(ts.idx, int32(tie[i]))
				ts.coef = append(ts.coef, float64(c))
			}
		}
		s.n = int32(len(ts.idx)) - s.first
		ts.samples = append(ts.samples, s)
	}
	return ts, nil
}

// tiedTerms maps each weight to the one tuned for it: a square's weight to that of the
// square mirrored across the board's middle files when that is on the queen's side (the
// game is the same on both wings but for castling, and half the squares halve the noise).
func tiedTerms(w *forcedTerms) []int {
	index := newForcedTrace(w).index
	tie := make([]int, len(index))
	for i := range tie {
		tie[i] = i
	}
	for t := game.Pawn; t <= game.King; t++ {
		for s := game.Square(0); s < 64; s++ {
			if s.File() >= 4 {
				tie[index[&w.psq[t][s]]] = index[&w.psq[t][s^7]]
			}
		}
	}
	return tie
}

// termVector is the weights as the tuner's vector: middlegame and endgame interleaved.
func termVector(terms []*pair) []float64 {
	w := make([]float64, 2*len(terms))
	for i, p := range terms {
		w[2*i], w[2*i+1] = float64(p[0]), float64(p[1])
	}
	return w
}

func sigmoid(k, s float64) float64 { return 1 / (1 + math.Pow(10, -k*s/400)) }

// score is the evaluation for White of sample s with weights w (mg, eg interleaved),
// and the factor the scaling applied.
func (ts *tuneSet) score(s *tuneSample, w []float64) (float64, float64) {
	var mg, eg float64
	for j := s.first; j < s.first+s.n; j++ {
		i, c := ts.idx[j], ts.coef[j]
		mg += c * w[2*i]
		eg += c * w[2*i+1]
	}
	v := mg*s.phase + eg*(1-s.phase)
	side := 0
	if v < 0 {
		side = 1
	}
	f := 1.0
	if s.scale[side] {
		f = 1.0 / 8
	}
	v *= f
	if v > 300 || v < -300 {
		v += s.bonus[side]
	}
	return v, f
}

// loss is the mean squared error of the predictions; grad, when not nil, receives its
// gradient. The work is split among workers goroutines.
func (ts *tuneSet) loss(w []float64, k float64, grad []float64, workers int) float64 {
	n := len(ts.samples)
	parts := make([]float64, workers)
	grads := make([][]float64, workers)
	var wg sync.WaitGroup
	for p := 0; p < workers; p++ {
		if grad != nil {
			grads[p] = make([]float64, len(w))
		}
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			g := grads[p]
			for i := p * n / workers; i < (p+1)*n/workers; i++ {
				s := &ts.samples[i]
				v, f := ts.score(s, w)
				q := sigmoid(k, v)
				e := q - s.target
				parts[p] += e * e
				if g == nil {
					continue
				}
				d := 2 * e * q * (1 - q) * k * math.Ln10 / 400 * f
				for j := s.first; j < s.first+s.n; j++ {
					i, c := ts.idx[j], ts.coef[j]
					g[2*i] += d * c * s.phase
					g[2*i+1] += d * c * (1 - s.phase)
				}
			}
		}(p)
	}
	wg.Wait()
	total := 0.0
	for p := range parts {
		total += parts[p]
		if grad != nil {
			for i := range grad {
				grad[i] += grads[p][i] / float64(n)
			}
		}
	}
	return total / float64(n)
}

// fitK is the scale of the logistic that best fits the data with weights w.
func (ts *tuneSet) fitK(w []float64, workers int) float64 {
	lo, hi := 0.1, 4.0
	for range 40 {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if ts.loss(w, a, nil, workers) < ts.loss(w, b, nil, workers) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// adam runs full-batch Adam on the training set and reports the loss on the held-out
// set as it goes.
func adam(t *testing.T, train, test *tuneSet, w []float64, k float64, epochs int, rate float64, l2 []float64, workers int) {
	w0 := slices.Clone(w)
	m := make([]float64, len(w))
	v := make([]float64, len(w))
	g := make([]float64, len(w))
	const b1, b2 = 0.9, 0.999
	for ep := 1; ep <= epochs; ep++ {
		clear(g)
		l := train.loss(w, k, g, workers)
		for i := range w {
			g[i] += 2 * l2[i] * (w[i] - w0[i])
			m[i] = b1*m[i] + (1-b1)*g[i]
			v[i] = b2*v[i] + (1-b2)*g[i]*g[i]
			mh := m[i] / (1 - math.Pow(b1, float64(ep)))
			vh := v[i] / (1 - math.Pow(b2, float64(ep)))
			w[i] -= rate * mh / (math.Sqrt(vh) + 1e-12)
		}
		if ep%100 == 0 || ep == epochs {
			t.Logf("epoch %d: train %.6f test %.6f", ep, l, test.loss(w, k, nil, workers))
		}
	}
}

// formatForcedTerms writes w as the Go source of tunedForcedTerms, gofmt'ed.
func formatForcedTerms(w *forcedTerms) (string, error) {
	var b strings.Builder
	pairs := func(ps []pair) string {
		s := make([]string, len(ps))
		for i, p := range ps {
			s[i] = fmt.Sprintf("{%d, %d}", p[0], p[1])
		}
		return strings.Join(s, ", ")
	}
	b.WriteString("// Code generated by TestTuneForced (tune_test.go); DO NOT EDIT.\n\npackage ai\n\n")
	b.WriteString("// tunedForcedTerms are forced capture's weights fitted to its games' results.\n")
	b.WriteString("var tunedForcedTerms = forcedTerms{\n")
	fmt.Fprintf(&b, "\tmaterial: [7]pair{%s},\n", pairs(w.material[:]))
	b.WriteString("\tpsq: [7][64]pair{\n\t\t{},\n")
	for t := game.Pawn; t <= game.King; t++ {
		b.WriteString("\t\t{\n")
		for r := 0; r < 8; r++ {
			fmt.Fprintf(&b, "\t\t\t%s,\n", pairs(w.psq[t][8*r:8*r+8]))
		}
		b.WriteString("\t\t},\n")
	}
	b.WriteString("\t},\n")
	fmt.Fprintf(&b, "\tmobility: [7]pair{%s},\n", pairs(w.mobility[:]))
	fmt.Fprintf(&b, "\tkingZone: pair{%d, %d},\n", w.kingZone[0], w.kingZone[1])
	fmt.Fprintf(&b, "\tshield:   pair{%d, %d},\n", w.shield[0], w.shield[1])
	fmt.Fprintf(&b, "\tpassed:   [8]pair{%s},\n", pairs(w.passed[:]))
	for _, x := range []struct {
		name string
		p    pair
	}{{"doubled", w.doubled}, {"isolated", w.isolated}, {"bishops", w.bishops}, {"rookOpen", w.rookOpen}, {"rookHalf", w.rookHalf}} {
		fmt.Fprintf(&b, "\t%s: pair{%d, %d},\n", x.name, x.p[0], x.p[1])
	}
	fmt.Fprintf(&b, "\thanging:  [7]pair{%s},\n", pairs(w.hanging[:]))
	fmt.Fprintf(&b, "\tattacked: [7]pair{%s},\n", pairs(w.attacked[:]))
	fmt.Fprintf(&b, "\ttempo:    pair{%d, %d},\n", w.tempo[0], w.tempo[1])
	b.WriteString("}\n")
	src, err := format.Source([]byte(b.String()))
	return string(src), err
}

// The weights in eval_forced_tuned.go are what the tuner writes: the file is its output,
// not edited by hand.
func TestTunedTermsFile(t *testing.T) {
	want, err := formatForcedTerms(&tunedForcedTerms)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("eval_forced_tuned.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("eval_forced_tuned.go is not formatForcedTerms(tunedForcedTerms):\n%s", want)
	}
}

// The tuner's score of a sample is the evaluation's, and its steps lower the loss: on
// positions labelled by a material count the pawn's weight, at zero, grows.
func TestTunerFits(t *testing.T) {
	v, _ := game.Lookup("forced")
	ce := newChessEval(v)
	fe := newForcedEval(ce, untunedForcedWeights(v, ce))
	var lines []string
	ps := forcedPositions(t, 400)
	for _, p := range ps {
		d := p.Pieces(game.White, game.Pawn).Count() - p.Pieces(game.Black, game.Pawn).Count()
		res := "0.5"
		switch {
		case d > 0:
			res = "1"
		case d < 0:
			res = "0"
		}
		lines = append(lines, p.FEN()+";"+res+";0")
	}
	ts, err := loadTuneSet(fe, lines, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	terms := fe.w.terms()
	w := termVector(terms)
	for i, p := range ps {
		got, _ := ts.score(&ts.samples[i], w)
		tr := newForcedTrace(&fe.w)
		fe.eval(p, tr)
		if want := tracedScore(tr, terms, fe.full); math.Abs(got-want) > 1e-6 {
			t.Fatalf("%s: tuner %.2f, trace %.2f", p.FEN(), got, want)
		}
	}
	pawn := slices.Index(terms, &fe.w.material[game.Pawn])
	w[2*pawn], w[2*pawn+1] = 0, 0
	before := ts.loss(w, 1, nil, 2)
	adam(t, ts, ts, w, 1, 50, 2, make([]float64, len(w)), 2)
	if after := ts.loss(w, 1, nil, 2); after >= before || w[2*pawn] < 20 {
		t.Errorf("loss %.4f -> %.4f, pawn %.0f", before, after, w[2*pawn])
	}
}

// untunedForcedWeights are the chess evaluation's terms as forced capture used them
// before its own were fitted: the starting point of the tuner.
func untunedForcedWeights(v *game.Variant, e *chessEval) forcedTerms {
	o := forcedWeights()
	var w forcedTerms
	for t := game.Pawn; t <= game.King; t++ {
		val := v.Pieces[t].Value
		if t == game.King {
			val = 0
		}
		w.material[t] = pair{val, val}
		switch t {
		case game.Pawn:
			w.material[t][1] += 20
		case game.Rook:
			w.material[t][1] += 40
		}
		for s := game.Square(0); s < 64; s++ {
			mg, eg := e.square(t, s)
			w.psq[t][s] = pair{mg, eg}
		}
		w.mobility[t] = o.mobility[t]
	}
	w.kingZone = pair{o.kingZone / 4, 0}
	w.shield = pair{o.shield, 0}
	for r, x := range o.passed {
		w.passed[r] = x
	}
	w.doubled = pair{o.doubled[0] / 2, o.doubled[1] / 2}
	w.isolated = o.isolated
	w.bishops = o.bishops
	w.rookOpen = pair{o.rookOpen, 0}
	w.rookHalf = pair{o.rookOpen / 2, 0}
	w.tempo = pair{o.tempo, o.tempo}
	return w
}
