package surakarta

import (
	"context"
	"sync"
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
		c.stopTimer = c.afterFunc(c.plan.hard, stop)
	}
	if w := c.ponder; w != nil {
		w.now, w.afterFunc, w.start, w.plan, w.stop = c.now, c.afterFunc, c.start, c.pending, stop
		go w.wait()
	}
}

// afterFunc calls f once d has passed on c's time source, unless the
// returned stop is called first.
func (c *searchCore) afterFunc(d time.Duration, f func()) (stop func() bool) {
	if c.clock == nil {
		return time.AfterFunc(d, f).Stop
	}
	return c.clock.AfterFunc(d, f)
}

// ponderWait waits, in a goroutine of its own, for the ponder hit of a
// search that ponders (Limits.Ponder). The time plan that applies from
// the hit counts its time from the search's start, as UCI engines count
// it (Stockfish among them): the time spent pondering is time the search
// has had. So at the hit the wait stops the search at once when the plan
// is already spent, or when an iteration that ended while it pondered
// would have been the last under the plan (stopOnHit); else it sets the
// timer of the plan's hard bound. The search takes the hit in at its next
// look at the clock (ponderHit), and handles it there itself when the
// wait has not yet run: on a busy processor the goroutine of the wait may
// get its turn late.
type ponderWait struct {
	hit  <-chan struct{} // Limits.Ponder
	quit chan struct{}   // closed by disarm

	// What the hit needs, set before the wait starts.
	now       func() time.Time
	afterFunc func(time.Duration, func()) func() bool
	start     time.Time // the search's
	plan      timePlan  // the plan from the hit
	stop      func()    // stops the search
	// stopOnHit is set by the search when, pondering, it ends an
	// iteration after which the plan would start no other.
	stopOnHit atomic.Bool

	mu        sync.Mutex
	stopTimer func() bool // stops the plan's timer, once set
	disarmed  bool

	arrived atomic.Bool // set at the hit
}

// wait waits for the hit or for disarm, and takes the hit.
func (w *ponderWait) wait() {
	select {
	case <-w.hit:
		w.take()
	case <-w.quit:
	}
}

// take handles the hit once, whoever sees it first, the wait or the
// search: with the plan timed, it calls stop at once, or at the plan's
// hard bound counted from the search's start.
func (w *ponderWait) take() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.disarmed || w.arrived.Load() {
		return
	}
	if w.plan.timed {
		if left := w.plan.hard - w.now().Sub(w.start); left <= 0 || w.stopOnHit.Load() {
			w.stop()
		} else {
			w.stopTimer = w.afterFunc(left, w.stop)
		}
	}
	w.arrived.Store(true)
}

// disarm ends the wait, and stops the timer it set.
func (w *ponderWait) disarm() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.disarmed {
		w.disarmed = true
		close(w.quit)
	}
	if w.stopTimer != nil {
		w.stopTimer()
	}
}

// ponderHit takes in the ponder hit, once it has come, in the search's
// goroutine: the time plan that was pending applies, counted from the
// search's start.
func (c *searchCore) ponderHit() {
	w := c.ponder
	if w == nil {
		return
	}
	if !w.arrived.Load() {
		select {
		case <-w.hit:
			w.take()
		default:
			return
		}
		if !w.arrived.Load() {
			return // disarmed
		}
	}
	c.plan, c.ponder = c.pending, nil
	if c.plan.timed {
		c.deadline = c.start.Add(c.plan.hard)
	}
	// disarm stops the timer the wait set: keep the wait for it.
	c.hitWait = w
}

// disarm stops what armStop started.
func (c *searchCore) disarm() {
	for _, w := range []*ponderWait{c.ponder, c.hitWait} {
		if w != nil {
			w.disarm()
		}
	}
	c.ponder, c.hitWait = nil, nil
	if c.stopContext != nil {
		c.stopContext()
		c.stopContext = nil
	}
	if c.stopTimer != nil {
		c.stopTimer()
		c.stopTimer = nil
	}
}
