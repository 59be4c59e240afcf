package surakarta_test

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/surakarta-go/surakarta"
)

// Tests of Limits.MultiPV: the k best root moves, each with its score and
// principal variation.

// mpvGames returns the games the MultiPV tests search: the start and the
// first four middle-game positions.
func mpvGames(t *testing.T) []*surakarta.Game {
	t.Helper()
	games := []*surakarta.Game{surakarta.NewGame(surakarta.NewPosition())}
	for _, text := range srchMiddleGames(t) {
		games = append(games, srchGame(t, text, surakarta.OlympiadRules()))
	}
	return games
}

// mpvSearch searches g with s within lim and fails the test on an error.
func mpvSearch(t *testing.T, s surakarta.Searcher, g *surakarta.Game, lim surakarta.Limits) surakarta.Result {
	t.Helper()
	res, err := s.Search(context.Background(), g, lim)
	if err != nil {
		t.Fatalf("%s: %+v: %v", srchDescribe(g), lim, err)
	}
	return res
}

// mpvCheckLines checks the lines of a search of g that asked for k: as
// many as asked (at most one per move of moves, the root moves searched),
// each a legal line from a different root move of moves, their scores
// non-increasing, the first with the result's score and line.
func mpvCheckLines(t *testing.T, name string, g *surakarta.Game, moves []surakarta.Move, k int, res surakarta.Result) {
	t.Helper()
	want := min(max(k, 1), len(moves))
	if len(res.Lines) != want {
		t.Fatalf("%s: %s\nMultiPV %d: %d lines, want %d: %v", name, srchDescribe(g), k, len(res.Lines), want, res.Lines)
	}
	seen := map[surakarta.Move]bool{}
	for i, l := range res.Lines {
		if len(l.PV) == 0 {
			t.Fatalf("%s: %s\nline %d has no moves", name, srchDescribe(g), i+1)
		}
		first := l.PV[0]
		if !slices.Contains(moves, first) || seen[first] {
			t.Errorf("%s: %s\nline %d starts with %v: not one of the root moves %v, or the first move of an earlier line",
				name, srchDescribe(g), i+1, first, moves)
		}
		seen[first] = true
		if err := srchCheckLine(g, l.PV); err != nil {
			t.Errorf("%s: %s\nline %d: %v", name, srchDescribe(g), i+1, err)
		}
		if i > 0 && l.Score > res.Lines[i-1].Score {
			t.Errorf("%s: %s\nline %d scores %d, above line %d's %d", name, srchDescribe(g), i+1, l.Score, i, res.Lines[i-1].Score)
		}
	}
	if l := res.Lines[0]; l.Score != res.Score || !slices.Equal(l.PV, res.PV) || res.Move != l.PV[0] {
		t.Errorf("%s: %s\nline 1 is %d %v, the result %v %d %v", name, srchDescribe(g), l.Score, l.PV, res.Move, res.Score, res.PV)
	}
}

// TestMultiPVLines: with MultiPV 3 and 5 every searcher gives that many
// lines, each from a different legal root move, best first, the first
// being the result's.
func TestMultiPVLines(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	for _, s := range srchSearchers() {
		for _, g := range mpvGames(t) {
			for _, k := range []int{3, 5} {
				res := mpvSearch(t, s.make(), g, surakarta.Limits{Depth: depth, MultiPV: k})
				mpvCheckLines(t, s.name, g, g.LegalMoves(), k, res)
				if res.Depth != depth {
					t.Errorf("%s: %s\nMultiPV %d: depth %d, want %d", s.name, srchDescribe(g), k, res.Depth, depth)
				}
			}
		}
	}
}

// TestMultiPVScoresAgainstEachMove derives the lines' scores
// independently: each root move searched alone (Limits.SearchMoves) to the
// same depth by AlphaBeta scores what the best line starting with it
// scores, so the k lines of a search with MultiPV k must score the k
// highest of these scores, in order, and each line its own move's. PVS
// with nothing that prunes or extends (srchExactPVS) must score alike.
func TestMultiPVScoresAgainstEachMove(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	const k = 4
	ab := surakarta.NewAlphaBeta(surakarta.NewSixFactor())
	for _, g := range mpvGames(t) {
		alone := map[surakarta.Move]int{}
		var scores []int
		for _, m := range g.LegalMoves() {
			res := mpvSearch(t, ab, g, surakarta.Limits{Depth: depth, SearchMoves: []surakarta.Move{m}})
			alone[m] = res.Score
			scores = append(scores, res.Score)
		}
		slices.SortFunc(scores, func(a, b int) int { return cmp.Compare(b, a) })
		for _, s := range []srchSearcher{
			{"AlphaBeta", func() surakarta.Searcher { return surakarta.NewAlphaBeta(surakarta.NewSixFactor()) }},
			{"exact PVS", func() surakarta.Searcher { return srchExactPVS() }},
		} {
			res := mpvSearch(t, s.make(), g, surakarta.Limits{Depth: depth, MultiPV: k})
			mpvCheckLines(t, s.name, g, g.LegalMoves(), k, res)
			var got []int
			for i, l := range res.Lines {
				got = append(got, l.Score)
				if own := alone[l.PV[0]]; own != l.Score {
					t.Errorf("%s: %s\nline %d (%v) scores %d; its move searched alone scores %d", s.name, srchDescribe(g), i+1, l.PV, l.Score, own)
				}
			}
			if want := scores[:min(k, len(scores))]; !slices.Equal(got, want) {
				t.Errorf("%s: %s\nMultiPV %d scores %v; the best %d of each move alone: %v", s.name, srchDescribe(g), k, got, k, want)
			}
		}
	}
}

// TestMultiPVOneIsThePlainSearch: MultiPV 1 is exactly the search without
// MultiPV: the same move, score, depths, nodes, line and iterations, and
// one line, the result's.
func TestMultiPVOneIsThePlainSearch(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 4
	}
	for _, s := range []srchSearcher{
		{"AlphaBeta", func() surakarta.Searcher { return surakarta.NewAlphaBeta(surakarta.NewSixFactor()) }},
		{"PVS", func() surakarta.Searcher { return surakarta.NewPVS(surakarta.NewTuned()) }},
	} {
		for _, g := range mpvGames(t) {
			var infos [2][]surakarta.Info
			var results [2]surakarta.Result
			for i, k := range []int{0, 1} {
				results[i] = mpvSearch(t, s.make(), g, surakarta.Limits{Depth: depth, MultiPV: k, Progress: func(in surakarta.Info) {
					in.Time, in.NodesPerSecond = 0, 0
					infos[i] = append(infos[i], in)
				}})
				results[i].Time = 0
			}
			if diff := gocmp.Diff(results[0], results[1]); diff != "" {
				t.Errorf("%s: %s\nMultiPV 0 and 1 differ (-0 +1):\n%s", s.name, srchDescribe(g), diff)
			}
			if diff := gocmp.Diff(infos[0], infos[1]); diff != "" {
				t.Errorf("%s: %s\nProgress with MultiPV 0 and 1 differs (-0 +1):\n%s", s.name, srchDescribe(g), diff)
			}
			r := results[1]
			if len(r.Lines) != 1 || r.Lines[0].Score != r.Score || !slices.Equal(r.Lines[0].PV, r.PV) {
				t.Errorf("%s: %s\nMultiPV 1: lines %v, want one: %d %v", s.name, srchDescribe(g), r.Lines, r.Score, r.PV)
			}
			for _, in := range infos[1] {
				if in.MultiPV != 0 {
					t.Errorf("%s: %s\nMultiPV 1: Info.MultiPV %d, want 0", s.name, srchDescribe(g), in.MultiPV)
				}
			}
		}
	}
}

// TestMultiPVAlphaBetaFirstLine: AlphaBeta searches the first line of
// every iteration over all root moves in the generator's order, as
// without MultiPV, so at a fixed depth its first line is the plain
// search's move, score and line.
func TestMultiPVAlphaBetaFirstLine(t *testing.T) {
	ab := surakarta.NewAlphaBeta(surakarta.NewSixFactor())
	for _, g := range mpvGames(t) {
		one := mpvSearch(t, ab, g, surakarta.Limits{Depth: 4})
		three := mpvSearch(t, ab, g, surakarta.Limits{Depth: 4, MultiPV: 3})
		if three.Move != one.Move || three.Score != one.Score || !slices.Equal(three.PV, one.PV) {
			t.Errorf("%s\nMultiPV 3: %v %d %v; MultiPV 1: %v %d %v", srchDescribe(g), three.Move, three.Score, three.PV, one.Move, one.Score, one.PV)
		}
	}
}

// TestMultiPVProgress: with MultiPV k, Progress is called for every line
// of every iteration, depth by depth and lines 1 to k within a depth,
// best first, each with the iteration's depth, seldepth and nodes; the
// last iteration's calls give the result's lines.
func TestMultiPVProgress(t *testing.T) {
	const depth, k = 5, 3
	for _, s := range srchSearchers() {
		g := mpvGames(t)[1]
		var infos []surakarta.Info
		res := mpvSearch(t, s.make(), g, surakarta.Limits{Depth: depth, MultiPV: k, Progress: func(in surakarta.Info) {
			infos = append(infos, in)
		}})
		if len(infos) != depth*k {
			t.Fatalf("%s: %d calls of Progress, want %d (%d depths × %d lines)", s.name, len(infos), depth*k, depth, k)
		}
		for i, in := range infos {
			d, line := i/k+1, i%k+1
			if in.Depth != d || in.MultiPV != line {
				t.Errorf("%s: call %d reports depth %d line %d, want depth %d line %d", s.name, i+1, in.Depth, in.MultiPV, d, line)
			}
			if first := infos[i-line+1]; in.SelDepth != first.SelDepth || in.Nodes != first.Nodes || in.Time != first.Time {
				t.Errorf("%s: depth %d, line %d: seldepth %d, nodes %d, time %v; line 1: %d, %d, %v",
					s.name, d, line, in.SelDepth, in.Nodes, in.Time, first.SelDepth, first.Nodes, first.Time)
			}
			if line > 1 && in.Score > infos[i-1].Score {
				t.Errorf("%s: depth %d: line %d scores %d, above line %d's %d", s.name, d, line, in.Score, line-1, infos[i-1].Score)
			}
		}
		var last []surakarta.Line
		for _, in := range infos[len(infos)-k:] {
			last = append(last, surakarta.Line{Score: in.Score, PV: in.PV})
		}
		if diff := gocmp.Diff(last, res.Lines); diff != "" {
			t.Errorf("%s: the last iteration's lines differ from the result's (-Progress +Result):\n%s", s.name, diff)
		}
	}
}

// TestMultiPVAboveTheMoves: MultiPV above the number of root moves gives
// a line for each of them, of all legal moves or of those of SearchMoves.
func TestMultiPVAboveTheMoves(t *testing.T) {
	// White has two pieces and 8 legal moves.
	g := srchGame(t, "w5/6/6/1w4/bb4/6 w", surakarta.OlympiadRules())
	legal := g.LegalMoves()
	if len(legal) > 12 {
		t.Fatalf("%d legal moves: want a position with few", len(legal))
	}
	only := []surakarta.Move{legal[len(legal)-1], legal[0], legal[2]}
	for _, s := range srchSearchers() {
		res := mpvSearch(t, s.make(), g, surakarta.Limits{Depth: 4, MultiPV: 64})
		mpvCheckLines(t, s.name, g, legal, 64, res)
		if len(res.Lines) != len(legal) {
			t.Errorf("%s: MultiPV 64: %d lines, want one for each of the %d legal moves", s.name, len(res.Lines), len(legal))
		}
		for _, k := range []int{2, 3, 5} {
			res = mpvSearch(t, s.make(), g, surakarta.Limits{Depth: 4, MultiPV: k, SearchMoves: only})
			mpvCheckLines(t, s.name+" with SearchMoves", g, only, k, res)
		}
	}
}

// TestMultiPVSingleMove: a root with one legal move has one line whatever
// MultiPV asks.
func TestMultiPVSingleMove(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	only := []surakarta.Move{g.LegalMoves()[3]}
	for _, s := range srchSearchers() {
		res := mpvSearch(t, s.make(), g, surakarta.Limits{Depth: 3, MultiPV: 4, SearchMoves: only})
		mpvCheckLines(t, s.name, g, only, 4, res)
	}
}

// TestMultiPVNegative: a negative MultiPV is invalid.
func TestMultiPVNegative(t *testing.T) {
	lim := surakarta.Limits{Depth: 2, MultiPV: -1}
	if err := lim.Validate(); !errors.Is(err, surakarta.ErrInvalidLimits) {
		t.Errorf("Validate() = %v, want ErrInvalidLimits", err)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range srchSearchers() {
		if _, err := s.make().Search(context.Background(), g, lim); !errors.Is(err, surakarta.ErrInvalidLimits) {
			t.Errorf("%s: Search with MultiPV -1: %v, want ErrInvalidLimits", s.name, err)
		}
	}
}

// TestMultiPVCancelled: a search that completes no iteration still has one
// line, the result's move.
func TestMultiPVCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range srchSearchers() {
		res, err := s.make().Search(ctx, g, surakarta.Limits{MultiPV: 3})
		if err != nil || res.Depth != 0 || len(res.Lines) != 1 || !slices.Equal(res.Lines[0].PV, res.PV) || !srchLegalIn(g, res.Move) {
			t.Errorf("%s, cancelled: %v, depth %d, lines %v, PV %v", s.name, err, res.Depth, res.Lines, res.PV)
		}
	}
}
