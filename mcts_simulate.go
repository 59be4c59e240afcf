package surakarta

import (
	"math"
	"runtime"

	"github.com/surakarta-go/surakarta/internal/tunedeval"
)

// The simulations of an MCTS search: each selects a path down the tree
// (PUCT, or UCB1 with Playouts), expands the node at its end and values
// it (the evaluator's one-ply search, or a random playout), and backs
// the value up the path, proving nodes where it can; several threads
// share the tree under one lock.

// mctsScale is the slope of the win probability of an evaluation in the
// unit of evaluation, 1/(1+exp(−mctsScale·score)): the one Tuned was
// fitted with, on which a piece ahead (PieceValue) is a 92% chance.
const mctsScale = tunedeval.Scale

// mctsCaptureBonus is added to a capture's logit in the priors.
const mctsCaptureBonus = 1.0

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
		e := -c.evaluate(&q, -1)
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
