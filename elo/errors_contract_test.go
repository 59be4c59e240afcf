package elo_test

import (
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
	cases := map[string]doccheck.ErrorCase{
		"Counts.Add":           doccheck.Case(counts.Add(0.25), elo.ErrInvalidScore),
		"Counts.Validate":      doccheck.Case(elo.Counts{Wins: -1}.Validate(), elo.ErrInvalidCounts),
		"Pentanomial.Add":      doccheck.Case(pairs.Add(1, 2), elo.ErrInvalidScore),
		"Pentanomial.Validate": doccheck.Case(elo.Pentanomial{2: -1}.Validate(), elo.ErrInvalidCounts),
		"SPRT.Validate":        doccheck.Case(elo.SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}.Validate(), elo.ErrInvalidSPRT),
	}
	doccheck.ErrorContract(t, ".", cases)
}
