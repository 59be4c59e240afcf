//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/atomicfile"
)

// mode returns the mode of the file name, a link's own if it is one.
func mode(t *testing.T, name string) os.FileMode {
	t.Helper()
	info, err := os.Lstat(name)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode()
}

// TestOutMode: a new book has the mode a plain create gives it (0666
// less the umask), and a book built or merged over another keeps that
// one's mode, so that a book made for a web directory or another user's
// engine stays readable by them.
func TestOutMode(t *testing.T) {
	defer syscall.Umask(syscall.Umask(0o022))
	plain, _ := files(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	check := func(want os.FileMode) {
		t.Helper()
		if m := mode(t, out); m != want {
			t.Errorf("the book's mode: %v, want %v", m, want)
		}
	}
	if code, _, stderr := runBook("build", "-out", out, plain); code != 0 {
		t.Fatal(stderr)
	}
	check(0o644)
	if err := os.Chmod(out, 0o640); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runBook("build", "-out", out, plain); code != 0 {
		t.Fatal(stderr)
	}
	check(0o640)
	if code, _, stderr := runBook("merge", "-out", out, out, out); code != 0 {
		t.Fatal(stderr)
	}
	check(0o640)
	os.Remove(out)
	syscall.Umask(0o027)
	if code, _, stderr := runBook("build", "-out", out, plain); code != 0 {
		t.Fatal(stderr)
	}
	check(0o640)
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

// TestOutLinkAndPipe: -out a symbolic link writes the book to the file it
// leads to, renamed into place there (a link to nothing makes that file),
// and keeps the link; -out a named pipe writes the book into the pipe for
// whatever reads it, and keeps the pipe. Neither is replaced by a
// regular file.
func TestOutLinkAndPipe(t *testing.T) {
	plain, _ := files(t)
	dir := t.TempDir()
	if code, _, stderr := runBook("build", "-out", filepath.Join(dir, "want.bin"), plain); code != 0 {
		t.Fatal(stderr)
	}
	want, err := os.ReadFile(filepath.Join(dir, "want.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "books"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "books", "v1.bin"), []byte("old"), 0o604); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"book.bin": "books/v1.bin", "next.bin": "books/v2.bin", "last.bin": "next.bin"} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	for link, file := range map[string]string{"book.bin": "books/v1.bin", "last.bin": "books/v2.bin"} {
		if code, _, stderr := runBook("build", "-out", filepath.Join(dir, link), plain); code != 0 {
			t.Fatalf("build -out %s: %s", link, stderr)
		}
		if m := mode(t, filepath.Join(dir, link)); m&os.ModeSymlink == 0 {
			t.Errorf("-out %s, a link: %v afterwards; want the link kept", link, m)
		}
		if got, err := os.ReadFile(filepath.Join(dir, file)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("-out %s: %s holds %q, %v; want the book", link, file, got, err)
		}
	}
	if m := mode(t, filepath.Join(dir, "books", "v1.bin")); m != 0o604 {
		t.Errorf("the book a link leads to: %v; want its mode -rw----r-- kept", m)
	}

	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	read := make(chan []byte, 1)
	go func() {
		r, err := os.Open(pipe) // waits for the writer
		if err != nil {
			read <- nil
			return
		}
		defer r.Close()
		data, _ := io.ReadAll(r)
		read <- data
	}()
	done := make(chan string, 1)
	go func() {
		code, _, stderr := runBook("build", "-out", pipe, plain)
		if code != 0 {
			done <- stderr
		}
		close(done)
	}()
	select {
	case stderr, failed := <-done:
		if failed {
			t.Fatalf("build -out a named pipe: %s", stderr)
		}
	case <-time.After(time.Minute):
		t.Fatal("build -out a named pipe: not done after a minute")
	}
	if m := mode(t, pipe); m&os.ModeNamedPipe == 0 {
		t.Errorf("-out a named pipe: %v afterwards; want the pipe kept", m)
	}
	select {
	case got := <-read:
		if !bytes.Equal(got, want) {
			t.Errorf("the pipe's reader read %q, want the book", got)
		}
	case <-time.After(5 * time.Second):
		t.Error("the pipe's reader read nothing")
	}
}
