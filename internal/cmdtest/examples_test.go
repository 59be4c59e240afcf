package cmdtest

import (
	"os/exec"
	"strings"
	"testing"
)

// TestExamplesImportPublicPackages: the examples, and their tests, import
// no internal package of the module, so that a reader can copy one into a
// module of their own.
func TestExamplesImportPublicPackages(t *testing.T) {
	root, _ := mainPackages(t)
	list := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}}`, "./examples/...")
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list ./examples/...: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 {
		t.Fatalf("go list found %d examples, want at least 3:\n%s", len(lines), out)
	}
	for _, line := range lines {
		pkg, imports, _ := strings.Cut(line, " ")
		for _, imp := range strings.Fields(imports) {
			if strings.Contains(imp, "/internal/") {
				t.Errorf("%s imports %s: an example must use only public packages", pkg, imp)
			}
		}
	}
}
