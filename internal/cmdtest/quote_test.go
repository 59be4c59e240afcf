package cmdtest

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestQuotedCustomEval: the output of examples/customeval that README.md,
// docs/evaluators.md and docs/matches.md quote is what it prints now: its
// 40 games at a fixed depth are the same on every machine.
func TestQuotedCustomEval(t *testing.T) {
	bin, err := Build(t.TempDir(), "github.com/surakarta-go/surakarta/examples/customeval")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	summary := strings.Split(strings.TrimSpace(string(out)), "\n")
	progress := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	for _, q := range []struct{ page, name string }{
		{"README.md", "customeval"},
		{"docs/evaluators.md", "customeval-evaluators"},
	} {
		doccheck.Match(t, q.page, q.name, doccheck.Quote(t, q.page, q.name), summary, nil)
	}
	doccheck.Match(t, "docs/matches.md", "customeval-matches", doccheck.Quote(t, "docs/matches.md", "customeval-matches"), append(progress, summary...), nil)
}
