package circuit

import (
	"math/rand/v2"
	"testing"
)

// TestLoopsHeldMatchesDefinition checks the ring trick of LoopsHeld against
// the six-factor evaluation's definition: a side occupies a loop when one of
// its pieces stands on one of the loop's two end points, listed here by hand
// from the circuits of the package documentation of surakarta.
func TestLoopsHeldMatchesDefinition(t *testing.T) {
	const (
		a2, b1, c1, d1, e1 = 6, 1, 2, 3, 4
		f2, a3, f3, a4, f4 = 11, 12, 17, 18, 23
		a5, f5, b6, c6, d6 = 24, 29, 31, 32, 33
		e6                 = 34
	)
	ends := [8][2]int{
		{f2, e1}, {e6, f5}, {a5, b6}, {b1, a2}, // inner loops at f1, f6, a6, a1
		{f3, d1}, {d6, f4}, {a4, c6}, {c1, a3}, // outer loops at f1, f6, a6, a1
	}
	r := rand.New(rand.NewPCG(4, 4))
	for range 5000 {
		board := r.Uint64() & r.Uint64() & (1<<36 - 1)
		want := 0
		for _, e := range ends {
			if board&(1<<e[0]|1<<e[1]) != 0 {
				want++
			}
		}
		if got := LoopsHeld(Gather(board)); got != want {
			t.Fatalf("board %#x holds %d loops by LoopsHeld, %d by definition", board, got, want)
		}
	}
}
