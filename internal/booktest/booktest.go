// Package booktest writes small opening books for the tests of the
// packages and commands that read them (the engine, engine specs, the
// match tool), so that each need not build one by hand.
package booktest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
)

// Write writes, in a temporary directory of t, the book of plies plies of
// one game from the start: the moves, then the result ("1-0", "0-1" or
// "1/2-1/2", adjudicated), and returns its path.
func Write(t testing.TB, plies int, result string, moves ...string) string {
	t.Helper()
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range moves {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	r := record.New(g)
	r.Result, r.Reason = result, "adjudicated: test"
	b, err := book.NewBuilder(plies)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Add(r); err != nil {
		t.Fatal(err)
	}
	data, err := b.Book().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "book.bin")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}
