package surakarta

import "fmt"

// Scores. A game that ends n plies from the searched position scores Win−n
// for the winner and −(Win−n) for the loser, so faster wins and slower
// losses score better. A draw scores 0. Evaluations lie within
// ±MaxEvaluation, far from the scores of won and lost games.
const (
	Win = 1_000_000
	// MaxEvaluation bounds the scores of evaluators. An Evaluator must
	// return a score from −MaxEvaluation to MaxEvaluation; the searchers of
	// this package clamp any other score into that range, so that no
	// evaluator can pass for a won or lost game.
	MaxEvaluation = 100_000
	// decisive is the smallest absolute value of a win or loss score.
	decisive = Win - 1_000
	// infinity is beyond every score.
	infinity = Win + 1
)

// IsWin reports whether score is a forced win for the side it belongs to:
// Win−n for a game won n < 1000 plies ahead.
func IsWin(score int) bool { return score >= decisive && score <= Win }

// IsLoss reports whether score is a forced loss: −(Win−n).
func IsLoss(score int) bool { return score <= -decisive && score >= -Win }

// PliesToEnd returns, for a win or loss score, the number of plies until
// the game ends, and false for other scores.
func PliesToEnd(score int) (int, bool) {
	switch {
	case IsWin(score):
		return Win - score, true
	case IsLoss(score):
		return Win + score, true
	}
	return 0, false
}

// FormatScore returns score as text: "+35", "-120", "win in 5", "loss in 4".
// A number beyond ±Win, which no search returns, is written as a number.
func FormatScore(score int) string {
	switch n, ok := PliesToEnd(score); {
	case ok && score > 0:
		return fmt.Sprintf("win in %d", n)
	case ok:
		return fmt.Sprintf("loss in %d", n)
	}
	return fmt.Sprintf("%+d", score)
}
