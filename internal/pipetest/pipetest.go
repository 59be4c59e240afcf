//go:build unix

package pipetest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Timeout is how long Within waits for a reader that should refuse a
// pipe at once: long enough for a busy machine.
const Timeout = 10 * time.Second

// New makes a named pipe called name in a temporary directory of t and
// returns its path; it skips t where there are no named pipes.
func New(t testing.TB, name string) string {
	t.Helper()
	pipe := filepath.Join(t.TempDir(), name)
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	return pipe
}

// Within runs read, which should return at once having refused the named
// pipe pipe. When it has not returned after Timeout, Within fails t and
// opens the pipe for writing, and closes it, so that an open waiting for
// a writer goes on (reading nothing) and read returns.
func Within(t testing.TB, pipe string, read func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		read()
	}()
	select {
	case <-done:
		return
	case <-time.After(Timeout):
	}
	t.Errorf("still waiting on the named pipe %s after %v", pipe, Timeout)
	for {
		// Without a reader the open fails at once (ENXIO).
		if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		select {
		case <-done:
			return
		case <-time.After(time.Millisecond):
		}
	}
}
