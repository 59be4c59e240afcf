package surakarta

// EndgameAdjusted is the evaluation of Zhang Bo et al., "Optimization of
// Surakarta chess endgame" (2017; see the module's
// docs/references.md): the six-factor
// evaluation, Normal, except that when each side has at most AdjustedPieces
// pieces it uses Adjusted, in which the eight crossing points of the
// circuits (c2 d2 b3 e3 b4 e4 c5 d5) are worth 25 instead of 50, the arc
// value is halved and the piece weight is raised to 40. The paper calls
// that part of the game the endgame; it is not EndPhase, which counts the
// pieces of both sides together.
//
// The paper raises the piece weight without giving a number. 40 is the
// smallest round number above 35, the largest difference between two
// points of the adjusted matrix (40 − 5): with it, no single better placed
// piece can make up for a piece lost, which is the paper's reason for the
// raise ("the number of pieces matters ever more later in the game").
// Matches confirm it: 20, 60 and 100 each played 40 over 400 games and
// none did better (the repository's experiments/docs/experiments.md,
// "Tuning the defaults").
type EndgameAdjusted struct {
	Normal         SixFactor // used until the adjustment applies: the six-factor evaluation
	Adjusted       SixFactor // used when each side has at most AdjustedPieces pieces
	AdjustedPieces int       // 6
}

// adjustedPieceWeight is the piece weight of NewEndgameAdjusted's Adjusted
// evaluation (see EndgameAdjusted for why 40).
const adjustedPieceWeight = 40

// NewEndgameAdjusted returns the evaluator of Zhang et al. with its
// defaults.
func NewEndgameAdjusted() *EndgameAdjusted {
	e := &EndgameAdjusted{Normal: *NewSixFactor(), AdjustedPieces: 6}
	e.Adjusted = e.Normal
	for _, s := range [...]Square{C2, D2, B3, E3, B4, E4, C5, D5} {
		e.Adjusted.PointValues[s] = 25
	}
	e.Adjusted.ArcDivisor = 2
	e.Adjusted.Weights.Pieces = adjustedPieceWeight
	return e
}

// usesAdjusted reports whether the Adjusted evaluation applies to p: each
// side has at most AdjustedPieces pieces.
func (e *EndgameAdjusted) usesAdjusted(p *Position) bool {
	return p.Count(Black) <= e.AdjustedPieces && p.Count(White) <= e.AdjustedPieces
}

// evaluator returns the six-factor evaluator that applies to p.
func (e *EndgameAdjusted) evaluator(p *Position) *SixFactor {
	if e.usesAdjusted(p) {
		return &e.Adjusted
	}
	return &e.Normal
}

// Evaluate returns the score of p by the six-factor evaluator that applies.
func (e *EndgameAdjusted) Evaluate(p *Position) int { return e.evaluator(p).Evaluate(p) }
