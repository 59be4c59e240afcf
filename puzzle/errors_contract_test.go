package puzzle_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/puzzle"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps a sentinel of the
// package for bad input, so that a caller tests it with errors.Is and
// never by its text. A function added without a case here fails the
// test.
func TestErrorContract(t *testing.T) {
	ctx := context.Background()
	g := surakarta.NewGame(surakarta.NewPosition())
	s := surakarta.NewPVS(surakarta.NewTuned())
	var p puzzle.Puzzle // no position, no solution
	cases := map[string]doccheck.ErrorCase{
		"Find":                 doccheck.Case(doccheck.Err2(puzzle.Find(ctx, nil, s, puzzle.Options{})), puzzle.ErrInvalidOptions),
		"FromReport":           doccheck.Case(doccheck.Err2(puzzle.FromReport(ctx, g, nil, s, puzzle.Options{})), puzzle.ErrInvalidOptions),
		"Parse":                doccheck.Case(doccheck.Err2(puzzle.Parse("nonsense")), puzzle.ErrInvalidPuzzle),
		"Puzzle.Check":         doccheck.Case(p.Check(), puzzle.ErrInvalidPuzzle),
		"Puzzle.UnmarshalText": doccheck.Case(p.UnmarshalText([]byte("nonsense")), puzzle.ErrInvalidPuzzle),
		"Rate":                 doccheck.Case(doccheck.Err2(puzzle.Rate(ctx, p, puzzle.RateOptions{})), puzzle.ErrInvalidPuzzle),
		"Read":                 doccheck.Case(doccheck.Err2(puzzle.Read(strings.NewReader("nonsense\n"))), puzzle.ErrInvalidPuzzle),
		"Solves":               doccheck.Case(doccheck.Err2(puzzle.Solves(ctx, p, nil, surakarta.Limits{})), puzzle.ErrInvalidOptions),
		"Verify":               doccheck.Case(puzzle.Verify(ctx, p, nil, puzzle.VerifyOptions{}), puzzle.ErrInvalidOptions),
		"Write":                doccheck.Case(puzzle.Write(io.Discard, []puzzle.Puzzle{p}), puzzle.ErrInvalidPuzzle),
	}
	doccheck.ErrorContract(t, ".", cases)
}
