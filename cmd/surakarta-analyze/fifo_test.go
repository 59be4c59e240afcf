//go:build unix

package main

import (
	"context"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/pipetest"
)

// TestNamedPipe: a record file that is a named pipe is refused as not a
// regular file, at once, rather than waited on in its open for a writer
// (standard input is the way to analyse what a pipe gives).
func TestNamedPipe(t *testing.T) {
	pipe := pipetest.New(t, "games.txt")
	var code int
	var stdout, stderr string
	pipetest.Within(t, pipe, func() { code, stdout, stderr = analyze(context.Background(), "", "-depth", "1", pipe) })
	if want := "surakarta-analyze: " + pipe + ": not a regular file (a named pipe)"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, want)
	}
}
