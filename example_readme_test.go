package surakarta_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/surakarta-go/surakarta"
)

// Example_readme is the program of README.md, "Use it as a library": a
// person's move, one refused, and the default engine's answer.
// TestReadmeProgram checks that README shows this body and this output.
func Example_readme() {
	g := surakarta.NewGame(surakarta.NewPosition()) // the start, Olympiad rules
	if err := g.PlayText("b2b3"); err != nil {
		log.Fatal(err)
	}
	err := g.PlayText("a6a4") // not a step, and no capture
	fmt.Println(errors.Is(err, surakarta.ErrIllegalMove), err)

	engine := surakarta.NewPVS(surakarta.NewNetwork()) // the default engine
	r, err := engine.Search(context.Background(), g, surakarta.Limits{Depth: 8})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Move, surakarta.FormatScore(r.Score), r.PV)
	if err := g.Play(r.Move); err != nil {
		log.Fatal(err)
	}
	fmt.Print(g.Position().Diagram())
	fmt.Println(g.Outcome())
	// Output:
	// true illegal move: a6a4: a step goes to a neighbouring point, and a4 is not next to a6
	// d5d4 +21 [d5d4 d2d3 e6d5 e1d2 f5f4 f2e3 e5e3 d1e3]
	// 6  w w w w w w
	// 5  w w w . w w
	// 4  . . . w . .
	// 3  . b . . . .
	// 2  b . b b b b
	// 1  b b b b b b
	//    a b c d e f
	// not over
}
