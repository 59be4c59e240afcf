package surakarta

import (
	"context"
	"testing"
	"time"
)

const ms = time.Millisecond

func TestPlanTime(t *testing.T) {
	near := func(a, b time.Duration) bool { return a-b < ms && b-a < ms }
	for _, tc := range []struct {
		name  string
		lim   Limits
		side  Color
		want  timePlan
		about bool // soft and hard within 1 ms of want (divisions)
	}{
		{"no time limit", Limits{Depth: 5}, Black, timePlan{}, false},
		{"nodes", Limits{Nodes: 1000}, White, timePlan{}, false},
		{"default", Limits{}, Black, timePlan{timed: true, soft: DefaultMoveTime, hard: DefaultMoveTime}, false},
		{"move time", Limits{MoveTime: 100 * ms}, Black, timePlan{timed: true, soft: 100 * ms, hard: 100 * ms}, false},
		// The overhead is kept back from a clock only: a fixed move time
		// is spent whole.
		{"move time, overhead", Limits{MoveTime: 100 * ms, MoveOverhead: 30 * ms}, Black, timePlan{timed: true, soft: 100 * ms, hard: 100 * ms}, false},
		{"overhead beyond move time", Limits{MoveTime: 10 * ms, MoveOverhead: 30 * ms}, Black, timePlan{timed: true, soft: 10 * ms, hard: 10 * ms}, false},
		// 10 s, no increment: a twelfth, 833 ms; at most 4×.
		{"sudden death", Limits{Clock: Clock{Black: 10 * time.Second, White: time.Second}}, Black,
			timePlan{timed: true, clock: true, soft: 833 * ms, hard: 3333 * ms}, true},
		// White's clock, not Black's.
		{"white's clock", Limits{Clock: Clock{Black: 10 * time.Second, White: time.Second}}, White,
			timePlan{timed: true, clock: true, soft: 83 * ms, hard: 333 * ms}, true},
		// 10 s + 100 ms: (10 s + 11 × 100 ms) / 12 = 925 ms.
		{"increment", Limits{Clock: Clock{Black: 10 * time.Second, White: 10 * time.Second, BlackIncrement: 100 * ms, WhiteIncrement: 100 * ms}}, Black,
			timePlan{timed: true, clock: true, soft: 925 * ms, hard: 3700 * ms}, false},
		// Little time left: half of it at most, though the increment
		// would suggest more.
		{"short of time", Limits{Clock: Clock{Black: 100 * ms, BlackIncrement: 100 * ms}}, Black,
			timePlan{timed: true, clock: true, soft: 50 * ms, hard: 50 * ms}, false},
		{"no time left", Limits{Clock: Clock{White: time.Second}}, Black,
			timePlan{timed: true, clock: true}, false},
		// The overhead comes off the time left first.
		{"clock less overhead", Limits{Clock: Clock{Black: 1030 * ms}, MoveOverhead: 30 * ms}, Black,
			timePlan{timed: true, clock: true, soft: 83 * ms, hard: 333 * ms}, true},
		// Moves to go: 4 moves in 2 s, 500 ms each.
		{"moves to go", Limits{Clock: Clock{Black: 2 * time.Second, MovesToGo: 4}}, Black,
			timePlan{timed: true, clock: true, soft: 500 * ms, hard: 1000 * ms}, false},
		// The last move before the control may use nine tenths.
		{"last move before the control", Limits{Clock: Clock{Black: time.Second, MovesToGo: 1}}, Black,
			timePlan{timed: true, clock: true, soft: 900 * ms, hard: 900 * ms}, false},
		// More moves to go than the guess: planned on the guess.
		{"many moves to go", Limits{Clock: Clock{Black: 10 * time.Second, MovesToGo: 40}}, Black,
			timePlan{timed: true, clock: true, soft: 833 * ms, hard: 3333 * ms}, true},
		// Both: the smaller of each.
		{"clock and move time", Limits{MoveTime: 300 * ms, Clock: Clock{Black: 10 * time.Second}}, Black,
			timePlan{timed: true, clock: true, soft: 300 * ms, hard: 300 * ms}, false},
		{"move time and a short clock", Limits{MoveTime: 300 * ms, Clock: Clock{Black: time.Second}}, Black,
			timePlan{timed: true, clock: true, soft: 83 * ms, hard: 300 * ms}, true},
	} {
		got := planTime(tc.lim, tc.side)
		if tc.about && got.timed == tc.want.timed && got.clock == tc.want.clock && near(got.soft, tc.want.soft) && near(got.hard, tc.want.hard) {
			continue
		}
		if got != tc.want {
			t.Errorf("%s: planTime(%+v, %v) = %+v, want %+v", tc.name, tc.lim, tc.side, got, tc.want)
		}
	}
}

func TestTimeKeeper(t *testing.T) {
	const a, b = Move(1), Move(2)
	// No time limit: every iteration.
	k := timeKeeper{}
	for range 10 {
		if !k.next(a, 0, time.Hour, time.Hour) {
			t.Fatal("a search without a time limit stopped")
		}
	}
	// MoveTime: iterations go on until the deadline, however long they
	// take and however stable the move.
	k = timeKeeper{plan: timePlan{timed: true, soft: 100 * ms, hard: 100 * ms}}
	for i := range 10 {
		if !k.next(a, 0, time.Duration(i+90)*ms, 30*ms) {
			t.Fatalf("MoveTime: stopped after iteration %d at %v", i+1, time.Duration(i+90)*ms)
		}
	}
	if k.next(a, 0, 100*ms, 30*ms) {
		t.Error("MoveTime: went on at the deadline")
	}
	// A single legal move: the first iteration is enough.
	k = timeKeeper{plan: timePlan{timed: true, soft: time.Second, hard: time.Second}, single: true}
	if k.next(a, 0, ms, ms) {
		t.Error("a single legal move: went on")
	}
	k = timeKeeper{plan: timePlan{}, single: true}
	if !k.next(a, 0, ms, ms) {
		t.Error("a single legal move without a time limit (a depth limit): stopped")
	}

	clock := timePlan{timed: true, clock: true, soft: 100 * ms, hard: 400 * ms}
	// A stable move: stops at 0.55 of the target after five iterations
	// with the same move.
	k = timeKeeper{plan: clock}
	for range 6 {
		k.next(a, 10, ms, ms)
	}
	if k.next(a, 10, 56*ms, ms) {
		t.Error("stable move: went on at 56 ms of a 100 ms target")
	}
	k = timeKeeper{plan: clock}
	for range 6 {
		k.next(a, 10, ms, ms)
	}
	if !k.next(a, 10, 54*ms, ms) {
		t.Error("stable move: stopped at 54 ms of a 100 ms target")
	}
	// A move that has just changed: 1.5× the target.
	k = timeKeeper{plan: clock}
	for range 6 {
		k.next(a, 10, ms, ms)
	}
	if !k.next(b, 10, 140*ms, ms) {
		t.Error("changed move: stopped at 140 ms of a 100 ms target")
	}
	// A score that drops by 100 (changed move): 1.5 × 1.5.
	k = timeKeeper{plan: clock}
	k.next(a, 10, ms, ms)
	if !k.next(b, -90, 220*ms, ms) {
		t.Error("changed move, score down 100: stopped at 220 ms of a 100 ms target")
	}
	// An iteration whose first half is not expected to end before the
	// deadline does not start: 300 ms elapsed, the last took 100 ms after
	// one of 50 ms, so the next is guessed at 200 ms.
	k = timeKeeper{plan: timePlan{timed: true, clock: true, soft: 400 * ms, hard: 400 * ms}}
	k.next(a, 10, 200*ms, 50*ms)
	if !k.next(b, 10, 299*ms, 100*ms) {
		t.Error("stopped although the next iteration's first half ends before the deadline")
	}
	k = timeKeeper{plan: timePlan{timed: true, clock: true, soft: 400 * ms, hard: 400 * ms}}
	k.next(a, 10, 200*ms, 50*ms)
	if k.next(b, 10, 301*ms, 100*ms) {
		t.Error("went on although the next iteration's first half ends after the deadline")
	}
}

// TestAdoptUnfinished: an iteration cut short gives the result its best
// move when it fully searched one (the root's line holds it), for PVS; for
// AlphaBeta, whose iterations do not start with the last best move, the
// last completed iteration's move stays.
func TestAdoptUnfinished(t *testing.T) {
	g := NewGame(NewPosition())
	moves := g.LegalMoves()
	for _, unordered := range []bool{false, true} {
		var c searchCore
		if _, err := c.begin(context.Background(), g, Limits{Depth: 5}, NewSixFactor()); err != nil {
			t.Fatal(err)
		}
		res := c.iterate(Limits{Depth: 5}, moves, !unordered, nil, func(depth, _, _ int) (int, bool) {
			c.pv.clear(0)
			switch depth {
			case 1:
				c.pv.clear(1)
				c.pv.update(0, moves[0])
				return 7, true
			case 2:
				c.pv.clear(1)
				c.pv.update(0, moves[3]) // searched fully, then the search stops
				c.stopped = true
				return 0, false
			}
			t.Fatalf("iteration %d started", depth)
			return 0, false
		})
		want := moves[3]
		if unordered {
			want = moves[0]
		}
		if res.Move != want || len(res.PV) != 1 || res.PV[0] != want || res.Depth != 1 || res.Score != 7 {
			t.Errorf("unordered root %v: result %v, PV %v, depth %d, score %d; want %v, depth 1, score 7",
				unordered, res.Move, res.PV, res.Depth, res.Score, want)
		}

		// Cut short before any root move was searched fully: the last
		// completed iteration's move.
		c.stopped = false
		res = c.iterate(Limits{Depth: 5}, moves, !unordered, nil, func(depth, _, _ int) (int, bool) {
			c.pv.clear(0)
			if depth == 1 {
				c.pv.clear(1)
				c.pv.update(0, moves[2])
				return 3, true
			}
			c.stopped = true
			return 0, false
		})
		if res.Move != moves[2] || res.Depth != 1 {
			t.Errorf("unordered root %v, no move searched fully: result %v, depth %d; want %v, depth 1", unordered, res.Move, res.Depth, moves[2])
		}
	}
}
