package surakarta_test

import (
	"context"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// TestPonderWaitsForTheHit: a pondering search ignores its time limit
// (the fake time passes it by an hour and the search goes on); once
// Ponder is closed its MoveTime applies, counted from the search's start,
// as UCI engines count it: a search that pondered past it returns at the
// hit, one hit sooner searches on, from where it was, until MoveTime
// from its start.
func TestPonderWaitsForTheHit(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	const moveTime = 200 * time.Millisecond
	for _, tc := range []struct {
		name    string
		advance time.Duration // the fake time moved at the second report
		hitAt   int           // the report at which the hit comes
	}{
		{"pondered past MoveTime", time.Hour, 4},
		// At the first report: MCTS reports every 16 simulations and
		// reads the time at each.
		{"hit within MoveTime", 0, 1},
	} {
		for _, s := range fakeSearchers() {
			f := surakarta.NewFakeTime(fakeStep)
			searcher := s.make()
			surakarta.SetTimeSource(searcher, f)
			ponder := make(chan struct{})
			start := f.Now()
			var hit time.Time
			hitDepth, hitNodes, infos := 0, int64(0), 0
			lim := surakarta.Limits{MoveTime: moveTime, Ponder: ponder}
			lim.Progress = func(in surakarta.Info) {
				infos++
				if infos == 2 {
					f.Advance(tc.advance)
				}
				if infos == tc.hitAt {
					hit, hitDepth, hitNodes = f.Now(), in.Depth, in.Nodes
					if tc.advance > moveTime {
						// The time stands still: only a search that
						// counts MoveTime from its start stops.
						f.SetStep(0)
					}
					close(ponder)
				}
			}
			// A guard against a search that never stops, not a measure:
			// the fake time decides when it should.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			res, err := searcher.Search(ctx, g, lim)
			guard := ctx.Err()
			cancel()
			if err != nil || guard != nil {
				t.Fatalf("%s, %s: %v; not stopped by its limits within a minute: %v", tc.name, s.name, err, guard)
			}
			if hit.IsZero() {
				t.Fatalf("%s, %s: the search ended after %d reports, before the hit", tc.name, s.name, infos)
			}
			end := start.Add(res.Time)
			afterHit := end.Sub(hit)
			if tc.advance > moveTime {
				if afterHit > 0 {
					t.Errorf("%s, %s: searched %v of fake time after the hit, want it to stop at once", tc.name, s.name, afterHit)
				}
				continue
			}
			if hit.Sub(start) >= moveTime {
				t.Fatalf("%s, %s: the hit came %v after the start, not within MoveTime", tc.name, s.name, hit.Sub(start))
			}
			// MoveTime from the start. The upper bound holds for one
			// thread only: the slack is for its own reads of the fake
			// time, a millisecond each, after the deadline. With helper
			// threads every read moves the fake time too, and how many
			// they make while the main thread is descheduled on a loaded
			// machine has no bound.
			if res.Time < moveTime {
				t.Errorf("%s, %s: searched %v of fake time, want at least MoveTime (200ms)", tc.name, s.name, res.Time)
			}
			if s.name != "MCTS4" && res.Time > 2*moveTime {
				t.Errorf("%s, %s: searched %v of fake time, want MoveTime (200ms) and not twice as much", tc.name, s.name, res.Time)
			}
			// The search went on from where it was: its count of nodes
			// (MCTS: simulations) goes on from the hit, and an iterative
			// deepening goes deeper (MCTS's depth is its line's length,
			// which may shrink).
			if res.Nodes <= hitNodes {
				t.Errorf("%s, %s: %d nodes in all, %d at the hit", tc.name, s.name, res.Nodes, hitNodes)
			}
			if _, mcts := searcher.(*surakarta.MCTS); !mcts && res.Depth < hitDepth {
				t.Errorf("%s, %s: depth %d after the hit, %d before it", tc.name, s.name, res.Depth, hitDepth)
			}
		}
	}
}

// TestPonderStopsWithTheContext: a pondering search that the opponent's
// other move ends (its context is cancelled) returns at once with a move.
func TestPonderStopsWithTheContext(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range fakeSearchers() {
		ctx, cancel := context.WithCancel(context.Background())
		searcher := s.make()
		surakarta.SetTimeSource(searcher, surakarta.NewFakeTime(fakeStep))
		infos := 0
		lim := surakarta.Limits{MoveTime: time.Millisecond, Ponder: make(chan struct{})}
		lim.Progress = func(surakarta.Info) {
			if infos++; infos == 3 {
				cancel()
			}
		}
		res, err := searcher.Search(ctx, g, lim)
		cancel()
		if err != nil || !srchLegalIn(g, res.Move) || infos < 3 {
			t.Errorf("%s: move %v after %d reports, error %v", s.name, res.Move, infos, err)
		}
	}
}

// TestRootProgress: AlphaBeta and PVS report each root move as they
// begin it, numbered from 1 in each iteration, with the iteration's
// depth, and fill in nothing else.
func TestRootProgress(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	legal := g.LegalMoves()
	for _, s := range srchSearchers() {
		var got []surakarta.Info
		lim := surakarta.Limits{Depth: 3, RootProgress: func(in surakarta.Info) { got = append(got, in) }}
		if _, err := s.make().Search(context.Background(), g, lim); err != nil {
			t.Fatal(err)
		}
		firsts := 0
		for i, in := range got {
			if in.CurrMoveNumber == 1 {
				firsts++
			} else if i == 0 || in.CurrMoveNumber != got[i-1].CurrMoveNumber+1 || in.Depth != got[i-1].Depth {
				t.Fatalf("%s: report %d: %+v after %+v", s.name, i, in, got[i-1])
			}
			if !srchLegalIn(g, in.CurrMove) || in.Depth < 1 || in.Depth > 3 || in.Score != 0 || in.PV != nil {
				t.Fatalf("%s: report %d: %+v", s.name, i, in)
			}
		}
		// An aspiration window that fails searches the root again.
		if firsts < 3 || len(got) < 3*len(legal) {
			t.Errorf("%s: %d reports, %d of them first moves, for 3 iterations of %d moves", s.name, len(got), firsts, len(legal))
		}
	}
}

// TestInfoWDLAndHashfull: every iteration's Info has the WDL of its score
// (ScoreWDL), and PVS's a Hashfull that grows from 0 as its table fills.
func TestInfoWDLAndHashfull(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	pieces := 24
	for _, s := range srchSearchers() {
		var infos []surakarta.Info
		lim := surakarta.Limits{Depth: 6, Progress: func(in surakarta.Info) { infos = append(infos, in) }}
		searcher := s.make()
		if _, err := searcher.Search(context.Background(), g, lim); err != nil {
			t.Fatal(err)
		}
		for _, in := range infos {
			if in.WDL != surakarta.ScoreWDL(in.Score, pieces) {
				t.Errorf("%s: depth %d: WDL %+v for score %d", s.name, in.Depth, in.WDL, in.Score)
			}
		}
		last := infos[len(infos)-1].Hashfull
		_, isPVS := searcher.(*surakarta.PVS)
		switch {
		case !isPVS && last != 0:
			t.Errorf("%s: Hashfull %d, want 0: no table", s.name, last)
		case isPVS && (last <= 0 || last > 1000 || infos[0].Hashfull > last):
			t.Errorf("%s: Hashfull %d at depth 1, %d at depth 6", s.name, infos[0].Hashfull, last)
		}
	}
}
