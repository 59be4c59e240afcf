package main

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/doccheck"
)

// TestQuotedAnalysis: what docs/analysis.md quotes of an analysis of the
// test games is what the command writes now, but for the time it took: at
// a fixed depth (-movetime 0) the searches are the same on every machine.
func TestQuotedAnalysis(t *testing.T) {
	code, stdout, stderr := analyze(context.Background(), "", "-engine", "pvs,tuned", "-movetime", "0", "testdata/games.txt")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	const page = "docs/analysis.md"
	// The page runs the command from the module's root, and leaves out
	// the progress lines.
	progress := regexp.MustCompile(`^game \d+: \d+/\d+ positions searched$`)
	errLines := slices.DeleteFunc(strings.Split(strings.TrimSpace(stderr), "\n"), progress.MatchString)
	for i, l := range errLines {
		errLines[i] = strings.Replace(l, " testdata/", " cmd/surakarta-analyze/testdata/", 1)
	}
	took := regexp.MustCompile(`nodes in [0-9.]+m?s$`)
	normalize := func(l string) string { return took.ReplaceAllString(l, "nodes in T") }
	doccheck.Match(t, page, "analyze-stderr", doccheck.Quote(t, page, "analyze-stderr"), errLines, normalize)
	outLines := strings.Split(strings.TrimSpace(stdout), "\n")
	for _, name := range []string{"analyze-record", "analyze-record-mistake"} {
		doccheck.Match(t, page, name, doccheck.Quote(t, page, name), outLines, nil)
	}
}
