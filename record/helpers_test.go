package record_test

import (
	"testing"

	"github.com/surakarta-go/surakarta"
)

// mustParse parses a position text, failing the test on error.
func mustParse(tb testing.TB, text string) surakarta.Position {
	tb.Helper()
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
