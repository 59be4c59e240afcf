package surakarta_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// TestStaleBestMove replays a sequence that once returned a move of an
// earlier search: a search of a position with White to move stopped by a
// node limit, Clear, then a search of the start (Black to move) stopped at
// its first node. The move returned must be legal in the start.
func TestStaleBestMove(t *testing.T) {
	full, err := surakarta.ParsePosition("wwwwww/wwwwww/6/6/bbbbbb/bbbbbb w 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{1, 3} {
		s := surakarta.NewPVS(surakarta.NewTuned())
		s.Threads = threads
		search := func(p surakarta.Position, nodes int64) surakarta.Move {
			t.Helper()
			res, err := s.Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Nodes: nodes})
			if err != nil {
				t.Fatal(err)
			}
			return res.Move
		}
		search(full, 1230)
		s.Clear()
		start := surakarta.NewPosition()
		for _, nodes := range []int64{1, 2} {
			if m := search(start, nodes); !isLegal(start, m) {
				t.Errorf("Threads %d, Nodes %d after a search of another position: move %v is illegal in the start", threads, nodes, m)
			}
		}
	}
}

// TestSearchReturnsLegalMoves is a property test of every searcher: over
// random sequences of searches of unrelated positions, with tiny node
// limits, depth 1, contexts cancelled before or during the search, several
// thread counts and Clear between some of them, the move returned is
// always legal in the position searched. Each searcher runs 300 rounds of
// searches per thread count with SURAKARTA_FULL=1, 120 by default, 60
// with -short.
func TestSearchReturnsLegalMoves(t *testing.T) {
	rounds := testsize.Sized(300, 120, 60)
	type searcher struct {
		name string
		new  func(threads int) surakarta.Searcher
	}
	searchers := []searcher{
		{"PVS", func(n int) surakarta.Searcher { s := surakarta.NewPVS(surakarta.NewTuned()); s.Threads = n; return s }},
		{"AlphaBeta", func(int) surakarta.Searcher { return surakarta.NewAlphaBeta(surakarta.NewSixFactor()) }},
		{"MCTS", func(n int) surakarta.Searcher { s := surakarta.NewMCTS(surakarta.NewTuned()); s.Threads = n; return s }},
		{"level 1", func(int) surakarta.Searcher { s, _ := level.New(1, 7); return s }},
		{"level 5", func(int) surakarta.Searcher { s, _ := level.New(5, 7); return s }},
		{"level 10", func(int) surakarta.Searcher { s, _ := level.New(10, 7); return s }},
	}
	for _, sr := range searchers {
		t.Run(sr.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(len(sr.name)), 38))
			for _, threads := range []int{1, 2, 5} {
				s := sr.new(threads)
				for i := range rounds {
					g := surakartatest.RandomGame(r, r.IntN(40))
					if g.Outcome().Over {
						continue
					}
					var lim surakarta.Limits
					switch r.IntN(5) {
					case 0:
						lim.Nodes = 1 + r.Int64N(3)
					case 1:
						lim.Nodes = 1 + r.Int64N(3000)
					case 2:
						lim.Depth = 1
					case 3:
						lim.Depth = 1 + r.IntN(4)
						lim.Nodes = 1 + r.Int64N(200)
					case 4:
						lim.MoveTime = time.Duration(1+r.IntN(2000)) * time.Microsecond
					}
					ctx, cancel := context.WithCancel(context.Background())
					switch r.IntN(6) {
					case 0:
						cancel()
					case 1:
						time.AfterFunc(time.Duration(r.IntN(300))*time.Microsecond, cancel)
					}
					p := g.Position()
					res, err := s.Search(ctx, g, lim)
					cancel()
					if err != nil {
						t.Fatalf("round %d, threads %d: %v", i, threads, err)
					}
					if !isLegal(p, res.Move) {
						t.Fatalf("round %d, threads %d, %+v: move %v is illegal in %v", i, threads, lim, res.Move, p)
					}
					if r.IntN(4) == 0 {
						s.Clear()
					}
				}
			}
		})
	}
}
