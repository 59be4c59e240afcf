package level_test

import (
	"testing"

	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/level"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps the package's sentinel
// for bad input, so that a caller tests it with errors.Is and never by its
// text. A function added without a case here fails the test.
func TestErrorContract(t *testing.T) {
	cases := map[string]doccheck.ErrorCase{
		"New": doccheck.Case(doccheck.Err2(level.New(level.Count+1, 0)), level.ErrNoLevel),
	}
	doccheck.ErrorContract(t, ".", cases)
}
