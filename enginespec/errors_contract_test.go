package enginespec_test

import (
	"errors"
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
	cases := map[string]struct {
		err  error
		want error
	}{
		"Engine.NewSearcher": {err2(enginespec.Engine{Name: "pvs"}.NewSearcher()), surakarta.ErrInvalidSearch},
		"Parse":              {err2(enginespec.Parse("pvs,material")), enginespec.ErrInvalidSpec},
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
