package surakarta

import "github.com/surakarta-go/surakarta/internal/nnue"

// useNetwork prepares the core's accumulators when its evaluator is a
// *Network, and forgets them otherwise. Every accumulator starts marked
// empty (noPlacement), since its network may have changed since the last
// search.
func (c *searchCore) useNetwork() {
	c.net = nil
	n, ok := c.eval.(*Network)
	if !ok {
		return
	}
	c.net = n.network()
	if c.accs == nil {
		c.accs = make([]nnue.Accumulator, maxPly+1)
	}
	for i := range c.accs {
		c.accs[i].Pieces = noPlacement
	}
}

// noPlacement marks an accumulator that holds no placement's sums: no
// position has both colours on every square.
var noPlacement = [2]uint64{^uint64(0), ^uint64(0)}

// maxUpdate is the most squares an accumulator is updated by; a placement
// further from every accumulator on the path is summed afresh.
const maxUpdate = 8

// netScore returns the network's score of p, the position at ply of the
// search path. Its accumulator is the one at ply when that was summed for
// p's placement (a null move's child, a position searched again); else it
// is made from the nearest accumulator below ply that holds a placement,
// usually the parent's, by the squares that differ, or summed afresh when
// none is near.
func (c *searchCore) netScore(p *Position, ply int) int {
	a := &c.accs[ply]
	if a.Pieces != p.pieces {
		from := -1
		for j := ply - 1; j >= 0; j-- {
			if c.accs[j].Pieces != noPlacement {
				from = j
				break
			}
		}
		if from >= 0 && nnue.Changes(&c.accs[from].Pieces, &p.pieces) <= maxUpdate {
			c.net.Update(a, &c.accs[from], &p.pieces)
		} else {
			c.net.Refresh(a, &p.pieces)
		}
	}
	return clampEvaluation(c.net.Score(a, uint8(p.side)))
}
