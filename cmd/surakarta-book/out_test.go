//go:build unix

package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/surakarta-go/surakarta/internal/atomicfile"
)

// TestOutMode: a new book has the mode a plain create gives it (0666
// less the umask), and a book built or merged over another keeps that
// one's mode, so that a book made for a web directory or another user's
// engine stays readable by them.
func TestOutMode(t *testing.T) {
	defer syscall.Umask(syscall.Umask(0o022))
	plain, _ := files(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	mode := func(want os.FileMode) {
		t.Helper()
		info, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode() != want {
			t.Errorf("the book's mode: %v, want %v", info.Mode(), want)
		}
	}
	if code, _, stderr := runBook("build", "-out", out, plain); code != 0 {
		t.Fatal(stderr)
	}
	mode(0o644)
	if err := os.Chmod(out, 0o640); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runBook("build", "-out", out, plain); code != 0 {
		t.Fatal(stderr)
	}
	mode(0o640)
	if code, _, stderr := runBook("merge", "-out", out, out, out); code != 0 {
		t.Fatal(stderr)
	}
	mode(0o640)
	os.Remove(out)
	syscall.Umask(0o027)
	if code, _, stderr := runBook("build", "-out", out, plain); code != 0 {
		t.Fatal(stderr)
	}
	mode(0o640)
}

// TestOutLeftovers: building a book removes the temporary files that a
// run killed while writing the same book left, however recent, and says
// so; not one a run at work holds locked, nor another book's.
func TestOutLeftovers(t *testing.T) {
	if !atomicfile.HaveFlock {
		t.Skip("no flock here: only leftovers a minute old are removed")
	}
	plain, _ := files(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	left, other := out+".tmp1234", filepath.Join(dir, "other.bin.tmp9")
	for _, name := range []string{left, other} {
		if err := os.WriteFile(name, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	held, err := atomicfile.CreateTemp(dir, "book.bin", 0o600) // a run at work
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	code, _, stderr := runBook("build", "-out", out, plain)
	if want := "removed book.bin.tmp1234, left by a run that was stopped while writing it\n"; code != 0 || !strings.HasSuffix(stderr, want) {
		t.Errorf("build: status %d, stderr %q; want it to end with %q", code, stderr, want)
	}
	for _, name := range []string{left, held.Name(), other} {
		_, err := os.Stat(name)
		if gone := errors.Is(err, os.ErrNotExist); gone != (name == left) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
