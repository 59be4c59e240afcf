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

// unblocking runs f, and meanwhile opens the named pipe fifo for
// writing, and closes it, whenever a reader waits on it: so that f, if
// it opened the pipe and waited for a writer, goes on (reading nothing)
// rather than hang the test.
func unblocking(fifo string, f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	for {
		select {
		case <-done:
			return
		default:
		}
		// Without a reader the open fails at once (ENXIO).
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		time.Sleep(time.Millisecond)
	}
}

// TestNamedPipe: probe and stats over a directory with a named pipe
// under a table's name fail at once, saying it is not a regular file,
// rather than wait for a writer.
func TestNamedPipe(t *testing.T) {
	all, _ := tables(t)
	dir := t.TempDir()
	for _, name := range []string{"1v1-all.sktb", "2v1-all.sktb", "1v2-all.sktb"} {
		data, err := os.ReadFile(filepath.Join(all, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(dir, "2v2-all.sktb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	for _, args := range [][]string{
		{"probe", "-dir", dir, "-position", "6/1w4/6/6/b5/6 b"},
		{"stats", "-dir", dir},
	} {
		var code int
		var stdout, stderr string
		unblocking(fifo, func() { code, stdout, stderr = runTB(args...) })
		if want := fifo + ": not a regular file (a named pipe)"; code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want status 1 and %q", args, code, stdout, stderr, want)
		}
	}
}
