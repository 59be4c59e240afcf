package surakarta

import (
	"math/rand/v2"
	"testing"
)

// TestLoopsHeldMatchesDefinition checks the ring trick of loopsHeld against
// the six-factor evaluation's definition: a side occupies a loop when one of
// its pieces stands on one of the loop's two end points, listed here by hand
// from the circuits of the package documentation.
func TestLoopsHeldMatchesDefinition(t *testing.T) {
	ends := [8][2]Square{
		{F2, E1}, {E6, F5}, {A5, B6}, {B1, A2}, // inner loops at f1, f6, a6, a1
		{F3, D1}, {D6, F4}, {A4, C6}, {C1, A3}, // outer loops at f1, f6, a6, a1
	}
	r := rand.New(rand.NewPCG(4, 4))
	for range 5000 {
		var p Position
		p.pieces[Black] = r.Uint64() & r.Uint64() & uint64(allSquares)
		p.pieces[White] = r.Uint64() & r.Uint64() & uint64(allSquares) &^ p.pieces[Black]
		p.setDerived()
		for c := range p.pieces {
			want := 0
			for _, e := range ends {
				if p.pieces[c]&(1<<e[0]|1<<e[1]) != 0 {
					want++
				}
			}
			if got := loopsHeld(p.rings[c]); got != want {
				t.Fatalf("%v: %v holds %d loops by loopsHeld, %d by definition", p, Color(c), got, want)
			}
		}
	}
}
