package ugi_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/ugi"
)

// ExampleServe makes an engine program of a searcher of your own: here
// PVS with an evaluator that counts pieces. A real program serves its
// standard input and output, ugi.Serve(ctx, os.Stdin, os.Stdout,
// engine); this example feeds it a few commands and prints its answers
// but the info lines, whose speeds and times vary.
func ExampleServe() {
	material := surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
		us := p.SideToMove()
		return 40 * (p.Count(us) - p.Count(us.Other()))
	})
	searcher := surakarta.NewPVS(material)
	engine := ugi.Engine{
		Name:     "material",
		Author:   "an example",
		Searcher: func() surakarta.Searcher { return searcher }, // one searcher, which keeps its table
	}

	commands := "ugi\nisready\nposition fen 6/6/6/w5/6/2b3 b 0 1\ngo depth 3\n"
	var answers strings.Builder
	if err := ugi.Serve(context.Background(), strings.NewReader(commands), &answers, engine); err != nil {
		log.Fatal(err)
	}
	for line := range strings.Lines(answers.String()) {
		if !strings.HasPrefix(line, "info ") {
			fmt.Print(line)
		}
	}
	// Output:
	// id name material
	// id author an example
	// option name MoveOverhead type spin default 20 min 0 max 10000
	// option name QuietPlyLimit type spin default 50 min 0 max 1000000
	// option name RepetitionLimit type spin default 2 min 0 max 1000000
	// option name MultiPV type spin default 1 min 1 max 112
	// option name Ponder type check default false
	// option name UCI_ShowWDL type check default false
	// option name Clear Hash type button
	// ugiok
	// readyok
	// bestmove c1a3
}
