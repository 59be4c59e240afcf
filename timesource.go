package surakarta

import (
	"context"
	"sync/atomic"
	"time"
)

// timeSource is where a search reads the time and sets the timer of its
// deadline: the real clock (a nil timeSource), or in the tests a fake one
// whose time moves only when the test says, so that the time control's
// logic is tested without depending on how fast the machine is.
type timeSource interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed, unless
	// the returned stop is called first.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// now returns the time of c's time source.
func (c *searchCore) now() time.Time {
	if c.clock == nil {
		return time.Now()
	}
	return c.clock.Now()
}

// since returns the time elapsed since t on c's time source.
func (c *searchCore) since(t time.Time) time.Duration { return c.now().Sub(t) }

// armStop makes the search stop at its next node once ctx is done or the
// plan's hard bound has passed: it sets c.halt from a timer, not from the
// search's own goroutines, which look at the clock only every 1024 nodes
// and, with more goroutines than cores, may wait long for one. disarm
// undoes it; every search that arms calls it before it returns.
func (c *searchCore) armStop(ctx context.Context) {
	// A flag of its own for each search: the timer of an earlier one may
	// have fired just as that search stopped it, and set its flag late.
	halt := new(atomic.Bool)
	c.halt = halt
	stop := func() { halt.Store(true) }
	c.stopContext, c.stopTimer = nil, nil
	if ctx.Done() != nil {
		c.stopContext = context.AfterFunc(ctx, stop)
	}
	if c.plan.timed {
		if c.clock == nil {
			c.stopTimer = time.AfterFunc(c.plan.hard, stop).Stop
		} else {
			c.stopTimer = c.clock.AfterFunc(c.plan.hard, stop)
		}
	}
}

// disarm stops what armStop started.
func (c *searchCore) disarm() {
	if c.stopContext != nil {
		c.stopContext()
		c.stopContext = nil
	}
	if c.stopTimer != nil {
		c.stopTimer()
		c.stopTimer = nil
	}
}
