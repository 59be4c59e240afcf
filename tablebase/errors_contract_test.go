package tablebase_test

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/tablebase"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps a sentinel of the
// package for bad input, so that a caller tests it with errors.Is and
// never by its text. A function added without a case here fails the
// test.
func TestErrorContract(t *testing.T) {
	empty := t.TempDir()
	var none *tablebase.Tables // holds no position
	cases := map[string]struct {
		err  error
		want error
	}{
		"ClassStats":      {err2(tablebase.ClassStats(empty, surakarta.Rules{}, 0, 1)), tablebase.ErrNotInTables},
		"Generate":        {tablebase.Generate(context.Background(), empty, tablebase.Options{Pieces: 1}), tablebase.ErrInvalidOptions},
		"Open":            {err2(tablebase.Open(empty, surakarta.Rules{})), tablebase.ErrNoTables},
		"OpenUsable":      {err2(tablebase.OpenUsable(empty, surakarta.Rules{})), tablebase.ErrNoTables},
		"Tables.BestMove": {err3(none.BestMove(surakarta.NewPosition())), tablebase.ErrNotInTables},
		"Tables.Value":    {err2(none.Value(surakarta.NewPosition())), tablebase.ErrNotInTables},
		// The system's error for a directory that is not there.
		"RuleSets": {err2(tablebase.RuleSets(filepath.Join(empty, "none"))), fs.ErrNotExist},
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

// err3 returns the error of a call that returns two values and an error.
func err3[T, U any](_ T, _ U, err error) error { return err }
