//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNamedPipe: -puzzles and load refuse a named pipe as not a regular
// file, at once, rather than wait in its open for a writer. A regression
// fails after a while rather than hang: the pipe is then opened for
// writing, so that the waiting open goes on.
func TestNamedPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	for _, tc := range []struct {
		args  []string
		input string
		code  int
		want  string
	}{
		{[]string{"-puzzles", pipe}, "", 2, "surakarta-play: " + pipe + ": not a regular file (a named pipe)"},
		{[]string{"-depth", "1", "-movetime", "0"}, "load " + pipe + "\nquit\n", 0, "Not loaded: " + pipe + ": not a regular file (a named pipe)"},
	} {
		type result struct {
			code        int
			out, errOut string
		}
		done := make(chan result, 1)
		go func() {
			var out, errOut strings.Builder
			code := run(tc.args, strings.NewReader(tc.input), &out, &errOut)
			done <- result{code, out.String(), errOut.String()}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(10 * time.Second):
			t.Errorf("%q: still waiting after 10 s", tc.args)
			if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
			r = <-done
		}
		if r.code != tc.code || !strings.Contains(r.out+r.errOut, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, r.code, r.out, r.errOut, tc.code, tc.want)
		}
	}
}
