package surakarta_test

import (
	"context"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// netPlus is a custom evaluator as a user writes one: the network plus a
// term of its own (here a piece's worth for each piece on the inner
// circuit's corners, a term the tests can tell apart). It forwards the
// network's incremental path, so that a search keeps the network's speed.
type netPlus struct{ net *surakarta.Network }

func (e netPlus) Evaluate(p *surakarta.Position) int { return e.net.Evaluate(p) + corners(p) }

func (e netPlus) NewPath() surakarta.PathEvaluator { return netPlusPath{e.net.NewPath()} }

type netPlusPath struct{ net surakarta.PathEvaluator }

func (w netPlusPath) Evaluate(p *surakarta.Position, ply int) int {
	return w.net.Evaluate(p, ply) + corners(p)
}

// corners returns a small term of the side to move's pieces on the
// corners, less the opponent's.
func corners(p *surakarta.Position) int {
	n := 0
	for _, sq := range []surakarta.Square{surakarta.A1, surakarta.F1, surakarta.A6, surakarta.F6} {
		if c, ok := p.PieceAt(sq); ok {
			if c == p.SideToMove() {
				n += 3
			} else {
				n -= 3
			}
		}
	}
	return n
}

// TestIncrementalEvaluatorSameSearch: a search with an incremental
// evaluator's path visits the same nodes and finds the same line as with
// its Evaluate alone (an EvaluatorFunc, which hides the path): the path
// changes the speed, never a score. For the network, and a wrapper of it.
func TestIncrementalEvaluatorSameSearch(t *testing.T) {
	net := surakarta.NewNetwork()
	for _, tc := range []struct {
		name string
		eval surakarta.Evaluator
	}{
		{"network", net},
		{"network plus a term", netPlus{net}},
	} {
		plain := surakarta.EvaluatorFunc(tc.eval.Evaluate)
		for i, p := range middleGamePositions(t)[:6] {
			{
				search := func(e surakarta.Evaluator) surakarta.Result {
					r, err := surakarta.NewPVS(e).Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: 7})
					if err != nil {
						t.Fatal(err)
					}
					return r
				}
				a, b := search(tc.eval), search(plain)
				if a.Nodes != b.Nodes || a.Score != b.Score || a.Move != b.Move {
					t.Errorf("%s, position %d: with the path %d nodes, %v, %d; without %d nodes, %v, %d",
						tc.name, i, a.Nodes, a.Move, a.Score, b.Nodes, b.Move, b.Score)
				}
			}
		}
	}
}

// BenchmarkWrappedNetwork searches the fixed middle-game positions to
// depth 7 with the network bare, wrapped with a term of one's own that
// forwards its path (netPlus), and wrapped in an EvaluatorFunc, which
// hides the path: the first two should search at one speed, the third
// about three times slower.
func BenchmarkWrappedNetwork(b *testing.B) {
	net := surakarta.NewNetwork()
	for _, tc := range []struct {
		name string
		eval surakarta.Evaluator
	}{
		{"bare", net},
		{"forwarding", netPlus{net}},
		{"func", surakarta.EvaluatorFunc(netPlus{net}.Evaluate)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var nodes int64
			var searching time.Duration
			for b.Loop() {
				n, d := nodesToDepth(b, func() surakarta.Searcher { return surakarta.NewPVS(tc.eval) }, 7)
				nodes, searching = nodes+n, searching+d
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
		})
	}
}
