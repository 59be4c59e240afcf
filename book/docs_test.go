package book

import (
	"testing"

	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestExportedDocsNameNoUnexportedIdentifiers: what go doc shows of the
// package must stand on its own, naming nothing unexported
// (doccheck.NoUnexportedNames).
func TestExportedDocsNameNoUnexportedIdentifiers(t *testing.T) {
	doccheck.NoUnexportedNames(t, ".")
}
