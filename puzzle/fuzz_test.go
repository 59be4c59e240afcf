package puzzle_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta/puzzle"
)

// FuzzRead reads any bytes as a puzzle file: Read must never panic, fail
// only with ErrInvalidPuzzle, and every puzzle it returns must write and
// read back the same.
func FuzzRead(f *testing.F) {
	f.Add([]byte(wonPiece + "\n" + wonGame + "\n"))
	f.Add([]byte("# comment\n\n" + wonGame))
	f.Add([]byte("6/6/6/6/1w4/1b2b1 b 0 40; e1b2; game; 11; 3; x;y"))
	f.Add([]byte("wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3 b2b3; +1; 1; 2; s"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := puzzle.Read(bytes.NewReader(data))
		if err != nil && !errors.Is(err, puzzle.ErrInvalidPuzzle) {
			t.Fatalf("Read: an error that is not ErrInvalidPuzzle: %v", err)
		}
		var b bytes.Buffer
		if err := puzzle.Write(&b, ps); err != nil {
			t.Fatalf("Write of what Read returned: %v", err)
		}
		again, err := puzzle.Read(&b)
		if err != nil || len(again) != len(ps) {
			t.Fatalf("Read of what Write wrote: %d puzzles, %v; want %d", len(again), err, len(ps))
		}
		for i := range ps {
			if again[i].String() != ps[i].String() {
				t.Fatalf("puzzle %d: %q read back as %q", i, ps[i], again[i])
			}
		}
	})
}
