package level_test

import (
	"context"
	"fmt"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
)

// A game between level 2 (Black) and the greedy player (White): at a
// fixed seed the same moves every time, on every machine.
func ExampleNew() {
	black, err := level.New(2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	white := level.NewGreedy(1)
	g := surakarta.NewGame(surakarta.NewPosition())
	for !g.Outcome().Over {
		s := black
		if g.Position().SideToMove() == surakarta.White {
			s = white
		}
		r, err := s.Search(context.Background(), g, surakarta.Limits{})
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := g.Play(r.Move); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Ply(), "plies:", g.Outcome())
	_, err = level.New(level.Count+1, 1)
	fmt.Println(err)
	// Output:
	// 55 plies: Black wins (no pieces left)
	// level: no level 11 (want 1 to 10)
}

// The greedy player takes whatever it can: here Black's a2 takes b2 round
// the a1 loop.
func ExampleNewGreedy() {
	p, _ := surakarta.ParsePosition("w5/6/6/6/bw4/6 b")
	r, _ := level.NewGreedy(1).Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{})
	fmt.Println(r.Move, r.Move.IsCapture())
	// Output:
	// a2b2 true
}
