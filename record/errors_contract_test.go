package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/doccheck"
	"github.com/surakarta-go/surakarta/record"
)

// TestErrorContract: every exported function and method of the package
// that returns an error wraps ErrInvalid for bad input, so that a caller
// tests it with errors.Is; a function added without a case fails the
// test.
func TestErrorContract(t *testing.T) {
	var rec record.Record
	nilGame := &record.Record{}
	cases := map[string]doccheck.ErrorCase{
		"Parse":                doccheck.Case(doccheck.Err2(record.Parse("[Result \"1-0\"]\n\n1. a2a9")), record.ErrInvalid),
		"ReadAll":              doccheck.Case(doccheck.Err2(record.ReadAll(strings.NewReader("1. a2a9 *"))), record.ErrInvalid),
		"Record.UnmarshalText": doccheck.Case(rec.UnmarshalText([]byte("1. b2b3 b2b3 *")), record.ErrInvalid),
	}
	_, writeErr := nilGame.MarshalText()
	if !errors.Is(writeErr, record.ErrInvalid) {
		t.Errorf("MarshalText of a record with no game: %v, want ErrInvalid", writeErr)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	bad := record.New(g)
	bad.Comments[0] = "a } closes"
	if _, err := bad.MarshalText(); !errors.Is(err, record.ErrInvalid) {
		t.Errorf("MarshalText of a comment with }: %v, want ErrInvalid", err)
	}
	doccheck.ErrorContract(t, ".", cases)
}
