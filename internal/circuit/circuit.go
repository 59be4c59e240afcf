// Package circuit holds the precomputed tables of the two Surakarta circuits
// that the fast move generator of package surakarta uses.
//
// A circuit is a closed ring of 24 points; an intersection point appears in it
// twice. Ring index i (0..23) is the i-th point in the traversal order given
// in the package documentation of surakarta, and a corner loop lies between
// ring indices 6k-1 and 6k (mod 24), so a walk crosses a loop exactly when it
// passes a multiple of 6.
//
// Both rings are packed into one uint64: the inner ring in bits 0..23 and the
// outer ring in bits 32..55 (Shift[c] gives the offset). Gather turns a 36-bit
// board (bit s = square s) into that packed form with six table look-ups.
package circuit

// Inner and Outer are the two circuits, in that order.
const (
	Inner = 0
	Outer = 1
)

// Len is the number of points in a circuit.
const Len = 24

// Shift is the bit offset of each ring in a packed ring word.
var Shift = [2]uint{0, 32}

// Names lists the circuits point by point in traversal order, exactly as the
// package documentation writes them; every other table is derived from these
// two lines.
var Names = [2]string{
	"a2 b2 c2 d2 e2 f2 e1 e2 e3 e4 e5 e6 f5 e5 d5 c5 b5 a5 b6 b5 b4 b3 b2 b1",
	"a3 b3 c3 d3 e3 f3 d1 d2 d3 d4 d5 d6 f4 e4 d4 c4 b4 a4 c6 c5 c4 c3 c2 c1",
}

// Occurrence is one place of a square on a circuit.
type Occurrence struct {
	Circuit uint8 // Inner or Outer
	Index   uint8 // ring index 0..23
}

var (
	// Square maps a ring index of each circuit to its square (0..35).
	Square [2][Len]uint8
	// Occurrences lists, for each square, its places on the circuits:
	// none for the four corners, otherwise one or two.
	Occurrences [36][]Occurrence
	// RingMask is, for each square, its bits in the packed ring word
	// (one bit per occurrence).
	RingMask [36]uint64
	// gather[r][pattern] is the packed ring word of a 6-bit rank pattern on rank r.
	gather [6][64]uint64
)

func init() {
	for c, line := range Names {
		for i := 0; i < Len; i++ {
			name := line[3*i : 3*i+2]
			sq := uint8(name[0]-'a') + 6*uint8(name[1]-'1')
			Square[c][i] = sq
			Occurrences[sq] = append(Occurrences[sq], Occurrence{uint8(c), uint8(i)})
			RingMask[sq] |= 1 << (Shift[c] + uint(i))
		}
	}
	for r := 0; r < 6; r++ {
		for pattern := 0; pattern < 64; pattern++ {
			var w uint64
			for f := 0; f < 6; f++ {
				if pattern&(1<<f) != 0 {
					w |= RingMask[6*r+f]
				}
			}
			gather[r][pattern] = w
		}
	}
}

// Gather returns the packed ring word of a 36-bit board.
func Gather(board uint64) uint64 {
	return gather[0][board&63] |
		gather[1][(board>>6)&63] |
		gather[2][(board>>12)&63] |
		gather[3][(board>>18)&63] |
		gather[4][(board>>24)&63] |
		gather[5][(board>>30)&63]
}

// LoopAfter reports whether a corner loop lies between ring index i and i+1
// (mod 24).
func LoopAfter(i int) bool { return (i+1)%6 == 0 }
