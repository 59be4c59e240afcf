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

// IncrementalEvaluator is an Evaluator that evaluates the positions of a
// search faster than one at a time, by keeping state along the search's
// path of moves: the Network keeps the sums of its first layer for each
// ply and makes a position's from those of a position a move or two away,
// adding the weights of the few squares that differ, instead of summing
// every piece. AlphaBeta and PVS use it whenever their Evaluator
// implements it (MCTS evaluates positions off any path, and calls
// Evaluate); an evaluator of your own that wraps a Network keeps its
// speed by implementing it too and forwarding NewPath, as the module's
// examples/customeval shows. A wrapper that does not, such as
// EvaluatorFunc(net.Evaluate), is evaluated a position at a time.
type IncrementalEvaluator interface {
	Evaluator
	// NewPath returns a fresh state for one search path. A search calls
	// it once for each thread when it starts, and evaluates that thread's
	// positions through the path it returned, from that thread's
	// goroutine only, until the search returns; then it drops the path.
	// NewPath itself may be called from several goroutines at once.
	NewPath() PathEvaluator
}

// PathEvaluator evaluates the positions of one search path for an
// IncrementalEvaluator (see there).
type PathEvaluator interface {
	// Evaluate returns the score of p, which must be the score that the
	// IncrementalEvaluator's Evaluate gives p, whatever was evaluated
	// before: the search takes it for the evaluation. ply is where p
	// stands on the search's path, its distance from the root, 0 to
	// MaxPly. The search evaluates p at ply after it has played the moves
	// from the position at ply−1 of its path, which it may or may not
	// have evaluated, and it goes back and forth along the path: the
	// positions an evaluator saw at plies above ply are gone, and those at
	// plies below are p's ancestors on the path, or positions near them,
	// as most often after a null move or when the search goes on at a
	// ply it left. So an evaluator may keep a state for each ply and make
	// p's from the one kept at the nearest ply below, when it is near
	// enough, and must start afresh otherwise: ply is a hint for speed,
	// never a promise about p. It must not change p.
	Evaluate(p *Position, ply int) int
}

// MaxPly is the longest path of a search of AlphaBeta or PVS, quiescence
// included: the plies a PathEvaluator is asked for run from 0 to MaxPly.
const MaxPly = maxPly

// clampEvaluation clamps an evaluator's score s to ±MaxEvaluation, as
// the searchers take it.
func clampEvaluation(s int) int { return min(max(s, -MaxEvaluation), MaxEvaluation) }
