package tablebase

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/reference"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// This file is a second solver, sharing no code with the package's: moves
// come from the plain reference generator, positions are numbered by a
// map of their own code, and the capture-all values come from a forward
// iteration by distance instead of a retrograde one, the quiet-ply values
// from a memoised recursion instead of planes.

// refKey codes a position seen from the side to move: digit s in base 3
// is 0 for an empty point s, 1 for a piece of the mover, 2 for one of the
// other side. 3³⁶ fits in 64 bits.
type refKey uint64

// refBoard returns the reference board of k, the mover as Black.
func refBoard(k refKey) reference.Board {
	var b reference.Board
	for s := range 36 {
		b[s] = reference.Color(k % 3)
		k /= 3
	}
	return b
}

// refChildKey returns the key of b with White to move: the colours
// swapped in the code.
func refChildKey(b reference.Board) refKey {
	var k refKey
	for s := 35; s >= 0; s-- {
		k *= 3
		switch b[s] {
		case reference.White:
			k++
		case reference.Black:
			k += 2
		}
	}
	return k
}

// refSets returns the mover's and the other side's points of k.
func refSets(k refKey) (mover, other uint64) {
	for s := range 36 {
		switch k % 3 {
		case 1:
			mover |= 1 << s
		case 2:
			other |= 1 << s
		}
		k /= 3
	}
	return mover, other
}

// Edges of refGraph: the child's number, with refCapture set for a
// capture; refLastPiece is a capture of the other side's last piece.
const (
	refCapture   = 1 << 31
	refLastPiece = refCapture | (1<<31 - 1)
)

// refGraph is every position of some material classes, closed under
// moves, with their moves.
type refGraph struct {
	keys   []refKey
	number map[refKey]int32
	counts [][2]int8 // the mover's pieces, the other side's
	start  []int32   // position i's moves are edges[start[i]:start[i+1]]
	edges  []uint32
}

// newRefGraph enumerates the positions of the classes (mover's pieces,
// other's) and works out their moves with the reference generator. The
// classes must be closed under moves: a quiet move swaps a class's
// counts, a capture takes one from the other side.
func newRefGraph(t testing.TB, classes [][2]int) *refGraph {
	g := &refGraph{number: map[refKey]int32{}}
	for _, c := range classes {
		var place func(s int, k, pow refKey, m, o int)
		place = func(s int, k, pow refKey, m, o int) {
			if m == 0 && o == 0 {
				g.number[k] = int32(len(g.keys))
				g.keys = append(g.keys, k)
				g.counts = append(g.counts, [2]int8{int8(c[0]), int8(c[1])})
				return
			}
			if 36-s < m+o {
				return
			}
			if m > 0 {
				place(s+1, k+pow, pow*3, m-1, o)
			}
			if o > 0 {
				place(s+1, k+2*pow, pow*3, m, o-1)
			}
			place(s+1, k, pow*3, m, o)
		}
		place(0, 0, 1, c[0], c[1])
	}
	const workers = 2
	parts := make([][]uint32, workers)
	lens := make([]int32, len(g.keys))
	var wg sync.WaitGroup
	var failed sync.Once
	var fail error
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := len(g.keys)*w/workers, len(g.keys)*(w+1)/workers
			for i := lo; i < hi; i++ {
				b := refBoard(g.keys[i])
				moves := reference.LegalMoves(b, reference.Black)
				for _, m := range moves {
					after := reference.Play(b, m)
					e := uint32(0)
					if m.Capture {
						e = refCapture
						if int(g.counts[i][1]) == 1 {
							parts[w] = append(parts[w], refLastPiece)
							continue
						}
					}
					n, ok := g.number[refChildKey(after)]
					if !ok {
						failed.Do(func() { fail = fmt.Errorf("the classes are not closed: %v leads out of them", m) })
						return
					}
					parts[w] = append(parts[w], e|uint32(n))
				}
				lens[i] = int32(len(moves))
			}
		}()
	}
	wg.Wait()
	if fail != nil {
		t.Fatal(fail)
	}
	g.start = make([]int32, len(g.keys)+1)
	for i, n := range lens {
		g.start[i+1] = g.start[i] + n
	}
	for _, p := range parts {
		g.edges = append(g.edges, p...)
	}
	return g
}

// Results of the reference solvers, for the mover.
const (
	refDraw = 0
	refWin  = 1
	refLoss = -1
)

// refAdjudicate is the piece-count result for the mover.
func refAdjudicate(c [2]int8) int8 {
	switch {
	case c[0] > c[1]:
		return refWin
	case c[0] < c[1]:
		return refLoss
	}
	return refDraw
}

// solveCaptureAll returns every position's capture-all result and plies
// to the end, by forward iteration on the distance: at level n, a
// position not yet settled is a win in n if a move captures the last
// piece (n = 1) or leads to a loss in n−1, and a loss in n if every move
// leads to a win in at most n−1, the slowest in n−1. A blocked position
// is settled at 0 by the piece count. What no level settles is a draw.
func (g *refGraph) solveCaptureAll() (res []int8, dist []int32) {
	n := len(g.keys)
	res, dist = make([]int8, n), make([]int32, n)
	settled := make([]bool, n)
	for i := range n {
		if g.start[i] == g.start[i+1] {
			res[i], settled[i] = refAdjudicate(g.counts[i]), true
		}
	}
	for level := int32(1); ; level++ {
		var now []int32
		for i := range n {
			if settled[i] {
				continue
			}
			win, allWins, slowest := false, true, int32(-1)
			for _, e := range g.edges[g.start[i]:g.start[i+1]] {
				if e == refLastPiece {
					win = win || level == 1
					allWins = false
					continue
				}
				c := e &^ refCapture
				if !settled[c] || dist[c] >= level {
					allWins = false
					continue
				}
				switch res[c] {
				case refLoss:
					win = win || dist[c] == level-1
					allWins = false
				case refWin:
					slowest = max(slowest, dist[c])
				default:
					allWins = false
				}
			}
			switch {
			case win:
				res[i] = refWin
			case allWins && slowest == level-1:
				res[i] = refLoss
			default:
				continue
			}
			now = append(now, int32(i))
		}
		if len(now) == 0 {
			break
		}
		for _, i := range now {
			settled[i], dist[i] = true, level
		}
	}
	return res, dist
}

// solveQuiet returns a function giving the result under the quiet-ply
// limit of position i with r quiet plies left, by recursion: with none
// left or no move the piece count decides; else the best over the moves
// of the negated value after it, with r−1 left after a quiet move and the
// whole limit after a capture.
func (g *refGraph) solveQuiet(limit int) func(i int32, r int) int8 {
	memo := make([][]int8, limit+1) // result+2; 0 for not yet known
	for r := range memo {
		memo[r] = make([]int8, len(g.keys))
	}
	var value func(i int32, r int) int8
	value = func(i int32, r int) int8 {
		if v := memo[r][i]; v != 0 {
			return v - 2
		}
		moves := g.edges[g.start[i]:g.start[i+1]]
		var best int8
		if r == 0 || len(moves) == 0 {
			best = refAdjudicate(g.counts[i])
		} else {
			best = refLoss
			for _, e := range moves {
				var v int8
				switch {
				case e == refLastPiece:
					v = refWin
				case e&refCapture != 0:
					v = -value(int32(e&^refCapture), limit)
				default:
					v = -value(int32(e), r-1)
				}
				best = max(best, v)
				if best == refWin {
					break
				}
			}
		}
		memo[r][i] = best + 2
		return best
	}
	return value
}

// refClasses returns the classes of 2 to n pieces, and with extra those
// given.
func refClasses(n int, extra ...[2]int) [][2]int {
	var cs [][2]int
	for total := 2; total <= n; total++ {
		for m := 1; m < total; m++ {
			cs = append(cs, [2]int{m, total - m})
		}
	}
	return append(cs, extra...)
}

// refTableResult converts a reference result.
func refTableResult(v int8) surakarta.TableResult { return surakarta.TableResult(v) }

// sharedRefGraph is the graph of refGraphFor, built once per test binary.
var sharedRefGraph struct {
	sync.Mutex
	g *refGraph
}

// refGraphFor returns the graph the solver tests use: every class up to
// 4 pieces with SURAKARTA_FULL=1, else every class up to 3 pieces and
// the 4-piece classes of three against one only (quiet moves keep them
// among themselves).
func refGraphFor(t *testing.T) *refGraph {
	sharedRefGraph.Lock()
	defer sharedRefGraph.Unlock()
	if sharedRefGraph.g == nil {
		classes := testsize.Sized(refClasses(4), refClasses(3, [2]int{3, 1}, [2]int{1, 3}), refClasses(3, [2]int{3, 1}, [2]int{1, 3}))
		sharedRefGraph.g = newRefGraph(t, classes)
	}
	return sharedRefGraph.g
}

// TestReferenceSolverCaptureAll: the capture-all tables agree with the
// independent solver on the result and the plies of every position of
// its graph (every position of up to 3 pieces, and of 4: all with
// SURAKARTA_FULL=1, else those of three against one), whichever colour
// is to move.
func TestReferenceSolverCaptureAll(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, 0)
	g := refGraphFor(t)
	res, dist := g.solveCaptureAll()
	bad := 0
	for i, k := range g.keys {
		mover, other := refSets(k)
		side := surakarta.Color(i & 1)
		got, err := tb.Value(positionOf(t, mover, other, side, 0))
		if err != nil {
			t.Fatal(err)
		}
		want := surakarta.TableValue{Result: refTableResult(res[i])}
		if want.Result != surakarta.TableDraw {
			want.Plies = int(dist[i])
		}
		if got != want {
			if bad++; bad <= 10 {
				t.Errorf("%v: tables %+v, reference %+v", positionOf(t, mover, other, side, 0), got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d positions differ", bad, len(g.keys))
	}
}

// TestReferenceSolverQuiet: the tables under a small quiet-ply limit agree
// with the independent recursion at every count of quiet plies (and
// beyond the limit), the plies to the deciding capture (Conversion)
// included, for every position of the graph of refGraphFor, or
// with -short of up to 3 pieces and a thousand random ones of three
// against one.
func TestReferenceSolverQuiet(t *testing.T) {
	tb := openTables(t, testLimit)
	g := refGraphFor(t)
	value := g.solveQuiet(testLimit)
	rng := rand.New(rand.NewPCG(3, 4))
	bad, checked := 0, 0
	check := func(i int32, r int) {
		mover, other := refSets(g.keys[i])
		side := surakarta.Color(rng.IntN(2))
		// Quiet plies beyond the limit count as none left.
		quiet := testLimit - r
		if r == 0 && rng.IntN(2) == 0 {
			quiet += rng.IntN(5)
		}
		p := positionOf(t, mover, other, side, quiet)
		got, err := tb.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		want := surakarta.TableValue{Result: refTableResult(value(i, r)), Plies: -1}
		if want.Result == surakarta.TableDraw {
			want.Plies = 0
		}
		if v := value(i, r); v != refDraw && (g.counts[i][0] == g.counts[i][1] || v != refAdjudicate(g.counts[i])) {
			// A result a capture decides: its conversion is the fewest
			// plies left from which it holds, which holds from then on.
			for want.Conversion = 1; value(i, want.Conversion) != v; want.Conversion++ {
			}
		}
		checked++
		if got != want {
			if bad++; bad <= 10 {
				t.Errorf("%v: tables %+v, reference %+v", p, got, want)
			}
		}
	}
	for i := range g.keys {
		if !testing.Short() || g.counts[i][0]+g.counts[i][1] <= 3 {
			for r := range testLimit + 1 {
				check(int32(i), r)
			}
		}
	}
	samples := 0
	if testing.Short() {
		samples = 1000
	}
	for range samples {
		i := int32(rng.IntN(len(g.keys)))
		for g.counts[i][0]+g.counts[i][1] < 4 {
			i = int32(rng.IntN(len(g.keys)))
		}
		check(i, rng.IntN(testLimit+1))
	}
	if bad > 0 {
		t.Errorf("%d of %d values differ", bad, checked)
	}
}
