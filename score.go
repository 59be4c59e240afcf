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

// TableWinScore is the score of a position that endgame tables hold as
// won but without the number of plies to the game's end, as the tables of
// a quiet-ply limit keep them (PVS.Tables): a PVS scores such a position n
// plies from the root TableWinScore−n, less the plies to the capture that
// decides it when the tables say (TableValue.Conversion), so that it
// prefers the nearer one.
// It lies above every evaluation, since the win is proven, and below the
// scores of wins, since no one knows when the game ends: IsWin is false
// for it and FormatScore writes it "table win", not "win in n".
const TableWinScore = 500_000

// IsTableWin reports whether score is a table's win without a distance,
// TableWinScore−n for n < 1000 (see TableWinScore).
func IsTableWin(score int) bool { return score > TableWinScore-1000 && score <= TableWinScore }

// IsTableLoss reports whether score is a table's loss without a distance:
// −(TableWinScore−n).
func IsTableLoss(score int) bool { return IsTableWin(-score) }

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

// FormatScore returns score as text: "+35", "-120", "win in 5 plies",
// "loss in 1 ply", and "table win" or "table loss" for the scores of
// IsTableWin and IsTableLoss. A ply is one side's move: UGI's "mate 3" is
// a win in 3 moves of the side to move, 5 plies. A number beyond ±Win,
// which no search returns, is written as a number.
func FormatScore(score int) string {
	switch n, ok := PliesToEnd(score); {
	case ok && score > 0:
		return "win in " + pliesText(n)
	case ok:
		return "loss in " + pliesText(n)
	case IsTableWin(score):
		return "table win"
	case IsTableLoss(score):
		return "table loss"
	}
	return fmt.Sprintf("%+d", score)
}

// pliesText returns n plies as text: "1 ply", "5 plies".
func pliesText(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// isDecisive reports whether score says how the game ends, a forced win
// or loss or an endgame table's, rather than estimates it: the search's
// pruning, which trades exactness for speed by the evaluation's margins,
// stays away from such bounds.
func isDecisive(score int) bool {
	return IsWin(score) || IsLoss(score) || IsTableWin(score) || IsTableLoss(score)
}
