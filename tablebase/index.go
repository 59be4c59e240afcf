package tablebase

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/bitboard"
)

// numSquares is the number of points on the board.
const numSquares = surakarta.NumSquares

// binomial[n][k] is n choose k, for n up to the board's 36 points.
var binomial = func() (c [numSquares + 1][numSquares + 1]uint64) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

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
// and the other's set is not the smallest under those: 3% of the
// entries with a lead of 3 pieces, fewer with more, 15% with 2, and a
// fifth with 1 (of 1v1 only).
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
		smallest, own := true, false
		for k := 1; k < symmetries && smallest; k++ {
			im := imageOf(k, set)
			smallest = im >= set
			own = own || im == set
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

// class is a material class seen from the side to move: the mover's
// pieces and the other side's. Tables are kept per class, so that a
// position and its colours swapped share an entry: the rules do not
// depend on colour.
type class struct{ mover, other int }

// placements returns the number of placements of the class: the mover's
// pieces on any points, then the other side's on the points left.
func (c class) placements() uint64 {
	return binomial[numSquares][c.mover] * binomial[numSquares-c.mover][c.other]
}

// split returns the pieces of the class's lead side (indexing: the side
// with more pieces, the mover when both have as many) and of the other.
func (c class) split() (lead, second int) {
	if c.mover >= c.other {
		return c.mover, c.other
	}
	return c.other, c.mover
}

// leadFirst returns what of the mover and of the other side of a
// position of class c is given, the lead side's first (split).
func leadFirst[T any](c class, mover, other T) (lead, second T) {
	if c.mover >= c.other {
		return mover, other
	}
	return other, mover
}

// smallest returns the smallest of the images im under ix's symmetries.
func (ix *indexing) smallest(im *images) uint64 {
	l := im[0]
	for k := 1; k < ix.symmetries; k++ {
		l = min(l, im[k])
	}
	return l
}

// size returns the number of entries of the class's table under ix.
func (ix *indexing) size(c class) uint64 {
	a, b := c.split()
	return uint64(len(ix.leadsOf(a).sets)) * binomial[numSquares-a][b]
}

// index returns the entry of the position of class c with the mover's
// pieces on mover and the other side's on other.
func (ix *indexing) index(c class, mover, other uint64) uint64 {
	lead, second := leadFirst(c, mover, other)
	im := imagesOf(lead)
	l := ix.smallest(&im)
	// The other side's images only under the symmetries that give the
	// smallest lead set: mostly one.
	s := ^uint64(0)
	for k := range ix.symmetries {
		if im[k] == l {
			s = min(s, imageOf(k, second))
		}
	}
	return ix.entry(c, l, s)
}

// entry returns the entry of the position of class c whose lead and
// other side's sets are lead and second, lead one of the lead sets.
func (ix *indexing) entry(c class, lead, second uint64) uint64 {
	a, b := c.split()
	return ix.leadsOf(a).number(lead)*binomial[numSquares-a][b] + rankSet(compress(second, lead))
}

// indexOf returns the entry of the position of class c whose mover's and
// other side's sets have the images mover and other: the entry of its
// smallest image.
func (ix *indexing) indexOf(c class, mover, other *images) uint64 {
	lead, second := leadFirst(c, mover, other)
	l := ix.smallest(lead)
	s := ^uint64(0)
	for k := range ix.symmetries {
		if lead[k] == l {
			s = min(s, second[k])
		}
	}
	return ix.entry(c, l, s)
}

// orbit returns, for the position of class c whose mover's and other
// side's sets have the images mover and other, the number of positions
// of its orbit, and whether it is the one its orbit keeps: the
// placement of its own entry.
func (ix *indexing) orbit(c class, mover, other *images) (positions int, kept bool) {
	lead, second := leadFirst(c, mover, other)
	same := 0
	kept = true
	for k := range ix.symmetries {
		switch {
		case lead[k] < lead[0]:
			kept = false
		case lead[k] == lead[0]:
			if second[k] == second[0] {
				same++
			}
			kept = kept && second[k] >= second[0]
		}
	}
	return ix.symmetries / same, kept
}

// placement returns the placement of entry i of class c: the mover's
// pieces and the other side's.
func (ix *indexing) placement(c class, i uint64) (mover, other uint64) {
	a, b := c.split()
	per := binomial[numSquares-a][b]
	lead := ix.leadsOf(a).sets[i/per]
	second := expand(unrankSet(i%per, b), lead)
	if c.mover >= c.other {
		return lead, second
	}
	return second, lead
}

// rankSet returns the rank of set among the sets of its size of points
// below n, in colexicographic order: the sum of C(s_i, i+1) over its
// points s_0 < s_1 < … .
func rankSet(set uint64) uint64 {
	var r uint64
	for i := 1; set != 0; i++ {
		s := bits.TrailingZeros64(set)
		set &= set - 1
		r += binomial[s][i]
	}
	return r
}

// unrankSet returns the set of k points whose rank is r.
func unrankSet(r uint64, k int) uint64 {
	var set uint64
	s := numSquares
	for ; k > 0; k-- {
		s--
		for binomial[s][k] > r {
			s--
		}
		r -= binomial[s][k]
		set |= 1 << s
	}
	return set
}

// compress returns the points of set renumbered among the points outside
// taken: the point s becomes s less the taken points below it.
func compress(set, taken uint64) uint64 {
	var out uint64
	for ; set != 0; set &= set - 1 {
		s := bits.TrailingZeros64(set)
		out |= 1 << (s - bits.OnesCount64(taken&(1<<s-1)))
	}
	return out
}

// expand is the inverse of compress: it places the renumbered points of
// set on the points outside taken.
func expand(set, taken uint64) uint64 {
	var out uint64
	free := ^taken & bitboard.All
	for i := 0; set != 0; i++ {
		low := free & -free
		free &^= low
		if set&1 != 0 {
			out |= low
		}
		set >>= 1
	}
	return out
}

// nextSet returns the next set with as many points as set in
// colexicographic order (Gosper's hack), the order of rankSet.
func nextSet(set uint64) uint64 {
	low := set & -set
	ripple := set + low
	return ripple | ((set^ripple)>>2)/low
}

// cursor walks the entries of a class in index order.
type cursor struct {
	c           class
	leads       *leadSets
	lead        int    // the lead set's number
	secondLocal uint64 // the other side's points renumbered among the free ones
	lastSecond  uint64 // the last secondLocal of a lead set
	symmetric   bool   // whether the lead set is its own image under a symmetry but the identity
}

// newCursor returns a cursor at entry i of c under ix.
func (ix *indexing) newCursor(c class, i uint64) *cursor {
	a, b := c.split()
	per := binomial[numSquares-a][b]
	k := &cursor{c: c, leads: ix.leadsOf(a), lead: int(i / per), secondLocal: unrankSet(i%per, b)}
	k.lastSecond = (uint64(1)<<b - 1) << (numSquares - a - b)
	k.symmetric = k.leadSymmetric()
	return k
}

// leadSymmetric reports whether the cursor's lead set is one of the
// symmetric ones.
func (k *cursor) leadSymmetric() bool {
	_, found := slices.BinarySearch(k.leads.symmetric, uint32(k.lead))
	return found
}

// placement returns the placement of the cursor's entry: the mover's
// pieces and the other side's.
func (k *cursor) placement() (mover, other uint64) {
	lead := k.leads.sets[k.lead]
	second := expand(k.secondLocal, lead)
	if k.c.mover >= k.c.other {
		return lead, second
	}
	return second, lead
}

// next moves the cursor to the next entry.
func (k *cursor) next() {
	if k.secondLocal == k.lastSecond {
		_, b := k.c.split()
		k.secondLocal = 1<<b - 1
		k.lead++
		k.symmetric = k.leadSymmetric()
		return
	}
	k.secondLocal = nextSet(k.secondLocal)
}

// neighbours[s] is the set of points next to s, across a side or a
// corner: where a piece on s moves without capturing.
var neighbours = func() (n [numSquares]uint64) {
	for s := range numSquares {
		n[s] = bitboard.Dilate(1 << s)
	}
	return n
}()
