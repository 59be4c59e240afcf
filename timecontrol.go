package surakarta

import "time"

// Time control. A search has a hard limit, its deadline (start + MoveTime),
// checked every 1024 nodes together with the context and the node limit,
// so a search stops within a fraction of a millisecond of it. Between
// iterations a soft rule applies: an iteration that is not expected to
// finish before the deadline is not started, since its result would be
// thrown away.

// tick counts a node and reports whether the search must stop. It looks at
// the clock and the context every 1024 nodes.
func (c *searchCore) tick() bool {
	c.nodes++
	if c.nodes&1023 == 0 && !c.stopped {
		select {
		case <-c.done:
			c.stopped = true
		default:
		}
		if !c.deadline.IsZero() && time.Now().After(c.deadline) {
			c.stopped = true
		}
	}
	if c.nodeLimit > 0 && c.nodes >= c.nodeLimit {
		c.stopped = true
	}
	return c.stopped
}

// nextIterationFits reports whether the next iteration is expected to
// finish within the move time, given the time elapsed so far and the times
// of the last two iterations: it guesses the next from their growth,
// between 2× and 8× (4× when the last is too short to measure).
func (c *searchCore) nextIterationFits(elapsed, last, beforeLast time.Duration) bool {
	if c.moveTime <= 0 {
		return true
	}
	growth := 4.0
	if beforeLast > time.Millisecond {
		growth = min(max(float64(last)/float64(beforeLast), 2), 8)
	}
	return elapsed+time.Duration(float64(last)*growth) <= c.moveTime
}
