// Package bitboard holds the board primitives that the move generator and
// the evaluators of package surakarta share: a board is a uint64 whose bit
// s is square s (a1 = 0, f1 = 5, a2 = 6, …, f6 = 35).
package bitboard

import "math/bits"

// All is the board of all 36 squares.
const All = 1<<36 - 1

// Masks of the board without file a and without file f, for shifting a
// board one file east or west without wrapping round to the next rank.
const (
	NotFileA = 0b111110_111110_111110_111110_111110_111110
	NotFileF = 0b011111_011111_011111_011111_011111_011111
)

// CountSteps returns the number of steps the pieces own can make onto
// empty: the pairs of a piece and an empty neighbouring square.
func CountSteps(own, empty uint64) int {
	east, west := own&NotFileF, own&NotFileA
	return bits.OnesCount64(east<<1&empty) + bits.OnesCount64(west>>1&empty) +
		bits.OnesCount64(own<<6&empty) + bits.OnesCount64(own>>6&empty) +
		bits.OnesCount64(east<<7&empty) + bits.OnesCount64(west<<5&empty) +
		bits.OnesCount64(east>>5&empty) + bits.OnesCount64(west>>7&empty)
}

// Dilate returns the squares one step from a square of b.
func Dilate(b uint64) uint64 {
	east, west := b&NotFileF, b&NotFileA
	return (east<<1 | west>>1 | b<<6 | b>>6 | east<<7 | west<<5 | east>>5 | west>>7) & All
}
