package tablebase

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/bitboard"
)

// pair is a unit of generation: a class and its partner, the class of the
// positions after a quiet move (mover and other swapped), which depend on
// each other. A class whose sides have as many pieces is its own partner.
// Its positions are the entries of its classes under ix (the tables'
// canonical indexing: one position an orbit of the symmetries).
type pair struct {
	ix      *indexing
	classes []class // one or two
	offsets []uint64
	total   uint64
}

// newPair returns the pair of c under the tables' indexing.
func newPair(c class) pair { return newPairOf(c, canonical) }

// newPairOf returns the pair of c under ix.
func newPairOf(c class, ix *indexing) pair {
	p := pair{ix: ix, classes: []class{c}}
	if c.mover != c.other {
		p.classes = append(p.classes, class{c.other, c.mover})
	}
	for _, k := range p.classes {
		p.offsets = append(p.offsets, p.total)
		p.total += ix.size(k)
	}
	return p
}

// placements returns the number of placements of the pair's classes:
// the positions its entries stand for.
func (p pair) placements() uint64 {
	var n uint64
	for _, c := range p.classes {
		n += c.placements()
	}
	return n
}

// partnerOffset returns the offset of the partner of the pair's class k.
func (p pair) partnerOffset(k int) uint64 { return p.offsets[len(p.classes)-1-k] }

// exitFunc returns, for a capture, the entry of the position after it:
// a class with one piece fewer, already generated, its entries numbered
// as the pair's.
type exitFunc func(c class, i uint64) uint16

// solveAll generates the capture-all tables of the pair: for every
// position the result for the mover and the plies to the end of the game,
// the winner taking the fewest and the loser the most (retrograde, the
// ends of the game as they are). It returns the codes of each class.
func solveAll(ctx context.Context, p pair, exit exitFunc, workers int) ([][]uint16, error) {
	codes, err := retrograde(ctx, p, exit, ends{maxDistance: maxPlies}, workers)
	if err != nil {
		return nil, err
	}
	out := make([][]uint16, len(p.classes))
	for k, c := range p.classes {
		out[k] = codes[p.offsets[k] : p.offsets[k]+p.ix.size(c)]
		for i, e := range out[k] {
			if result(e) == vUnknown {
				out[k][i] = code(vDraw, 0)
			}
		}
	}
	return out, nil
}

// ends say how retrograde counts the ends of the games of a pair's
// positions: the captures, which leave the pair, and a mover without a
// legal move.
type ends struct {
	// exit, if not nil, maps the entry of the position after a capture
	// by the mover of the pair's class k (exitFunc's, or code(vLoss, 0)
	// for a capture of the last piece) to the code retrograde takes for
	// it: a result for the side to move after the capture and its plies.
	// Nil takes the entry as it is.
	exit func(k int, e uint16) uint16
	// blocked, if not nil, returns the code of a position of class c
	// whose mover has no legal move. Nil: the piece count decides, at
	// distance 0.
	blocked func(c class) uint16
	// maxDistance is the largest distance wanted. A distance beyond it
	// is an error, or with stop set is not looked for: retrograde leaves
	// the positions it would settle there unknown.
	maxDistance int
	stop        bool
}

// retrograde is a retrograde analysis by distance of the pair. It
// returns, for every entry g of the pair (p.offsets[k]+i for entry i of
// class k, the position its orbit of the symmetries keeps: indexing),
// the code of its result for the mover and its
// distance in plies, the winner taking the fewest and the loser the
// most, or vUnknown when neither side can force an end: what counts as
// an end, and what it is worth, e says.
//
// A first pass (on workers goroutines) plays every move: captures leave
// the class and are looked up in the smaller tables (exit, then
// e.exit), a blocked mover ends the game (e.blocked), and quiet moves
// are counted. Then distance by distance, every position whose value is
// settled at that distance passes it back to its predecessors, found by
// unmaking a quiet move (passLevel, on workers goroutines): a loss makes
// them wins one ply further, a win takes one from their count of quiet
// moves not yet known to lose, and a predecessor whose count reaches
// zero is a loss (or a draw if a capture draws). A position stands for
// its orbit, which has the same value: the counts are of the quiet moves
// of the whole orbit, and a win takes as many as its own orbit has
// positions (passPositions). The entries that no position takes (whose
// placement's orbit keeps another) are solved by none, and given the
// code of the entry their orbit keeps at the end.
//
// The result does not depend on the number of workers nor on the order
// they work in. The positions passed back at distance d are those whose
// code is a win or a loss at d when the distance begins, each once, and
// no update at d changes them: every update writes a distance above d,
// and only onto a position unknown or won further than d+1. Each update
// writes a value that depends only on d and the position: a win at d+1,
// or, when its count reaches zero, a draw or a loss at max(d+1, the
// plies of its slowest losing capture). And a position cannot take both at the
// same distance: each of its orbit's quiet moves leads to one position,
// unmade once from the position its orbit keeps, so its count reaches
// zero only when every quiet move leads to a win of the other side, and
// then none leads to a loss. So whatever
// the order, the codes after distance d are the same, each position
// settled at d is listed once, at the distance of its new code (the
// lists of a distance hold the same positions in another order), and a
// position left unknown has had its count taken down once for each of
// its orbit's quiet moves found to lead to a win. The counts of settled
// positions may differ, but they are never read again.
func retrograde(ctx context.Context, p pair, exit exitFunc, e ends, workers int) ([]uint16, error) {
	a, err := firstPass(ctx, p, exit, e, workers)
	if err != nil {
		return nil, err
	}
	if err := a.passBack(ctx, p, e, workers); err != nil {
		return nil, err
	}
	codes := a.codes()
	copyUnkept(p, codes)
	return codes, nil
}

// copyUnkept gives each entry that no position takes (a placement whose
// orbit keeps another, indexing) the code of the entry its orbit keeps,
// so that a table holds its placement's value there too. Only lead sets
// that are their own image under a symmetry have such entries.
func copyUnkept(p pair, codes []uint16) {
	for k, c := range p.classes {
		a, b := c.split()
		per := binomial[numSquares-a][b]
		for _, j := range p.ix.leadsOf(a).symmetric {
			from := uint64(j) * per
			cur := p.ix.newCursor(c, from)
			for i := from; i < from+per; i++ {
				if i > from {
					cur.next()
				}
				mover, other := cur.placement()
				if kept := p.ix.index(c, mover, other); kept != i {
					codes[p.offsets[k]+i] = codes[p.offsets[k]+kept]
				}
			}
		}
	}
}

// analysis is a retrograde analysis under way.
type analysis struct {
	// state holds, for every position, its code in the low 16 bits and
	// above them its count of quiet moves not yet known to lead to a win
	// of the other side. The passing back updates it with atomic
	// compare-and-swap, from several goroutines.
	state []uint32
	// lossExit holds, for every position, 1<<15 if a capture draws, and
	// below that the most plies of a losing capture, +1. It is read only
	// after the first pass.
	lossExit []uint16
	levels   levels
}

// firstPass plays every move of every position of the pair, on workers
// goroutines, and lists the positions it settles by distance.
func firstPass(ctx context.Context, p pair, exit exitFunc, e ends, workers int) (*analysis, error) {
	a := &analysis{state: make([]uint32, p.total), lossExit: make([]uint16, p.total)}
	var mu sync.Mutex // guards a.levels
	err := parallel(ctx, p, workers, func(k int, c class, from, to uint64) {
		var buf [surakarta.MaxMoves]surakarta.Move
		var settled settledLists
		exitClass := class{c.other - 1, c.mover}
		cur := p.ix.newCursor(c, from)
		for i := from; i < to; i++ {
			if i > from {
				cur.next()
			}
			g := p.offsets[k] + i
			mover, other := cur.placement()
			moverImages, otherImages := imagesOf(mover), imagesOf(other)
			positions := p.ix.symmetries // of the entry's orbit
			if cur.symmetric {
				n, kept := p.ix.orbit(c, &moverImages, &otherImages)
				if !kept {
					// An entry no position takes: left unknown, never
					// listed nor reached, and given its position's code
					// at the end (copyUnkept).
					continue
				}
				positions = n
			}
			pos, _ := surakarta.NewPositionFromSets(surakarta.SquareSet(mover), surakarta.SquareSet(other), surakarta.Black)
			moves := pos.AppendLegalMoves(buf[:0])
			var cd uint16
			quiet := 0
			if len(moves) == 0 {
				if e.blocked != nil {
					cd = e.blocked(c)
				} else {
					cd = code(adjudicate(c), 0)
				}
			} else {
				win, loss, draw := 0, 0, false
				for _, m := range moves {
					if !m.IsCapture() {
						quiet++
						continue
					}
					x := code(vLoss, 0) // the other side has no piece left
					if c.other > 1 {
						childMover := otherImages
						for j, b := range squareImages[m.To()] {
							childMover[j] &^= b
						}
						childOther := moverImages.moved(int(m.From()), int(m.To()))
						x = exit(exitClass, p.ix.indexOf(exitClass, &childMover, &childOther))
					}
					if e.exit != nil {
						x = e.exit(k, x)
					}
					switch result(x) {
					case vLoss:
						if win == 0 || plies(x)+1 < win {
							win = plies(x) + 1
						}
					case vWin:
						loss = max(loss, plies(x)+1)
					default:
						draw = true
					}
				}
				a.lossExit[g] = uint16(loss)
				if draw {
					a.lossExit[g] |= 1 << 15
				}
				switch {
				case win > 0:
					cd = code(vWin, win)
				case quiet > 0:
				case draw:
					cd = code(vDraw, 0)
				default:
					cd = code(vLoss, loss)
				}
			}
			// The count is of the quiet moves of every position of the
			// orbit: the passing back, which unmakes the moves of one
			// position of each orbit, takes for each as many as its
			// orbit has positions (passPositions).
			a.state[g] = uint32(quiet*positions)<<16 | uint32(cd)
			if v := result(cd); v == vWin || v == vLoss {
				settled.add(plies(cd), uint32(g))
			}
		}
		mu.Lock()
		a.levels.take(settled)
		mu.Unlock()
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// passBack passes back the values of the positions settled, distance by
// distance (passLevel), up to e.maxDistance.
func (a *analysis) passBack(ctx context.Context, p pair, e ends, workers int) error {
	for d := 0; d < len(a.levels.at); d++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if d+1 > e.maxDistance {
			if e.stop {
				break
			}
			return fmt.Errorf("tablebase: a distance above %d plies", e.maxDistance)
		}
		passLevel(p, a.state, a.lossExit, d, &a.levels, workers)
		a.levels.at[d] = nil
	}
	return nil
}

// codes returns the code of every position, in the memory of lossExit,
// which the analysis reads no more.
func (a *analysis) codes() []uint16 {
	codes := a.lossExit
	for g, s := range a.state {
		codes[g] = uint16(s)
	}
	a.state, a.lossExit = nil, nil
	return codes
}

// backChunk is the number of positions of a distance a worker passes
// back at a time.
const backChunk = 1 << 10

// passLevel passes back the values of the positions listed at distance
// d, on up to workers goroutines, each taking backChunk positions at a
// time, and adds the positions they settle to the lists of later
// distances.
func passLevel(p pair, state []uint32, lossExit []uint16, d int, l *levels, workers int) {
	type job struct {
		list     []uint32
		from, to int
	}
	var jobs []job
	for _, list := range l.at[d] {
		for from := 0; from < len(list); from += backChunk {
			jobs = append(jobs, job{list, from, min(from+backChunk, len(list))})
		}
	}
	n := min(max(workers, 1), len(jobs))
	settled := make([]settledLists, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range n {
		wg.Go(func() {
			for {
				j := int(next.Add(1) - 1)
				if j >= len(jobs) {
					return
				}
				passPositions(p, state, lossExit, d, jobs[j].list[jobs[j].from:jobs[j].to], &settled[w])
			}
		})
	}
	wg.Wait()
	for _, s := range settled {
		l.take(s)
	}
}

// passPositions passes back the values of the positions gs, listed at
// distance d, to their predecessors, adding those it settles to out.
// It may run on several goroutines at once, on positions of the same
// distance: each update of a predecessor is a compare-and-swap of its
// state, so that exactly one goroutine makes each change of its code,
// and lists it.
//
// A position stands for its orbit: it unmakes the moves of its own
// placement only, and each predecessor found is the image of one found
// by unmaking the moves of each of the orbit's positions. So a win takes
// from the predecessor's count (of the quiet moves of its whole orbit,
// firstPass) as many as its own orbit has positions: over the orbit's
// positions, each of the quiet moves of the predecessor's orbit that
// lead into it is unmade once. This counts right when an orbit has fewer
// than eight positions (a position its own image under a symmetry), and
// when a position has two moves to the same one.
func passPositions(p pair, state []uint32, lossExit []uint16, d int, gs []uint32, out *settledLists) {
	last := p.offsets[len(p.offsets)-1]
	win := uint32(code(vWin, d+1))
	for _, g := range gs {
		c := uint16(atomic.LoadUint32(&state[g]))
		if plies(c) != d {
			continue // settled nearer since
		}
		k := 0
		if uint64(g) >= last {
			k = len(p.classes) - 1
		}
		cls := p.classes[k]
		prev := class{cls.other, cls.mover}
		mover, other := p.ix.placement(cls, uint64(g)-p.offsets[k])
		moverImages, otherImages := imagesOf(mover), imagesOf(other)
		positions, _ := p.ix.orbit(cls, &moverImages, &otherImages)
		weight := uint32(positions) << 16
		loss := result(c) == vLoss
		base := p.partnerOffset(k)
		empty := ^(mover | other) & bitboard.All
		for rest := other; rest != 0; rest &= rest - 1 {
			t := bits.TrailingZeros64(rest)
			for back := neighbours[t] & empty; back != 0; back &= back - 1 {
				prevMover := otherImages.moved(t, bits.TrailingZeros64(back))
				pr := base + p.ix.indexOf(prev, &prevMover, &moverImages)
				sp := &state[pr]
				if loss {
					for {
						s := atomic.LoadUint32(sp)
						pc := uint16(s)
						if result(pc) != vUnknown && (result(pc) != vWin || plies(pc) <= d+1) {
							break
						}
						if atomic.CompareAndSwapUint32(sp, s, s&^0xffff|win) {
							out.add(d+1, uint32(pr))
							break
						}
					}
					continue
				}
				for {
					s := atomic.LoadUint32(sp)
					if result(uint16(s)) != vUnknown {
						break
					}
					if s&^0xffff > weight {
						if atomic.CompareAndSwapUint32(sp, s, s-weight) {
							break
						}
						continue
					}
					// The last quiet move found to lose: the position
					// is settled.
					if lossExit[pr]&(1<<15) != 0 {
						if atomic.CompareAndSwapUint32(sp, s, uint32(code(vDraw, 0))) {
							break
						}
						continue
					}
					n := max(d+1, int(lossExit[pr]))
					if atomic.CompareAndSwapUint32(sp, s, uint32(code(vLoss, n))) {
						out.add(n, uint32(pr))
						break
					}
				}
			}
		}
	}
}

// settledLists holds the positions one worker settled, by distance.
type settledLists [][]uint32

func (s *settledLists) add(d int, g uint32) {
	for len(*s) <= d {
		*s = append(*s, nil)
	}
	(*s)[d] = append((*s)[d], g)
}

// levels holds the positions settled at each distance, to pass back: at
// each distance the lists of the workers that settled them, in any
// order.
type levels struct{ at [][][]uint32 }

// take adds the lists of s to those of their distances.
func (l *levels) take(s settledLists) {
	for d, list := range s {
		if len(list) == 0 {
			continue
		}
		for len(l.at) <= d {
			l.at = append(l.at, nil)
		}
		l.at[d] = append(l.at[d], list)
	}
}
