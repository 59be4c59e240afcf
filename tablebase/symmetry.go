package tablebase

import (
	"math/bits"
	"sync"
)

// numSymmetries is the number of symmetries of the square board: the
// identity, three rotations and four reflections. Each maps the two
// capture circuits onto themselves, and so legal moves onto legal moves
// (captures included) and a position's value onto its image's: the
// tables hold one entry for each orbit of positions under them.
const numSymmetries = 8

// squareImages[s][k] is the bit of the image of point s under symmetry
// k: k 0 the identity, 1 to 3 the rotations by a quarter turn, a half
// and three quarters, 4 and 5 the reflections in the vertical and the
// horizontal midline, 6 and 7 those in the two diagonals. The eight
// images of a point are one cache line.
var squareImages = func() (im [numSquares][numSymmetries]uint64) {
	maps := [numSymmetries]func(f, r int) (int, int){
		func(f, r int) (int, int) { return f, r },
		func(f, r int) (int, int) { return 5 - r, f },
		func(f, r int) (int, int) { return 5 - f, 5 - r },
		func(f, r int) (int, int) { return r, 5 - f },
		func(f, r int) (int, int) { return 5 - f, r },
		func(f, r int) (int, int) { return f, 5 - r },
		func(f, r int) (int, int) { return r, f },
		func(f, r int) (int, int) { return 5 - r, 5 - f },
	}
	for s := range numSquares {
		for k, m := range maps {
			f, r := m(s%6, s/6)
			im[s][k] = 1 << (r*6 + f)
		}
	}
	return im
}()

// images are the images of a set of points under the symmetries, by
// symmetry.
type images [numSymmetries]uint64

// imagesOf returns the images of set.
func imagesOf(set uint64) images {
	var im images
	for ; set != 0; set &= set - 1 {
		sq := &squareImages[bits.TrailingZeros64(set)]
		for k := range im {
			im[k] |= sq[k]
		}
	}
	return im
}

// moved returns the images of the set whose images are im with the
// piece on point from moved to the empty point to.
func (im *images) moved(from, to int) images {
	out := *im
	a, b := &squareImages[from], &squareImages[to]
	for k := range out {
		out[k] ^= a[k] ^ b[k]
	}
	return out
}

// indexing numbers the positions of each class: the entries of its
// table. The tables' own (canonical) takes one position of each orbit
// under the eight symmetries; the tests' reference (everyPlacement)
// takes the identity alone, and so every placement.
//
// A class's positions are numbered by its lead side's set of points,
// the side with more pieces (the mover when both have as many), and
// then the other side's set among the points left, each in
// colexicographic order. The position an orbit keeps is its smallest
// image: the smallest set of the lead side, and with it the smallest set
// of the other side, comparing sets as numbers (bit s the point s),
// which is their colexicographic order. The lead side's sets that are
// the smallest of their orbits are numbered in order (leadSets), and
// the other side's set is numbered among all of its size on the points
// left, so that a position's index costs its eight images, two ranks and
// a count of bits, with no search. The lead with more pieces keeps the
// entries that no position takes few: an entry of the other side's set
// is wasted only when the lead's set is its own image under a symmetry
// and the other's set is not the smallest under those, 3% of the
// entries of a lead of 3 pieces and fewer beyond (a lead of 1 piece
// wastes a quarter, of 1v1 only).
type indexing struct {
	symmetries int // 8, or 1: the identity alone
	leads      [maxPieces]struct {
		once sync.Once
		sets *leadSets
	}
}

// canonical is the indexing of the tables: one entry an orbit.
var canonical = &indexing{symmetries: numSymmetries}

// leadSets are the sets of points of one size that are the smallest of
// their orbits, numbered in increasing order.
type leadSets struct {
	sets  []uint64 // in increasing order
	words []uint64 // bit r of word r/64: the set of colexicographic rank r is one of sets
	below []uint32 // the sets of rank below 64·w, for each word w
	// symmetric holds the numbers of the sets that are their own image
	// under a symmetry other than the identity.
	symmetric []uint32
}

// leadsOf returns the lead sets of n points under ix, made on first use.
func (ix *indexing) leadsOf(n int) *leadSets {
	l := &ix.leads[n]
	l.once.Do(func() { l.sets = newLeadSets(n, ix.symmetries) })
	return l.sets
}

// newLeadSets finds the sets of n points that are the smallest of their
// images under the first symmetries symmetries.
func newLeadSets(n, symmetries int) *leadSets {
	total := binomial[numSquares][n]
	l := &leadSets{words: make([]uint64, (total+63)/64), below: make([]uint32, (total+63)/64)}
	set := uint64(1)<<n - 1
	for r := range total {
		im := imagesOf(set)
		smallest, own := true, false
		for k := 1; k < symmetries; k++ {
			smallest = smallest && im[k] >= set
			own = own || im[k] == set
		}
		if smallest {
			if own {
				l.symmetric = append(l.symmetric, uint32(len(l.sets)))
			}
			l.sets = append(l.sets, set)
			l.words[r/64] |= 1 << (r % 64)
		}
		if r+1 < total {
			set = nextSet(set)
		}
	}
	count := uint32(0)
	for w, word := range l.words {
		l.below[w] = count
		count += uint32(bits.OnesCount64(word))
	}
	return l
}

// number returns the number of set, one of l's sets.
func (l *leadSets) number(set uint64) uint64 {
	r := rankSet(set)
	return uint64(l.below[r/64]) + uint64(bits.OnesCount64(l.words[r/64]&(1<<(r%64)-1)))
}
