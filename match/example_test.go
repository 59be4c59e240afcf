package match_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/match"
)

// A match of four games at depth 2: two openings, each played twice with
// the colours swapped. With a RecordFile it could be stopped and resumed.
// The Outcome prints as the match's summary line: far too few games for
// the SPRT to decide.
func ExampleRun() {
	a, _ := enginespec.Parse("pvs,endgame")
	b, _ := enginespec.Parse("alphabeta,sixfactor")
	out, err := match.Run(context.Background(), match.Config{
		A: a, B: b,
		Games:       4,
		Limits:      surakarta.Limits{Depth: 2},
		Concurrency: 1,
		SPRT:        &elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Counts.Games(), "games,", out.Pentanomial.Pairs(), "pairs")
	fmt.Println(out)
	// Output:
	// 4 games, 2 pairs
	// W-D-L 2-2-0, score 75.0%, Elo +190.8 ± 458.0 (+3.5, +919.4), LOS 92.1%, pairs 0-0-1-0-1, pair Elo +190.8 ± Inf (-67.9, +Inf), SPRT [0, 10] LLR 0.06 (-2.94, 2.94) undecided
}

// Validate checks a Config before a match starts; Run does the same. Each
// opening is played twice, so the number of games must be even.
func ExampleConfig_Validate() {
	a, _ := enginespec.Parse("pvs,endgame")
	b, _ := enginespec.Parse("alphabeta,sixfactor")
	cfg := match.Config{A: a, B: b, Games: 3, Limits: surakarta.Limits{Depth: 2}}
	err := cfg.Validate()
	fmt.Println(errors.Is(err, match.ErrInvalidConfig))
	fmt.Println(err)

	cfg.Games = 4
	cfg.Limits.Nodes = -5
	fmt.Println(cfg.Validate())
	// Output:
	// true
	// match: invalid config: Games 3 is odd: each opening is played twice, with the colours swapped, so the number of games must be even
	// match: invalid config: Limits: invalid search limits: Nodes -5 is negative
}

// The openings of a match are random but seeded: the same seed gives the
// same openings.
func ExampleOpenings() {
	openings, err := match.Openings(1, 4, 2)
	if err != nil {
		panic(err)
	}
	for _, p := range openings {
		fmt.Println(p)
	}
	// Output:
	// wwwwww/2wwww/w1w3/1b1b2/1b1bbb/bbbbbb b 4 3
	// wwwwww/wwww1w/6/1b1b1w/b1b1bb/bbbbbb b 4 3
}

// LimitsText names the per-move limits in the TimeControl header of the
// records.
func ExampleLimitsText() {
	fmt.Println(match.LimitsText(surakarta.Limits{MoveTime: 100 * time.Millisecond}))
	fmt.Println(match.LimitsText(surakarta.Limits{Depth: 6, Nodes: 50000}))
	fmt.Println(match.LimitsText(surakarta.Limits{}))
	// Output:
	// 100ms/move
	// 50000 nodes/move, depth 6
	// default
}
