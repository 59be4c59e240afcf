package enginespec_test

import (
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps a sentinel for bad
// input (ErrInvalidSpec, or for NewSearcher the searchers'
// surakarta.ErrInvalidSearch), so that a caller tests it with errors.Is
// and never by its text. A function added without a case here fails the
// test.
func TestErrorContract(t *testing.T) {
	cases := map[string]doccheck.ErrorCase{
		"Engine.NewSearcher": doccheck.Case(doccheck.Err2(enginespec.Engine{Name: "pvs"}.NewSearcher()), surakarta.ErrInvalidSearch),
		"Parse":              doccheck.Case(doccheck.Err2(enginespec.Parse("pvs,material")), enginespec.ErrInvalidSpec),
	}
	doccheck.ErrorContract(t, ".", cases)
}
