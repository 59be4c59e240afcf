package bitboard

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// neighbours returns the squares one king step from s, by file and rank.
func neighbours(s int) uint64 {
	var n uint64
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := s%6+df, s/6+dr
			if (df != 0 || dr != 0) && f >= 0 && f < 6 && r >= 0 && r < 6 {
				n |= 1 << (r*6 + f)
			}
		}
	}
	return n
}

// TestAgainstNeighbours checks CountSteps and Dilate against the
// neighbours of each square worked out from its file and rank, on random
// boards: no shift may wrap round from file f to file a or off the board.
func TestAgainstNeighbours(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for range 10000 {
		own := r.Uint64() & r.Uint64() & All
		empty := r.Uint64() & All &^ own
		steps, near := 0, uint64(0)
		for b := own; b != 0; b &= b - 1 {
			n := neighbours(bits.TrailingZeros64(b))
			steps += bits.OnesCount64(n & empty)
			near |= n
		}
		if got := CountSteps(own, empty); got != steps {
			t.Fatalf("CountSteps(%#x, %#x) = %d, want %d", own, empty, got, steps)
		}
		if got := Dilate(own); got != near {
			t.Fatalf("Dilate(%#x) = %#x, want %#x", own, got, near)
		}
	}
}
