//go:build unix

package regularfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpen: a regular file and a link to it open; a named pipe with no
// writer and a directory are refused at once, their type named.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, name := range []string{file, link} {
		f, err := Open(name)
		if err != nil {
			t.Fatalf("Open(%s): %v", name, err)
		}
		f.Close()
	}
	for name, what := range map[string]string{pipe: "a named pipe", dir: "a directory"} {
		if _, err := Open(name); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), what) {
			t.Errorf("Open(%s): %v, want ErrNotRegular naming %s", name, err, what)
		}
	}
}

// TestOpenFile: a file opened for reading and writing is made when
// missing, with its permissions, and opened when regular; a named pipe
// and a directory are refused at once.
func TestOpenFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.txt")
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	const flag = os.O_RDWR | os.O_APPEND | os.O_CREATE
	for range 2 { // made, then opened
		f, err := OpenFile(file, flag, 0o600)
		if err != nil {
			t.Fatalf("OpenFile(%s): %v", file, err)
		}
		if _, err := f.WriteString("data\n"); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if info, err := os.Stat(file); err != nil || info.Mode() != 0o600 || info.Size() != 10 {
		t.Errorf("%s: %v, %v; want a file of mode 0600 and 10 bytes", file, info, err)
	}
	// A directory is refused by the open itself, for writing.
	if _, err := OpenFile(pipe, flag, 0o600); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a named pipe") {
		t.Errorf("OpenFile(%s): %v, want ErrNotRegular naming a named pipe", pipe, err)
	}
	if _, err := OpenFile(dir, flag, 0o600); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("OpenFile(%s): %v, want the system's EISDIR", dir, err)
	}
}
