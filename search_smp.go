package surakarta

import (
	"sync"
	"sync/atomic"
)

// Lazy SMP. With Threads > 1, PVS searches the root on several goroutines
// at once: the calling goroutine (the main thread) runs the usual iterative
// deepening with its time control and decides when to stop; each helper
// runs its own iterative deepening on the same root with its own search
// path, history and killers, and the only thing they share is the
// transposition table. What one thread stores, the others find, so the
// threads together search the tree faster than one: mostly by filling the
// table ahead of the main thread, since a helper that skips iterations
// (helperSkips) is often one ply deeper. When the main thread's search
// ends (its limits, the context), it sets the flag halt, which every
// thread looks at on each node (searchCore.open), not only every 1024 nodes as at
// the clock and the context: with a slow evaluator 1024 nodes can take
// long. It then waits for the helpers.
//
// Helpers have no time limit of their own: the main thread's is the only
// clock. A node limit is split evenly between the threads.

// searchParallel runs a search of threads threads whose main thread is
// s.main, already prepared by Search, and returns the main thread's result
// with the nodes of every thread.
func (s *PVS) searchParallel(threads int, lim Limits) Result {
	main := &s.main
	for len(s.helpers) < threads-1 {
		s.helpers = append(s.helpers, &pvsWorker{})
	}
	helpers := s.helpers[:threads-1]
	counts := make([]atomic.Int64, len(helpers))
	// The helpers stop with the main thread's halt flag: set by its
	// context, its deadline's timer (armStop), and below when it is done.
	halt := main.core.halt
	main.helperNodes = counts
	maxDepth := lim.maxDepth()
	var wg sync.WaitGroup
	for i, h := range helpers {
		h.core.follow(&main.core)
		h.start(s, append(h.rootMoves[:0], main.rootMoves...))
		h.published, h.tbHits = &counts[i], main.tbHits
		h.keySalt = main.keySalt
		h.tables, h.tablePieces = main.tables, main.tablePieces
		h.skip = i + 1
		wg.Go(func() { h.helperIterate(maxDepth) })
	}
	res := main.iterate(lim)
	halt.Store(true)
	wg.Wait()
	main.helperNodes = nil
	for _, h := range helpers {
		res.Nodes += h.core.nodes
		h.core.halt, h.published = nil, nil
	}
	res.TBHits = main.tbHits.Load()
	res.Time = main.core.since(main.core.start)
	return res
}

// helperIterate is a helper's iterative deepening: every depth up to
// maxDepth that helperSkips does not skip, until the search stops.
func (w *pvsWorker) helperIterate(maxDepth int) {
	score := 0
	for depth := 1; depth <= maxDepth && !w.core.stopped; depth++ {
		if helperSkips(w.skip, depth) {
			continue
		}
		if s := w.aspirate(depth, score); !w.core.stopped {
			score = s
		}
	}
}

// The iterations that helpers skip, as in Stockfish's Lazy SMP: helper i
// (from 1) uses row (i−1) mod 20 and skips depth d when
// ((d + skipPhase) / skipSize) is odd. The first helper searches only the
// even depths, the second the odd ones, later helpers runs of 2, 3 or 4
// depths at staggered phases, so that the threads spread over the next
// few depths instead of all searching the main thread's.
var (
	skipSize  = [20]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [20]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

// helperSkips reports whether helper i (from 1) skips depth.
func helperSkips(i, depth int) bool {
	row := (i - 1) % len(skipSize)
	return (depth+skipPhase[row])/skipSize[row]%2 == 1
}

// publish publishes the node count of a helper of a parallel search every
// 1024 nodes, for the main thread's Progress; it does nothing in the main
// thread. Each node calls it before it opens.
func (w *pvsWorker) publish() {
	if w.published != nil && w.core.nodes&1023 == 0 {
		w.published.Store(w.core.nodes)
	}
}

// tally returns the nodes searched so far by w and, in a parallel
// search, by the helpers as they last published them, and the positions
// found in endgame tables by every thread.
func (w *pvsWorker) tally() (nodes, tbHits int64) {
	nodes = w.core.nodes
	for i := range w.helperNodes {
		nodes += w.helperNodes[i].Load()
	}
	return nodes, w.tbHits.Load()
}
