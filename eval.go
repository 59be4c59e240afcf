package surakarta

import (
	"fmt"
	"math/bits"

	"github.com/surakarta-go/surakarta/internal/bitboard"
	"github.com/surakarta-go/surakarta/internal/circuit"
)

// PieceValue is the unit of evaluation: what a piece is worth, about, to
// every evaluator of this package (on average over the positions of a
// game's middle: Tuned 76, SixFactor and EndgameAdjusted 80). The
// searchers' margins are written in it (reverse futility pruning cuts at
// half a piece a ply, the aspiration window is five eighths of a piece
// wide on each side), and so are MCTS's win probabilities and the
// thresholds of package analysis. An Evaluator of your own should keep to
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

// Phase is the stage of a game, told by the pieces left on the board.
type Phase uint8

// The phases of a game by the total number of pieces of both sides, as
// Zhang et al. (2017) divide it. EndPhase is not where EndgameAdjusted
// switches to its adjusted evaluation: that counts each side's pieces, not
// both together.
const (
	OpeningPhase Phase = iota // more than 16 pieces in all
	MiddlePhase               // 9 to 16 pieces in all
	EndPhase                  // 8 or fewer pieces in all
)

// NumPhases is the number of phases.
const NumPhases = 3

// String returns "opening", "middle game" or "endgame".
func (ph Phase) String() string {
	switch ph {
	case OpeningPhase:
		return "opening"
	case MiddlePhase:
		return "middle game"
	case EndPhase:
		return "endgame"
	}
	return fmt.Sprintf("Phase(%d)", uint8(ph))
}

// Phase returns the phase of p.
func (p Position) Phase() Phase { return phaseOf(p.Count(Black) + p.Count(White)) }

// phaseOf returns the phase of a position with n pieces in all.
func phaseOf(n int) Phase {
	switch {
	case n > 16:
		return OpeningPhase
	case n > 8:
		return MiddlePhase
	}
	return EndPhase
}

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
// none did better (the module's docs/experiments.md, "Tuning the
// defaults").
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

// Phased is a six-factor evaluator with its own parameters in each phase,
// the idea of the phase-dependent weights of an Amazons evaluation (see
// the module's docs/references.md): ByPhase[p.Phase()] evaluates p.
// Build one from a SixFactor with NewPhased and change the weights of the
// phases you want.
type Phased struct {
	ByPhase [NumPhases]SixFactor
}

// NewPhased returns a Phased evaluator that uses base in every phase; a nil
// base means NewSixFactor().
func NewPhased(base *SixFactor) *Phased {
	if base == nil {
		base = NewSixFactor()
	}
	return &Phased{ByPhase: [NumPhases]SixFactor{*base, *base, *base}}
}

// Evaluate returns the score of p by the parameters of its phase.
func (e *Phased) Evaluate(p *Position) int {
	return e.ByPhase[phaseOf(p.Count(Black)+p.Count(White))].Evaluate(p)
}
