package puzzle_test

import (
	"context"
	"errors"
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
	cases := map[string]struct {
		err  error
		want error
	}{
		"Find":                 {err2(puzzle.Find(ctx, nil, s, puzzle.Options{})), puzzle.ErrInvalidOptions},
		"FromReport":           {err2(puzzle.FromReport(ctx, g, nil, s, puzzle.Options{})), puzzle.ErrInvalidOptions},
		"Parse":                {err2(puzzle.Parse("nonsense")), puzzle.ErrInvalidPuzzle},
		"Puzzle.Check":         {p.Check(), puzzle.ErrInvalidPuzzle},
		"Puzzle.UnmarshalText": {p.UnmarshalText([]byte("nonsense")), puzzle.ErrInvalidPuzzle},
		"Rate":                 {err2(puzzle.Rate(ctx, p, puzzle.RateOptions{})), puzzle.ErrInvalidPuzzle},
		"Read":                 {err2(puzzle.Read(strings.NewReader("nonsense\n"))), puzzle.ErrInvalidPuzzle},
		"Solves":               {err2(puzzle.Solves(ctx, p, nil, surakarta.Limits{})), puzzle.ErrInvalidOptions},
		"Verify":               {puzzle.Verify(ctx, p, nil, puzzle.VerifyOptions{}), puzzle.ErrInvalidOptions},
		"Write":                {puzzle.Write(io.Discard, []puzzle.Puzzle{p}), puzzle.ErrInvalidPuzzle},
	}
	for _, name := range doccheck.ErrorFuncs(t, ".") {
		c, ok := cases[name]
		if !ok {
			t.Errorf("%s returns an error but has no case here: add one with bad input and the sentinel it wraps", name)
			continue
		}
		delete(cases, name)
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want an error wrapping %q", name, c.err, c.want)
		}
	}
	for name := range cases {
		t.Errorf("the case %s is of no exported function that returns an error", name)
	}
}

// err2 returns the error of a call that returns a value and an error.
func err2[T any](_ T, err error) error { return err }
