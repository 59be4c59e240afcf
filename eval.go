package surakarta

// PieceValue is the unit of evaluation: what a piece is worth, about, to
// every evaluator of this package (on average over the positions of a
// game's middle: Network 70, Tuned 76, SixFactor and EndgameAdjusted 80).
// The searchers' margins are written in it (reverse futility pruning cuts
// at seven sixteenths of a piece a ply, the aspiration window is about
// two thirds of a piece wide on each side), and so are MCTS's win
// probabilities and the thresholds of package analysis. An Evaluator of your own should keep to
// it: on another scale the search prunes by margins meant for this one.
const PieceValue = 80

// Evaluator scores positions for a searcher.
//
// Evaluate takes a pointer, unlike the methods of Position that only read
// it, because a search calls it at every node and a pointer saves a copy;
// it must not change p. The evaluators of this package are safe for
// concurrent use (several searchers may share one) as long as nothing
// changes their fields meanwhile.
type Evaluator interface {
	// Evaluate returns the score of p from the side to move's point of
	// view, in the unit of evaluation, where a piece is worth about
	// PieceValue: positive is good for the side to move. The score must
	// lie within ±MaxEvaluation; searchers clamp it. It must not change
	// p.
	Evaluate(p *Position) int
}

// EvaluatorFunc adapts a function to the Evaluator interface.
type EvaluatorFunc func(p *Position) int

// Evaluate returns f(p).
func (f EvaluatorFunc) Evaluate(p *Position) int { return f(p) }

// clampEvaluation clamps an evaluator's score s to ±MaxEvaluation, as
// the searchers take it.
func clampEvaluation(s int) int { return min(max(s, -MaxEvaluation), MaxEvaluation) }
