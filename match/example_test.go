package match_test

import (
	"context"
	"fmt"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/match"
)

// An engine spec names a searcher and an evaluator, then any parameters
// that differ from the defaults.
func ExampleParseEngine() {
	e, err := match.ParseEngine("PVS, endgame, nullmove=off, table=4")
	if err != nil {
		panic(err)
	}
	s := e.New().(*surakarta.PVS)
	fmt.Println(e.Name)
	fmt.Println(s.NullMove, s.TableMegabytes)

	_, err = match.ParseEngine("alphabeta,sixfactor,lmr=off")
	fmt.Println(err)
	// Output:
	// pvs,endgame,nullmove=off,table=4
	// false 4
	// match: engine "alphabeta,sixfactor,lmr=off": option "lmr" is for pvs only
}

// Summary prints game counts the way fastchess and fishtest do (these
// numbers are checked against an independent computation in TestSummary).
func ExampleSummary() {
	fmt.Println(match.Summary(match.Counts{Wins: 41, Draws: 20, Losses: 19}))
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
	// LLR 0.198 in (-2.944, 2.944): Continue
}

// A match of four games at depth 2: two openings, each played twice with
// the colours swapped. With a RecordFile it could be stopped and resumed.
func ExampleRun() {
	a, _ := match.ParseEngine("pvs,endgame")
	b, _ := match.ParseEngine("alphabeta,sixfactor")
	out, err := match.Run(context.Background(), match.Config{
		A: a, B: b,
		Games:       4,
		Limits:      surakarta.Limits{Depth: 2},
		Concurrency: 1,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Counts.Games(), "games,", out.Pentanomial.Pairs(), "pairs")
	// Output:
	// 4 games, 2 pairs
}
