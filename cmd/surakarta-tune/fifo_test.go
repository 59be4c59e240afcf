//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/pipetest"
)

// TestNamedPipe: the files that gen -from, gen -merge, fit -data and net
// -data read are refused when not regular files, at once: a named pipe
// rather than waited on in its open for a writer, a device rather than
// read as records or positions.
func TestNamedPipe(t *testing.T) {
	pipetest.NotRegular(t, "games.txt", func(t *testing.T, file string) {
		out := filepath.Join(t.TempDir(), "out")
		for _, args := range [][]string{
			{"gen", "-from", file, "-out", out},
			{"gen", "-merge", "-out", out, file},
			{"fit", "-data", file},
			{"net", "-data", file, "-out", out},
		} {
			var code int
			var stdout, stderr string
			pipetest.Within(t, file, func() { code, stdout, stderr = runCmd(args...) })
			if want := file + ": not a regular file"; code != 1 || !strings.Contains(stderr, want) {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and %q", args, code, stdout, stderr, want)
			}
		}
	})
}
