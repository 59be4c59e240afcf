//go:build unix

package match

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMergeRefusesNamedPipe: Merge and ReadConfig refuse a named pipe, or
// a device, as not a regular file, at once: they open it without waiting
// for a writer. A regression fails after a while rather than hang: the
// pipe is then opened for writing, so that the waiting open goes on.
func TestMergeRefusesNamedPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "games.txt")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	files := []string{pipe}
	if _, err := os.Stat(os.DevNull); err == nil {
		files = append(files, os.DevNull)
	}
	for _, file := range files {
		for what, f := range map[string]func() error{
			"Merge":      func() error { _, err := Merge(config(file, 4), file); return err },
			"ReadConfig": func() error { _, err := ReadConfig(file); return err },
		} {
			done := make(chan error, 1)
			go func() { done <- f() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Errorf("%s(%s): still waiting after 10 s", what, file)
				if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					w.Close()
				}
				err = <-done
			}
			if err == nil || !strings.Contains(err.Error(), file+": not a regular file") {
				t.Errorf("%s(%s): %v; want it refused as not a regular file", what, file, err)
			}
		}
	}
}
