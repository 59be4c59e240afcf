package experiments

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	openingbook "github.com/surakarta-go/surakarta/book"
)

// TestPageBook checks that the page's opening book, web/static/book.bin,
// is what docs/book.md's command makes from the records of the strength
// matches and the self-play games from the start: the book of their
// first 12 plies, each move played at least 20 times.
func TestPageBook(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("matches", "strength", "*.txt.gz"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no strength records: %v", err)
	}
	files = append(files, filepath.Join("matches", "book", "selfplay.txt.gz"))
	b, err := openingbook.NewBuilder(openingbook.DefaultPlies)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		recs, err := readRecords(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if _, err := b.Add(r); err != nil {
				t.Fatal(err)
			}
		}
	}
	want, err := b.Book().MinCount(20).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join(root, "web", "static", "book.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Errorf("web/static/book.bin (%d bytes) is not what the records make (%d bytes): run, from the repository root, "+
			"go run ./cmd/surakarta-book build -min-count 20 -out web/static/book.bin experiments/matches/strength/*.txt.gz experiments/matches/book/selfplay.txt.gz", len(have), len(want))
	}
}
