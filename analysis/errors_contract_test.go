package analysis_test

import (
	"context"
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/record"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps the package's sentinel
// for bad input, so that a caller tests it with errors.Is and never by its
// text; an error that is the caller's own writer's comes back wrapped, for
// errors.Is with it. A function added without a case here fails the test.
func TestErrorContract(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	report := &analysis.Report{Moves: []analysis.Annotation{{Ply: 2}}} // its first annotation is not of ply 1
	cases := map[string]doccheck.ErrorCase{
		"Game":            doccheck.Case(doccheck.Err2(analysis.Game(context.Background(), g, nil, analysis.Options{})), analysis.ErrInvalidAnalysis),
		"Report.Annotate": doccheck.Case(doccheck.Err2(report.Annotate(record.New(g))), analysis.ErrInvalidAnalysis),
		"Report.Fit":      doccheck.Case(doccheck.Err2((&analysis.Report{}).Fit(nil)), analysis.ErrInvalidAnalysis),
		// The writer's own error.
		"Report.WriteSVG": doccheck.Case((&analysis.Report{}).WriteSVG(failingWriter{}), errWrite),
	}
	doccheck.ErrorContract(t, ".", cases)
}

// errWrite is the error of a failingWriter.
var errWrite = errors.New("the disk is full")

// failingWriter is a writer that fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }
