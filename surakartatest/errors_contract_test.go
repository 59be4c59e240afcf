package surakartatest_test

import (
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// TestErrorContract: every exported function of the package that returns
// an error (doccheck.ErrorFuncs) wraps a sentinel of the package when the
// code it checks fails, so that a caller tests it with errors.Is and never
// by its text. A function added without a case here fails the test.
func TestErrorContract(t *testing.T) {
	p := surakarta.NewPosition()
	cases := map[string]struct {
		err  error
		want error
	}{
		"CheckEvaluator": {surakartatest.CheckEvaluator(surakarta.EvaluatorFunc(func(*surakarta.Position) int { return surakarta.Win }), p), surakartatest.ErrEvaluatorRule},
		"CheckMoves":     {surakartatest.CheckMoves(p, nil), surakartatest.ErrMovesDiffer},
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
