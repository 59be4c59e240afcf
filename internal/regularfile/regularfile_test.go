//go:build unix

package regularfile

import (
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
	for name, want := range map[string]string{pipe: "not a regular file (a named pipe)", dir: "not a regular file (a directory)"} {
		if _, err := Open(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s): %v, want %q", name, err, want)
		}
	}
}
