package surakarta

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Perft returns the number of leaf nodes of the legal-move tree of the given
// depth: 1 for depth 0, 0 for a negative depth. No game-end rule is applied.
// The last ply is counted without being played.
func (p Position) Perft(depth int) uint64 {
	if depth < 0 {
		return 0
	}
	if depth == 0 {
		return 1
	}
	return perft(p, depth)
}

// perft takes its position by value: a child built in the caller's frame and
// passed by pointer would escape to the heap through the recursion.
func perft(p Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countMoves())
	}
	var buf [MaxMoves]Move
	var nodes uint64
	for _, m := range p.appendMoves(&buf) {
		child := p
		child.PlayUnchecked(m)
		nodes += perft(child, depth-1)
	}
	return nodes
}

// PerftParallel returns Perft(depth), computed by workers goroutines; a
// workers value of 0 or less means runtime.GOMAXPROCS(0). The tree is split
// at the second ply into independent subtrees that the workers share out.
func (p Position) PerftParallel(depth, workers int) uint64 {
	if depth < 3 {
		return p.Perft(depth)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var roots []Position
	for m := range p.LegalMovesSeq() {
		child := p
		child.PlayUnchecked(m)
		for m2 := range child.LegalMovesSeq() {
			grandchild := child
			grandchild.PlayUnchecked(m2)
			roots = append(roots, grandchild)
		}
	}
	var next atomic.Int64
	var total atomic.Uint64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(roots) {
					return
				}
				total.Add(perft(roots[i], depth-2))
			}
		})
	}
	wg.Wait()
	return total.Load()
}
