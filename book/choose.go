package book

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/surakarta-go/surakarta"
)

// Choice says how Book.Choose weighs a position's book moves.
//
// A move's weight is how often it was played; with ByScore, that count
// times its score for its mover, (wins + draws/2 + 1)/(count + 2), so that
// a move that lost every game weighs little and one played once is not
// taken at its word. Variety then sharpens the weights: each is raised to
// the power 100/Variety, so that 100 (the default, DefaultVariety) picks
// each move with a probability proportional to its weight, 50 to its
// weight squared, and 0 always plays the heaviest move (the first of
// Book.Moves' order among equals).
type Choice struct {
	Variety int  // 0 to 100
	ByScore bool // weigh each move's count by its score
}

// DefaultVariety is the Variety of a Choice that picks each move with a
// probability proportional to its weight.
const DefaultVariety = 100

// ErrInvalidChoice is wrapped by the error of Choice.Validate, for a
// Variety out of range: a Choice is no setting of a book, so that its
// error is not ErrInvalidBook.
var ErrInvalidChoice = errors.New("book: invalid choice")

// Validate reports whether c's Variety is 0 to 100; its error wraps
// ErrInvalidChoice.
func (c Choice) Validate() error {
	if c.Variety < 0 || c.Variety > 100 {
		return fmt.Errorf("%w: variety %d: want 0 to 100", ErrInvalidChoice, c.Variety)
	}
	return nil
}

// weight returns m's weight before Variety: its count, times its score
// with ByScore.
func (c Choice) weight(m MoveStats) float64 {
	w := float64(m.Count())
	if c.ByScore {
		w *= (float64(m.Wins) + float64(m.Draws)/2 + 1) / (float64(m.Count()) + 2)
	}
	return w
}

// weights returns the probabilities of moves, as c says (its Variety 0
// to 100), summing to 1.
func (c Choice) weights(moves []MoveStats) []float64 {
	w := make([]float64, len(moves))
	heaviest := 0
	for i, m := range moves {
		if w[i] = c.weight(m); w[i] > w[heaviest] {
			heaviest = i
		}
	}
	if c.Variety == 0 {
		clear(w)
		w[heaviest] = 1
		return w
	}
	top, total := w[heaviest], 0.0
	for i := range w {
		w[i] = math.Pow(w[i]/top, 100/float64(c.Variety))
		total += w[i]
	}
	for i := range w {
		w[i] /= total
	}
	return w
}

// Choose picks one of the moves at random, with the probabilities c
// gives (see Choice), drawing from r, or from the package math/rand/v2's
// generator when r is nil. It reports false when there are no moves. A
// Variety out of range is taken as the nearer of 0 and 100.
func (c Choice) Choose(moves []MoveStats, r *rand.Rand) (surakarta.Move, bool) {
	i := c.choose(moves, r)
	if i < 0 {
		return surakarta.NotAMove, false
	}
	return moves[i].Move, true
}

// choose is Choose, returning the index of the move picked, or -1 when
// there are none.
func (c Choice) choose(moves []MoveStats, r *rand.Rand) int {
	if len(moves) == 0 {
		return -1
	}
	c.Variety = min(max(c.Variety, 0), 100)
	u := rand.Float64()
	if r != nil {
		u = r.Float64()
	}
	w := c.weights(moves)
	for i, wi := range w {
		if u < wi {
			return i
		}
		u -= wi
	}
	// Rounding left u at or above the last weight: the last move of any weight.
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] > 0 {
			return i
		}
	}
	return 0
}

// Probabilities returns the probability with which Choose picks each of
// the moves, in their order.
func (c Choice) Probabilities(moves []MoveStats) []float64 {
	if len(moves) == 0 {
		return nil
	}
	c.Variety = min(max(c.Variety, 0), 100)
	return c.weights(moves)
}

// Choose picks one of p's book moves (Moves) with the probabilities c
// gives; see Choice.Choose.
func (b *Book) Choose(p surakarta.Position, c Choice, r *rand.Rand) (surakarta.Move, bool) {
	return c.Choose(b.Moves(p), r)
}
