package surakarta

import "math"

// The tree of an MCTS search. Each node is a position reached by a move
// from its parent; its statistics are from the point of view of the side
// that played that move (the parent's side to move), so that a parent
// picks the child with the best statistics as they are.

// mctsNode is a node of the tree.
type mctsNode struct {
	children []mctsNode // nil until the node is expanded
	value    float64    // the sum of the simulations' results, for the side that moved into the node
	visits   int32      // the simulations through the node
	prior    float32    // the selection's prior probability of the move
	init     float32    // the evaluator's win probability for the mover, before any visit
	move     Move       // the move from the parent
	// proof is what the search has proven of the node: mctsUnknown, or
	// the game's result at the node for the side that moved into it
	// (a won, drawn or lost end of the game there, or a forced one),
	// with plies its distance in plies (the fastest win and the slowest
	// loss the tree has found; not necessarily the shortest forced win).
	proof    int8
	plies    int16
	expanded bool
	// expanding says that a thread is expanding the node, outside the
	// tree's lock; vloss counts the simulations under way through it,
	// each a virtual loss for the selection until its backup.
	expanding bool
	vloss     int16
}

// The proofs of a node, for the side that moved into it.
const (
	mctsUnknown int8 = iota
	mctsWon
	mctsLost
	mctsDrawn // a game that ends drawn in the node (not propagated)
)

// q returns the node's mean result for the side that moved into it, a win
// probability: its proof, or its init value before any visit.
func (n *mctsNode) q() float64 {
	switch n.proof {
	case mctsWon:
		return 1
	case mctsLost:
		return 0
	case mctsDrawn:
		return 0.5
	}
	if n.visits == 0 {
		return float64(n.init)
	}
	return n.value / float64(n.visits)
}

// selectQ is q for the selection: with the virtual losses of the
// simulations under way through the node counted as lost visits.
func (n *mctsNode) selectQ() float64 {
	if n.vloss == 0 || n.proof != mctsUnknown {
		return n.q()
	}
	if n.visits == 0 {
		return 0
	}
	return n.value / float64(n.visits+int32(n.vloss))
}

// best returns the child to play (see mctsBetter), or nil when n has no
// children.
func (n *mctsNode) best() *mctsNode {
	var best *mctsNode
	for i := range n.children {
		if c := &n.children[i]; best == nil || mctsBetter(c, best) {
			best = c
		}
	}
	return best
}

// line returns the principal variation from n: the best child, its best
// child and so on, while the children have been visited (or proven).
func (n *mctsNode) line(limit int) []Move {
	var pv []Move
	for len(pv) < limit {
		c := n.best()
		if c == nil || (c.visits == 0 && c.proof == mctsUnknown) {
			break
		}
		pv = append(pv, c.move)
		n = c
	}
	return pv
}

// solve proves n from its children when it can, after a simulation
// through it: a child won for its mover, n's side to move, makes n lost for
// its own mover; children all lost for their movers make n won.
func (n *mctsNode) solve() {
	if n.proof != mctsUnknown || !n.expanded || len(n.children) == 0 {
		return
	}
	allLost := true
	var fastestWin, slowestLoss int16 = math.MaxInt16, 0
	for i := range n.children {
		c := &n.children[i]
		switch c.proof {
		case mctsWon:
			fastestWin = min(fastestWin, c.plies)
			allLost = false
		case mctsLost:
			slowestLoss = max(slowestLoss, c.plies)
		default:
			allLost = false
		}
	}
	switch {
	case fastestWin != math.MaxInt16:
		n.proof, n.plies = mctsLost, fastestWin+1
	case allLost:
		n.proof, n.plies = mctsWon, slowestLoss+1
	}
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

// count returns the nodes of n's subtree below n.
func (n *mctsNode) count() int {
	total := len(n.children)
	for i := range n.children {
		total += n.children[i].count()
	}
	return total
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
