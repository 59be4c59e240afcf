package surakarta_test

import (
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// BenchmarkEvaluate evaluates each fixed middle-game position. Its target is
// the cost of BenchmarkEvaluate/baseline, which generates the legal moves of
// both sides of each position once: an evaluation must cost no more.
func BenchmarkEvaluate(b *testing.B) {
	positions := middleGamePositions(b)
	var flipped []surakarta.Position // the same placements, other side to move
	for _, p := range positions {
		fields := strings.Fields(p.String()) // ranks, side, quiet plies, move number
		fields[1] = map[string]string{"b": "w", "w": "b"}[fields[1]]
		flipped = append(flipped, mustParse(b, strings.Join(fields, " ")))
	}
	buf := make([]surakarta.Move, 0, surakarta.MaxMoves)
	b.Run("baseline", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for i := range positions {
				n += len(positions[i].AppendLegalMoves(buf[:0])) + len(flipped[i].AppendLegalMoves(buf[:0]))
			}
		}
		perPosition(b, len(positions))
	})
	for _, ev := range []struct {
		name string
		e    surakarta.Evaluator
	}{
		{"sixfactor", surakarta.NewSixFactor()},
		{"endgame", surakarta.NewEndgameAdjusted()},
		{"phased", surakarta.NewPhased(surakarta.NewSixFactor())},
		{"tuned", surakarta.NewTuned()},
		{"network", surakarta.NewNetwork()},
	} {
		b.Run(ev.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for i := range positions {
					n += ev.e.Evaluate(&positions[i])
				}
			}
			perPosition(b, len(positions))
		})
	}
}

func perPosition(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/position")
}
