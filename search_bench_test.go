package surakarta_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/nnue"
	"github.com/surakarta-go/surakarta/internal/tunedeval"
)

// searchers builds each searcher afresh, so that every search starts with
// an empty table and node counts are deterministic.
var searchers = []struct {
	name string
	new  func() surakarta.Searcher
}{
	{"alphabeta", func() surakarta.Searcher { return surakarta.NewAlphaBeta(surakarta.NewSixFactor()) }},
	{"pvs", func() surakarta.Searcher { return surakarta.NewPVS(surakarta.NewSixFactor()) }},
}

// nodesToDepth returns the nodes a fresh searcher needs to complete depth on
// each of the fixed middle-game positions, added up, and the time the
// searches took (not counting making the searchers).
func nodesToDepth(tb testing.TB, newSearcher func() surakarta.Searcher, depth int) (nodes int64, elapsed time.Duration) {
	for _, p := range middleGamePositions(tb) {
		r, err := newSearcher().Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: depth})
		if err != nil {
			tb.Fatal(err)
		}
		if r.Depth != depth {
			tb.Fatalf("%v: completed depth %d, want %d", p, r.Depth, depth)
		}
		nodes += r.Nodes
		elapsed += r.Time
	}
	return nodes, elapsed
}

// TestPVSNodesAgainstAlphaBeta guards the node target: PVS completes depth
// 6 on the fixed positions with at most 10% of AlphaBeta's nodes. Node
// counts at a fixed depth do not depend on timing, so this is exact.
func TestPVSNodesAgainstAlphaBeta(t *testing.T) {
	if testing.Short() {
		t.Skip("searches 16 positions to depth 6 twice")
	}
	ab, _ := nodesToDepth(t, searchers[0].new, 6)
	pvs, _ := nodesToDepth(t, searchers[1].new, 6)
	t.Logf("depth 6: AlphaBeta %d nodes, PVS %d nodes (%.1f%%)", ab, pvs, 100*float64(pvs)/float64(ab))
	if pvs*10 > ab {
		t.Errorf("PVS needs %d nodes, more than 10%% of AlphaBeta's %d", pvs, ab)
	}
}

// BenchmarkSearch searches each fixed middle-game position to a fixed
// depth with a fresh searcher. It reports the (deterministic) nodes per op
// and the speed in nodes per second of search time (making a PVS allocates
// its table, which ns/op includes and nodes/s does not).
func BenchmarkSearch(b *testing.B) {
	for _, depth := range []int{5, 6} {
		for _, s := range searchers {
			b.Run(s.name+"/depth="+string(rune('0'+depth)), func(b *testing.B) {
				b.ReportAllocs()
				var nodes int64
				var searching time.Duration
				for b.Loop() {
					n, t := nodesToDepth(b, s.new, depth)
					nodes, searching = nodes+n, searching+t
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
			})
		}
	}
}

// BenchmarkSearchReused is BenchmarkSearch/pvs with one searcher and one
// game reused, to show that searching allocates nothing per node.
func BenchmarkSearchReused(b *testing.B) {
	s := surakarta.NewPVS(surakarta.NewSixFactor())
	g := surakarta.NewGame(middleGamePositions(b)[0])
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		r, _ := s.Search(context.Background(), g, surakarta.Limits{Depth: 7})
		nodes += r.Nodes
		s.Clear()
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPVSTable searches each fixed middle-game position to depth 9
// and 11 with tables of several sizes, to show what the size costs and
// buys. The searcher is made and its table allocated once per size; Clear
// empties it before each position, so node counts are deterministic, and
// nodes/s counts search time only (not allocating or clearing the table).
func BenchmarkPVSTable(b *testing.B) {
	for _, depth := range []int{9, 11} {
		for _, mb := range []int{1, 4, 16, 64} {
			b.Run(fmt.Sprintf("depth=%d/mb=%d", depth, mb), func(b *testing.B) {
				s := surakarta.NewPVS(surakarta.NewSixFactor())
				s.TableMegabytes = mb
				benchClearedSearches(b, s, depth)
			})
		}
	}
}

// benchClearedSearches runs the loop of b: it searches each fixed
// middle-game position to depth with s, emptied by Clear before each, and
// reports the (deterministic) nodes per op and the nodes per second of
// search time. A first search allocates s's table before the loop, so
// neither allocating nor clearing it counts. It returns the search time.
func benchClearedSearches(b *testing.B, s *surakarta.PVS, depth int) (searching time.Duration) {
	b.Helper()
	positions := middleGamePositions(b)
	if _, err := s.Search(context.Background(), surakarta.NewGame(positions[0]), surakarta.Limits{Depth: 1}); err != nil {
		b.Fatal(err)
	}
	var nodes int64
	for b.Loop() {
		for _, p := range positions {
			s.Clear()
			r, err := s.Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: depth})
			if err != nil || r.Depth != depth {
				b.Fatalf("%v: depth %d, %v", p, r.Depth, err)
			}
			nodes, searching = nodes+r.Nodes, searching+r.Time
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
	return searching
}

// BenchmarkPVSAblation searches each fixed middle-game position to depth 8
// with EndgameAdjusted and a fresh PVS, once with the defaults, once with
// each enhancement switched off, and reports the (deterministic)
// nodes per op: what each enhancement saves in nodes, beside what the
// tuning matches of experiments/docs/experiments.md say it is worth in Elo.
func BenchmarkPVSAblation(b *testing.B) {
	for _, v := range []struct {
		name string
		set  func(*surakarta.PVS)
	}{
		{"defaults", func(*surakarta.PVS) {}},
		{"quiescence=off", func(s *surakarta.PVS) { s.SetQuiescence(false) }},
		{"cutoffs=off", func(s *surakarta.PVS) { s.SetTableCutoffs(false) }},
		{"lmr=off", func(s *surakarta.PVS) { s.SetLateMoveReductions(false) }},
		{"nullmove=off", func(s *surakarta.PVS) { s.SetNullMove(false) }},
		{"lmp=off", func(s *surakarta.PVS) { s.SetLateMovePruning(false) }},
		{"rfp=off", func(s *surakarta.PVS) { s.SetReverseFutilityPruning(false) }},
		{"singular=off", func(s *surakarta.PVS) { s.SetSingularExtensions(false) }},
		{"killers=off", func(s *surakarta.PVS) { s.SetKillers(false) }},
		{"history=off", func(s *surakarta.PVS) { s.SetHistory(false) }},
		{"aspiration=0", func(s *surakarta.PVS) { s.SetAspirationWindow(0) }},
	} {
		b.Run(v.name, func(b *testing.B) {
			newSearcher := func() surakarta.Searcher {
				s := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
				v.set(s)
				return s
			}
			var nodes int64
			for b.Loop() {
				n, _ := nodesToDepth(b, newSearcher, 8)
				nodes += n
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkMoveTime searches each fixed middle-game position for a fixed
// time per move with a fresh PVS and EndgameAdjusted, as a match's moves
// are searched, and reports the share of that time the searches took
// (%time, wall time of the Search call) and the mean depth they completed:
// a search with a MoveTime spends it.
func BenchmarkMoveTime(b *testing.B) {
	for _, moveTime := range []time.Duration{100 * time.Millisecond, time.Second} {
		b.Run("movetime="+moveTime.String(), func(b *testing.B) {
			positions := middleGamePositions(b)
			var used time.Duration
			var depths, searches int
			for b.Loop() {
				for _, p := range positions {
					s := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
					start := time.Now()
					r, err := s.Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{MoveTime: moveTime})
					used += time.Since(start)
					if err != nil {
						b.Fatal(err)
					}
					depths, searches = depths+r.Depth, searches+1
				}
			}
			b.ReportMetric(100*used.Seconds()/(float64(searches)*moveTime.Seconds()), "%time")
			b.ReportMetric(float64(depths)/float64(searches), "depth")
		})
	}
}

// BenchmarkMoveTimeThreads searches the start with MoveTime 50ms and
// Threads from 1 to MaxThreads, PVS and MCTS, and reports the time the
// Search call took (ms/search, the median of the runs): with more
// goroutines than cores the search still stops at the deadline, since a
// timer stops it, not a goroutine that must first get a core.
func BenchmarkMoveTimeThreads(b *testing.B) {
	const moveTime = 50 * time.Millisecond
	for _, kind := range []string{"PVS", "MCTS"} {
		for _, threads := range []int{1, 2, 8, 32, 128, surakarta.MaxThreads} {
			b.Run(fmt.Sprintf("%s/threads=%d", kind, threads), func(b *testing.B) {
				var took []time.Duration
				for b.Loop() {
					var s surakarta.Searcher
					if kind == "PVS" {
						p := surakarta.NewPVS(surakarta.NewTuned())
						p.Threads = threads
						s = p
					} else {
						m := surakarta.NewMCTS(surakarta.NewTuned())
						m.Threads = threads
						s = m
					}
					start := time.Now()
					if _, err := s.Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{MoveTime: moveTime}); err != nil {
						b.Fatal(err)
					}
					took = append(took, time.Since(start))
				}
				slices.Sort(took)
				b.ReportMetric(float64(took[len(took)/2])/float64(time.Millisecond), "ms/search")
			})
		}
	}
}

// BenchmarkMoveTimeGames plays 16 games of PVS with Tuned against itself
// at 50 ms a move, from 4 random plies, and breaks down the time of the
// searches: ms/move on average, the median of the searches that ran to
// the deadline, and the time a move left unspent (below 50 ms), in all
// and by why the search stopped early: a win in sight (the game's
// end within the depth), MaxDepth reached, a single legal move. docs/search.md
// quotes a run.
func BenchmarkMoveTimeGames(b *testing.B) {
	const moveTime = 50 * time.Millisecond
	var (
		moves, proven, deepest, single int
		spent, unspent                 time.Duration
		lost                           [3]time.Duration // proven, deepest, single
		full                           []time.Duration
	)
	for b.Loop() {
		rng := rand.New(rand.NewPCG(7, 7))
		for range 16 {
			g := surakarta.NewGame(surakarta.NewPosition())
			for range 4 {
				legal := g.LegalMoves()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					b.Fatal(err)
				}
			}
			players := [2]*surakarta.PVS{surakarta.NewPVS(surakarta.NewTuned()), surakarta.NewPVS(surakarta.NewTuned())}
			for side := 0; !g.Outcome().Over; side ^= 1 {
				r, err := players[side].Search(context.Background(), g, surakarta.Limits{MoveTime: moveTime})
				if err != nil {
					b.Fatal(err)
				}
				moves++
				spent += r.Time
				left := max(moveTime-r.Time, 0)
				unspent += left
				n, end := surakarta.PliesToEnd(r.Score)
				switch {
				case len(g.LegalMoves()) == 1:
					single++
					lost[2] += left
				case end && n <= r.Depth:
					proven++
					lost[0] += left
				case r.Depth >= surakarta.MaxDepth:
					deepest++
					lost[1] += left
				default:
					full = append(full, r.Time)
				}
				if err := g.Play(r.Move); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	perMove := func(d time.Duration) float64 { return d.Seconds() * 1000 / float64(moves) }
	slices.Sort(full)
	b.ReportMetric(float64(moves), "moves")
	b.ReportMetric(perMove(spent), "ms/move")
	if len(full) > 0 {
		b.ReportMetric(full[len(full)/2].Seconds()*1000, "deadline-median-ms")
	}
	b.ReportMetric(perMove(unspent), "unspent-ms/move")
	b.ReportMetric(100*float64(proven)/float64(moves), "%proven")
	b.ReportMetric(perMove(lost[0]), "proven-unspent-ms/move")
	b.ReportMetric(100*float64(deepest)/float64(moves), "%maxdepth")
	b.ReportMetric(perMove(lost[1]), "maxdepth-unspent-ms/move")
	b.ReportMetric(100*float64(single)/float64(moves), "%single")
	b.ReportMetric(perMove(lost[2]), "single-unspent-ms/move")
}

// TestPVSTableMemory: a PVS's first search allocates its table, which
// takes TableMegabytes MiB (DefaultTableMegabytes for 0) and no more (the
// rest of a search allocates a few kilobytes).
func TestPVSTableMemory(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, mb := range []int{0, 1, 16} {
		s := surakarta.NewPVS(surakarta.NewSixFactor())
		s.TableMegabytes = mb
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		got, want := after.TotalAlloc-before.TotalAlloc, uint64(max(mb, surakarta.DefaultTableMegabytes))<<20
		t.Logf("TableMegabytes %d: the first search allocated %d bytes (%.3f MiB)", mb, got, float64(got)/(1<<20))
		if got < want || got > want+64<<10 {
			t.Errorf("TableMegabytes %d: the first search allocated %d bytes, want %d (the table) plus at most 64 KiB", mb, got, want)
		}
	}
}

// TestPVSTableResize: a search after TableMegabytes changed releases the
// old table before it makes the new one, so that the process never holds
// both: the memory the Go runtime takes from the system does not grow by
// the new table, whose pages the old one's free.
func TestPVSTableResize(t *testing.T) {
	// With the collector's own cycles off, only the collection the search
	// runs when it resizes frees the old table.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	g := surakarta.NewGame(surakarta.NewPosition())
	s := surakarta.NewPVS(surakarta.NewSixFactor())
	s.Threads = 2 // helpers hold the table too
	s.TableMegabytes = 128
	if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s.TableMegabytes = 64
	if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapSys) - int64(before.HeapSys)
	t.Logf("the heap's memory from the system grew by %.1f MiB", float64(grown)/(1<<20))
	if grown > 16<<20 {
		t.Errorf("resizing a 128 MiB table to 64 MiB grew the heap's memory by %.1f MiB: both tables were held at once", float64(grown)/(1<<20))
	}

	// Clear between games releases a table of another size than the next
	// search makes, instead of clearing it (which writes every page).
	s.TableMegabytes = 128
	runtime.GC()
	runtime.ReadMemStats(&before)
	s.Clear()
	runtime.ReadMemStats(&after)
	if freed := int64(before.HeapAlloc) - int64(after.HeapAlloc); freed < 60<<20 {
		t.Errorf("Clear with TableMegabytes changed from 64 to 128 freed %.1f MiB: the 64 MiB table was kept", float64(freed)/(1<<20))
	}
	if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 80<<20 {
		t.Errorf("a 128 MiB table in place of a 64 MiB one grew the heap by %.1f MiB: both tables were held at once", float64(grown)/(1<<20))
	}
}

// BenchmarkPVSEvaluators searches the fixed middle-game positions to depth
// 8 with PVS and each evaluator, a fresh searcher per position: the nodes
// each needs (deterministic) and the speed, which falls as an evaluation
// costs more. network-afresh is the Network behind an EvaluatorFunc,
// which the searcher cannot update incrementally: the same nodes, each
// evaluation summing every piece.
func BenchmarkPVSEvaluators(b *testing.B) {
	for _, ev := range []struct {
		name string
		new  func() surakarta.Evaluator
	}{
		{"endgame", func() surakarta.Evaluator { return surakarta.NewEndgameAdjusted() }},
		{"tuned", func() surakarta.Evaluator { return surakarta.NewTuned() }},
		{"network", func() surakarta.Evaluator { return surakarta.NewNetwork() }},
		{"network-afresh", func() surakarta.Evaluator { return surakarta.EvaluatorFunc(surakarta.NewNetwork().Evaluate) }},
	} {
		b.Run(ev.name, func(b *testing.B) {
			var nodes int64
			var searching time.Duration
			for b.Loop() {
				n, t := nodesToDepth(b, func() surakarta.Searcher { return surakarta.NewPVS(ev.new()) }, 8)
				nodes, searching = nodes+n, searching+t
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPVSNetworkSizes searches the fixed middle-game positions with
// PVS and networks of several sizes: the built-in one (64 units a view, no
// second layer) to depth 8, and to depth 6 networks of 128 and 256 units,
// and of 256 with a second layer of 32, whose weights are drawn from a
// seed (randomNetwork). None has been trained at those sizes, and a node
// costs the same whatever the weights, but untrained weights order the
// moves worse: the searches need about as many nodes to depth 6 as the
// built-in network to depth 8 or more. The speed in nodes/s measures the
// cost of the network's inference in a search as it grows; built with
// -tags purego, the test binary times the network's Go kernels instead of
// its assembly ones.
func BenchmarkPVSNetworkSizes(b *testing.B) {
	for _, size := range []struct {
		name  string
		net   *surakarta.Network
		depth int
	}{
		{"64x0", surakarta.NewNetwork(), 8},
		{"128x0", randomNetwork(b, 128, 0), 6},
		{"256x0", randomNetwork(b, 256, 0), 6},
		{"256x32", randomNetwork(b, 256, 32), 6},
	} {
		b.Run(fmt.Sprintf("%s/depth=%d", size.name, size.depth), func(b *testing.B) {
			var nodes int64
			var searching time.Duration
			for b.Loop() {
				n, t := nodesToDepth(b, func() surakarta.Searcher { return surakarta.NewPVS(size.net) }, size.depth)
				nodes, searching = nodes+n, searching+t
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
		})
	}
}

// randomNetwork returns a network of hidden units a view and second in
// the second layer, with the built-in network's 8 output buckets, whose
// weights are nnue.NewModel's drawn from a seed: small, so that its
// integer sums cannot overflow and ReadNetwork takes them.
func randomNetwork(tb testing.TB, hidden, second int) *surakarta.Network {
	tb.Helper()
	m, err := nnue.NewModel(hidden, second, 8, rand.New(rand.NewPCG(uint64(hidden), uint64(second))))
	if err != nil {
		tb.Fatal(err)
	}
	n, err := m.Quantize(tunedeval.Scale)
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	if err := n.Write(&buf); err != nil {
		tb.Fatal(err)
	}
	net, err := surakarta.ReadNetwork(&buf)
	if err != nil {
		tb.Fatal(err)
	}
	if h, s := net.Size(); h != hidden || s != second {
		tb.Fatalf("the network read back is %dx%d, want %dx%d", h, s, hidden, second)
	}
	return net
}

// BenchmarkPVSThreads searches each fixed middle-game position to depth 11
// with EndgameAdjusted at 1, 2 and 4 threads: the time the main thread
// takes to complete the depth (ms/op, summed over the positions), and the
// speed of all threads together (nodes/s). The searcher is made and its
// table allocated once per thread count; Clear empties it before each
// position, and the times count search time only.
func BenchmarkPVSThreads(b *testing.B) {
	const depth = 11
	for _, threads := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			s := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
			s.Threads = threads
			searching := benchClearedSearches(b, s, depth)
			b.ReportMetric(float64(searching.Milliseconds())/float64(b.N), "ms-to-depth/op")
		})
	}
}

// BenchmarkMultiPV searches each fixed middle-game position to a fixed
// depth with a fresh searcher for 1, 3 and 5 best lines (Limits.MultiPV),
// and reports the (deterministic) nodes per op: what the further lines
// cost. PVS, with the engine's Tuned, goes to depth 8; AlphaBeta, with
// SixFactor, to depth 5.
func BenchmarkMultiPV(b *testing.B) {
	for _, s := range []struct {
		name  string
		depth int
		new   func() surakarta.Searcher
	}{
		{"pvs", 8, func() surakarta.Searcher { return surakarta.NewPVS(surakarta.NewTuned()) }},
		{"alphabeta", 5, func() surakarta.Searcher { return surakarta.NewAlphaBeta(surakarta.NewSixFactor()) }},
	} {
		for _, k := range []int{1, 3, 5} {
			b.Run(fmt.Sprintf("%s/depth=%d/multipv=%d", s.name, s.depth, k), func(b *testing.B) {
				var nodes int64
				var searching time.Duration
				for b.Loop() {
					for _, p := range middleGamePositions(b) {
						r, err := s.new().Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: s.depth, MultiPV: k})
						if err != nil || r.Depth != s.depth || len(r.Lines) != k {
							b.Fatalf("%v: depth %d, %d lines, %v", p, r.Depth, len(r.Lines), err)
						}
						nodes, searching = nodes+r.Nodes, searching+r.Time
					}
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				b.ReportMetric(float64(searching.Milliseconds())/float64(b.N), "ms-search/op")
			})
		}
	}
}

// BenchmarkSearchLongGame searches the last position of games of 100 to
// 60,000 plies without a capture (random steps) to depth 2, as an
// analysis of such a game searches each of its positions, under a
// repetition limit of 999,999,999, where every quiet node looks for
// earlier occurrences of its position, and reports the time a search
// takes (ns/op) and a node (ns/node). Neither grows with the game's
// length: the search copies only the game's last positions and counts the
// repetitions of older ones from the game's index of them.
func BenchmarkSearchLongGame(b *testing.B) {
	for _, plies := range []int{100, 20_000, 60_000} {
		b.Run(fmt.Sprintf("plies=%d", plies), func(b *testing.B) {
			g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), surakarta.Rules{RepetitionLimit: 999_999_999})
			if err != nil {
				b.Fatal(err)
			}
			for i, m := range wander(b, plies) {
				if err := g.Play(m); err != nil {
					b.Fatalf("ply %d: %v", i+1, err)
				}
			}
			s := surakarta.NewPVS(surakarta.NewTuned())
			var nodes int64
			for b.Loop() {
				res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 2})
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Nodes
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
		})
	}
}

// BenchmarkMCTSFullTree searches the start with MCTS, 1 and 4 threads,
// until its tree holds MCTSMaxNodes nodes, and reports the heap in use
// after the search (MB-live: the tree and what its last collection left)
// and the heap the runtime got from the system (MB-heap, the garbage
// collector's headroom included, which is close to the process's peak
// resident memory): docs/mcts.md quotes both.
func BenchmarkMCTSFullTree(b *testing.B) {
	for _, threads := range []int{1, 4} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			var live, heap uint64
			for b.Loop() {
				runtime.GC()
				debug.FreeOSMemory()
				s := surakarta.NewMCTS(surakarta.NewTuned())
				s.Threads = threads
				if _, err := s.Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Nodes: 1 << 40}); err != nil {
					b.Fatal(err)
				}
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				live, heap = max(live, m.HeapAlloc), max(heap, m.HeapSys-m.HeapReleased)
				runtime.KeepAlive(s)
			}
			b.ReportMetric(float64(live)/(1<<20), "MB-live")
			b.ReportMetric(float64(heap)/(1<<20), "MB-heap")
		})
	}
}
