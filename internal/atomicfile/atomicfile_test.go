package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestCreateTempAndCommit: CreateTemp makes a file that IsTemp knows as
// the name's, locked while it is open; Commit puts it in place of the
// name, and leaves no temporary file.
func TestCreateTempAndCommit(t *testing.T) {
	dir := t.TempDir()
	f, err := CreateTemp(dir, "book.bin", 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if !IsTemp(filepath.Base(f.Name()), "book.bin") {
		t.Errorf("%s: not a temporary file of book.bin as IsTemp says", f.Name())
	}
	if other, err := os.Open(f.Name()); err == nil {
		if err := Lock(other); HaveFlock && !errors.Is(err, ErrLocked) {
			t.Errorf("locking the temporary file again: %v, want ErrLocked", err)
		}
		other.Close()
	}
	if _, err := f.WriteString("data"); err != nil {
		t.Fatal(err)
	}
	if err := Commit(f, filepath.Join(dir, "book.bin")); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "book.bin")); err != nil || string(data) != "data" {
		t.Errorf("book.bin: %q, %v", data, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d files, want book.bin alone", len(entries))
	}
}

// TestIsTemp: the names CreateTemp makes for book.bin, and only those.
func TestIsTemp(t *testing.T) {
	for file, want := range map[string]bool{
		"book.bin.tmp123": true,
		"book.bin.tmp":    false,
		"book.bin.tmp12x": false,
		"book.bin":        false,
		"bookxbin.tmp1":   false,
		"a.bin.tmp1":      false,
	} {
		if got := IsTemp(file, "book.bin"); got != want {
			t.Errorf("IsTemp(%q, book.bin) = %v", file, got)
		}
	}
}

// TestRemoveStale: RemoveStale removes the temporary files of the name
// that no writer holds locked, however recently written where there is
// flock, and tells removed of each; it keeps a locked one, a file of
// another name and a directory.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	// book.bin.tmp1 is stale, book.bin.tmp2 just written (stale where
	// there is flock), book.bin.tmp3 locked below (a writer at work),
	// other.tmp4 of another name.
	for _, name := range []string{"book.bin.tmp1", "book.bin.tmp2", "book.bin.tmp3", "other.tmp4"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
		if old := time.Now().Add(-time.Hour); name != "book.bin.tmp2" {
			if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "book.bin.tmp5"), 0o755); err != nil {
		t.Fatal(err)
	}
	locked, err := os.Open(filepath.Join(dir, "book.bin.tmp3"))
	if err != nil {
		t.Fatal(err)
	}
	defer locked.Close()
	if err := Lock(locked); err != nil {
		t.Fatal(err)
	}
	var removed []string
	isTemp := func(file string) bool { return IsTemp(file, "book.bin") }
	err = RemoveStale(dir, isTemp, time.Now(), func(file string, err error) {
		if err != nil {
			t.Errorf("removing %s: %v", file, err)
		}
		removed = append(removed, file)
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"book.bin.tmp1"}
	if HaveFlock {
		want = append(want, "book.bin.tmp2")
	}
	if slices.Sort(removed); !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	for _, name := range []string{"book.bin.tmp1", "book.bin.tmp2", "book.bin.tmp3", "other.tmp4", "book.bin.tmp5"} {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone := errors.Is(err, os.ErrNotExist); gone != slices.Contains(want, name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestWriteFileThroughLinks: WriteFile writes the file a chain of links
// leads to, and removes the leftovers beside it, reading ".." after a
// link to a directory as the system does (from the directory linked to,
// not lexically); it refuses a loop of links.
func TestWriteFileThroughLinks(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{
		"a":      filepath.FromSlash("sub/deep"),
		"first":  "second",
		"second": filepath.FromSlash("a/../book.bin"), // sub/book.bin
		"loop1":  "loop2",
		"loop2":  "loop1",
	} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	// A killed writer's leftover beside sub/book.bin, and a file of the
	// same name where a lexical a/.. would lead.
	for _, name := range []string{filepath.Join("sub", "book.bin.tmp7"), "book.bin.tmp8"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(filepath.Join(dir, name), time.Now().Add(-time.Hour), time.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteFile(filepath.Join(dir, "first"), []byte("book"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sub", "book.bin.tmp7")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("sub/book.bin.tmp7, left beside the file written: %v, want it removed", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "book.bin.tmp8")); err != nil {
		t.Errorf("book.bin.tmp8, beside no file written: %v, want it kept", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "sub", "book.bin")); err != nil || string(data) != "book" {
		t.Errorf("sub/book.bin: %q, %v; want the data written through first", data, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "book.bin")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("book.bin, where a lexical a/.. would lead: %v", err)
	}
	if err := WriteFile(filepath.Join(dir, "loop1"), []byte("book"), nil); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("WriteFile through a loop of links: %v", err)
	}
}
