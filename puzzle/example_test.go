package puzzle_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/puzzle"
)

// A file of puzzles, read and solved move by move as a player would.
func Example() {
	file := `# position; solution; kind; difficulty; ply; source
6/6/6/6/1w4/1b2b1 b 0 40; b1b2; game; 1; 77; a made-up ending
`
	puzzles, err := puzzle.Read(strings.NewReader(file))
	if err != nil {
		log.Fatal(err)
	}
	p := puzzles[0]
	fmt.Println(p.Solver(), "to move and", p.Theme())
	g := p.Game()
	for _, try := range []string{"b1c1", "e1b2"} {
		m, err := g.Position().Legal(mustMove(try))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(try, p.Accepts(g, 0, m))
	}
	fmt.Println("the solution:", p.Solution[0])
	// Output:
	// Black to move and wins the game
	// b1c1 false
	// e1b2 true
	// the solution: b1b2
}

func mustMove(text string) surakarta.Move {
	m, err := surakarta.ParseMove(text)
	if err != nil {
		log.Fatal(err)
	}
	return m
}
