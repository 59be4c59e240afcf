package surakartatest_test

import (
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
	cases := map[string]doccheck.ErrorCase{
		"CheckEvaluator": doccheck.Case(surakartatest.CheckEvaluator(surakarta.EvaluatorFunc(func(*surakarta.Position) int { return surakarta.Win }), p), surakartatest.ErrEvaluatorRule),
		"CheckMoves":     doccheck.Case(surakartatest.CheckMoves(p, nil), surakartatest.ErrMovesDiffer),
	}
	doccheck.ErrorContract(t, ".", cases)
}
