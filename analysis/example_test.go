package analysis_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
)

// The analysis of eight plies in which Black's third move, b2a3, loses a
// piece: White's b4a2 takes one at once. PVS on one thread to a fixed
// depth finds the same on every machine.
func ExampleGame() {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2c3", "a5b4", "b1b2", "b5c4", "b2a3", "b4a2", "f2e3", "b6b5"} {
		if err := g.PlayText(m); err != nil {
			log.Fatal(err)
		}
	}
	engine := surakarta.NewPVS(surakarta.NewTuned())
	engine.Threads = 1
	report, err := analysis.Game(context.Background(), g, engine, analysis.Options{
		Limits: surakarta.Limits{Depth: 4},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, a := range report.Moves {
		fmt.Printf("%d. %v %v: %s\n", a.Ply, a.Mover, a.Move, a.Comment())
	}
	for _, side := range []surakarta.Color{surakarta.Black, surakarta.White} {
		s := report.Summary(side)
		fmt.Printf("%v: average loss %.1f; inaccuracies %d, mistakes %d, blunders %d\n",
			side, s.AverageLoss, s.Count(analysis.Inaccuracy), s.Count(analysis.Mistake), s.Count(analysis.Blunder))
	}
	// Output:
	// 1. Black b2c3: +19 → +29, best
	// 2. White a5b4: -29 → -29, best
	// 3. Black b1b2: +29 → +40, best
	// 4. White b5c4: -40 → -22, good; best b6a5
	// 5. Black b2a3: +22 → -84, blunder; best a2a3 (a2a3 b6b5 f2e3 f5e4)
	// 6. White b4a2: +84 → +92, best
	// 7. Black f2e3: -92 → -117, inaccuracy; best a1b1 (a1b1 f5e4 c3d4 e6f5)
	// 8. White b6b5: +117 → +117, best
	// Black: average loss 32.8; inaccuracies 1, mistakes 0, blunders 1
	// White: average loss 0.0; inaccuracies 0, mistakes 0, blunders 0
}

// The annotated record of a short game: the comments stand after the
// moves, and the Annotator header says how the game was analysed.
func ExampleReport_Annotate() {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2c3", "a5b4", "b1b2", "b5c4", "b2a3", "b4a2"} {
		if err := g.PlayText(m); err != nil {
			log.Fatal(err)
		}
	}
	engine := surakarta.NewPVS(surakarta.NewTuned())
	engine.Threads = 1
	report, err := analysis.Game(context.Background(), g, engine, analysis.Options{
		Limits: surakarta.Limits{Depth: 4},
	})
	if err != nil {
		log.Fatal(err)
	}
	rec, err := report.Annotate(record.New(g, record.Header{Name: "Annotator", Value: "pvs,tuned, depth 4"}))
	if err != nil {
		log.Fatal(err)
	}
	if _, err := rec.WriteTo(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// [Annotator "pvs,tuned, depth 4"]
	// [Rules "quiet=50 repetition=2"]
	// [Position "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"]
	// [Result "*"]
	//
	// 1. b2c3 {+19 → +29, best} 1... a5b4 {-29 → -29, best} 2. b1b2 {+29 → +40,
	// best} 2... b5c4 {-40 → -22, good; best b6a5} 3. b2a3?? {+22 → -84, blunder;
	// best a2a3 (a2a3 b6b5 f2e3 f5e4)} (3. a2a3 b6b5 4. f2e3 f5e4) 3... b4a2 {+84 →
	// +92, best} *
}
