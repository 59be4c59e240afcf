package serve

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/surakarta-go/surakarta"
)

// leafDepth is the depth below which Perft counts a subtree with
// Position.Perft, without looking at its context: a few milliseconds from
// a crowded position.
const leafDepth = 4

// Perft returns the leaves of the legal-move tree of p to depth, no
// game-end rule applied, as Position.Perft counts them, calling each with
// every legal move of p, in the order of p.LegalMoves, and the leaves
// under it as soon as they are counted. It splits the tree at the second
// ply into subtrees that workers goroutines share out (0 or less: one
// for each of runtime.GOMAXPROCS), as Position.PerftParallel does, and
// stops within milliseconds when ctx is done, returning ctx's error and
// the total so far; the counts given to each are whole.
func Perft(ctx context.Context, p surakarta.Position, depth, workers int, each func(surakarta.Move, uint64)) (uint64, error) {
	if depth < 1 {
		return p.Perft(depth), nil
	}
	moves := p.LegalMoves()
	if depth <= 2 {
		var total uint64
		for _, m := range moves {
			child := p
			child.PlayUnchecked(m)
			n := child.Perft(depth - 1)
			total += n
			each(m, n)
		}
		return total, nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}

	// A subtree is a grandchild of p, counted to depth−2.
	type subtree struct {
		root int // the index in moves of the move it is under
		p    surakarta.Position
	}
	var subtrees []subtree
	counts := make([]atomic.Uint64, len(moves))
	left := make([]atomic.Int64, len(moves)) // subtrees of each root move not yet counted
	rootDone := make([]chan struct{}, len(moves))
	for i, m := range moves {
		rootDone[i] = make(chan struct{})
		child := p
		child.PlayUnchecked(m)
		n := 0
		for m2 := range child.LegalMovesSeq() {
			grandchild := child
			grandchild.PlayUnchecked(m2)
			subtrees = append(subtrees, subtree{i, grandchild})
			n++
		}
		if left[i].Store(int64(n)); n == 0 {
			close(rootDone[i])
		}
	}

	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for !stop.Load() {
				i := int(next.Add(1)) - 1
				if i >= len(subtrees) {
					return
				}
				st := subtrees[i]
				n, ok := perftStoppable(st.p, depth-2, &stop)
				if !ok {
					return
				}
				counts[st.root].Add(n)
				if left[st.root].Add(-1) == 0 {
					close(rootDone[st.root])
				}
			}
		})
	}
	defer wg.Wait()
	var total uint64
	for i, m := range moves {
		select {
		case <-rootDone[i]:
		case <-ctx.Done():
			return total, ctx.Err()
		}
		n := counts[i].Load()
		total += n
		each(m, n)
	}
	return total, nil
}

// perftStoppable returns p.Perft(depth), unless stop is set first: it
// looks at stop before each subtree deeper than leafDepth.
func perftStoppable(p surakarta.Position, depth int, stop *atomic.Bool) (uint64, bool) {
	if depth <= leafDepth {
		return p.Perft(depth), true
	}
	var total uint64
	for m := range p.LegalMovesSeq() {
		if stop.Load() {
			return 0, false
		}
		child := p
		child.PlayUnchecked(m)
		n, ok := perftStoppable(child, depth-1, stop)
		if !ok {
			return 0, false
		}
		total += n
	}
	return total, true
}
