package ugi_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/ugi"
)

// Example plays a move of the module's engine program, cmd/surakarta, as
// installed on PATH, through UGI: a search to a fixed depth with one
// thread, which gives the same move every time.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	engine, err := ugi.Start(ctx, "surakarta")
	if err != nil {
		log.Fatal(err)
	}
	defer engine.Close()
	if err := engine.SetOption(ctx, "Threads", "1"); err != nil {
		log.Fatal(err)
	}
	if err := engine.NewGame(ctx); err != nil {
		log.Fatal(err)
	}

	g := surakarta.NewGame(surakarta.NewPosition())
	if err := g.PlayText("b2b3"); err != nil {
		log.Fatal(err)
	}
	if err := engine.Position(ctx, g.StartPosition(), g.Moves()); err != nil {
		log.Fatal(err)
	}
	res, err := engine.Go(ctx, ugi.GoParams{Limits: surakarta.Limits{Depth: 4}}, func(in surakarta.Info) {
		fmt.Printf("depth %d score %d pv %v\n", in.Depth, in.Score, in.PV)
	})
	if err != nil {
		log.Fatal(err)
	}
	move, err := g.Position().Legal(res.Move) // the rules judge the engine's move
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("bestmove", move)
	// Output:
	// depth 1 score 13 pv [d5d4]
	// depth 2 score 9 pv [d5d4 d2d3]
	// depth 3 score 26 pv [d5d4 d2d3 e6d5]
	// depth 4 score 5 pv [d5d4 d2d3 e6d5 e1d2]
	// bestmove d5d4
}
