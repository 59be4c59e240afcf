package elo_test

import (
	"fmt"

	"github.com/surakarta-go/surakarta/elo"
)

// A match of paired games, judged as it goes: each opening is played
// twice with the colours swapped, every game counts in Counts, every pair
// in the Pentanomial, and the SPRT looks at the pairs after each one.
func Example() {
	// A's score in each game, the two games of a pair one after the other.
	scores := []float64{1, 0.5, 0.5, 0.5, 1, 0, 1, 1, 0, 0.5, 1, 0.5}
	sprt := elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	var games elo.Counts
	var pairs elo.Pentanomial
	for i := 0; i < len(scores); i += 2 {
		if err := games.Add(scores[i]); err != nil {
			panic(err)
		}
		if err := games.Add(scores[i+1]); err != nil {
			panic(err)
		}
		if err := pairs.Add(scores[i], scores[i+1]); err != nil {
			panic(err)
		}
	}
	llr := sprt.LLR(pairs)
	fmt.Println(games)
	fmt.Println(pairs)
	fmt.Printf("LLR %.2f: %v\n", llr, sprt.Decide(llr))
	// Output:
	// W-D-L 5-5-2, score 62.5%, Elo +88.7 ± 164.9 (-55.5, +274.4), LOS 87.2%
	// pairs 0-1-2-2-1, pair Elo +88.7 ± 152.9 (-46.5, +259.4)
	// LLR 0.17: undecided
}

// Counts print the way fastchess and fishtest print game results (these
// numbers are checked against an independent computation in
// TestCountsString).
func ExampleCounts_String() {
	fmt.Println(elo.Counts{Wins: 41, Draws: 20, Losses: 19})
	// Output:
	// W-D-L 41-20-19, score 63.8%, Elo +98.1 ± 68.7 (+33.1, +170.6), LOS 99.8%
}

// The Elo estimate of game results is a value with its interval, to use
// as it is or to print.
func ExampleCounts_Elo() {
	c := elo.Counts{Wins: 41, Draws: 20, Losses: 19}
	e := c.Elo()
	fmt.Printf("%.1f in [%.1f, %.1f]; LOS %.3f\n", e.Diff, e.Low, e.High, c.LOS())
	// Output:
	// 98.1 in [33.1, 170.6]; LOS 0.998
}

// An SPRT on pentanomial pair counts: 25 pairs are far too few to decide
// whether A is 10 Elo stronger (the LLR, 0.198, is checked against an
// independent computation in TestLLRPentanomial).
func ExampleSPRT() {
	sprt := elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	pairs := elo.Pentanomial{1, 5, 10, 7, 2} // LL, LD, WL or DD, WD, WW
	lower, upper := sprt.Bounds()
	llr := sprt.LLR(pairs)
	fmt.Printf("LLR %.3f in (%.3f, %.3f): %v\n", llr, lower, upper, sprt.Decide(llr))
	// Output:
	// LLR 0.198 in (-2.944, 2.944): undecided
}

// The zero SPRT tests nothing; Validate says why.
func ExampleSPRT_Validate() {
	fmt.Println(elo.SPRT{}.Validate())
	fmt.Println(elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}.Validate())
	// Output:
	// elo: invalid SPRT: Elo0 0 is not below Elo1 0
	// <nil>
}

// Pairs of games are counted by A's total score in the pair; a score that
// no game can have is an error.
func ExamplePentanomial_Add() {
	var p elo.Pentanomial
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
	// elo: invalid game score: Pentanomial.Add(0.7, 1): a game score is 0, 0.5 or 1
}

// Elo differences and expected scores convert into each other.
func ExampleFromScore() {
	fmt.Printf("%.1f\n", elo.FromScore(0.75))
	fmt.Printf("%.3f\n", elo.ExpectedScore(100))
	fmt.Println(elo.FromScore(1))
	// Output:
	// 190.8
	// 0.640
	// +Inf
}
