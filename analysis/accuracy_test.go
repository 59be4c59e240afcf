package analysis_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
)

// TestMoveAccuracy: Lichess's curve, the values worked out apart from the
// package (with the constants of Lichess's AccuracyPercent), clamped to 0
// to 100, and 100 for a move that loses nothing.
func TestMoveAccuracy(t *testing.T) {
	for _, tc := range []struct{ before, after, want float64 }{
		{50, 50, 100}, {40, 70, 100}, {60, 50, 64.57982845372067}, {80, 30, 9.527819142930593},
		{55.5, 55, 98.7780048493899}, {100, 0, 0}, {math.NaN(), 3, 0}, {3, math.NaN(), 0},
	} {
		if got := analysis.MoveAccuracy(tc.before, tc.after); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("MoveAccuracy(%v, %v) = %v, want %v", tc.before, tc.after, got, tc.want)
		}
	}
}

// lichessAccuracy is a side's accuracy computed as Lichess's code does,
// step by step: the winning chances of every position from one side's
// view, the list of windows made of windowSize−2 copies of the first
// window and then every window sliding along, one weight per move.
func lichessAccuracy(moves []analysis.Annotation, side surakarta.Color) float64 {
	pov := func(win float64, mover surakarta.Color) float64 {
		if mover == surakarta.White {
			return win
		}
		return 100 - win
	}
	values := []float64{pov(moves[0].WinBefore, moves[0].Mover)}
	for _, a := range moves {
		values = append(values, pov(a.WinAfter, a.Mover))
	}
	size := min(max(len(moves)/10, 2), 8)
	var windows [][]float64
	for range min(size, len(values)) - 2 {
		windows = append(windows, values[:size])
	}
	for i := 0; i+size <= len(values); i++ {
		windows = append(windows, values[i:i+size])
	}
	var sumAW, sumW, sumInv float64
	n := 0
	for i, a := range moves {
		if a.Mover != side {
			continue
		}
		mean := 0.0
		for _, v := range windows[i] {
			mean += v
		}
		mean /= float64(len(windows[i]))
		variance := 0.0
		for _, v := range windows[i] {
			variance += (v - mean) * (v - mean)
		}
		w := min(max(math.Sqrt(variance/float64(len(windows[i]))), 0.5), 12)
		sumAW += a.Accuracy * w
		sumW += w
		sumInv += 1 / max(a.Accuracy, 1)
		n++
	}
	return (sumAW/sumW + float64(n)/sumInv) / 2
}

// TestSideAccuracy: Summary.Accuracy is Lichess's game accuracy, against
// lichessAccuracy on reports of random winning chances, of every length
// from 1 to 120 moves, starting with either side.
func TestSideAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 120; n++ {
		first := surakarta.Color(rng.IntN(2))
		r := &analysis.Report{}
		mover, win := first, rng.Float64()*100
		for i := range n {
			after := min(max(win+rng.NormFloat64()*15-5, 0), 100)
			r.Moves = append(r.Moves, analysis.Annotation{Ply: i + 1, Mover: mover, WinBefore: win, WinAfter: after, Accuracy: analysis.MoveAccuracy(win, after)})
			mover, win = mover.Other(), 100-after
		}
		for _, side := range []surakarta.Color{surakarta.Black, surakarta.White} {
			got := r.Summary(side).Accuracy
			if n == 1 && side != first {
				if got != 0 {
					t.Errorf("%d move: %v without a move has accuracy %v", n, side, got)
				}
				continue
			}
			if want := lichessAccuracy(r.Moves, side); math.Abs(got-want) > 1e-9 || got < 0 || got > 100 {
				t.Errorf("%d moves: %v's accuracy %v, Lichess's %v", n, side, got, want)
			}
		}
	}
}

// TestAnnotationWinChances: an analysis gives each move the winning
// chances of its scores by the library's model, with the pieces before
// and after it, so that a move's chances after and the next move's before
// are the same position's, seen from each side.
func TestAnnotationWinChances(t *testing.T) {
	rec := readGames(t)[0]
	r, err := analysis.Game(context.Background(), rec.Game, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	positions := rec.Game.Positions()
	count := func(p surakarta.Position) int { return p.Count(surakarta.Black) + p.Count(surakarta.White) }
	for i, a := range r.Moves {
		if a.WinBefore != analysis.WinPercent(a.Before, count(positions[i])) || a.WinAfter != analysis.WinPercent(a.After, count(positions[i+1])) ||
			a.Class == analysis.Best && a.Accuracy != 100 || a.Class != analysis.Best && a.Accuracy != analysis.MoveAccuracy(a.WinBefore, a.WinAfter) {
			t.Errorf("ply %d: %+v", a.Ply, a)
		}
		if i > 0 && math.Abs(a.WinBefore+r.Moves[i-1].WinAfter-100) > 1e-9 {
			t.Errorf("ply %d: chances %v before, the move before's %v after", a.Ply, a.WinBefore, r.Moves[i-1].WinAfter)
		}
	}
	for _, side := range []surakarta.Color{surakarta.Black, surakarta.White} {
		if acc := r.Summary(side).Accuracy; acc <= 0 || acc > 100 {
			t.Errorf("%v: accuracy %v", side, acc)
		}
	}
}
