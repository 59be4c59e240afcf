//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNamedPipe: a record file that is a named pipe is refused as not a
// regular file, at once, rather than waited on in its open for a writer
// (standard input is the way to analyse what a pipe gives). A regression
// fails after a while rather than hang: the pipe is then opened for
// writing, so that the waiting open goes on.
func TestNamedPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "games.txt")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, stdout, stderr := analyze(context.Background(), "", "-depth", "1", pipe)
		done <- result{code, stdout, stderr}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(10 * time.Second):
		t.Error("still waiting after 10 s")
		if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		r = <-done
	}
	if want := "surakarta-analyze: " + pipe + ": not a regular file (a named pipe)"; r.code != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", r.code, r.stdout, r.stderr, want)
	}
}
