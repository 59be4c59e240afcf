// Package errmark marks an error with a sentinel error, for errors.Is,
// without adding the sentinel's words to its message: for the errors whose
// message a person reads as it is, such as a command's error line or a
// protocol's info string line, whose wording stays what it was when the
// sentinel came.
package errmark

import "fmt"

// marked is an error marked with a sentinel: its message is err's.
type marked struct{ sentinel, err error }

func (m *marked) Error() string   { return m.err.Error() }
func (m *marked) Unwrap() []error { return []error{m.sentinel, m.err} }

// Mark returns an error with err's message that wraps both sentinel and
// err, or nil for a nil err.
func Mark(sentinel, err error) error {
	if err == nil {
		return nil
	}
	return &marked{sentinel, err}
}

// Errorf returns the error fmt.Errorf makes of format and args, marked
// with sentinel.
func Errorf(sentinel error, format string, args ...any) error {
	return Mark(sentinel, fmt.Errorf(format, args...))
}
