package analysis_test

import (
	"fmt"

	"github.com/surakarta-go/surakarta/analysis"
)

func ExampleMoveAccuracy() {
	// The mover's winning chances before and after a move, in percent:
	// a move that keeps them, one that gives away 10 points, and one
	// that throws away a won game.
	for _, c := range [][2]float64{{62, 62}, {62, 52}, {95, 20}} {
		fmt.Printf("%.0f%% → %.0f%%: accuracy %.1f\n", c[0], c[1], analysis.MoveAccuracy(c[0], c[1]))
	}
	// Half a piece (40) up at the start, and level, as winning chances.
	fmt.Printf("%.1f%% %.1f%%\n", analysis.WinPercent(40, 24), analysis.WinPercent(0, 24))
	// Output:
	// 62% → 62%: accuracy 100.0
	// 62% → 52%: accuracy 64.6
	// 95% → 20%: accuracy 1.8
	// 83.8% 50.0%
}
