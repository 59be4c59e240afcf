package surakarta

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// Square is a point of the 6×6 board: a1 = 0, b1 = 1, …, f1 = 5, a2 = 6, …,
// f6 = 35. Files a–f run left to right, ranks 1–6 bottom to top, and
// Square = (rank-1)*6 + file.
type Square uint8

// The 36 squares.
const (
	A1, B1, C1, D1, E1, F1 Square = 0, 1, 2, 3, 4, 5
	A2, B2, C2, D2, E2, F2 Square = 6, 7, 8, 9, 10, 11
	A3, B3, C3, D3, E3, F3 Square = 12, 13, 14, 15, 16, 17
	A4, B4, C4, D4, E4, F4 Square = 18, 19, 20, 21, 22, 23
	A5, B5, C5, D5, E5, F5 Square = 24, 25, 26, 27, 28, 29
	A6, B6, C6, D6, E6, F6 Square = 30, 31, 32, 33, 34, 35
)

// NumSquares is the number of points on the board.
const NumSquares = 36

// NewSquare returns the square on file (0 = a … 5 = f) and rank (0 = rank 1 …
// 5 = rank 6). It reports false when either is outside 0..5.
func NewSquare(file, rank int) (Square, bool) {
	if file < 0 || file > 5 || rank < 0 || rank > 5 {
		return 0, false
	}
	return Square(rank*6 + file), true
}

// File returns the file of s, 0 (a) to 5 (f).
func (s Square) File() int { return int(s) % 6 }

// Rank returns the rank of s, 0 (rank 1) to 5 (rank 6).
func (s Square) Rank() int { return int(s) / 6 }

// Valid reports whether s is one of the 36 squares.
func (s Square) Valid() bool { return s < NumSquares }

// String returns the square's name, such as "b2".
func (s Square) String() string {
	if !s.Valid() {
		return "Square(" + strconv.Itoa(int(s)) + ")"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare parses a square name such as "b2" (any letter case). Other
// text gives an error wrapping ErrInvalidSquare.
func ParseSquare(name string) (Square, error) {
	if len(name) == 2 {
		f := name[0] | 0x20 // lower case
		r := name[1]
		if f >= 'a' && f <= 'f' && r >= '1' && r <= '6' {
			return Square((r-'1')*6 + (f - 'a')), nil
		}
	}
	return 0, fmt.Errorf("%w: %q is not a square a1…f6", ErrInvalidSquare, clip.Text(name))
}

// MarshalText implements encoding.TextMarshaler: the square's name, such
// as "b2". A value that is not a square gives an error wrapping
// ErrInvalidSquare.
func (s Square) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrInvalidSquare, s)
	}
	return []byte(s.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseSquare. On
// error s is unchanged.
func (s *Square) UnmarshalText(text []byte) error {
	parsed, err := ParseSquare(string(text))
	if err != nil {
		return err
	}
	*s = parsed
	return nil
}

// SquareSet is a set of squares: bit s is set when square s is in the set.
type SquareSet uint64

// allSquares is the set of all 36 squares.
const allSquares SquareSet = 1<<NumSquares - 1

// Has reports whether s is in the set.
func (set SquareSet) Has(s Square) bool { return s < NumSquares && set&(1<<s) != 0 }

// Count returns the number of squares in the set.
func (set SquareSet) Count() int { return bits.OnesCount64(uint64(set)) }

// All yields the squares of the set in increasing order.
func (set SquareSet) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for b := set & allSquares; b != 0; b &= b - 1 {
			if !yield(Square(bits.TrailingZeros64(uint64(b)))) {
				return
			}
		}
	}
}

// Circuit names one of the two circuits a capture travels on.
type Circuit uint8

// The two circuits (see the package documentation, "Rules").
const (
	// InnerCircuit runs along ranks 2 and 5 and files b and e, joined by the
	// small corner loops.
	InnerCircuit Circuit = 0
	// OuterCircuit runs along ranks 3 and 4 and files c and d, joined by the
	// large corner loops.
	OuterCircuit Circuit = 1
)

// String returns "inner" or "outer".
func (c Circuit) String() string {
	switch c {
	case InnerCircuit:
		return "inner"
	case OuterCircuit:
		return "outer"
	}
	return fmt.Sprintf("Circuit(%d)", uint8(c))
}

// Loop is one of the eight corner loops: the loop of a circuit that goes
// round one corner of the board.
type Loop struct {
	Circuit Circuit
	Corner  Square // A1, F1, A6 or F6
}

// String returns a name such as "inner loop at f1".
func (l Loop) String() string { return l.Circuit.String() + " loop at " + l.Corner.String() }
