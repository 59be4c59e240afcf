package book_test

import (
	"context"
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
	cases := map[string]doccheck.ErrorCase{
		"Book.UnmarshalBinary": doccheck.Case(b.UnmarshalBinary([]byte("SKBOOK")), book.ErrInvalidBook),
		"Builder.Add":          doccheck.Case(doccheck.Err2(builder.Add(&record.Record{})), book.ErrInvalidBook),
		"Choice.Validate":      doccheck.Case(book.Choice{Variety: 101}.Validate(), book.ErrInvalidChoice),
		"Merge":                doccheck.Case(doccheck.Err2(book.Merge()), book.ErrInvalidBook),
		"NewBuilder":           doccheck.Case(doccheck.Err2(book.NewBuilder(book.MaxPlies+1)), book.ErrInvalidBook),
		"Read":                 doccheck.Case(doccheck.Err2(book.Read(strings.NewReader("{} is no book"))), book.ErrInvalidBook),
		"ReadFile":             doccheck.Case(doccheck.Err2(book.ReadFile(notBook)), book.ErrInvalidBook),
		"Searcher.Search": doccheck.Case(
			doccheck.Err2((&book.Searcher{Book: &b, Next: next, Choice: book.Choice{Variety: -1}}).Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Depth: 1})),
			surakarta.ErrInvalidSearch,
		),
	}
	doccheck.ErrorContract(t, ".", cases)
}
