package surakarta

import "github.com/surakarta-go/surakarta/internal/tunedeval"

// Tuned is an evaluator whose weights were fitted to the results of
// self-play games rather than set by hand: a weighted sum of features of
// the position (pieces, steps, attacks and defences along the circuits,
// loops held, clumps and spread, the points the pieces stand on), each
// feature with one weight for the opening and one for the endgame,
// blended by the number of pieces on the board. The module's
// docs/tuning.md tells how the weights were fitted, and
// cmd/surakarta-tune fits them.
//
// The fit puts the evaluation on the logistic curve of win probability
// that the paper's EndgameAdjusted fits best, and on the unit of
// evaluation: taking an opposing piece off gains Tuned 76.3 on average
// over the 16 middle-game positions of the module's
// testdata/middlegame.txt (PieceValue is 80). It is the strongest
// linear evaluator of this package and was the engine's default until
// Network, trained on its games, beat it by matches.
//
// Tuned has nothing to set: its zero value is the fitted evaluator, as
// NewTuned returns it. Like the other evaluators of this package, a Tuned
// may be shared by goroutines; Evaluate allocates nothing.
type Tuned struct {
	_ [0]func() // nothing to set or compare
}

// The scores of tunedeval are within ±MaxEvaluation.
var (
	_ [MaxEvaluation - tunedeval.MaxScore]struct{}
	_ [tunedeval.MaxScore - MaxEvaluation]struct{}
)

// NewTuned returns the Tuned evaluator.
func NewTuned() *Tuned { return &Tuned{} }

// Evaluate returns the score of p for its side to move.
func (*Tuned) Evaluate(p *Position) int {
	var f [tunedeval.NumFeatures]int32
	tunedeval.Features(&f, &p.pieces, &p.rings, uint8(p.side))
	so, se := tunedeval.Weigh(f[:], tunedeval.Opening[:]), tunedeval.Weigh(f[:], tunedeval.Endgame[:])
	return tunedeval.Blend(so, se, tunedeval.Phase(&p.pieces))
}
