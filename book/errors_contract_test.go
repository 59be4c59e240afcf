package book_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/record"
)

// TestErrorContract: every exported function and method of the package
// that returns an error (doccheck.ErrorFuncs) wraps a sentinel for bad
// input (ErrInvalidBook, ErrInvalidChoice, or for Searcher the
// searchers' surakarta.ErrInvalidSearch), so that a caller tests it with
// errors.Is and never by its text. A function added without a case here
// fails the test.
func TestErrorContract(t *testing.T) {
	notBook := filepath.Join(t.TempDir(), "book.bin")
	if err := os.WriteFile(notBook, []byte("{} is no book"), 0o644); err != nil {
		t.Fatal(err)
	}
	builder, err := book.NewBuilder(book.DefaultPlies)
	if err != nil {
		t.Fatal(err)
	}
	var b book.Book
	next := surakarta.NewPVS(surakarta.NewTuned())
	cases := map[string]struct {
		err  error
		want error
	}{
		"Book.UnmarshalBinary": {b.UnmarshalBinary([]byte("SKBOOK")), book.ErrInvalidBook},
		"Builder.Add":          {err2(builder.Add(&record.Record{})), book.ErrInvalidBook},
		"Choice.Validate":      {book.Choice{Variety: 101}.Validate(), book.ErrInvalidChoice},
		"Merge":                {err2(book.Merge()), book.ErrInvalidBook},
		"NewBuilder":           {err2(book.NewBuilder(book.MaxPlies + 1)), book.ErrInvalidBook},
		"Read":                 {err2(book.Read(strings.NewReader("{} is no book"))), book.ErrInvalidBook},
		"ReadFile":             {err2(book.ReadFile(notBook)), book.ErrInvalidBook},
		"Searcher.Search": {
			err2((&book.Searcher{Book: &b, Next: next, Choice: book.Choice{Variety: -1}}).Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Depth: 1})),
			surakarta.ErrInvalidSearch,
		},
	}
	for _, name := range doccheck.ErrorFuncs(t, ".") {
		c, ok := cases[name]
		if !ok {
			t.Errorf("%s returns an error but has no case here: add one with bad input and the sentinel it wraps", name)
			continue
		}
		delete(cases, name)
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want an error wrapping %q", name, c.err, c.want)
		}
	}
	for name := range cases {
		t.Errorf("the case %s is of no exported function that returns an error", name)
	}
}

// err2 returns the error of a call that returns a value and an error.
func err2[T any](_ T, err error) error { return err }
