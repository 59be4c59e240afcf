package surakarta

import (
	"math/bits"

	"github.com/surakarta-go/surakarta/internal/bitboard"
	"github.com/surakarta-go/surakarta/internal/circuit"
)

// Terms are the factors of the six-factor evaluation for one side.
type Terms struct {
	Pieces      int // N: pieces on the board
	Steps       int // M: move range, the number of legal steps
	Captures    int // C: the number of legal captures
	Attack      int // A = M + C: attack range
	Points      int // P: the sum of the point values under the side's pieces
	LoopsHeld   int // O: corner loops the side occupies (a piece on one of the loop's two ends)
	LoopsDenied int // E: corner loops the opponent does not occupy
	Arc         int // arc occupation value: (LoopHeld·O + LoopDenied·E) / ArcDivisor
}

// Weights multiply the terms into a side's value.
type Weights struct {
	Pieces int // N, 6 in the six-factor evaluation
	Steps  int // M, 1
	Attack int // A, 2
	Points int // P, 1
	Arc    int // Arc, 1
}

// SixFactorWeights returns the weights of the six-factor evaluation of Li et
// al. (2012): 6N + 1M + 2A + 1P + 1Arc.
func SixFactorWeights() Weights { return Weights{Pieces: 6, Steps: 1, Attack: 2, Points: 1, Arc: 1} }

// Value returns the weighted sum of t.
func (w Weights) Value(t Terms) int {
	return w.Pieces*t.Pieces + w.Steps*t.Steps + w.Attack*t.Attack + w.Points*t.Points + w.Arc*t.Arc
}

// PointValues are the values of the 36 points, indexed by Square (a1 = 0).
type PointValues [NumSquares]int

// SixFactorPointValues returns the point-value matrix of Li et al. (2012).
// It is symmetric; rank 6 on top:
//
//	 5 20 20 20 20  5
//	20 30 50 50 30 20
//	20 50 40 40 50 20
//	20 50 40 40 50 20
//	20 30 50 50 30 20
//	 5 20 20 20 20  5
func SixFactorPointValues() PointValues {
	return PointValues{
		5, 20, 20, 20, 20, 5,
		20, 30, 50, 50, 30, 20,
		20, 50, 40, 40, 50, 20,
		20, 50, 40, 40, 50, 20,
		20, 30, 50, 50, 30, 20,
		5, 20, 20, 20, 20, 5,
	}
}

// SixFactor is the six-factor evaluation of Li Shuqin et al., "The
// assessment function in the Surakarta game system" (2012; see the
// module's docs/references.md): for each side the value
// Weights.Value(Terms), and the score is the side to move's value minus
// the opponent's. The six factors are the pieces N, the move range M
// (legal steps), the captures C, the attack range A = M + C, the point
// values P of the squares the pieces stand on, and the arc value, which
// rewards the corner loops a side occupies (a piece on one of the loop's
// two ends) and those its opponent does not.
//
// Its fields hold the paper's defaults after NewSixFactor; change them to
// re-weight it. The zero SixFactor weighs nothing and scores 0.
type SixFactor struct {
	Weights     Weights
	PointValues PointValues
	LoopHeld    int // arc value of each loop the side occupies: 5
	LoopDenied  int // arc value of each loop the opponent does not occupy: 5
	ArcDivisor  int // the arc value is divided by this: 1 (0 also means 1)
	// Scale multiplies the score: 2 after NewSixFactor, which puts the
	// paper's values, where a piece is worth about 40, on the unit of
	// evaluation (PieceValue). Values below 1 mean 1. Terms and
	// Weights.Value are the paper's, unscaled.
	Scale int
}

// NewSixFactor returns the six-factor evaluator with the paper's weights
// and point values.
func NewSixFactor() *SixFactor {
	return &SixFactor{
		Weights:     SixFactorWeights(),
		PointValues: SixFactorPointValues(),
		LoopHeld:    5,
		LoopDenied:  5,
		ArcDivisor:  1,
		Scale:       sixFactorScale,
	}
}

// sixFactorScale is NewSixFactor's Scale: the paper's piece is worth
// about 40.
const sixFactorScale = 2

// Terms returns the terms of side c in p.
func (e *SixFactor) Terms(p *Position, c Color) Terms {
	return e.terms(p, c, p.captureCounts()[c&1])
}

// value returns Weights.Value(terms(p, c, captures)) without building Terms:
// Evaluate's fast path.
func (e *SixFactor) value(p *Position, c Color, captures int) int {
	own := p.pieces[c&1]
	steps := bitboard.CountSteps(own, p.empty())
	_, _, arc := e.arc(p, c)
	w := &e.Weights
	return w.Pieces*bits.OnesCount64(own) + w.Steps*steps + w.Attack*(steps+captures) +
		w.Points*e.points(own) + w.Arc*arc
}

// terms returns the terms of side c, which has the given number of captures.
func (e *SixFactor) terms(p *Position, c Color, captures int) Terms {
	own := p.pieces[c&1]
	steps := bitboard.CountSteps(own, p.empty())
	held, denied, arc := e.arc(p, c)
	return Terms{
		Pieces:      bits.OnesCount64(own),
		Steps:       steps,
		Captures:    captures,
		Attack:      steps + captures,
		Points:      e.points(own),
		LoopsHeld:   held,
		LoopsDenied: denied,
		Arc:         arc,
	}
}

// points returns the sum of the point values of the squares in pieces.
func (e *SixFactor) points(pieces uint64) int {
	sum := 0
	for b := pieces; b != 0; b &= b - 1 {
		sum += e.PointValues[bits.TrailingZeros64(b)]
	}
	return sum
}

// arc returns the loops side c holds, the loops its opponent leaves free,
// and the arc value they make.
func (e *SixFactor) arc(p *Position, c Color) (held, denied, arc int) {
	held, denied = circuit.LoopsHeld(p.rings[c&1]), 8-circuit.LoopsHeld(p.rings[c&1^1])
	arc = e.LoopHeld*held + e.LoopDenied*denied
	if e.ArcDivisor > 1 {
		arc /= e.ArcDivisor
	}
	return held, denied, arc
}

// Value returns the value of side c in p: Weights.Value(Terms(p, c)).
func (e *SixFactor) Value(p *Position, c Color) int { return e.Weights.Value(e.Terms(p, c)) }

// Evaluate returns the value of the side to move minus the opponent's,
// times Scale, within ±MaxEvaluation.
func (e *SixFactor) Evaluate(p *Position) int {
	captures := p.captureCounts()
	score := e.value(p, Black, captures[Black]) - e.value(p, White, captures[White])
	if scale := max(e.Scale, 1); scale > 1 {
		score = min(max(score, -MaxEvaluation/scale), MaxEvaluation/scale) * scale
	}
	if p.side == White {
		return -score
	}
	return score
}
