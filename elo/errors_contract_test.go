package elo_test

import (
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps the package's sentinel
// for bad input, so that a caller tests it with errors.Is and never by its
// text. A function added without a case here fails the test.
func TestErrorContract(t *testing.T) {
	var counts elo.Counts
	var pairs elo.Pentanomial
	cases := map[string]struct {
		err  error
		want error
	}{
		"Counts.Add":           {counts.Add(0.25), elo.ErrInvalidScore},
		"Counts.Validate":      {elo.Counts{Wins: -1}.Validate(), elo.ErrInvalidCounts},
		"Pentanomial.Add":      {pairs.Add(1, 2), elo.ErrInvalidScore},
		"Pentanomial.Validate": {elo.Pentanomial{2: -1}.Validate(), elo.ErrInvalidCounts},
		"SPRT.Validate":        {elo.SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}.Validate(), elo.ErrInvalidSPRT},
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
