// Package circuit holds the precomputed tables of the two Surakarta circuits
// and the capture walks on them, which the move generator and the
// evaluators of package surakarta share.
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

import "math/bits"

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

// RingSpan is the bits of one ring.
const RingSpan = 1<<Len - 1

// Doubled returns the ring of circuit c from a packed ring word, doubled to
// 48 bits, so that any 23 consecutive ring points are one shift away.
func Doubled(packed uint64, c int) uint64 {
	r := packed >> Shift[c] & RingSpan
	return r | r<<Len
}

// How captures are walked.
//
// A doubled ring falls into four segments of six points, one straight line
// each, with a corner loop between consecutive segments. A capture walk
// must cross a loop before it meets a piece, so it must leave its own
// segment over empty points: only the last occupied point of a segment can
// walk forward round the loop ahead, and only the first can walk backward.
// (An intersection appears twice in its circuit but on two different
// lines, so never twice in one segment.) Each such walker's target is the
// first occupied point beyond its segment, with the walker's own points
// masked out because the origin counts as empty; a walk that finds nothing
// within 23 points has come back to the empty origin, a full lap, and
// meets nothing. That is at most 2 circuits × 4 segments × 2 directions =
// 16 walks per position, whatever the number of pieces.

// NumWalks is the number of capture walks examined in a position.
const NumWalks = 2 * 4 * 2

// NoSquare is a square index that is never occupied: the padding of the
// tables below, so that a missing walker or target needs no branch.
const NoSquare = 63

var (
	// OriginBits holds each square's bits in each doubled ring.
	OriginBits [2][64]uint64
	// RingPoint holds the square at each doubled-ring index; NoSquare past 47.
	RingPoint  [2][128]uint8
	fwdWindow  [8]uint64 // forward window of a walker at segment offset hi
	backWindow [8]uint64 // backward window of a walker at segment offset lo
)

func init() {
	for s := range 36 {
		for c := 0; c < 2; c++ {
			own := RingMask[s] >> Shift[c] & RingSpan
			OriginBits[c][s] = own | own<<Len
		}
	}
	for c := 0; c < 2; c++ {
		for i := range RingPoint[c] {
			RingPoint[c][i] = NoSquare
			if i < 2*Len {
				RingPoint[c][i] = Square[c][i%Len]
			}
		}
	}
	for hi := 0; hi < 6; hi++ {
		fwdWindow[hi] = 1<<(hi+18) - 1 // ring indices k+6 … k+hi+23
	}
	for lo := 0; lo < 6; lo++ {
		backWindow[lo] = 1<<(23-lo) - 1 // ring indices k+lo+1 … k+23
	}
}

// ForwardHit returns the doubled-ring index of the first point occupied in
// d that the last piece of the segment starting at k, at offset hi, meets
// after the loop ahead of it; origin holds that piece's own points. The
// result is past 47 when it meets nothing.
func ForwardHit(d, origin uint64, k, hi uint) uint {
	win := (d &^ origin) >> (k + 6) & fwdWindow[hi&7]
	return k + 6 + uint(bits.TrailingZeros64(win))
}

// BackwardHit is ForwardHit for the first piece of the segment, at offset
// lo, walking backward. The result is k+lo itself when it meets nothing.
func BackwardHit(d, origin uint64, k, lo uint) uint {
	win := (d &^ origin) >> (k + lo + 1) & backWindow[lo&7]
	return k + lo + uint(bits.Len64(win))
}

// LoopsHeld returns the number of corner loops that the pieces with the
// packed ring word r occupy (a piece on either end of a loop). The loop
// after ring index 6k+5 has its ends at 6k+5 and 6k+6 (mod 24), so
// rotating each ring down by one brings the second end onto the first.
func LoopsHeld(r uint64) int {
	const lastEnds = 1<<5 | 1<<11 | 1<<17 | 1<<23
	inner := r & RingSpan
	outer := r >> Shift[Outer] & RingSpan
	inner |= inner>>1 | inner<<(Len-1)
	outer |= outer>>1 | outer<<(Len-1)
	return bits.OnesCount64(inner&lastEnds) + bits.OnesCount64(outer&lastEnds)
}
