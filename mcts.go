package surakarta

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/surakarta-go/surakarta/internal/tunedeval"
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

// mctsScale is the slope of the win probability of an evaluation, the
// Tuned evaluator's: 1/(1+exp(−mctsScale·score)).
const mctsScale = tunedeval.Scale

// mctsPlayoutLimit is the longest random playout, in plies.
const mctsPlayoutLimit = 200

// mctsCaptureBonus is added to a capture's logit in the priors.
const mctsCaptureBonus = 1.0

// NewMCTS returns an MCTS searcher that scores positions with e.
func NewMCTS(e Evaluator) *MCTS { return &MCTS{Evaluator: e} }

// Clear implements Searcher: it drops the tree.
func (s *MCTS) Clear() {
	s.root, s.nodes, s.treeMoves, s.reusable = nil, 0, nil, false
}

// winProbability maps an evaluation to a win probability.
func winProbability(score int) float64 {
	return 1 / (1 + math.Exp(-mctsScale*float64(score)))
}

// probabilityScore maps a win probability back to an evaluation.
func probabilityScore(q float64) int {
	q = min(max(q, 1e-9), 1-1e-9)
	s := math.Log(q/(1-q)) / mctsScale
	return int(math.Round(min(max(s, -MaxEvaluation), MaxEvaluation)))
}

// Search implements Searcher.
func (s *MCTS) Search(ctx context.Context, g *Game, lim Limits) (Result, error) {
	if s.Threads < 0 || s.Threads > MaxThreads {
		return Result{}, fmt.Errorf("%w: MCTS.Threads %d is not 0 (one thread, the default) or 1 to %d", ErrInvalidSearch, s.Threads, MaxThreads)
	}
	if s.Exploration < 0 || math.IsNaN(s.Exploration) || math.IsInf(s.Exploration, 0) {
		return Result{}, fmt.Errorf("%w: MCTS.Exploration %v", ErrInvalidSearch, s.Exploration)
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
			NodesPerSecond: int64(float64(sims) / max(elapsed.Seconds(), 1e-9))}
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
		elapsed := c.since(c.start)
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

// child returns n's child by m, or nil.
func (n *mctsNode) child(m Move) *mctsNode {
	for i := range n.children {
		if n.children[i].move == m {
			return &n.children[i]
		}
	}
	return nil
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

// score returns a root child's score for the side to move at the root.
func (n *mctsNode) score() int {
	switch n.proof {
	case mctsWon:
		return Win - int(n.plies) - 1
	case mctsLost:
		return -(Win - int(n.plies) - 1)
	case mctsDrawn:
		return 0
	}
	return probabilityScore(n.q())
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

// count returns the nodes of n's subtree below n.
func (n *mctsNode) count() int {
	total := len(n.children)
	for i := range n.children {
		total += n.children[i].count()
	}
	return total
}

// mctsBetter reports whether the root child a is a better move than b: a
// proven win first (the fastest), then the others by visits and then mean
// result, proven losses last (the slowest first).
func mctsBetter(a, b *mctsNode) bool {
	rank := func(x *mctsNode) int {
		switch x.proof {
		case mctsWon:
			return 2
		case mctsLost:
			return 0
		}
		return 1
	}
	if ra, rb := rank(a), rank(b); ra != rb {
		return ra > rb
	}
	switch a.proof {
	case mctsWon:
		return a.plies < b.plies
	case mctsLost:
		return a.plies > b.plies
	}
	if a.visits != b.visits {
		return a.visits > b.visits
	}
	return a.q() > b.q()
}

// simulate runs one simulation from root on w's thread: selection down
// to a node not yet expanded, its expansion and value, and the backup of
// that value. It reports false, having done nothing, when the search must
// stop: the helpers are halted, the deadline or the context stopped the
// search (the core's halt flag, which every thread shares), the root is
// proven, the simulations reach the node limit or the tree is full.
func (s *MCTS) simulate(w *mctsWorker, root *mctsNode, explore float64) bool {
	c := w.core
	for {
		s.mu.Lock()
		if s.halt.Load() || c.halt.Load() || root.proof != mctsUnknown || s.nodes >= MCTSMaxNodes ||
			(c.nodeLimit > 0 && s.started >= c.nodeLimit) {
			s.mu.Unlock()
			return false
		}
		s.started++
		path := w.path[:0]
		n, ply := root, 0
		var (
			v      float64 // the result for the side that moved into n
			expand bool    // n is to be expanded outside the lock
			value  bool    // n's value is to be found outside the lock
			busy   bool    // another thread is expanding n
		)
	descend:
		for {
			path = append(path, n)
			n.vloss++
			switch {
			case n.proof != mctsUnknown:
				v = n.q()
				break descend
			case n.expanding:
				busy = true
				break descend
			case !n.expanded:
				v, expand, value = s.leaf(w, n, ply)
				break descend
			}
			next := s.selectChild(n, explore)
			child := &c.stack[ply+1]
			*child = c.stack[ply]
			child.PlayUnchecked(next.move)
			ply++
			c.hashes[c.base+ply] = child.hash
			n = next
		}
		w.path = path
		if busy {
			// Give the simulation up and try again once that thread has
			// attached the node's children.
			for _, n := range path {
				n.vloss--
			}
			s.started--
			s.mu.Unlock()
			runtime.Gosched()
			continue
		}
		w.selDepth = max(w.selDepth, ply)
		if expand {
			n.expanding = true
		}
		if expand || value {
			s.mu.Unlock()
			var children []mctsNode
			if expand {
				children = s.children(w, ply, nil)
			}
			v = s.value(w, ply, n, children)
			s.mu.Lock()
			if expand {
				n.expanding = false
				s.attach(n, children)
				if len(children) == 0 {
					n.setEnd(c.adjudicate(&c.stack[ply], ply))
					v = n.q()
				}
			}
		}
		for i := len(path) - 1; i >= 0; i-- {
			n := path[i]
			n.vloss--
			n.visits++
			n.value += v
			v = 1 - v
			n.solve()
		}
		s.done++
		s.mu.Unlock()
		return true
	}
}

// leaf applies the game-end rules to the unexpanded node n at ply, with
// the tree locked. It returns n's value for the side that moved into it
// when it has it, or says that n is to be expanded, or only valued (a
// playout from it), outside the lock.
func (s *MCTS) leaf(w *mctsWorker, n *mctsNode, ply int) (v float64, expand, value bool) {
	c := w.core
	p := &c.stack[ply]
	if ply > 0 {
		if score, over := c.terminal(p, ply, 0); over {
			n.setEnd(score)
			return n.q(), false, false
		}
	}
	if ply >= maxPly-1 || s.nodes >= MCTSMaxNodes {
		if s.Playouts || s.off.playoutLeaves {
			return 0, false, true
		}
		return float64(n.init), false, false
	}
	return 0, true, false
}

// value returns the value of n, the node at ply, for the side that moved
// into it, outside the lock: a playout from it with Playouts, else the
// best of its children's win probabilities (its new children; n is not
// an end of the game when it has some).
func (s *MCTS) value(w *mctsWorker, ply int, n *mctsNode, children []mctsNode) float64 {
	if s.Playouts || s.off.playoutLeaves {
		if children != nil && len(children) == 0 {
			return 0 // the node is an end of the game: not used
		}
		return s.playout(w, &w.core.stack[ply])
	}
	if len(children) == 0 {
		return float64(n.init) // at the depth limit, or an end of the game: not used
	}
	best := 0.0
	for i := range children {
		best = max(best, float64(children[i].init))
	}
	return 1 - best
}

// setEnd marks n as an end of the game scored score for its side to move.
func (n *mctsNode) setEnd(score int) {
	switch {
	case score > 0:
		n.proof = mctsLost
	case score < 0:
		n.proof = mctsWon
	default:
		n.proof = mctsDrawn
	}
	n.plies = 0
}

// attach makes children n's, with the tree locked (or on one thread).
func (s *MCTS) attach(n *mctsNode, children []mctsNode) {
	n.expanded = true
	n.children = children
	s.nodes += len(children)
}

// children returns the children of the node at ply of w's path, one for
// each of its moves: those given, or its legal moves. Without Playouts
// each child's position is evaluated for its init value and prior. It
// reads no node, so the tree need not be locked.
func (s *MCTS) children(w *mctsWorker, ply int, moves []Move) []mctsNode {
	c := w.core
	p := &c.stack[ply]
	if moves == nil {
		moves = p.appendMoves(&w.moves)
	}
	children := make([]mctsNode, len(moves))
	if len(moves) == 0 {
		return children
	}
	if s.Playouts {
		for i, m := range moves {
			children[i] = mctsNode{move: m, prior: 1 / float32(len(moves)), init: 0.5}
		}
		return children
	}
	logits := make([]float64, len(moves))
	top := math.Inf(-1)
	for i, m := range moves {
		q := *p
		q.PlayUnchecked(m)
		e := -c.evaluate(&q)
		ch := &children[i]
		ch.move, ch.init = m, float32(winProbability(e))
		logits[i] = mctsScale * float64(e)
		if m.IsCapture() {
			logits[i] += mctsCaptureBonus
		}
		top = max(top, logits[i])
	}
	sum := 0.0
	for i := range logits {
		logits[i] = math.Exp(logits[i] - top)
		sum += logits[i]
	}
	for i := range children {
		children[i].prior = float32(logits[i] / sum)
		if s.off.uniformPriors {
			children[i].prior = 1 / float32(len(children))
		}
	}
	return children
}

// selectChild returns the child of n to descend to: a proven win for n's
// side to move at once, else the best by PUCT (or UCB1 with Playouts)
// among those not proven lost. n is not proven, so one is left. The
// virtual losses of the simulations under way count as visits lost.
func (s *MCTS) selectChild(n *mctsNode, explore float64) *mctsNode {
	var best *mctsNode
	bestScore := math.Inf(-1)
	sqrtN := math.Sqrt(float64(max(n.visits+int32(n.vloss), 1)))
	logN := math.Log(float64(max(n.visits+int32(n.vloss), 1)))
	for i := range n.children {
		ch := &n.children[i]
		var u float64
		switch {
		case ch.proof == mctsWon:
			return ch
		case ch.proof == mctsLost:
			continue
		case s.Playouts:
			seen := ch.visits + int32(ch.vloss)
			if seen == 0 {
				return ch
			}
			u = ch.selectQ() + explore*math.Sqrt(logN/float64(seen))
		default:
			u = ch.selectQ() + explore*float64(ch.prior)*sqrtN/float64(1+ch.visits+int32(ch.vloss))
		}
		if u > bestScore {
			best, bestScore = ch, u
		}
	}
	if best == nil {
		best = &n.children[0] // not reached: n would be proven
	}
	return best
}

// playout plays random moves from p to the game's end, or mctsPlayoutLimit
// plies, and returns the result for the side that moved into p.
func (s *MCTS) playout(w *mctsWorker, p *Position) float64 {
	q := *p
	mover := q.side ^ 1
	for range mctsPlayoutLimit {
		if q.pieces[q.side] == 0 {
			break
		}
		if limit := s.core.rules.QuietPlyLimit; limit > 0 && q.QuietPlies() >= limit {
			break
		}
		moves := q.appendMoves(&w.moves)
		if len(moves) == 0 {
			break
		}
		q.PlayUnchecked(moves[w.rng.IntN(len(moves))])
	}
	switch cmp.Compare(q.Count(mover), q.Count(mover^1)) {
	case 1:
		return 1
	case -1:
		return 0
	}
	return 0.5
}
