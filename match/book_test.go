package match

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/booktest"
)

// TestBookRefused: a match refuses an engine that plays from a book, A
// or B, naming it and AllowBook; with AllowBook it plays, and the
// engine's games from the start open with the book's move.
func TestBookRefused(t *testing.T) {
	name := booktest.Write(t, 1, "1-0", "d2d3")
	withBook, plain := mustEngine(t, "alphabeta,sixfactor,book="+name), mustEngine(t, "alphabeta,sixfactor,name=plain")
	start := []surakarta.Position{surakarta.NewPosition()}
	for _, c := range []Config{
		{A: withBook, B: plain, Games: 2, Limits: surakarta.Limits{Depth: 1}, Openings: start},
		{A: plain, B: withBook, Games: 2, Limits: surakarta.Limits{Depth: 1}, Openings: start},
	} {
		err := c.Validate()
		if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "AllowBook") {
			t.Errorf("A %s, B %s: %v", c.A.Name, c.B.Name, err)
		}
		if _, err := Run(context.Background(), c); !errors.Is(err, ErrInvalidConfig) {
			t.Errorf("Run: %v", err)
		}
	}
	file := filepath.Join(t.TempDir(), "games.txt")
	c := Config{A: withBook, B: plain, Games: 2, Limits: surakarta.Limits{Depth: 1}, Openings: start, AllowBook: true, RecordFile: file}
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := record.ReadAll(f)
	if err != nil || len(records) != 2 {
		t.Fatalf("%d records, %v", len(records), err)
	}
	for _, r := range records {
		black, _ := r.Header("Black")
		first := r.Game.Moves()[0].String()
		if black == withBook.Name && first != "d2d3" {
			t.Errorf("the book's engine played %s as Black, not the book's d2d3", first)
		}
	}
}
