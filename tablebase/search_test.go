package tablebase

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// searchSamples returns random capture-all positions of 3 and 4 pieces won
// or lost (as result says) in d plies by the tables, up to per of each
// distance 1 to maxD (fewer of a distance the draws do not reach).
func searchSamples(t *testing.T, tb *Tables, result surakarta.TableResult, maxD, per int, rng *rand.Rand) []surakarta.Position {
	found := make([]int, maxD+1)
	var out []surakarta.Position
	for range 200000 {
		p := randomSmallPosition(t, rng)
		if p.Count(surakarta.Black)+p.Count(surakarta.White) < 3 {
			continue
		}
		_ = p.SetQuietPlies(0)
		v, err := tb.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if v.Result == result && v.Plies >= 1 && v.Plies <= maxD && found[v.Plies] < per {
			found[v.Plies]++
			out = append(out, p)
		}
	}
	return out
}

// TestSearchConfirmsDistances: a search to depth d+1 of a position the
// capture-all tables win or lose in d plies finds that win or loss in
// exactly d plies, and a search to depth d−1 no win in fewer (its
// quiescence may find the win in d). PVS gets a ply more than the
// distance: reverse futility pruning may cut, at the last ply before the
// horizon, the capture that ends the game (6/6/4b1/6/1wwb2/6 b, a win in
// 3, scores as no win at depth 3 with SixFactor and with Tuned). AlphaBeta,
// which has no quiescence, no pruning and no table, confirms the smaller
// distances at depth d exactly.
func TestSearchConfirmsDistances(t *testing.T) {
	tb := openTables(t, 0)
	rng := rand.New(rand.NewPCG(13, 14))
	per := 3
	if testing.Short() {
		per = 1
	}
	const maxD = 7
	for _, result := range []surakarta.TableResult{surakarta.TableWin, surakarta.TableLoss} {
		samples := searchSamples(t, tb, result, maxD, per, rng)
		t.Logf("%d positions of a %v", len(samples), result)
		for _, p := range samples {
			v, _ := tb.Value(p)
			want := surakarta.Win - v.Plies
			if result == surakarta.TableLoss {
				want = -want
			}
			g, err := surakarta.NewGameWithRules(p, surakarta.Rules{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := surakarta.NewPVS(surakarta.NewSixFactor()).Search(context.Background(), g, surakarta.Limits{Depth: v.Plies + 1})
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != want {
				t.Errorf("%v: the tables give %+v; PVS to depth %d scores %s", p, v, v.Plies+1, surakarta.FormatScore(res.Score))
			}
			if v.Plies <= 5 {
				res, err := surakarta.NewAlphaBeta(surakarta.NewSixFactor()).Search(context.Background(), g, surakarta.Limits{Depth: v.Plies})
				if err != nil {
					t.Fatal(err)
				}
				if res.Score != want {
					t.Errorf("%v: the tables give %+v; AlphaBeta to depth %d scores %s", p, v, v.Plies, surakarta.FormatScore(res.Score))
				}
			}
			if result == surakarta.TableWin && v.Plies > 1 {
				res, err := surakarta.NewPVS(surakarta.NewSixFactor()).Search(context.Background(), g, surakarta.Limits{Depth: v.Plies - 1})
				if err != nil {
					t.Fatal(err)
				}
				if n, ok := surakarta.PliesToEnd(res.Score); ok && n < v.Plies {
					t.Errorf("%v: the tables give %+v; PVS to depth %d scores %s", p, v, v.Plies-1, surakarta.FormatScore(res.Score))
				}
			}
		}
	}
}
