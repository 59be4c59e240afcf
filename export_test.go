package surakarta

import (
	"fmt"
	"sync"
	"time"
)

// What the external tests (package surakarta_test) need of the package's
// insides: switching the enhancements of a PVS on and off, to measure
// what each is worth and to search without those that prune.

// SetTableCutoffs lets stored scores end a search early (on by default);
// off, the table only supplies the first move to try.
func (s *PVS) SetTableCutoffs(on bool) { s.off.cutoffs = !on }

// SetHistory orders quiet moves by the history heuristic (on by default).
func (s *PVS) SetHistory(on bool) { s.off.history = !on }

// SetKillers tries two killer moves per ply before other quiet moves (on
// by default).
func (s *PVS) SetKillers(on bool) { s.off.killers = !on }

// SetQuiescence searches captures beyond the horizon (on by default).
func (s *PVS) SetQuiescence(on bool) { s.off.quiescence = !on }

// SetNullMove tries passing at non-PV nodes (on by default).
func (s *PVS) SetNullMove(on bool) { s.off.nullMove = !on }

// SetLateMoveReductions searches late quiet moves less deep (on by
// default).
func (s *PVS) SetLateMoveReductions(on bool) { s.off.lmr = !on }

// SetLateMovePruning skips late quiet moves near the horizon of non-PV
// nodes (on by default).
func (s *PVS) SetLateMovePruning(on bool) { s.off.lmp = !on }

// SetReverseFutilityPruning takes a cut without searching at non-PV nodes
// near the horizon whose static score beats beta by a margin (on by
// default).
func (s *PVS) SetReverseFutilityPruning(on bool) { s.off.rfp = !on }

// SetSingularExtensions searches a singular table move a ply deeper, and
// cuts a node where several moves beat beta (on by default).
func (s *PVS) SetSingularExtensions(on bool) { s.off.singular = !on }

// SetAspirationWindow sets the half-width of the window around the last
// iteration's score (50 by default); 0 searches every iteration with a
// full window.
func (s *PVS) SetAspirationWindow(half int) {
	s.off.aspiration = half
	if half <= 0 {
		s.off.aspiration = -1
	}
}

// UsesAdjusted reports whether the Adjusted evaluation of e applies to p.
func (e *EndgameAdjusted) UsesAdjusted(p *Position) bool { return e.usesAdjusted(p) }

// For returns the six-factor evaluator of e that applies to p.
func (e *EndgameAdjusted) For(p *Position) *SixFactor { return e.evaluator(p) }

// TreeVisits returns the visits of an MCTS's root, 0 without a tree: the
// simulations its tree holds, kept between searches.
func (s *MCTS) TreeVisits() int {
	if s.root == nil {
		return 0
	}
	return int(s.root.visits)
}

// SetPriors gives an MCTS the evaluator's priors (on by default); off,
// every child's prior is 1/n, its init value still the evaluator's.
func (s *MCTS) SetPriors(on bool) { s.off.uniformPriors = !on }

// SetEvaluatorLeaves values an MCTS's leaves by the evaluator's one-ply
// value (on by default); off, by a random playout as with Playouts, the
// selection, priors and init values staying those of PUCT.
func (s *MCTS) SetEvaluatorLeaves(on bool) { s.off.playoutLeaves = !on }

// HardTimeBound is the bound a search within lim by side stops at (0 for
// none), as the time control plans it: the clock tests check that the
// search keeps to the plan, whose values TestPlanTime checks by hand.
func HardTimeBound(lim Limits, side Color) time.Duration { return planTime(lim, side).hard }

// FakeTime is a time source whose time moves only as the test says: by
// its step at each reading, and by Advance. Timers fire, synchronously, when
// the time passes theirs. The time control's tests use it so that what
// they check does not depend on the machine's speed.
type FakeTime struct {
	mu     sync.Mutex
	now    time.Time
	step   time.Duration // added to the time at each reading
	timers []*fakeTimer
	reads  int
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

// NewFakeTime returns a fake time source that moves by step at each
// reading.
func NewFakeTime(step time.Duration) *FakeTime {
	return &FakeTime{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), step: step}
}

// Now implements timeSource.
func (f *FakeTime) Now() time.Time {
	f.mu.Lock()
	f.reads++
	step := f.step
	f.mu.Unlock()
	return f.Advance(step)
}

// SetStep changes how far the time moves at each reading.
func (f *FakeTime) SetStep(step time.Duration) {
	f.mu.Lock()
	f.step = step
	f.mu.Unlock()
}

// Reads returns how many times the time was read.
func (f *FakeTime) Reads() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads
}

// Advance moves the time by d, fires the timers that are due, and returns
// the new time.
func (f *FakeTime) Advance(d time.Duration) time.Time {
	f.mu.Lock()
	f.now = f.now.Add(d)
	now := f.now
	var due []func()
	for _, t := range f.timers {
		if !t.stopped && !t.at.After(now) {
			t.stopped = true
			due = append(due, t.f)
		}
	}
	f.mu.Unlock()
	for _, fn := range due {
		fn()
	}
	return now
}

// AfterFunc implements timeSource.
func (f *FakeTime) AfterFunc(d time.Duration, fn func()) func() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := &fakeTimer{at: f.now.Add(d), f: fn}
	f.timers = append(f.timers, t)
	return func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// SetTimeSource makes s, a PVS, AlphaBeta or MCTS, read the time from f.
func SetTimeSource(s Searcher, f *FakeTime) {
	switch s := s.(type) {
	case *PVS:
		s.main.core.clock = f
	case *AlphaBeta:
		s.core.clock = f
	case *MCTS:
		s.core.clock = f
	default:
		panic(fmt.Sprintf("SetTimeSource: %T", s))
	}
}
