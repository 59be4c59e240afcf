package tablebase

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestIndexRoundTrip: index and placement are inverse on every class up
// to 3 pieces and on random placements of larger ones, and the cursor
// walks the indices in order.
func TestIndexRoundTrip(t *testing.T) {
	for _, c := range []class{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 1}} {
		k := newCursor(c, 0)
		for i := range c.size() {
			m, o := c.placement(i)
			km, ko := k.placement()
			if m != km || o != ko {
				t.Fatalf("%v index %d: placement %x/%x, cursor %x/%x", c, i, m, o, km, ko)
			}
			if bits.OnesCount64(m) != c.mover || bits.OnesCount64(o) != c.other || m&o != 0 || (m|o)>>numSquares != 0 {
				t.Fatalf("%v index %d: placement %x/%x", c, i, m, o)
			}
			if j := index(m, o); j != i {
				t.Fatalf("%v: index of placement %d is %d", c, i, j)
			}
			if i+1 < c.size() {
				k.next()
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []class{{4, 4}, {6, 2}, {12, 12}, {1, 12}} {
		for range 1000 {
			i := rng.Uint64N(c.size())
			if j := index(c.placement(i)); j != i {
				t.Fatalf("%v: index %d round-trips to %d", c, i, j)
			}
		}
	}
}

// TestNeighbours: the points a piece steps to are the library's quiet
// moves from that point on an empty board.
func TestNeighbours(t *testing.T) {
	for s := range surakarta.Square(numSquares) {
		p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(1)<<s, surakarta.SquareSet(1)<<((s+18)%36), surakarta.Black)
		if err != nil {
			t.Fatal(err)
		}
		var want uint64
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() {
				want |= 1 << m.To()
			}
		}
		want &^= 1 << ((s + 18) % 36)
		if got := neighbours[s] &^ (1 << ((s + 18) % 36)); got != want {
			t.Errorf("%v: neighbours %x, quiet moves to %x", s, got, want)
		}
	}
}
