package tablebase

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestIndexRoundTrip: under the indexing of every placement, index and
// placement are inverse on every class up to 3 pieces and on random
// placements of larger ones, the cursor walks the entries in order, and
// a class has an entry for each placement.
func TestIndexRoundTrip(t *testing.T) {
	for _, c := range []class{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 1}} {
		if everyPlacement.size(c) != c.placements() {
			t.Fatalf("%v: %d entries for %d placements", c, everyPlacement.size(c), c.placements())
		}
		k := everyPlacement.newCursor(c, 0)
		for i := range c.placements() {
			m, o := everyPlacement.placement(c, i)
			km, ko := k.placement()
			if m != km || o != ko {
				t.Fatalf("%v index %d: placement %x/%x, cursor %x/%x", c, i, m, o, km, ko)
			}
			if bits.OnesCount64(m) != c.mover || bits.OnesCount64(o) != c.other || m&o != 0 || (m|o)>>numSquares != 0 {
				t.Fatalf("%v index %d: placement %x/%x", c, i, m, o)
			}
			if j := everyPlacement.index(c, m, o); j != i {
				t.Fatalf("%v: index of placement %d is %d", c, i, j)
			}
			if i+1 < c.placements() {
				k.next()
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []class{{4, 3}, {3, 4}, {2, 4}} {
		for range 1000 {
			i := rng.Uint64N(c.placements())
			m, o := everyPlacement.placement(c, i)
			if j := everyPlacement.index(c, m, o); j != i {
				t.Fatalf("%v: index %d round-trips to %d", c, i, j)
			}
		}
	}
}

// imageSets returns the eight images of a placement, by the
// symmetries of symmetry_test.go (not the package's tables of images).
func imageSets(mover, other uint64) [8][2]uint64 {
	var out [8][2]uint64
	for k := range symmetries {
		out[k] = [2]uint64{uint64(mapSet(k, surakarta.SquareSet(mover))), uint64(mapSet(k, surakarta.SquareSet(other)))}
	}
	return out
}

// TestCanonicalIndex: the tables' indexing gives every placement of
// every class up to 4 pieces (3 with -short) and its eight images one
// entry, in range, whose placement is one of the images; the entries a
// placement is its own entry of (kept) are one for each orbit, with as
// many positions as the orbit has; every other entry's placement is an
// image of a kept one's. The cursor walks the entries in order. So
// probing any position finds the entry of its orbit, and the generator,
// which solves the kept entries, solves every orbit once.
func TestCanonicalIndex(t *testing.T) {
	testsize.Sequential(t)
	for _, c := range testsize.Sized(testClasses(), testClasses(), testClasses()[:3]) {
		size := canonical.size(c)
		kept := make([]bool, size)
		orbits, positions := uint64(0), uint64(0)
		k := canonical.newCursor(c, 0)
		for i := range size {
			m, o := canonical.placement(c, i)
			if km, ko := k.placement(); m != km || o != ko {
				t.Fatalf("%v entry %d: placement %x/%x, cursor %x/%x", c, i, m, o, km, ko)
			}
			mi, oi := imagesOf(m), imagesOf(o)
			n, own := canonical.orbit(c, &mi, &oi)
			if got := canonical.index(c, m, o); own != (got == i) {
				t.Fatalf("%v entry %d: kept %v, but its placement's entry is %d", c, i, own, got)
			}
			if own {
				kept[i] = true
				orbits++
				positions += uint64(n)
				if images := imageSets(m, o); uint64(len(distinct(images))) != uint64(n) {
					t.Fatalf("%v entry %d: an orbit of %d positions, %d distinct images", c, i, n, len(distinct(images)))
				}
			}
			if i+1 < size {
				k.next()
			}
		}
		if positions != c.placements() {
			t.Fatalf("%v: the kept entries' orbits have %d positions, want %d", c, positions, c.placements())
		}
		smallest := uint64(0) // placements that are the smallest of their images: one an orbit
		for m, o := range placementsInOrder(c) {
			images := imageSets(m, o)
			e := canonical.index(c, m, o)
			if e >= size || !kept[e] {
				t.Fatalf("%v: placement %x/%x has entry %d, not a kept one of %d", c, m, o, e, size)
			}
			em, eo := canonical.placement(c, e)
			isImage, isSmallest := false, true
			for _, im := range images {
				isImage = isImage || im == [2]uint64{em, eo}
				isSmallest = isSmallest && !less(im, [2]uint64{m, o})
				if got := canonical.index(c, im[0], im[1]); got != e {
					t.Fatalf("%v: placement %x/%x has entry %d, its image %x/%x %d", c, m, o, e, im[0], im[1], got)
				}
			}
			if !isImage {
				t.Fatalf("%v: placement %x/%x has entry %d, of placement %x/%x, not an image", c, m, o, e, em, eo)
			}
			if isSmallest {
				smallest++
			}
		}
		if smallest != orbits {
			t.Fatalf("%v: %d kept entries, %d orbits", c, orbits, smallest)
		}
	}
}

// distinct returns the distinct placements of images.
func distinct(images [8][2]uint64) map[[2]uint64]bool {
	set := map[[2]uint64]bool{}
	for _, im := range images {
		set[im] = true
	}
	return set
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
