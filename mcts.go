package surakarta

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
)

// MCTS is Monte Carlo tree search in the AlphaZero style, with the
// evaluator in place of a network:
//
//   - Selection by PUCT: a node's child maximises Q + c·P·√N/(1+n), with Q
//     its mean result for the side to move (a win probability), P its prior,
//     n its visits, N the node's and c Exploration. A child not yet visited
//     counts the evaluator's win probability of its position as Q.
//   - Expansion at a node's first visit: every legal move becomes a child,
//     whose position the evaluator scores; the priors are a softmax of
//     those scores (on the win-probability scale, 0.030607 per unit, the
//     Tuned evaluator's) plus 1 for a capture.
//   - The leaf's value is that of a one-ply search: the best of its
//     children's win probabilities for the leaf's side to move, the score
//     s of the evaluator mapped to 1/(1+exp(−0.030607·s)).
//   - The game's end in the tree, by the rules of the game searched (a
//     side without pieces or without moves, the quiet-ply limit and
//     repetitions, adjudicated by piece count as the other searchers do),
//     and proven results: a node whose child is won for its side to move
//     is won, one whose children are all lost is lost (MCTS-Solver). A
//     proven win is played at once and scored as a win (Win−n, with n the
//     plies of the line the tree proved, not always the shortest).
//
// With Playouts set it is instead the plain UCT of public engines, the
// reference it is measured against: selection by UCB1 (Q + c·√(ln N/n),
// each child visited once first, in move order), no priors, and the
// leaf's value the result of a random playout (uniform legal moves, up to
// 200 plies, then adjudicated by piece count; the quiet-ply limit applies
// in playouts, repetitions do not). The Evaluator is then not called, but
// must still be set.
//
// The limits: Nodes is the number of simulations (Result.Nodes counts
// them); MoveTime and Clock are planned as for the other searchers (the
// search stops at the clock's target or the move's time); Depth stops
// the search once the principal variation, the most visited line, is
// Depth plies long or ends in a proven result. A search also stops when
// the root is proven, when one legal move is left under a time limit, or
// when the tree holds MCTSMaxNodes nodes. With Threads above 1, Nodes
// is the number of simulations of all the threads together. Progress is
// called each time the principal variation grows longer, and once at the
// end, with Depth its length and Score its root move's; MultiPV reports
// the most visited root moves. Result.Depth is the principal variation's length and
// SelDepth the deepest node reached.
//
// The tree is kept between searches: when the next position searched is
// reached from the last one by moves of the tree (the same game, a few
// moves on), the search starts from that subtree. Clear drops it; call
// Clear also after changing the Evaluator. With a fixed Seed and one
// thread the search is deterministic: the same searches visit the same
// nodes.
//
// With Threads above 1 the threads search the one tree (tree
// parallelism): each runs whole simulations, and a virtual loss on the
// path it selects, counted as a lost visit until its backup, steers the
// others to other lines. One mutex guards the tree: selection, backup and
// the attaching of a node's children hold it, while the expansion's
// evaluations (or the playout) run outside it, on each thread's own copy
// of the path's positions. The Evaluator is then called from several
// goroutines at once and must be safe for concurrent use, as the
// package's evaluators are. Such a search is not deterministic.
//
// Make one with NewMCTS. An MCTS is not safe for concurrent use.
type MCTS struct {
	Evaluator Evaluator
	// Threads is the number of goroutines that search the tree at once:
	// the calling goroutine and Threads−1 helpers. 0 means 1, the
	// default. A negative value or one above MaxThreads makes Search fail
	// with an error wrapping ErrInvalidSearch, as for a PVS.
	Threads int
	// Seed seeds the random choices of the playouts (with Playouts); the
	// helper threads' random choices are drawn from it too.
	Seed uint64
	// Exploration is the constant c of the selection: 0 means
	// DefaultExploration, or DefaultUCTExploration with Playouts. A
	// negative value or NaN makes Search fail (ErrInvalidSearch).
	Exploration float64
	// Playouts makes the search plain UCT with random playouts (see
	// MCTS).
	Playouts bool

	core    searchCore
	main    mctsWorker // the calling goroutine's
	helpers []*mctsHelper
	// mu guards the tree, nodes and the counts of the search below when
	// several threads search.
	mu    sync.Mutex
	root  *mctsNode
	nodes int // the nodes of the tree
	// started counts the simulations begun (and not given up) in this
	// search, done those finished.
	started, done int64
	halt          atomic.Bool // set when the helpers must stop
	// off switches parts of the search off, for the tests that measure
	// them (export_test.go).
	off mctsOff
	// What the tree was searched from: reused only from the same start,
	// rules and settings, with the moves played then a prefix of the game's.
	treeStart    Position
	treeMoves    []Move
	treeRules    Rules
	treeSettings mctsSettings
	reusable     bool
}

// mctsWorker is what a thread of the search has of its own: its core,
// whose stack holds the positions of its path, and its path, moves and
// random source.
type mctsWorker struct {
	core     *searchCore
	rng      *rand.Rand
	path     []*mctsNode
	moves    [MaxMoves]Move
	selDepth int
}

// mctsHelper is a helper thread's worker with its core.
type mctsHelper struct {
	core searchCore
	w    mctsWorker
}

// mctsOff holds the parts of the search that the tests switch off, to
// measure what each is worth: uniformPriors makes every prior 1/n (the
// children's init values stay the evaluator's); playoutLeaves values a
// leaf by a random playout, as with Playouts, while the selection, priors
// and init values stay those of PUCT.
type mctsOff struct {
	uniformPriors, playoutLeaves bool
}

// mctsSettings are the settings a tree was built with.
type mctsSettings struct {
	playouts    bool
	exploration float64
	off         mctsOff
}

// The defaults and bounds of MCTS.
const (
	// DefaultExploration is the PUCT constant of an MCTS.
	DefaultExploration = 1.0
	// DefaultUCTExploration is the UCB1 constant of an MCTS with
	// Playouts: √2.
	DefaultUCTExploration = math.Sqrt2
	// MCTSMaxNodes is the most nodes an MCTS tree holds, 117 MB of them
	// (the heap of a search that fills the tree peaks at about 180 MB):
	// a search stops when its tree is full.
	MCTSMaxNodes = 1 << 21
)

// NewMCTS returns an MCTS searcher that scores positions with e.
func NewMCTS(e Evaluator) *MCTS { return &MCTS{Evaluator: e} }

// Clear implements Searcher: it drops the tree.
func (s *MCTS) Clear() {
	s.root, s.nodes, s.treeMoves, s.reusable = nil, 0, nil, false
}

// Search implements Searcher.
func (s *MCTS) Search(ctx context.Context, g *Game, lim Limits) (Result, error) {
	if s.Threads < 0 || s.Threads > MaxThreads {
		return Result{}, fmt.Errorf("%w: MCTS.Threads %d is not 0 (one thread, the default) or 1 to %d", ErrInvalidSearch, s.Threads, MaxThreads)
	}
	if s.Exploration < 0 || math.IsNaN(s.Exploration) || math.IsInf(s.Exploration, 0) {
		return Result{}, fmt.Errorf("%w: MCTS.Exploration %v", ErrInvalidSearch, s.Exploration)
	}
	if lim.Mate > 0 {
		return Result{}, fmt.Errorf("%w: Mate %d: MCTS proves no distance to the game's end: search for a win within a number of moves with AlphaBeta or PVS", ErrInvalidLimits, lim.Mate)
	}
	c := &s.core
	rootMoves, err := c.begin(ctx, g, lim, s.Evaluator)
	if err != nil {
		return Result{}, err
	}
	defer c.disarm()
	settings := mctsSettings{s.Playouts, s.Exploration, s.off}
	root := s.reuse(g, len(lim.SearchMoves) > 0, settings)
	w := &s.main
	w.core = c
	if w.rng == nil || root.visits == 0 {
		w.rng = rand.New(rand.NewPCG(s.Seed, 0x6d637473))
	}
	if !root.expanded {
		s.attach(root, s.children(w, 0, rootMoves))
	}
	explore := s.Exploration
	if explore == 0 {
		explore = DefaultExploration
		if s.Playouts {
			explore = DefaultUCTExploration
		}
	}
	w.selDepth = 0
	s.started, s.done = 0, 0
	s.halt.Store(false)
	threads := max(s.Threads, 1)
	var wg sync.WaitGroup
	for len(s.helpers) < threads-1 {
		s.helpers = append(s.helpers, &mctsHelper{})
	}
	if c.stopped {
		threads = 1
	}
	for i, h := range s.helpers[:threads-1] {
		h.core.follow(c)
		h.w.core, h.w.selDepth = &h.core, 0
		h.w.rng = rand.New(rand.NewPCG(s.Seed, 0x6d637473+uint64(i)+1))
		wg.Go(func() {
			for s.simulate(&h.w, root, explore) {
			}
		})
	}
	var reported int
	report := func(final bool) {
		if lim.Progress == nil {
			return
		}
		s.mu.Lock()
		pv := root.line(maxPly)
		if !final && len(pv) <= reported {
			s.mu.Unlock()
			return
		}
		reported = len(pv)
		elapsed := c.since(c.start)
		sims := s.done
		in := Info{Depth: len(pv), SelDepth: max(w.selDepth, len(pv)), Nodes: sims, Time: elapsed,
			NodesPerSecond: nodesPerSecond(sims, elapsed)}
		lines := s.lines(root, lim.MultiPV)
		s.mu.Unlock()
		if len(lines) == 1 {
			in.Score, in.PV = lines[0].Score, lines[0].PV
			lim.Progress(in)
			return
		}
		for i, l := range lines {
			in.MultiPV, in.Score, in.PV = i+1, l.Score, l.PV
			lim.Progress(in)
		}
	}
	single := len(root.children) == 1
	for mine := int64(0); !c.stopped; {
		if !s.simulate(w, root, explore) {
			break
		}
		mine++
		if c.mustStop() {
			break
		}
		elapsed := c.since(c.start) // a search that pondered counts the time it pondered
		if c.plan.timed && (single || elapsed >= c.plan.soft) {
			break
		}
		if mine&15 == 0 || lim.Depth > 0 {
			report(false)
			if lim.Depth > 0 {
				s.mu.Lock()
				pv, n := root.line(maxPly), root
				for _, m := range pv {
					n = n.child(m)
				}
				s.mu.Unlock()
				if len(pv) >= lim.Depth || n.proof != mctsUnknown {
					break
				}
			}
		}
	}
	s.halt.Store(true)
	wg.Wait()
	report(true)
	lines := s.lines(root, lim.MultiPV)
	res := Result{
		Move: lines[0].PV[0], Score: lines[0].Score, PV: lines[0].PV, Lines: lines,
		Nodes: s.done, Time: c.since(c.start),
	}
	res.Depth = len(res.PV)
	res.SelDepth = w.selDepth
	for _, h := range s.helpers[:threads-1] {
		res.SelDepth = max(res.SelDepth, h.w.selDepth)
	}
	res.SelDepth = max(res.SelDepth, res.Depth)
	return res, nil
}

// reuse returns the root to search g from: the node of the kept tree that
// g's position is, when g continues the game that tree was searched in
// under the same rules and settings (and neither search is restricted to
// SearchMoves), else a new root. It keeps the root for the next search.
func (s *MCTS) reuse(g *Game, restricted bool, settings mctsSettings) *mctsNode {
	moves := g.Moves()
	var root *mctsNode
	if s.root != nil && s.reusable && !restricted && g.StartPosition() == s.treeStart &&
		g.Rules() == s.treeRules && settings == s.treeSettings &&
		len(moves) >= len(s.treeMoves) && slices.Equal(moves[:len(s.treeMoves)], s.treeMoves) {
		n := s.root
		for _, m := range moves[len(s.treeMoves):] {
			if n = n.child(m); n == nil || !n.expanded {
				n = nil
				break
			}
		}
		if n != nil {
			kept := *n // a copy, so that the rest of the old tree is freed
			root = &kept
		}
	}
	if root == nil {
		root = &mctsNode{}
	}
	s.root, s.nodes = root, root.count()
	s.treeStart, s.treeRules, s.treeSettings = g.StartPosition(), g.Rules(), settings
	s.treeMoves, s.reusable = moves, !restricted // a restricted root is not reused
	return root
}

// lines returns the best multi root moves (at least one), best first, each
// with its score for the side to move at the root and its line.
func (s *MCTS) lines(root *mctsNode, multi int) []Line {
	order := make([]*mctsNode, len(root.children))
	for i := range root.children {
		order[i] = &root.children[i]
	}
	slices.SortStableFunc(order, func(a, b *mctsNode) int {
		switch {
		case mctsBetter(a, b):
			return -1
		case mctsBetter(b, a):
			return 1
		}
		return 0
	})
	order = order[:min(max(multi, 1), len(order))]
	lines := make([]Line, len(order))
	for i, c := range order {
		lines[i] = Line{Score: c.score(), PV: append([]Move{c.move}, c.line(maxPly-1)...)}
	}
	return lines
}
