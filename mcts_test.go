package surakarta_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// This file tests MCTS through the public API, as search_test.go tests the
// alpha-beta searchers.

func mctsSearchers() []srchSearcher {
	return []srchSearcher{
		{"MCTS", func() surakarta.Searcher { return surakarta.NewMCTS(surakarta.NewTuned()) }},
		{"UCT", func() surakarta.Searcher {
			s := surakarta.NewMCTS(surakarta.NewTuned())
			s.Playouts = true
			return s
		}},
	}
}

// TestMCTSForcedWins: the search proves the forced wins of the search
// tests and plays a winning move.
func TestMCTSForcedWins(t *testing.T) {
	for _, tc := range srchForcedWins {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.text)
			winning := srchWinningMoves(p, tc.plies, 0)
			for _, s := range mctsSearchers() {
				g := srchGame(t, tc.text, surakarta.Rules{})
				res, err := s.make().Search(context.Background(), g, surakarta.Limits{Nodes: 200_000})
				if err != nil {
					t.Fatal(err)
				}
				n, _ := surakarta.PliesToEnd(res.Score)
				if !surakarta.IsWin(res.Score) || n < tc.plies {
					t.Errorf("%s: score %s, want a win in %d or more plies (nodes %d)", s.name, surakarta.FormatScore(res.Score), tc.plies, res.Nodes)
				}
				if !slices.Contains(winning, res.Move) && !surakarta.IsWin(res.Score) {
					t.Errorf("%s: move %v, want one of %v", s.name, res.Move, tc.winning)
				}
				if err := srchCheckLine(g, res.PV); err != nil {
					t.Errorf("%s: PV: %v", s.name, err)
				}
				t.Logf("%s: %v %s in %d simulations", s.name, res.Move, surakarta.FormatScore(res.Score), res.Nodes)
			}
		})
	}
}

// TestMCTSRandomPositions: in random middle games and sparse endings the
// move, the principal variation and every line are legal, the lines have
// different first moves, and a node limit is the number of simulations
// unless the root is proven first.
func TestMCTSRandomPositions(t *testing.T) {
	games := srchRandomGames(11, 24)
	if testing.Short() {
		games = games[:8]
	}
	for _, g := range games {
		for _, s := range mctsSearchers() {
			var infos int
			lim := surakarta.Limits{Nodes: 600, MultiPV: 3, Progress: func(in surakarta.Info) {
				infos++
				if err := srchCheckLine(g, in.PV); err != nil || len(in.PV) == 0 {
					t.Errorf("%s: %s: progress PV %v: %v", s.name, srchDescribe(g), in.PV, err)
				}
			}}
			res, err := s.make().Search(context.Background(), g, lim)
			if err != nil {
				t.Fatalf("%s: %s: %v", s.name, srchDescribe(g), err)
			}
			if !srchLegalIn(g, res.Move) || len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Fatalf("%s: %s: move %v, PV %v", s.name, srchDescribe(g), res.Move, res.PV)
			}
			if err := srchCheckLine(g, res.PV); err != nil {
				t.Errorf("%s: %s: PV: %v", s.name, srchDescribe(g), err)
			}
			want := min(3, len(g.LegalMoves()))
			if len(res.Lines) != want || res.Lines[0].Score != res.Score {
				t.Errorf("%s: %s: %d lines (want %d), first score %d, result %d", s.name, srchDescribe(g), len(res.Lines), want, res.Lines[0].Score, res.Score)
			}
			firsts := map[surakarta.Move]bool{}
			for i, l := range res.Lines {
				if err := srchCheckLine(g, l.PV); err != nil || len(l.PV) == 0 || firsts[l.PV[0]] {
					t.Errorf("%s: %s: line %d %v: %v, or no move, or the move of an earlier line", s.name, srchDescribe(g), i+1, l.PV, err)
					continue
				}
				firsts[l.PV[0]] = true
			}
			if _, proven := surakarta.PliesToEnd(res.Score); !proven && res.Nodes != 600 {
				t.Errorf("%s: %s: %d simulations, want 600", s.name, srchDescribe(g), res.Nodes)
			}
			if infos == 0 || res.Depth != len(res.PV) || res.SelDepth < res.Depth {
				t.Errorf("%s: %d progress reports, depth %d, seldepth %d, PV %v", s.name, infos, res.Depth, res.SelDepth, res.PV)
			}
		}
	}
}

// TestMCTSLimits: Nodes is the number of simulations exactly, Depth stops
// the search once the principal variation is that long, SearchMoves
// restricts the root and a cancelled or timed search returns promptly.
func TestMCTSLimits(t *testing.T) {
	ctx := context.Background()
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range mctsSearchers() {
		for _, n := range []int64{1, 2, 100, 1234} {
			res, err := s.make().Search(ctx, g, surakarta.Limits{Nodes: n})
			if err != nil || res.Nodes != n || !srchLegalIn(g, res.Move) {
				t.Errorf("%s: Nodes %d: %d simulations, move %v, %v", s.name, n, res.Nodes, res.Move, err)
			}
		}
		for _, d := range []int{1, 2, 3} {
			res, err := s.make().Search(ctx, g, surakarta.Limits{Depth: d})
			if err != nil || res.Depth != d || len(res.PV) != d {
				t.Errorf("%s: Depth %d: depth %d, PV %v, %v", s.name, d, res.Depth, res.PV, err)
			}
		}
		only := []surakarta.Move{g.LegalMoves()[5], g.LegalMoves()[9]}
		res, err := s.make().Search(ctx, g, surakarta.Limits{Nodes: 300, SearchMoves: only, MultiPV: 5})
		if err != nil || !slices.Contains(only, res.Move) || len(res.Lines) != 2 {
			t.Errorf("%s: SearchMoves %v: move %v, %d lines, %v", s.name, only, res.Move, len(res.Lines), err)
		}

		// How long timed searches take is checked on fake time
		// (search_time_test.go); here, that they give a legal move.
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		res, err = s.make().Search(cancelled, g, surakarta.Limits{})
		if err != nil || !srchLegalIn(g, res.Move) || res.Nodes > 0 {
			t.Errorf("%s: cancelled: move %v after %d simulations, %v", s.name, res.Move, res.Nodes, err)
		}
		soon, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
		res, err = s.make().Search(soon, g, surakarta.Limits{MoveTime: time.Minute})
		cancel()
		if err != nil || !srchLegalIn(g, res.Move) {
			t.Errorf("%s: cancelled after 30ms: move %v, %v", s.name, res.Move, err)
		}
		for _, lim := range []surakarta.Limits{
			{MoveTime: 50 * time.Millisecond},
			{Clock: surakarta.Clock{Black: time.Second, White: time.Second}},
		} {
			res, err = s.make().Search(ctx, g, lim)
			if err != nil || !srchLegalIn(g, res.Move) || res.Nodes == 0 {
				t.Errorf("%s: %+v: move %v after %d simulations, %v", s.name, lim, res.Move, res.Nodes, err)
			}
		}
	}
}

// TestMCTSDeterministic: the same search with the same seed finds the
// same result, simulation for simulation.
func TestMCTSDeterministic(t *testing.T) {
	g := srchRandomGames(5, 1)[0]
	for _, s := range mctsSearchers() {
		var results []surakarta.Result
		for range 2 {
			m := s.make().(*surakarta.MCTS)
			m.Seed = 42
			res, err := m.Search(context.Background(), g, surakarta.Limits{Nodes: 3000, MultiPV: 2})
			if err != nil {
				t.Fatal(err)
			}
			res.Time = 0
			results = append(results, res)
		}
		if !reflect.DeepEqual(results[0], results[1]) {
			t.Errorf("%s: two searches differ:\n%+v\n%+v", s.name, results[0], results[1])
		}
	}
}

// TestMCTSTreeReuse: a search two plies on in the same game starts from
// the subtree of the last search; Clear drops it, and so does a game
// that does not continue the last one (here, from another start).
func TestMCTSTreeReuse(t *testing.T) {
	ctx := context.Background()
	g := surakarta.NewGame(surakarta.NewPosition())
	s := surakarta.NewMCTS(surakarta.NewTuned())
	res, err := s.Search(ctx, g, surakarta.Limits{Nodes: 5000})
	if err != nil || len(res.PV) < 2 {
		t.Fatalf("PV %v, %v", res.PV, err)
	}
	for _, m := range res.PV[:2] {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Search(ctx, g, surakarta.Limits{Nodes: 1}); err != nil {
		t.Fatal(err)
	}
	if v := s.TreeVisits(); v < 3 {
		t.Errorf("after reuse: the root has %d visits, want the subtree's and one more", v)
	}
	s.Clear()
	if v := s.TreeVisits(); v != 0 {
		t.Errorf("after Clear: %d visits", v)
	}
	other := srchGame(t, srchForcedWins[5].text, surakarta.Rules{})
	if _, err := s.Search(ctx, other, surakarta.Limits{Nodes: 100}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Search(ctx, g, surakarta.Limits{Nodes: 1}); err != nil {
		t.Fatal(err)
	}
	if v := s.TreeVisits(); v != 1 {
		t.Errorf("another game: the root has %d visits, want 1", v)
	}
}

// TestMCTSErrors: the errors of the Searcher interface, and those of
// MCTS's own settings.
func TestMCTSErrors(t *testing.T) {
	ctx := context.Background()
	g := surakarta.NewGame(surakarta.NewPosition())
	over := surakarta.NewGame(surakarta.NewPosition())
	if err := over.Resign(surakarta.Black); err != nil {
		t.Fatal(err)
	}
	threads := surakarta.NewMCTS(surakarta.NewTuned())
	threads.Threads = surakarta.MaxThreads + 1
	negative := surakarta.NewMCTS(surakarta.NewTuned())
	negative.Threads = -1
	explore := surakarta.NewMCTS(surakarta.NewTuned())
	explore.Exploration = -1
	for _, tc := range []struct {
		name string
		s    *surakarta.MCTS
		ctx  context.Context
		g    *surakarta.Game
		lim  surakarta.Limits
		want error
	}{
		{"nil context", surakarta.NewMCTS(surakarta.NewTuned()), nil, g, surakarta.Limits{Nodes: 1}, surakarta.ErrInvalidSearch},
		{"nil game", surakarta.NewMCTS(surakarta.NewTuned()), ctx, nil, surakarta.Limits{Nodes: 1}, surakarta.ErrInvalidSearch},
		{"game over", surakarta.NewMCTS(surakarta.NewTuned()), ctx, over, surakarta.Limits{Nodes: 1}, surakarta.ErrGameOver},
		{"negative nodes", surakarta.NewMCTS(surakarta.NewTuned()), ctx, g, surakarta.Limits{Nodes: -1}, surakarta.ErrInvalidLimits},
		{"illegal search move", surakarta.NewMCTS(surakarta.NewTuned()), ctx, g, surakarta.Limits{Nodes: 1, SearchMoves: []surakarta.Move{surakarta.NewMove(0, 35)}}, surakarta.ErrIllegalMove},
		{"no evaluator", surakarta.NewMCTS(nil), ctx, g, surakarta.Limits{Nodes: 1}, surakarta.ErrNoEvaluator},
		{"threads", threads, ctx, g, surakarta.Limits{Nodes: 1}, surakarta.ErrInvalidSearch},
		{"negative threads", negative, ctx, g, surakarta.Limits{Nodes: 1}, surakarta.ErrInvalidSearch},
		{"exploration", explore, ctx, g, surakarta.Limits{Nodes: 1}, surakarta.ErrInvalidSearch},
	} {
		if _, err := tc.s.Search(tc.ctx, tc.g, tc.lim); !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestMCTSConcurrent: searchers on several goroutines may share an
// evaluator (run with -race).
func TestMCTSConcurrent(t *testing.T) {
	e := surakarta.NewTuned()
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := surakarta.NewMCTS(e)
			s.Playouts = i == 1
			g := surakarta.NewGame(surakarta.NewPosition())
			for range 6 {
				res, err := s.Search(context.Background(), g, surakarta.Limits{Nodes: 300})
				if err != nil {
					t.Error(err)
					return
				}
				if err := g.Play(res.Move); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestMCTSThreads: with 2 and 4 threads on one tree (run with -race) the
// moves and lines are legal, a node limit is the number of simulations of
// all the threads, the tree is reused, a forced win is proven, and a
// search ends at its context's end (on a fake time that stands still, so
// that nothing else ends it).
func TestMCTSThreads(t *testing.T) {
	ctx := context.Background()
	for _, threads := range []int{2, 4} {
		for _, ms := range mctsSearchers() {
			newMCTS := func() *surakarta.MCTS {
				s := ms.make().(*surakarta.MCTS)
				s.Threads = threads
				return s
			}
			name := fmt.Sprintf("%s, %d threads", ms.name, threads)
			for i, g := range srchRandomGames(uint64(threads), 4) {
				s := newMCTS()
				for range 3 {
					if g.Outcome().Over {
						break
					}
					res, err := s.Search(ctx, g, surakarta.Limits{Nodes: 500, MultiPV: 1 + i%3})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if res.Nodes != 500 && !surakarta.IsWin(res.Score) && !surakarta.IsWin(-res.Score) {
						t.Errorf("%s: %s: %d simulations, want 500", name, srchDescribe(g), res.Nodes)
					}
					if !srchLegalIn(g, res.Move) || res.PV[0] != res.Move {
						t.Fatalf("%s: %s: move %v, PV %v", name, srchDescribe(g), res.Move, res.PV)
					}
					for j, l := range res.Lines {
						if err := srchCheckLine(g, l.PV); err != nil {
							t.Errorf("%s: %s: line %d: %v", name, srchDescribe(g), j+1, err)
						}
					}
					if err := g.Play(res.Move); err != nil {
						t.Fatal(err)
					}
				}
			}

			tc := srchForcedWins[0]
			g := srchGame(t, tc.text, surakarta.Rules{})
			res, err := newMCTS().Search(ctx, g, surakarta.Limits{Nodes: 200_000})
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := surakarta.PliesToEnd(res.Score); !surakarta.IsWin(res.Score) || n < tc.plies {
				t.Errorf("%s: %s: score %s, want a win in %d or more plies", name, tc.name, surakarta.FormatScore(res.Score), tc.plies)
			}

			g = surakarta.NewGame(surakarta.NewPosition())
			res, err = searchUntilCancelled(t, name, newMCTS(), g, surakarta.Limits{})
			if err != nil || !srchLegalIn(g, res.Move) {
				t.Errorf("%s: cancelled: move %v, %v", name, res.Move, err)
			}
		}
	}
}

func FuzzMCTS(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{0, 3, 7, 1, 200, 13, 5, 9, 250, 0, 1, 2})
	f.Add([]byte{2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	f.Add([]byte{1, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x80, 98, 40})
	f.Add([]byte{3, 0x09, 0x20, 0, 0x42, 0, 0, 0x06, 0, 0x80, 3, 255})
	f.Add([]byte{1, 0x55, 0x55, 0x55, 0, 0, 0, 0xaa, 0xaa, 0xaa, 0, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		g := srchFuzzGame(data)
		if g == nil {
			return
		}
		// The limits come from the last byte: Nodes 1–2000 or Depth 1–3.
		lim := surakarta.Limits{Depth: 1}
		if k := len(data) - 1; k > 0 {
			if b := data[k]; b&1 == 0 {
				lim = surakarta.Limits{Nodes: 1 + int64(b)*1999/255}
			} else {
				lim = surakarta.Limits{Depth: 1 + int(b>>1)%3}
			}
		}
		lim.MultiPV = len(data) % 4
		for _, s := range mctsSearchers() {
			res, err := s.make().Search(context.Background(), g, lim)
			if g.Outcome().Over {
				if !errors.Is(err, surakarta.ErrGameOver) {
					t.Fatalf("%s on a finished game (%v): error %v", s.name, g.Outcome(), err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s, %+v: %s: %v", s.name, lim, srchDescribe(g), err)
			}
			if !srchLegalIn(g, res.Move) || len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Fatalf("%s, %+v: %s: move %v, PV %v", s.name, lim, srchDescribe(g), res.Move, res.PV)
			}
			if err := srchCheckLine(g, res.PV); err != nil {
				t.Fatalf("%s, %+v: %s: PV: %v", s.name, lim, srchDescribe(g), err)
			}
			if n := len(res.Lines); n == 0 || n > max(lim.MultiPV, 1) || res.Lines[0].Score != res.Score {
				t.Fatalf("%s, %+v: %s: lines %v, result score %d", s.name, lim, srchDescribe(g), res.Lines, res.Score)
			}
			for i, l := range res.Lines {
				if err := srchCheckLine(g, l.PV); err != nil {
					t.Fatalf("%s, %+v: %s: line %d: %v", s.name, lim, srchDescribe(g), i+1, err)
				}
			}
		}
	})
}
