//go:build tune

package ai

import (
	"bufio"
	"flag"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/quintet-chess/quintet/game"
)

// The tuner of forced capture's evaluation (Texel's method): the weights that best
// predict the results of games from their positions, through a logistic of the score.
// It is built only with the tag tune, and reads the data that quintet selfplay writes:
//
//	go test -tags tune ./game/ai -run TestTuneForced -timeout 0 -v \
//	    -tune.data a.txt,b.txt -tune.out eval_forced_tuned.go
var (
	tuneData   = flag.String("tune.data", "", "files of FEN;RESULT;SCORE lines (comma-separated) to tune forced capture's evaluation on")
	tuneOut    = flag.String("tune.out", "", "write the tuned weights here as Go source")
	tuneEpochs = flag.Int("tune.epochs", 2000, "passes of the tuner over the data")
	tuneRate   = flag.Float64("tune.rate", 1, "the tuner's step (centipawns)")
	tuneLambda = flag.Float64("tune.lambda", 1, "weight of the game's result against the search's score in the target")
	tuneL2     = flag.Float64("tune.l2", 0, "pull of each square's weight back to its start (a loss of l2 per centipawn squared)")
)

func TestTuneForced(t *testing.T) {
	if *tuneData == "" {
		t.Fatal("give the data with -tune.data")
	}
	var lines []string
	for _, name := range strings.Split(*tuneData, ",") {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	v, _ := game.Lookup("forced")
	ce := newChessEval(v)
	fe := newForcedEval(ce, untunedForcedWeights(v, ce))
	terms := fe.w.terms()
	w := termVector(terms)
	// Hold out every tenth block of 1000 lines (whole games, mostly) to watch for
	// fitting the noise.
	var trainL, testL []string
	for i, l := range lines {
		if i/1000%10 == 9 {
			testL = append(testL, l)
		} else {
			trainL = append(trainL, l)
		}
	}
	const workers = 2
	k := 1.0
	if *tuneLambda < 1 {
		// The search's scores are mixed in through the logistic of the first K.
		all, err := loadTuneSet(fe, trainL, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		k = all.fitK(w, workers)
	}
	train, err := loadTuneSet(fe, trainL, *tuneLambda, k)
	if err != nil {
		t.Fatal(err)
	}
	test, err := loadTuneSet(fe, testL, *tuneLambda, k)
	if err != nil {
		t.Fatal(err)
	}
	k = train.fitK(w, workers)
	t.Logf("%d training and %d held-out positions, %d terms; K %.3f; loss %.6f, held out %.6f",
		len(train.samples), len(test.samples), len(terms), k, train.loss(w, k, nil, workers), test.loss(w, k, nil, workers))
	l2 := make([]float64, len(w))
	for pt := game.Pawn; pt <= game.King; pt++ {
		for s := range fe.w.psq[pt] {
			i := slices.Index(terms, &fe.w.psq[pt][s])
			l2[2*i], l2[2*i+1] = *tuneL2, *tuneL2
		}
	}
	adam(t, train, test, w, k, *tuneEpochs, *tuneRate, l2, workers)
	tie := tiedTerms(&fe.w)
	for i, p := range terms {
		j := tie[i]
		p[0], p[1] = int(math.Round(w[2*j])), int(math.Round(w[2*j+1]))
	}
	src, err := formatForcedTerms(&fe.w)
	if err != nil {
		t.Fatal(err)
	}
	if *tuneOut != "" {
		if err := os.WriteFile(*tuneOut, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Log(src)
	}
}
