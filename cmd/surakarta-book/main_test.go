package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// runBook runs the command in-process.
func runBook(args ...string) (int, string, string) {
	return cmdtest.Run(run, args...)
}

// Three games: Black won the first, White the second, the third has no
// result.
const records = `[Result "1-0"]
[Reason "adjudicated: move limit"]

1. b2b3 e5e4 2. a2a3 1-0

[Result "0-1"]
[Reason "adjudicated: move limit"]

1. b2b3 f5f4 0-1

[Result "*"]

1. c2c3 *
`

// files writes records as a plain file and the first two of them,
// gzipped, as another, and returns their paths.
func files(t *testing.T) (plain, zipped string) {
	t.Helper()
	dir := t.TempDir()
	plain, zipped = filepath.Join(dir, "games.txt"), filepath.Join(dir, "games.txt.gz")
	if err := os.WriteFile(plain, []byte(records), 0o644); err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write([]byte(records[:strings.Index(records, "[Result \"*\"]")]))
	w.Close()
	if err := os.WriteFile(zipped, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return plain, zipped
}

// TestBuildAndShow: the book of the records, plain and gzipped together,
// and what show says of the start and after 1. b2b3, counted by hand:
// b2b3 was played 4 times (twice in each file), won twice by Black.
func TestBuildAndShow(t *testing.T) {
	plain, zipped := files(t)
	out := filepath.Join(t.TempDir(), "book.bin")
	code, stdout, stderr := runBook("build", "-out", out, plain, zipped)
	// 4 entries: b2b3; e5e4 and f5f4 after it; a2a3 after b2b3 e5e4.
	want := out + ": 4 games (1 skipped), 3 positions, 4 moves, 112 bytes\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Fatalf("build: status %d, stdout %q, stderr %q; want %q", code, stdout, stderr, want)
	}
	code, stdout, stderr = runBook("show", "-book", out)
	want = out + ": 4 games, 12 plies, 3 positions, 4 moves\n" +
		"position wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 (ply 0)\n" +
		"move   games  share   wins  draws  losses  score\n" +
		"b2b3       4 100.0%      2      0       2  50.0%\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("show: status %d, stderr %q, stdout\n%s\nwant\n%s", code, stderr, stdout, want)
	}
	code, stdout, _ = runBook("show", "-book", out, "-moves", "b2b3")
	want = "move   games  share   wins  draws  losses  score\n" +
		"f5f4       2  50.0%      2      0       0 100.0%\n" +
		"e5e4       2  50.0%      0      0       2   0.0%\n"
	if code != 0 || !strings.HasSuffix(stdout, want) || !strings.Contains(stdout, "(ply 1)\n") {
		t.Errorf("show -moves b2b3: status %d, stdout\n%s\nwant it to end with\n%s", code, stdout, want)
	}
	code, stdout, _ = runBook("show", "-book", out, "-position", "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb w 0 1")
	if code != 0 || !strings.HasSuffix(stdout, "no book moves\n") {
		t.Errorf("a position not in the book: status %d, stdout %q", code, stdout)
	}
}

// TestMerge: merging a book with itself doubles its counts; -min-count
// drops the moves played fewer times.
func TestMerge(t *testing.T) {
	plain, _ := files(t)
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one.bin"), filepath.Join(dir, "two.bin")
	if code, _, stderr := runBook("build", "-out", one, plain); code != 0 {
		t.Fatal(stderr)
	}
	code, stdout, stderr := runBook("merge", "-out", two, "-min-count", "3", one, one)
	if want := two + ": 4 games, 1 positions, 1 moves, 46 bytes\n"; code != 0 || stdout != want {
		t.Errorf("merge: status %d, stdout %q, stderr %q; want %q", code, stdout, stderr, want)
	}
	code, stdout, _ = runBook("show", "-book", two)
	if code != 0 || !strings.HasSuffix(stdout, "b2b3       4 100.0%      2      0       2  50.0%\n") {
		t.Errorf("show the merged book: status %d, stdout\n%s", code, stdout)
	}
}

// TestErrors: bad arguments exit 2 with the reason, work that fails 1,
// and a damaged book is named as such.
func TestErrors(t *testing.T) {
	plain, _ := files(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.bin")
	if code, _, stderr := runBook("build", "-out", good, plain); code != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(good)
	cut := filepath.Join(dir, "cut.bin")
	os.WriteFile(cut, data[:len(data)-5], 0o644)
	notRecords := filepath.Join(dir, "not-records.txt")
	os.WriteFile(notRecords, []byte("hello\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "want a command"},
		{[]string{"bake"}, 2, `unknown command "bake"`},
		{[]string{"build", plain}, 2, "give -out"},
		{[]string{"build", "-out", good}, 2, "give the record files"},
		{[]string{"build", "-out", good, "-plies", "0", plain}, 2, "-plies 0: want 1 to 255"},
		{[]string{"build", "-out", good, "-min-count", "0", plain}, 2, "-min-count 0"},
		{[]string{"build", "-out", filepath.Join(dir, "x.bin"), notRecords}, 1, "not-records.txt: invalid record: line 1"},
		{[]string{"build", "-out", filepath.Join(dir, "x.bin"), filepath.Join(dir, "missing.txt")}, 1, "missing.txt"},
		{[]string{"merge", "-out", filepath.Join(dir, "x.bin"), good, cut}, 1, "cut.bin: book: invalid book: truncated"},
		{[]string{"merge", "-out", filepath.Join(dir, "x.bin"), plain}, 1, "not a book file"},
		{[]string{"show"}, 2, "give -book"},
		{[]string{"show", "-book", good, "-moves", "b2b4"}, 2, "-moves: "},
		{[]string{"show", "-book", good, "-position", "nonsense"}, 2, "-position: "},
		{[]string{"show", "-book", good, "extra"}, 2, "unexpected argument"},
		{[]string{"show", "-book", dir}, 1, "not a regular file"},
	} {
		code, _, stderr := runBook(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.bin")); !os.IsNotExist(err) {
		t.Errorf("a failed build left its output: %v", err)
	}
}
