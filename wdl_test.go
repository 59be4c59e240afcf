package surakarta_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestScoreWDL: the chances add up to 1000, are those of the fitted
// constants (the values below worked out by hand from the formula of
// docs/wdl.md), mirror for the other side, grow with the score, and are
// certain for the search's and the tables' wins and losses; pieces out of
// range are taken as the nearest.
func TestScoreWDL(t *testing.T) {
	for _, tc := range []struct {
		score, pieces int
		want          surakarta.WDL
	}{
		{0, 24, surakarta.WDL{Win: 368, Draw: 264, Loss: 368}},
		{40, 24, surakarta.WDL{Win: 768, Draw: 139, Loss: 93}},
		{-40, 24, surakarta.WDL{Win: 93, Draw: 139, Loss: 768}},
		{0, 6, surakarta.WDL{Win: 44, Draw: 912, Loss: 44}},
		{20, 12, surakarta.WDL{Win: 428, Draw: 529, Loss: 43}},
		{40, 99, surakarta.WDL{Win: 768, Draw: 139, Loss: 93}},
		{surakarta.Win - 3, 5, surakarta.WDL{Win: 1000}},
		{-(surakarta.Win - 8), 5, surakarta.WDL{Loss: 1000}},
		{surakarta.TableWinScore - 1, 5, surakarta.WDL{Win: 1000}},
		{-(surakarta.TableWinScore - 1), 5, surakarta.WDL{Loss: 1000}},
		// Scores beyond every score a search gives are taken as the
		// largest evaluation: decided, not a win found.
		{math.MaxInt, math.MinInt, surakarta.WDL{Win: 1000}},
		{math.MinInt, math.MaxInt, surakarta.WDL{Loss: 1000}},
	} {
		if got := surakarta.ScoreWDL(tc.score, tc.pieces); got != tc.want {
			t.Errorf("ScoreWDL(%d, %d) = %+v, want %+v", tc.score, tc.pieces, got, tc.want)
		}
	}
	for pieces := -3; pieces <= 30; pieces++ {
		prev := -1.0
		for score := -400; score <= 400; score += 5 {
			w := surakarta.ScoreWDL(score, pieces)
			m := surakarta.ScoreWDL(-score, pieces)
			if w.Win+w.Draw+w.Loss != 1000 || w.Draw < 0 || w.Win != m.Loss || w.Loss != m.Win {
				t.Fatalf("ScoreWDL(%d, %d) = %+v, of −score %+v", score, pieces, w, m)
			}
			p := surakarta.WinProbability(score, pieces)
			if p < prev || p < 0 || p > 1 || math.Abs(p*1000-float64(w.Win)) > 0.5 {
				t.Fatalf("WinProbability(%d, %d) = %v after %v; ScoreWDL's win %d", score, pieces, p, prev, w.Win)
			}
			prev = p
		}
	}
}

func ExampleScoreWDL() {
	// A position scored half a piece up, at the start's 24 pieces and in
	// an endgame of 8.
	for _, pieces := range []int{24, 8} {
		w := surakarta.ScoreWDL(surakarta.PieceValue/2, pieces)
		fmt.Printf("%d pieces: win %d‰, draw %d‰, loss %d‰, expected %.3f\n", pieces, w.Win, w.Draw, w.Loss, w.Expected())
	}
	// Output:
	// 24 pieces: win 768‰, draw 139‰, loss 93‰, expected 0.838
	// 8 pieces: win 746‰, draw 252‰, loss 2‰, expected 0.872
}
