package surakarta_test

import (
	"testing"

	"github.com/surakarta-go/surakarta"
)

// perftFromStart is the published reference table (depths 1–5, agreed by
// several independent implementations) and, for depths 6–7, the figures of
// the plain C implementation in testdata/cperft.
var perftFromStart = []uint64{1, 16, 256, 5_382, 111_122, 2_572_484, 58_479_230, 1_442_032_302}

func TestPerft(t *testing.T) {
	p := surakarta.NewPosition()
	for depth := 0; depth <= 5; depth++ {
		if got := p.Perft(depth); got != perftFromStart[depth] {
			t.Errorf("Perft(%d) = %d, want %d", depth, got, perftFromStart[depth])
		}
	}
	if got := p.Perft(-1); got != 0 {
		t.Errorf("Perft(-1) = %d, want 0", got)
	}
}

func TestPerftParallel(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 5
	}
	p := surakarta.NewPosition()
	for _, workers := range []int{0, 1, 3} {
		if got := p.PerftParallel(depth, workers); got != perftFromStart[depth] {
			t.Errorf("PerftParallel(%d, %d) = %d, want %d", depth, workers, got, perftFromStart[depth])
		}
	}
	for _, text := range middleGames(t) {
		p := mustParse(t, text)
		if serial, parallel := p.Perft(4), p.PerftParallel(4, 2); serial != parallel {
			t.Errorf("%s: Perft(4) = %d but PerftParallel(4, 2) = %d", text, serial, parallel)
		}
	}
}

// BenchmarkPerft measures single-threaded perft from the start. Compare it
// with the C baseline in the same run: bash testdata/cperft/run.sh 6.
func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{5, 6} {
		b.Run("depth="+string(rune('0'+depth)), func(b *testing.B) {
			p := surakarta.NewPosition()
			var leaves uint64
			for b.Loop() {
				leaves += p.Perft(depth)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkPerftParallel measures perft 6 from the start on all cores.
func BenchmarkPerftParallel(b *testing.B) {
	p := surakarta.NewPosition()
	var leaves uint64
	for b.Loop() {
		leaves += p.PerftParallel(6, 0)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkLegalMoves generates the moves of each fixed middle-game position
// into a reused slice: one op is the whole set.
func BenchmarkLegalMoves(b *testing.B) {
	positions := middleGamePositions(b)
	buf := make([]surakarta.Move, 0, surakarta.MaxMoves)
	var n int
	b.ReportAllocs()
	for b.Loop() {
		for i := range positions {
			n += len(positions[i].AppendLegalMoves(buf[:0]))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/position")
	_ = n
}

// BenchmarkCountMoves counts the moves of each middle-game position.
func BenchmarkCountMoves(b *testing.B) {
	positions := middleGamePositions(b)
	var n int
	b.ReportAllocs()
	for b.Loop() {
		for i := range positions {
			n += positions[i].CountMoves()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/position")
	_ = n
}
