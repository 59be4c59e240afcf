package analysis

import (
	"math"

	"github.com/surakarta-go/surakarta"
)

// Accuracy, as Lichess defines it (its page "Accuracy" and the code of
// its analysis, AccuracyPercent), on the library's win-probability model.
//
// A move's accuracy comes from the mover's winning chances before and
// after it, in percent: the expected result (a win 1, a draw a half) of
// surakarta.ScoreWDL for Annotation.Before, with the pieces on the board
// before the move, and for Annotation.After, with the pieces after it.
// A move that does not lower them is 100% accurate; one that lowers them
// by d points is 103.1668·e^(−0.04354·d) − 3.1669 + 1 accurate, clamped
// to 0 to 100: Lichess's curve, with the point it adds for the engine's
// imperfect analysis. Unlike Lichess, the engine's best move is 100%
// accurate whatever the two searches say, as its Loss is 0 (see the
// package documentation): the search after it sees a ply further, and a
// score that moves by a quarter of a piece moves the chances by 20
// points at the start, so that the noise of searches to a fixed depth
// would cost the best move a third of its accuracy.
//
// A side's accuracy in a game is the mean of two means of its moves'
// accuracies: one weighted by how much the winning chances moved around
// each move, so that a move counts more in a sharp stretch of the game
// than in a quiet or decided one, and the harmonic mean, so that a few
// bad moves pull the accuracy down more than many good ones lift it. The
// weight of a move is the standard deviation of Black's winning chances
// over a window of positions: the position after the move and those
// before it, windowSize in all (the moves of the game divided by 10,
// from 2 to 8; the first moves take the first window), clamped to 0.5
// to 12 points. The harmonic mean takes an accuracy below 1 as 1.

// Lichess's curve of a move's accuracy against the winning chances it
// loses, in percentage points, fitted to points it chose.
const (
	accuracyScale  = 103.1668100711649
	accuracyDecay  = 0.04354415386753951
	accuracyOffset = -3.166924740191411
	// accuracyBonus is the point Lichess adds for the imperfect analysis.
	accuracyBonus = 1
)

// The bounds of a side's accuracy's weights and windows (see above).
const (
	minWeight, maxWeight = 0.5, 12
	minWindow, maxWindow = 2, 8
)

// WinPercent returns the winning chances, in percent, of a score for the
// side whose score it is with pieces on the board (both sides'): the
// expected result of surakarta.ScoreWDL, a win counting 100 and a draw 50.
func WinPercent(score, pieces int) float64 {
	return 100 * surakarta.ScoreWDL(score, pieces).Expected()
}

// MoveAccuracy returns the accuracy, from 0 to 100, of a move that took
// the mover's winning chances, in percent, from before to after: 100 when
// they did not drop, else Lichess's curve of the drop (see accuracy.go).
func MoveAccuracy(before, after float64) float64 {
	if math.IsNaN(before) || math.IsNaN(after) {
		return 0
	}
	if after >= before {
		return 100
	}
	raw := accuracyScale*math.Exp(-accuracyDecay*(before-after)) + accuracyOffset + accuracyBonus
	return min(max(raw, 0), 100)
}

// pieces returns the pieces on the board of g's position.
func pieces(g *surakarta.Game) int {
	p := g.Position()
	return p.Count(surakarta.Black) + p.Count(surakarta.White)
}

// withAccuracy returns a with its winning chances and accuracy, the
// position before the move having piecesBefore on the board and the one
// after it piecesAfter.
func withAccuracy(a Annotation, piecesBefore, piecesAfter int) Annotation {
	a.WinBefore = WinPercent(a.Before, piecesBefore)
	a.WinAfter = WinPercent(a.After, piecesAfter)
	a.Accuracy = 100
	if a.Class != Best {
		a.Accuracy = MoveAccuracy(a.WinBefore, a.WinAfter)
	}
	return a
}

// accuracy returns side's accuracy over the report's moves, and false when
// side has none.
func (r *Report) accuracy(side surakarta.Color) (float64, bool) {
	n := len(r.Moves)
	if n == 0 {
		return 0, false
	}
	// Black's winning chances at each position: before the first move,
	// then after each.
	black := func(win float64, mover surakarta.Color) float64 {
		if mover == surakarta.White {
			return 100 - win
		}
		return win
	}
	chances := make([]float64, 0, n+1)
	chances = append(chances, black(r.Moves[0].WinBefore, r.Moves[0].Mover))
	for _, a := range r.Moves {
		chances = append(chances, black(a.WinAfter, a.Mover))
	}
	window := min(max(n/10, minWindow), maxWindow)
	var weighted, weights, reciprocals float64
	moves := 0
	for i, a := range r.Moves {
		if a.Mover != side {
			continue
		}
		// Move i goes from position i to i+1: its window ends at i+1, or
		// is the first window.
		end := max(i+1, window-1)
		begin := max(end+1-window, 0)
		w := min(max(stddev(chances[begin:min(end+1, len(chances))]), minWeight), maxWeight)
		weighted += a.Accuracy * w
		weights += w
		reciprocals += 1 / max(a.Accuracy, 1)
		moves++
	}
	if moves == 0 {
		return 0, false
	}
	return (weighted/weights + float64(moves)/reciprocals) / 2, true
}

// stddev returns the standard deviation of xs, of the population.
func stddev(xs []float64) float64 {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	sum := 0.0
	for _, x := range xs {
		sum += (x - mean) * (x - mean)
	}
	return math.Sqrt(sum / float64(len(xs)))
}
