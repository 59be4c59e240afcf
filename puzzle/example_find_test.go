package puzzle_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/puzzle"
)

// The puzzles of a game: analyse it, make the puzzles of its mistakes,
// and keep those that a search two plies deeper confirms.
func ExampleFromReport() {
	data, err := os.ReadFile("testdata/game.txt")
	if err != nil {
		log.Fatal(err)
	}
	rec, err := record.Parse(string(data))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	engine := surakarta.NewPVS(surakarta.NewNetwork())
	limits := surakarta.Limits{Depth: 8} // a fixed depth: the same puzzles on every machine
	report, err := analysis.Game(ctx, rec.Game, engine, analysis.Options{Limits: limits})
	if err != nil {
		log.Fatal(err)
	}
	found, err := puzzle.FromReport(ctx, rec.Game, report, engine, puzzle.Options{Limits: limits, Source: "game.txt"})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range found {
		err := puzzle.Verify(ctx, p, engine, puzzle.VerifyOptions{Limits: surakarta.Limits{Depth: 10}})
		fmt.Printf("ply %d: %v %s, %v: verified %v\n", p.Ply, p.Solver(), p.Theme(), p.Solution, err == nil)
	}
	// Output:
	// ply 2: Black wins a piece, [c1b3]: verified true
}
