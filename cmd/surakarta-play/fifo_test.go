//go:build unix

package main

import (
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/pipetest"
)

// TestNamedPipe: -puzzles and load refuse a named pipe as not a regular
// file, at once, rather than wait in its open for a writer.
func TestNamedPipe(t *testing.T) {
	pipe := pipetest.New(t, "puzzles.txt")
	for _, tc := range []struct {
		args  []string
		input string
		code  int
		want  string
	}{
		{[]string{"-puzzles", pipe}, "", 1, "surakarta-play: " + pipe + ": not a regular file (a named pipe)"},
		{[]string{"-depth", "1", "-movetime", "0"}, "load " + pipe + "\nquit\n", 0, "Not loaded: " + pipe + ": not a regular file (a named pipe)"},
	} {
		var code int
		var out, errOut strings.Builder
		pipetest.Within(t, pipe, func() { code = run(tc.args, strings.NewReader(tc.input), &out, &errOut) })
		if code != tc.code || !strings.Contains(out.String()+errOut.String(), tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out.String(), errOut.String(), tc.code, tc.want)
		}
	}
}
