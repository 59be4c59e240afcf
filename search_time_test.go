package surakarta_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// The time control's tests run on a fake time source (FakeTime) that moves
// by a fixed step each time a search reads it, or only when the test
// advances it: what they check is the control's logic, which they see the
// same on an idle laptop and on a CI machine running other work. How long
// searches take on the real clock is measured by BenchmarkMoveTime and
// checked, on request, by the real-time tests (TestTimeLimits and
// TestClockLimits, which run with SURAKARTA_REALTIME=1).

// fakeSearchers are the searchers whose time control the tests check.
func fakeSearchers() []srchSearcher {
	return append(srchSearchers(),
		srchSearcher{"MCTS", func() surakarta.Searcher { return surakarta.NewMCTS(surakarta.NewTuned()) }},
		srchSearcher{"MCTS4", func() surakarta.Searcher {
			s := surakarta.NewMCTS(surakarta.NewTuned())
			s.Threads = 4
			return s
		}})
}

// fakeStep is how far the fake time moves at each reading: searches read
// the time every 1024 nodes (PVS, AlphaBeta) or simulation (MCTS) and
// between iterations.
const fakeStep = time.Millisecond

// searchOnFakeTime searches g within lim with a new searcher of s reading
// the time from a FakeTime moving by step at each reading.
func searchOnFakeTime(t *testing.T, s srchSearcher, g *surakarta.Game, lim surakarta.Limits, step time.Duration) surakarta.Result {
	t.Helper()
	searcher := s.make()
	surakarta.SetTimeSource(searcher, surakarta.NewFakeTime(step))
	res, err := searcher.Search(context.Background(), g, lim)
	if err != nil {
		t.Fatalf("%s, %+v: %v", s.name, lim, err)
	}
	if !srchLegalIn(g, res.Move) {
		t.Fatalf("%s, %+v: illegal move %v", s.name, lim, res.Move)
	}
	return res
}

// waitTimeout bounds a wait on the real clock that only a hang makes
// long, never a slow machine.
const waitTimeout = 30 * time.Second

// searchUntilCancelled searches g within lim with searcher (what names
// them in errors) on a fake time that stands still: the search cannot
// end by its time, only by its context, which ends 30ms after the start
// on the real clock. One that has not returned waitTimeout later missed
// it, a failure: the fake time then moves on an hour, past lim, so that
// it ends.
func searchUntilCancelled(t *testing.T, what string, searcher surakarta.Searcher, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	t.Helper()
	fake := surakarta.NewFakeTime(0)
	surakarta.SetTimeSource(searcher, fake)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	type outcome struct {
		res surakarta.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := searcher.Search(ctx, g, lim)
		done <- outcome{res, err}
	}()
	for i := range 2 {
		select {
		case o := <-done:
			return o.res, o.err
		case <-time.After(waitTimeout): // a hang, not a slow machine
			if i > 0 {
				t.Fatalf("%s: the search has not returned after its context's end nor its time", what)
			}
			t.Errorf("%s: the search has not returned %v after its context's end", what, waitTimeout)
			fake.Advance(time.Hour)
		}
	}
	panic("unreachable")
}

// TestContextEndsSearch: a search ends at its context's end, with a legal
// move, before its time does. How soon on the real clock is
// TestTimeLimits's.
func TestContextEndsSearch(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range fakeSearchers() {
		for _, tc := range []struct {
			name string
			lim  surakarta.Limits
		}{
			{"MoveTime 10s", surakarta.Limits{MoveTime: 10 * time.Second}},
			{"no limit (DefaultMoveTime)", surakarta.Limits{}},
		} {
			what := s.name + ", " + tc.name
			res, err := searchUntilCancelled(t, what, s.make(), g, tc.lim)
			if err != nil || !srchLegalIn(g, res.Move) {
				t.Errorf("%s, context ended: move %v, %v", what, res.Move, err)
			}
		}
	}
}

// TestMoveTimeIsSpent: a search with MoveTime spends it whole, overhead or
// not (MoveOverhead is kept back from a clock only), and stops at it.
func TestMoveTimeIsSpent(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range fakeSearchers() {
		for _, overhead := range []time.Duration{0, 150 * time.Millisecond} {
			lim := surakarta.Limits{MoveTime: 200 * time.Millisecond, MoveOverhead: overhead}
			res := searchOnFakeTime(t, s, g, lim, fakeStep)
			if res.Time < lim.MoveTime || res.Time > lim.MoveTime+10*fakeStep {
				t.Errorf("%s, MoveTime 200ms, overhead %v: took %v of fake time, want 200ms to 210ms", s.name, overhead, res.Time)
			}
		}
	}
}

// TestClockBound: on a clock, a search keeps within the hard bound it
// plans (TestPlanTime checks the plan's values); with no time left it
// moves at once; with a single legal move it stops after one iteration.
func TestClockBound(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	lim := surakarta.Limits{Clock: surakarta.Clock{Black: 2 * time.Second, White: time.Hour}}
	bound := surakarta.HardTimeBound(lim, surakarta.Black)
	if bound <= 0 || bound >= 2*time.Second {
		t.Fatalf("2 s on the clock: a bound of %v", bound)
	}
	for _, s := range fakeSearchers() {
		res := searchOnFakeTime(t, s, g, lim, fakeStep)
		if res.Time > bound+10*fakeStep || res.Depth == 0 {
			t.Errorf("%s, 2 s on the clock, bound %v: took %v of fake time, depth %d", s.name, bound, res.Time, res.Depth)
		}
		res = searchOnFakeTime(t, s, g, surakarta.Limits{Clock: surakarta.Clock{White: time.Hour}}, fakeStep)
		if res.Time > 10*fakeStep {
			t.Errorf("%s, no time left on the clock: took %v of fake time", s.name, res.Time)
		}
	}
	single := srchGame(t, "6/6/6/6/w5/bw4 b", surakarta.OlympiadRules())
	if n := len(single.LegalMoves()); n != 1 {
		t.Fatalf("%d legal moves, want 1", n)
	}
	for _, s := range fakeSearchers() {
		res := searchOnFakeTime(t, s, single, surakarta.Limits{MoveTime: time.Second}, fakeStep)
		if res.Time >= time.Second {
			t.Errorf("%s, a single legal move, MoveTime 1s: took %v of fake time", s.name, res.Time)
		}
	}
}

// TestDeadlineStopsEveryThread: when the deadline passes, the search stops
// at its next node, whichever goroutine holds a core: a timer stops it, so
// it does not wait for a search goroutine to read the clock, which it does
// every 1024 nodes, and which with more goroutines than cores may wait
// long for a core. The fake time stands still until the evaluator, at its
// nth call, moves it past the deadline; few evaluations may follow. Those
// counted follow the move of the time: on a busy machine the goroutine of
// the nth call may wait for a core before it moves the time, while the
// others, before the deadline, go on.
func TestDeadlineStopsEveryThread(t *testing.T) {
	g := surakarta.NewGame(mustParse(t, srchMiddleGames(t)[1]))
	for _, threads := range []int{1, 8, 64} {
		for _, n := range []int64{100, 3333, 12345, 40000} {
			for _, kind := range []string{"PVS", "AlphaBeta", "MCTS"} {
				if kind == "AlphaBeta" && threads > 1 {
					continue
				}
				fake := surakarta.NewFakeTime(0)
				tuned := surakarta.NewTuned()
				var calls, after atomic.Int64
				var passed atomic.Bool // the time has moved past the deadline
				eval := surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
					switch c := calls.Add(1); {
					case c == n:
						fake.Advance(time.Hour)
						passed.Store(true)
					case passed.Load():
						after.Add(1)
					}
					return tuned.Evaluate(p)
				})
				var s surakarta.Searcher
				switch kind {
				case "PVS":
					p := surakarta.NewPVS(eval)
					p.Threads = threads
					s = p
				case "AlphaBeta":
					s = surakarta.NewAlphaBeta(eval)
				case "MCTS":
					m := surakarta.NewMCTS(eval)
					m.Threads = threads
					s = m
				}
				surakarta.SetTimeSource(s, fake)
				res, err := s.Search(context.Background(), g, surakarta.Limits{MoveTime: 50 * time.Millisecond})
				if err != nil || !srchLegalIn(g, res.Move) {
					t.Fatalf("%s, %d threads: move %v, %v", kind, threads, res.Move, err)
				}
				if calls.Load() < n {
					t.Fatalf("%s, %d threads: %d evaluations, fewer than %d: the test checks nothing", kind, threads, calls.Load(), n)
				}
				// Each thread may finish the node it is in: MCTS values
				// every child of the node it expands.
				perThread := 8
				if kind == "MCTS" {
					perThread = surakarta.MaxMoves
				}
				if a, most := after.Load(), int64(perThread*threads); a > most {
					t.Errorf("%s, %d threads, deadline passed at evaluation %d: %d evaluations after it, want at most %d", kind, threads, n, a, most)
				}
			}
		}
	}
}
