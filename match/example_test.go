package match_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/match"
)

// An engine spec names a searcher and an evaluator, then any parameters
// that differ from the defaults.
func ExampleParseEngine() {
	e, err := match.ParseEngine("PVS, endgame, threads=2, table=4")
	if err != nil {
		panic(err)
	}
	s := e.New().(*surakarta.PVS)
	fmt.Println(e.Name)
	fmt.Println(s.Threads, s.TableMegabytes)

	_, err = match.ParseEngine("alphabeta,sixfactor,table=4")
	fmt.Println(err)
	// Output:
	// pvs,endgame,threads=2,table=4
	// 2 4
	// match: engine "alphabeta,sixfactor,table=4": option "table" is for pvs only
}

// Counts print the way fastchess and fishtest print game results (these
// numbers are checked against an independent computation in
// TestCountsString).
func ExampleCounts_String() {
	fmt.Println(match.Counts{Wins: 41, Draws: 20, Losses: 19})
	// Output:
	// W-D-L 41-20-19, score 63.8%, Elo +98.1 ± 68.7 (+33.1, +170.6), LOS 99.8%
}

// An SPRT on pentanomial pair counts: 25 pairs are far too few to decide
// whether A is 10 Elo stronger (the LLR, 0.198, is checked against an
// independent computation in TestLLRPentanomial).
func ExampleSPRT() {
	sprt := match.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	pairs := match.Pentanomial{1, 5, 10, 7, 2} // LL, LD, WL or DD, WD, WW
	lower, upper := sprt.Bounds()
	llr := sprt.LLR(pairs)
	fmt.Printf("LLR %.3f in (%.3f, %.3f): %v\n", llr, lower, upper, sprt.Decide(llr))
	// Output:
	// LLR 0.198 in (-2.944, 2.944): undecided
}

// A match of four games at depth 2: two openings, each played twice with
// the colours swapped. With a RecordFile it could be stopped and resumed.
// The Outcome prints as the match's summary line: far too few games for
// the SPRT to decide.
func ExampleRun() {
	a, _ := match.ParseEngine("pvs,endgame")
	b, _ := match.ParseEngine("alphabeta,sixfactor")
	out, err := match.Run(context.Background(), match.Config{
		A: a, B: b,
		Games:       4,
		Limits:      surakarta.Limits{Depth: 2},
		Concurrency: 1,
		SPRT:        &match.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05},
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
	a, _ := match.ParseEngine("pvs,endgame")
	b, _ := match.ParseEngine("alphabeta,sixfactor")
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

// The zero SPRT tests nothing; Validate says why.
func ExampleSPRT_Validate() {
	fmt.Println(match.SPRT{}.Validate())
	fmt.Println(match.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}.Validate())
	// Output:
	// match: invalid config: SPRT: Elo0 0 is not below Elo1 0
	// <nil>
}

// Pairs of games are counted by A's total score in the pair; a score that
// no game can have is an error.
func ExamplePentanomial_Add() {
	var p match.Pentanomial
	for _, pair := range [][2]float64{{1, 0.5}, {1, 0}, {0.5, 0.5}, {1, 1}} {
		if err := p.Add(pair[0], pair[1]); err != nil {
			panic(err)
		}
	}
	fmt.Println(p.Pairs(), "pairs:", [5]int(p))
	fmt.Println(p)
	fmt.Println(p.Add(0.7, 1))
	// Output:
	// 4 pairs: [0 0 2 1 1]
	// pairs 0-0-2-1-1, pair Elo +137.0 ± 187.6 (-10.9, +364.3)
	// match: invalid game score: Pentanomial.Add(0.7, 1): a game score is 0, 0.5 or 1
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

// Elo differences and expected scores convert into each other.
func ExampleEloFromScore() {
	fmt.Printf("%.1f\n", match.EloFromScore(0.75))
	fmt.Printf("%.3f\n", match.ScoreFromElo(100))
	fmt.Println(match.EloFromScore(1))
	// Output:
	// 190.8
	// 0.640
	// +Inf
}
