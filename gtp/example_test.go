package gtp_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/gtp"
)

// Example drives the module's engine program, cmd/surakarta, as installed
// on PATH, through GTP: a move in a position with one legal move, and the
// score of a game that a capture ends.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	engine, err := gtp.Start(ctx, "surakarta", "-gtp")
	if err != nil {
		log.Fatal(err)
	}
	defer engine.Close()
	name, err := engine.Name(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(name)

	// Black's a1 can only step to b2.
	p, err := surakarta.ParsePosition("6/6/6/6/w5/bw4 b")
	if err != nil {
		log.Fatal(err)
	}
	if err := engine.SetPosition(ctx, p); err != nil {
		log.Fatal(err)
	}
	m, err := engine.GenMove(ctx, surakarta.Black)
	if err != nil {
		log.Fatal(err)
	}
	move, err := p.Legal(m) // the rules judge the engine's move
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("genmove", move)

	// Black's c1 captures White's last piece, round the loop at a1.
	p, err = surakarta.ParsePosition("6/6/6/w5/6/2b3 b")
	if err != nil {
		log.Fatal(err)
	}
	if err := engine.SetPosition(ctx, p); err != nil {
		log.Fatal(err)
	}
	if err := engine.Play(ctx, surakarta.Black, surakarta.NewMove(surakarta.C1, surakarta.A3)); err != nil {
		log.Fatal(err)
	}
	winner, draw, err := engine.FinalScore(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("winner", winner, "draw", draw)
	// Output:
	// surakarta
	// genmove a1b2
	// winner Black draw false
}
