// Command customeval shows how to write your own evaluator on top of the
// library's terms: SixFactor plus a bonus for spreading out (pieces on many
// different files and ranks are harder to trap and cover more circuit
// lines). It prints the terms of both sides for a position beside
// SixFactor's, and both scores.
//
//	go run ./examples/customeval                         # a middle-game position
//	go run ./examples/customeval "6/1w4/6/6/bw4/6 b"     # any position
package main

import (
	"fmt"
	"math/bits"
	"os"

	"github.com/surakarta-go/surakarta"
)

// Spread is SixFactor plus SpreadWeight points for every file and every
// rank on which the side has a piece.
type Spread struct {
	surakarta.SixFactor
	SpreadWeight int
}

// NewSpread returns the spread-out evaluator with the paper's six-factor
// weights and a spread weight of 3.
func NewSpread() *Spread { return &Spread{SixFactor: *surakarta.NewSixFactor(), SpreadWeight: 3} }

// Lines returns the number of files plus the number of ranks on which c has
// a piece.
func Lines(p *surakarta.Position, c surakarta.Color) int {
	var files, ranks uint
	for s := range p.Pieces(c).All() {
		files |= 1 << s.File()
		ranks |= 1 << s.Rank()
	}
	return bits.OnesCount(files) + bits.OnesCount(ranks)
}

// Value returns the value of side c: its six-factor value plus the bonus.
func (e *Spread) Value(p *surakarta.Position, c surakarta.Color) int {
	return e.SixFactor.Value(p, c) + e.SpreadWeight*Lines(p, c)
}

// Evaluate implements surakarta.Evaluator.
func (e *Spread) Evaluate(p *surakarta.Position) int {
	us := p.SideToMove()
	return e.Value(p, us) - e.Value(p, us.Other())
}

func main() {
	text := "1w1w1w/1wb2b/w3ww/1w2wb/b2bbb/bbb1b1 b 5 19"
	if len(os.Args) > 1 {
		text = os.Args[1]
	}
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		fmt.Fprintln(os.Stderr, "customeval:", err)
		os.Exit(2)
	}
	six, spread := surakarta.NewSixFactor(), NewSpread()
	var _ surakarta.Evaluator = spread // Spread is an Evaluator

	fmt.Print(p.Diagram())
	fmt.Printf("%v to move, %v\n\n", p.SideToMove(), p.Phase())
	black, white := six.Terms(&p, surakarta.Black), six.Terms(&p, surakarta.White)
	w := six.Weights
	fmt.Printf("%-24s %6s %6s %7s\n", "term", "Black", "White", "weight")
	row := func(name string, b, wh int, weight string) {
		fmt.Printf("%-24s %6d %6d %7s\n", name, b, wh, weight)
	}
	row("N pieces", black.Pieces, white.Pieces, fmt.Sprint(w.Pieces))
	row("M steps", black.Steps, white.Steps, fmt.Sprint(w.Steps))
	row("C captures", black.Captures, white.Captures, "in A")
	row("A attack = M + C", black.Attack, white.Attack, fmt.Sprint(w.Attack))
	row("P point values", black.Points, white.Points, fmt.Sprint(w.Points))
	row("O loops held", black.LoopsHeld, white.LoopsHeld, "in Arc")
	row("E loops left by enemy", black.LoopsDenied, white.LoopsDenied, "in Arc")
	row("Arc = 5·O + 5·E", black.Arc, white.Arc, fmt.Sprint(w.Arc))
	row("SixFactor value", w.Value(black), w.Value(white), "")
	row("files + ranks held", Lines(&p, surakarta.Black), Lines(&p, surakarta.White), fmt.Sprint(spread.SpreadWeight))
	row("Spread value", spread.Value(&p, surakarta.Black), spread.Value(&p, surakarta.White), "")
	fmt.Printf("\nscore for %v: SixFactor %d, Spread %d\n", p.SideToMove(), six.Evaluate(&p), spread.Evaluate(&p))
}
