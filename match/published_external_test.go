package match

import (
	"fmt"
	"strings"
	"testing"
)

// TestExternalMatchRecords checks README's match of the engine binary,
// played through UGI, against the built-in engine.
func TestExternalMatchRecords(t *testing.T) {
	file := records(t, "ugi-vs-pvs-tuned.txt.gz")
	c, _ := recount(t, file, "ugi:/tmp/surakarta")
	want := fmt.Sprintf("ugi:/tmp/surakarta vs pvs,tuned: %s", c)
	if c.Games() != 20 || !strings.Contains(readme(t), want) {
		t.Errorf("README has no %q, the result of the %d games recounted from %s", want, c.Games(), file)
	}
	for _, rec := range recordsIn(t, file) {
		if f, ok := rec.Header(forfeitHeader); ok {
			t.Errorf("a forfeit: %s", f)
		}
	}
}
