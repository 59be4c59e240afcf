package tablebase

import (
	"math/bits"
	"slices"

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

// size returns the number of entries of the class's table under ix.
func (ix *indexing) size(c class) uint64 {
	a, b := c.split()
	return uint64(len(ix.leadsOf(a).sets)) * binomial[numSquares-a][b]
}

// index returns the entry of the position of class c with the mover's
// pieces on mover and the other side's on other.
func (ix *indexing) index(c class, mover, other uint64) uint64 {
	m, o := imagesOf(mover), imagesOf(other)
	return ix.indexOf(c, &m, &o)
}

// indexOf returns the entry of the position of class c whose mover's and
// other side's sets have the images mover and other: the entry of its
// smallest image.
func (ix *indexing) indexOf(c class, mover, other *images) uint64 {
	lead, second := mover, other
	if c.mover < c.other {
		lead, second = other, mover
	}
	a, b := c.split()
	l := lead[0]
	for k := 1; k < ix.symmetries; k++ {
		l = min(l, lead[k])
	}
	s := ^uint64(0)
	for k := range ix.symmetries {
		if lead[k] == l {
			s = min(s, second[k])
		}
	}
	return ix.leadsOf(a).number(l)*binomial[numSquares-a][b] + rankSet(compress(s, l))
}

// orbit returns, for the position of class c whose mover's and other
// side's sets have the images mover and other, the number of positions
// of its orbit, and whether it is the one its orbit keeps: the
// placement of its own entry.
func (ix *indexing) orbit(c class, mover, other *images) (positions int, kept bool) {
	lead, second := mover, other
	if c.mover < c.other {
		lead, second = other, mover
	}
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
