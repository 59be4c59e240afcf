package puzzle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/puzzle"
)

// stepper plays the first legal step, or the first move when there is
// none: it never finds a capture it is not forced to.
type stepper struct{}

func (stepper) Search(_ context.Context, g *surakarta.Game, _ surakarta.Limits) (surakarta.Result, error) {
	moves := g.LegalMoves()
	for _, m := range moves {
		if !m.IsCapture() {
			return surakarta.Result{Move: m, Depth: 1}, nil
		}
	}
	return surakarta.Result{Move: moves[0], Depth: 1}, nil
}

func (stepper) Clear() {}

func TestSolves(t *testing.T) {
	ctx := context.Background()
	for _, line := range []string{wonPiece, wonGame} {
		p, err := puzzle.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := puzzle.Solves(ctx, p, scripted{p}, surakarta.Limits{}); !ok || err != nil {
			t.Errorf("%v: the solution's own moves do not solve it: %v, %v", p, ok, err)
		}
		if ok, err := puzzle.Solves(ctx, p, stepper{}, surakarta.Limits{}); ok || err != nil {
			t.Errorf("%v: a player of steps solves it: %v, %v", p, ok, err)
		}
		if _, err := puzzle.Solves(ctx, p, nil, surakarta.Limits{}); !errors.Is(err, puzzle.ErrInvalidOptions) {
			t.Errorf("Solves with a nil searcher: %v", err)
		}
	}
}

// TestRate checks Rate against Solves: the level it returns solves the
// puzzle in every try, and the level below fails in one.
func TestRate(t *testing.T) {
	ctx := context.Background()
	lim := surakarta.Limits{Nodes: 5_000}
	for _, line := range []string{wonPiece, wonGame} {
		p, err := puzzle.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		n, err := puzzle.Rate(ctx, p, puzzle.RateOptions{Limits: lim})
		if err != nil || n < 1 || n > level.Count {
			t.Fatalf("%v: Rate = %d, %v; want a level (the engine plays the only capture)", p, n, err)
		}
		solvesAll := func(n int) bool {
			for _, seed := range []uint64{1, 2, 3} { // Rate's seeds when none are given
				s, err := level.New(n, seed)
				if err != nil {
					t.Fatal(err)
				}
				ok, err := puzzle.Solves(ctx, p, s, lim)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					return false
				}
			}
			return true
		}
		if !solvesAll(n) {
			t.Errorf("%v: rated %d, which fails a try", p, n)
		}
		if n > 1 && solvesAll(n-1) {
			t.Errorf("%v: rated %d, but level %d solves it in every try", p, n, n-1)
		}
		t.Logf("%s: level %d", p.Theme(), n)
	}
}
