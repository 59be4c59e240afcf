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
	cases := map[string]error{
		"Parse":                fst(record.Parse("[Result \"1-0\"]\n\n1. a2a9")),
		"ReadAll":              fst(record.ReadAll(strings.NewReader("1. a2a9 *"))),
		"Record.UnmarshalText": rec.UnmarshalText([]byte("1. b2b3 b2b3 *")),
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
	for _, name := range doccheck.ErrorFuncs(t, ".") {
		err, ok := cases[name]
		if !ok {
			t.Errorf("%s returns an error but has no case here: add one with bad input", name)
			continue
		}
		delete(cases, name)
		if !errors.Is(err, record.ErrInvalid) {
			t.Errorf("%s: %v, want an error wrapping ErrInvalid", name, err)
		}
	}
	for name := range cases {
		t.Errorf("the case %s is of no exported function that returns an error", name)
	}
}

// fst returns the error of a call that returns a value and an error.
func fst[T any](_ T, err error) error { return err }
