package puzzle

import (
	_ "embed"
	"fmt"
	"strings"
)

// published is the published set, made from the engine's own games by
// the module's experiments/cmd/puzzles (docs/puzzles.md tells how).
//
//go:embed published.txt
var published string

// Published returns the published puzzle set: puzzles from the engine's
// own games, each verified by a deeper search and the endgame tables and
// rated (Difficulty), ordered by difficulty. docs/puzzles.md tells how
// they were made, and counts them by difficulty.
func Published() []Puzzle {
	ps, err := Read(strings.NewReader(published))
	if err != nil {
		panic(fmt.Sprintf("puzzle: the published set is invalid: %v", err)) // its test keeps it valid
	}
	return ps
}
