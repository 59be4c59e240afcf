package match

import (
	"strings"
	"testing"
)

// TestExternalMatchRecords checks the match of docs/matches.md of the
// engine binary, played through UGI, against the built-in engine: its
// summary line, recounted from the records, and no forfeit.
func TestExternalMatchRecords(t *testing.T) {
	file := records(t, "ugi-vs-pvs-tuned.txt.gz")
	c, p := recount(t, file, "ugi:/tmp/surakarta")
	want := summaryLine("ugi:/tmp/surakarta", "pvs,tuned", c, p, nil)
	if c.Games() != 20 || !strings.Contains(docPage(t, "matches.md"), want) {
		t.Errorf("docs/matches.md has no %q, the result of the %d games recounted from %s", want, c.Games(), file)
	}
	for _, rec := range recordsIn(t, file) {
		if f, ok := rec.Header(forfeitHeader); ok {
			t.Errorf("a forfeit: %s", f)
		}
	}
}
