package puzzle

import (
	"context"
	"fmt"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
)

// defaultSeeds are the seeds of Rate's tries when RateOptions.Seeds is
// empty.
var defaultSeeds = []uint64{1, 2, 3}

// FirstDeterministicLevel is the lowest level whose moves do not depend
// on its seed (levels 6 to level.Count search with the engine): Rate tries
// it and the levels above it once.
const FirstDeterministicLevel = 6

// RateOptions are the settings of Rate.
type RateOptions struct {
	// Limits bound each search of the levels: level.Count, the engine,
	// searches within them (give it a depth or a node count; the zero
	// Limits gives it surakarta.DefaultMoveTime a move), the levels below
	// search within their own budgets and these, the tighter bounding.
	Limits surakarta.Limits
	// Seeds are the seeds of the tries of the levels that choose at
	// random (1 to FirstDeterministicLevel−1): a level solves the puzzle
	// when it does in every try. Empty means the seeds 1, 2 and 3.
	Seeds []uint64
}

// Solves reports whether s plays p's whole solution: at each of the
// solver's moves it searches the puzzle's game within lim, and its move
// must be accepted (Accepts); the replies are the solution's. It clears s
// first.
func Solves(ctx context.Context, p Puzzle, s surakarta.Searcher, lim surakarta.Limits) (bool, error) {
	switch {
	case ctx == nil:
		return false, fmt.Errorf("%w: the context is nil (use context.Background())", ErrInvalidOptions)
	case s == nil:
		return false, fmt.Errorf("%w: the searcher is nil", ErrInvalidOptions)
	}
	if err := checkLimits(lim); err != nil {
		return false, err
	}
	if err := p.Check(); err != nil {
		return false, err
	}
	s.Clear()
	g := p.Game()
	for i, m := range p.Solution {
		if i%2 == 0 {
			res, err := s.Search(ctx, g, lim)
			if ctxErr := ctx.Err(); ctxErr != nil {
				return false, ctxErr
			}
			if err != nil {
				return false, fmt.Errorf("puzzle: search: %w", err)
			}
			if !p.Accepts(g, i, res.Move) {
				return false, nil
			}
		}
		if err := g.Play(m); err != nil {
			return false, fmt.Errorf("%w: %v", ErrInvalidPuzzle, err)
		}
	}
	return true, nil
}

// Rate returns p's difficulty: the lowest level, 1 to level.Count, that
// solves it (Solves) in each of its tries, or Unsolved when none does.
func Rate(ctx context.Context, p Puzzle, opt RateOptions) (int, error) {
	seeds := opt.Seeds
	if len(seeds) == 0 {
		seeds = defaultSeeds
	}
	for n := 1; n <= level.Count; n++ {
		tries := seeds
		if n >= FirstDeterministicLevel {
			tries = seeds[:1]
		}
		solved := true
		for _, seed := range tries {
			s, err := level.New(n, seed)
			if err != nil {
				return Unrated, err
			}
			ok, err := Solves(ctx, p, s, opt.Limits)
			if err != nil {
				return Unrated, err
			}
			if !ok {
				solved = false
				break
			}
		}
		if solved {
			return n, nil
		}
	}
	return Unsolved, nil
}
