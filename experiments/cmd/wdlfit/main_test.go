package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestFitRecoversTheModel: results drawn from a known model are fitted
// back to constants near it, with a log-loss no worse than the known
// model's on them.
func TestFitRecoversTheModel(t *testing.T) {
	truth := model{30, -20, 8, 15}
	rng := rand.New(rand.NewPCG(3, 4))
	var samples []sample
	for range 20000 {
		s := sample{score: rng.IntN(401) - 200, pieces: 2 + rng.IntN(23)}
		w, d, _ := truth.probs(s.score, s.pieces)
		switch u := rng.Float64(); {
		case u < w:
			s.result = 1
		case u < w+d:
			s.result = 0
		default:
			s.result = -1
		}
		samples = append(samples, s)
	}
	got := fit(samples, model{20, 0, 60, 0}, [4]bool{true, true, true, true})
	for i := range got {
		if math.Abs(got[i]-truth[i]) > 4 {
			t.Errorf("fitted %v, drawn from %v", got, truth)
			break
		}
	}
	if got.logLoss(samples) > truth.logLoss(samples)+1e-9 {
		t.Errorf("log-loss %v of the fit, %v of the model the results came from", got.logLoss(samples), truth.logLoss(samples))
	}
}

// TestResultFor: a game's result from each side's view.
func TestResultFor(t *testing.T) {
	for _, tc := range []struct {
		result       string
		black, white int
	}{{"1-0", 1, -1}, {"0-1", -1, 1}, {"1/2-1/2", 0, 0}} {
		if b, w := resultFor(tc.result, surakarta.Black), resultFor(tc.result, surakarta.White); b != tc.black || w != tc.white {
			t.Errorf("%s: %d for Black, %d for White", tc.result, b, w)
		}
	}
}
