package tablebase

import (
	"math/bits"

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

// size returns the number of placements of the class: the mover's
// pieces on any points, then the other side's on the points left.
func (c class) size() uint64 {
	return binomial[numSquares][c.mover] * binomial[numSquares-c.mover][c.other]
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

// index returns the index of the placement with the mover's pieces on
// mover and the other side's on other in its class.
func index(mover, other uint64) uint64 {
	m := bits.OnesCount64(mover)
	o := bits.OnesCount64(other)
	return rankSet(mover)*binomial[numSquares-m][o] + rankSet(compress(other, mover))
}

// placement returns the placement of index i of class c: the mover's
// pieces and the other side's.
func (c class) placement(i uint64) (mover, other uint64) {
	per := binomial[numSquares-c.mover][c.other]
	mover = unrankSet(i/per, c.mover)
	return mover, expand(unrankSet(i%per, c.other), mover)
}

// nextSet returns the next set with as many points as set in
// colexicographic order (Gosper's hack), the order of rankSet.
func nextSet(set uint64) uint64 {
	low := set & -set
	ripple := set + low
	return ripple | ((set^ripple)>>2)/low
}

// cursor walks the placements of a class in index order.
type cursor struct {
	c                 class
	mover, otherLocal uint64 // otherLocal: the other side's points renumbered among the free ones
	lastOther         uint64 // the last otherLocal of a mover
}

// newCursor returns a cursor at index i of c.
func newCursor(c class, i uint64) *cursor {
	per := binomial[numSquares-c.mover][c.other]
	k := &cursor{c: c, mover: unrankSet(i/per, c.mover), otherLocal: unrankSet(i%per, c.other)}
	k.lastOther = (uint64(1)<<c.other - 1) << (numSquares - c.mover - c.other)
	return k
}

// placement returns the cursor's placement.
func (k *cursor) placement() (mover, other uint64) {
	return k.mover, expand(k.otherLocal, k.mover)
}

// next moves the cursor to the next index.
func (k *cursor) next() {
	if k.otherLocal == k.lastOther {
		k.otherLocal = 1<<k.c.other - 1
		k.mover = nextSet(k.mover)
		return
	}
	k.otherLocal = nextSet(k.otherLocal)
}

// neighbours[s] is the set of points next to s, across a side or a
// corner: where a piece on s moves without capturing.
var neighbours = func() (n [numSquares]uint64) {
	for s := range numSquares {
		n[s] = bitboard.Dilate(1 << s)
	}
	return n
}()
