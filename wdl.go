package surakarta

import "math"

// WDL is the chance of a win, a draw and a loss of a position for its
// side to move, per mille: the three add up to 1000.
type WDL struct {
	Win, Draw, Loss int
}

// Expected returns the side to move's expected result, from 0 (a loss)
// to 1 (a win), a draw counting a half: the "winning chances" that game
// analysis compares before and after a move.
func (w WDL) Expected() float64 {
	return (float64(w.Win) + float64(w.Draw)/2) / 1000
}

// The win-probability model: its constants, fitted to the results of the
// engine games of the repository's match records by the program
// experiments/cmd/wdlfit (docs/wdl.md gives the model, its data, the
// quality of the fit and the command). With m the pieces on the board
// divided by 24 (1 at the start), a = wdlA0 + wdlA1·m and b = wdlB0 +
// wdlB1·m, a score s wins with the chance σ((s−a)/b) and loses with
// σ((−s−a)/b), σ the logistic function: a is the score at which a win is
// as likely as not, b how fast the chance grows with the score.
const (
	wdlA0 = 35.71
	wdlA1 = -23.25
	wdlB0 = 5.29
	wdlB1 = 17.73
)

// WinProbability returns the chance that the side to move wins a position
// whose search scored score with pieces on the board (both sides'), by the
// model of ScoreWDL, from 0 to 1.
func WinProbability(score, pieces int) float64 {
	w, _ := wdlModel(score, pieces)
	return w
}

// ScoreWDL returns the chances of a win, a draw and a loss, per mille,
// of a position for its side to move, from its search's score (see Win)
// and the pieces on the board (both sides', 2 to 24; others are taken as
// the nearest): a model fitted to the results of engine games
// (docs/wdl.md). A win or a loss the search found, an endgame table's
// too, is certain: 1000 wins or 1000 losses.
func ScoreWDL(score, pieces int) WDL {
	switch {
	case IsWin(score) || IsTableWin(score):
		return WDL{Win: 1000}
	case IsLoss(score) || IsTableLoss(score):
		return WDL{Loss: 1000}
	}
	w, l := wdlModel(score, pieces)
	win, loss := int(math.Round(1000*w)), int(math.Round(1000*l))
	return WDL{Win: win, Draw: 1000 - win - loss, Loss: loss}
}

// wdlModel returns the model's chances of a win and a loss for score with
// pieces on the board.
func wdlModel(score, pieces int) (win, loss float64) {
	switch {
	case IsWin(score) || IsTableWin(score):
		return 1, 0
	case IsLoss(score) || IsTableLoss(score):
		return 0, 1
	}
	a, b := wdlParams(pieces)
	s := float64(clampEvaluation(score))
	return logistic((s - a) / b), logistic((-s - a) / b)
}

// wdlParams returns the model's a and b for pieces on the board (2 to 24;
// others are taken as the nearest): a win is as likely as not at the
// score a, and b is the scale of the logistic curve (see ScoreWDL).
func wdlParams(pieces int) (a, b float64) {
	m := float64(min(max(pieces, 2), 24)) / 24
	return max(wdlA0+wdlA1*m, 0), max(wdlB0+wdlB1*m, 1)
}

// logistic returns 1/(1+e^−x).
func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
