package errmark

import (
	"errors"
	"io"
	"testing"
)

// TestMark: a marked error says what it said, and wraps the sentinel and
// what it wrapped.
func TestMark(t *testing.T) {
	sentinel := errors.New("sentinel")
	err := Errorf(sentinel, "reading: %w", io.ErrUnexpectedEOF)
	if err.Error() != "reading: unexpected EOF" || !errors.Is(err, sentinel) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("%q: want the message alone, wrapping the sentinel and io.ErrUnexpectedEOF", err)
	}
	if Mark(sentinel, nil) != nil {
		t.Error("Mark of nil is not nil")
	}
}
