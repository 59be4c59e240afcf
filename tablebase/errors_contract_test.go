package tablebase_test

import (
	"context"
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
	cases := map[string]doccheck.ErrorCase{
		"ClassStats":      doccheck.Case(doccheck.Err2(tablebase.ClassStats(empty, surakarta.Rules{}, 0, 1)), tablebase.ErrNotInTables),
		"Generate":        doccheck.Case(tablebase.Generate(context.Background(), empty, tablebase.Options{Pieces: 1}), tablebase.ErrInvalidOptions),
		"Open":            doccheck.Case(doccheck.Err2(tablebase.Open(empty, surakarta.Rules{})), tablebase.ErrNoTables),
		"OpenUsable":      doccheck.Case(doccheck.Err2(tablebase.OpenUsable(empty, surakarta.Rules{})), tablebase.ErrNoTables),
		"Tables.BestMove": doccheck.Case(err3(none.BestMove(surakarta.NewPosition())), tablebase.ErrNotInTables),
		"Tables.Value":    doccheck.Case(doccheck.Err2(none.Value(surakarta.NewPosition())), tablebase.ErrNotInTables),
		// The system's error for a directory that is not there.
		"RuleSets": doccheck.Case(doccheck.Err2(tablebase.RuleSets(filepath.Join(empty, "none"))), fs.ErrNotExist),
	}
	doccheck.ErrorContract(t, ".", cases)
}

// err3 returns the error of a call that returns two values and an error.
func err3[T, U any](_ T, _ U, err error) error { return err }
