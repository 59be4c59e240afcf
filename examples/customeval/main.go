// Command customeval shows how to write your own evaluator on top of the
// library's terms: SixFactor plus a bonus for spreading out (pieces on many
// different files and ranks are harder to trap and cover more circuit
// lines). It prints the terms of both sides for a position beside
// SixFactor's, and both scores.
//
//	go run ./examples/customeval                         # a position at move 19
//	go run ./examples/customeval "6/1w4/6/6/bw4/6 b"     # any position
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strings"

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
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: customeval [position]

Customeval prints the six-factor terms of both sides of a position (default:
a position at move 19) and the scores of SixFactor and of Spread, an
evaluator that adds a bonus for the files and ranks a side occupies.

A position is written as in "6/1w4/6/6/bw4/6 b": the ranks from 6 down to 1
separated by '/', b and w for pieces and a digit for empty points, then the
side to move (go doc github.com/surakarta-go/surakarta.ParsePosition).
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("customeval", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	bad := func(err error) int {
		fmt.Fprintln(stderr, "customeval:", err)
		fmt.Fprintln(stderr, "Run customeval -h for help.")
		return 2
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		return bad(err)
	}
	text := "1w1w1w/1wb2b/w3ww/1w2wb/b2bbb/bbb1b1 b 5 19"
	if flags.NArg() > 0 {
		text = strings.Join(flags.Args(), " ")
	}
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		return bad(err)
	}
	six, spread := surakarta.NewSixFactor(), NewSpread()
	var _ surakarta.Evaluator = spread // Spread is an Evaluator

	fmt.Fprint(stdout, p.Diagram())
	fmt.Fprintf(stdout, "%v to move, %v\n\n", p.SideToMove(), p.Phase())
	black, white := six.Terms(&p, surakarta.Black), six.Terms(&p, surakarta.White)
	w := six.Weights
	fmt.Fprintf(stdout, "%-24s %6s %6s %7s\n", "term", "Black", "White", "weight")
	row := func(name string, b, wh int, weight string) {
		line := fmt.Sprintf("%-24s %6d %6d %7s", name, b, wh, weight)
		fmt.Fprintln(stdout, strings.TrimRight(line, " "))
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
	fmt.Fprintf(stdout, "\nscore for %v: SixFactor %d, Spread %d\n", p.SideToMove(), six.Evaluate(&p), spread.Evaluate(&p))
	return 0
}
