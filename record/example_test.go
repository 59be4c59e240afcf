package record_test

import (
	"fmt"
	"strings"

	"github.com/surakarta-go/surakarta/record"
)

func ExampleParse() {
	text := `[Black "Alice"]
[White "Bob"]
[Result "0-1"]
[Reason "resignation"]

1. b2b3 e5e4 2. a2a3 0-1
`
	r, err := record.Parse(text)
	if err != nil {
		fmt.Println(err)
		return
	}
	black, _ := r.Header("Black")
	fmt.Println(black, "played Black;", r.Game.Ply(), "plies:", r.Game.Moves())
	fmt.Println(r.Game.Outcome())

	// An illegal move is reported with its line and ply.
	_, err = record.Parse("[Result \"*\"]\n\n1. b2b3 e5e4 2. a2a4 *\n")
	fmt.Println(err)
	// Output:
	// Alice played Black; 3 plies: [b2b3 e5e4 a2a3]
	// White wins (resignation)
	// invalid record: line 3: ply 3: a2a4: illegal move: a2a4: a step goes to a neighbouring point, and a4 is not next to a2
}

func ExampleReadAll() {
	text := `[Round "1"]
[Result "*"]

1. b2b3 *

[Round "2"]
[Result "1/2-1/2"]
[Reason "repetition"]

1. a2a3 a5a4 2. a3a2 a4a5 1/2-1/2
`
	records, err := record.ReadAll(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range records {
		round, _ := r.Header("Round")
		fmt.Println("round", round+":", r.Result, r.Game.Outcome())
	}
	// Output:
	// round 1: * not over
	// round 2: 1/2-1/2 draw (repetition)
}
