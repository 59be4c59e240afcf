//go:build unix

package tablebase

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// unblocking runs f, and meanwhile opens each named pipe of fifos for
// writing, and closes it, whenever a reader waits on it: so that f, if
// it opened a pipe and waited for a writer, goes on (reading nothing)
// rather than hang the test. It returns f's error.
func unblocking(fifos []string, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	for {
		select {
		case err := <-done:
			return err
		default:
		}
		for _, name := range fifos {
			// Without a reader the open fails at once (ENXIO).
			if w, err := os.OpenFile(name, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// TestNamedPipes: a named pipe under a table's name, or a symbolic link
// to one, is refused as not a regular file, at once, by Open and
// ClassStats, left out by OpenUsable, and made again by Generate: none
// opens it to wait for a writer.
func TestNamedPipes(t *testing.T) {
	dir := copyTables(t, 0, map[string]string{"1v1-all.sktb": "1v1-all.sktb", "2v1-all.sktb": "2v1-all.sktb", "1v2-all.sktb": "1v2-all.sktb"})
	fifo := filepath.Join(dir, "2v2-all.sktb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	other := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(other, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, filepath.Join(dir, "3v1-all.sktb")); err != nil {
		t.Fatal(err)
	}
	fifos := []string{fifo, other}
	notRegular := func(what string, err error, name string) {
		t.Helper()
		if !errors.Is(err, regularfile.ErrNotRegular) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v, want %s refused as not a regular file", what, err, name)
		}
	}
	err := unblocking(fifos, func() error {
		_, err := Open(dir, surakarta.Rules{})
		return err
	})
	notRegular("Open", err, fifo)
	var tb *Tables
	err = unblocking(fifos, func() (err error) {
		tb, err = OpenUsable(dir, surakarta.Rules{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	d := tb.Dropped()
	tb.Close()
	if len(d) != 2 {
		t.Fatalf("OpenUsable dropped %v, want 2v2 and 3v1", d)
	}
	notRegular("OpenUsable", d[0], fifo)
	notRegular("OpenUsable", d[1], filepath.Join(dir, "3v1-all.sktb"))
	err = unblocking(fifos, func() error {
		_, err := ClassStats(dir, surakarta.Rules{}, 2, 2)
		return err
	})
	notRegular("ClassStats", err, fifo)

	var log []string
	err = unblocking(fifos, func() error {
		return Generate(context.Background(), dir, Options{Pieces: 4, Log: func(l string) { log = append(log, l) }})
	})
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(log, "\n"); !strings.Contains(text, "2v2-all.sktb cannot be used, made again: "+fifo+": not a regular file") {
		t.Errorf("Generate over a named pipe logged:\n%s", text)
	}
	if info, err := os.Lstat(fifo); err != nil || !info.Mode().IsRegular() {
		t.Errorf("after Generate, 2v2-all.sktb: %v, %v; want a regular file", info, err)
	}
}
