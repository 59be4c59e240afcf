package surakarta

import (
	"context"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta/internal/tt"
)

// TestMultiPVUnfinished: with MultiPV, an iteration cut short after its
// first line gives the result that line's move and line, for both kinds of
// root (the first line searched every root move fully); Score, Depth and
// Lines stay those of the last iteration whose lines all completed. Cut
// short in its first line, the iteration is treated as without MultiPV.
func TestMultiPVUnfinished(t *testing.T) {
	g := NewGame(NewPosition())
	lim := Limits{Depth: 5, MultiPV: 2}
	for _, unordered := range []bool{false, true} {
		var c searchCore
		if _, err := c.begin(context.Background(), g, lim, NewSixFactor()); err != nil {
			t.Fatal(err)
		}
		moves := g.LegalMoves()
		m0, m3, m5 := moves[0], moves[3], moves[5]
		// line plays the root move m as the line searched, with score.
		line := func(m Move, score int) (int, bool) {
			c.pv.clear(0)
			c.pv.clear(1)
			c.pv.update(0, m)
			return score, true
		}
		res := c.iterate(lim, moves, !unordered, nil, func(depth, n, _ int) (int, bool) {
			switch {
			case depth == 1 && n == 0:
				return line(m3, 7)
			case depth == 1 && n == 1:
				return line(m0, 9) // scores above the first line: it goes first
			case depth == 2 && n == 0:
				return line(m5, 8)
			case depth == 2 && n == 1:
				c.pv.clear(0)
				c.stopped = true
				return 0, false
			}
			t.Fatalf("depth %d, line %d searched", depth, n+1)
			return 0, false
		})
		wantLines := []Line{{9, []Move{m0}}, {7, []Move{m3}}}
		if res.Move != m5 || !slices.Equal(res.PV, []Move{m5}) || res.Score != 9 || res.Depth != 1 || !linesEqual(res.Lines, wantLines) {
			t.Errorf("unordered %v, cut in line 2: move %v, PV %v, score %d, depth %d, lines %v; want %v, score 9, depth 1, lines %v",
				unordered, res.Move, res.PV, res.Score, res.Depth, res.Lines, m5, wantLines)
		}
		if !slices.Equal(moves[:3], []Move{m5, m0, m3}) {
			t.Errorf("root moves %v: want the last line searched in front of the lines of depth 1, best first: %v %v %v", moves[:3], m5, m0, m3)
		}

		// Cut short in the first line, after it searched a root move
		// fully: adopted as without MultiPV, by PVS only.
		c.stopped = false
		moves = g.LegalMoves()
		res = c.iterate(lim, moves, !unordered, nil, func(depth, n, _ int) (int, bool) {
			if depth == 1 {
				return line(moves[n], 5-n)
			}
			c.pv.clear(0)
			c.pv.clear(1)
			c.pv.update(0, m5)
			c.stopped = true
			return 0, false
		})
		want := m5
		if unordered {
			want = m0
		}
		if res.Move != want || res.Depth != 1 || res.Score != 5 || len(res.Lines) != 2 {
			t.Errorf("unordered %v, cut in line 1: move %v, depth %d, score %d, lines %v; want %v, depth 1, score 5, 2 lines",
				unordered, res.Move, res.Depth, res.Score, res.Lines, want)
		}
	}
}

// linesEqual reports whether two lists of lines are the same.
func linesEqual(a, b []Line) bool {
	return slices.EqualFunc(a, b, func(x, y Line) bool { return x.Score == y.Score && slices.Equal(x.PV, y.PV) })
}

// TestMultiPVRootNotStored: the lines after the first search the root
// without the moves of the lines before them, and must not store their
// lower scores as the root's: after a search with MultiPV 3 the table's
// entry for the root is the first line's, exact, at the search's depth.
// The search prunes nothing (as srchExactPVS), so that its lines come
// best first in the order searched, the first line first.
func TestMultiPVRootNotStored(t *testing.T) {
	p, err := ParsePosition("wwwww1/1w1ww1/2w2w/3w1b/bb1bb1/bbbbb1 b")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(p)
	const depth = 5
	s := NewPVS(NewSixFactor())
	s.off.cutoffs, s.off.quiescence, s.off.nullMove, s.off.lmr = true, true, true, true
	res, err := s.Search(context.Background(), g, Limits{Depth: depth, MultiPV: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Lines[0].Score == res.Lines[2].Score {
		t.Fatalf("lines %v: want a position whose third line scores below the first", res.Lines)
	}
	root := g.Position()
	e, ok := s.table.Probe(s.main.tableKey(&root))
	first := res.Lines[0]
	if !ok || Move(e.Move) != first.PV[0] || fromTable(e.Score, 0) != first.Score || e.Bound != tt.Exact || e.Depth != depth {
		t.Errorf("the root's entry: %v, move %v, score %d, bound %v, depth %d; want the first line's %v, score %d, exact, depth %d (lines %v)",
			ok, Move(e.Move), fromTable(e.Score, 0), e.Bound, e.Depth, first.PV[0], first.Score, depth, res.Lines)
	}
}
