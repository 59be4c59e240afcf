// Command perft prints the perft table of a Surakarta position (by default
// the start) with the time and speed of each depth.
//
//	go run ./examples/perft                 # depths 1–6 from the start, all cores
//	go run ./examples/perft -depth 7        # up to depth 7
//	go run ./examples/perft -concurrency 1  # single-threaded
//	go run ./examples/perft -position "6/1w4/6/6/bw4/6 b" -depth 8
//
// Only the public API of package surakarta is used: copy the file and
// change it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/surakarta-go/surakarta"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: perft [flags]

Perft counts the leaves of the legal-move tree of a position (-position,
default the start) at each depth up to -depth, with the time and speed of
each, dividing the tree between -concurrency goroutines.

A position is written as in "6/1w4/6/6/bw4/6 b": the ranks from 6 down to 1
separated by '/', b and w for pieces and a digit for empty points, then the
side to move (go doc github.com/surakarta-go/surakarta.ParsePosition).

flags:
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("perft", flag.ContinueOnError)
	flags.SetOutput(io.Discard) // the messages are run's own
	depth := flags.Int("depth", 6, "deepest depth to count, 1 to 12")
	concurrency := flags.Int("concurrency", 0, "subtrees of the tree counted at once (0 = all cores)")
	position := flags.String("position", surakarta.StartText, "the `position`, a position text such as \"6/1w4/6/6/bw4/6 b\" (go doc github.com/surakarta-go/surakarta.ParsePosition)")
	bad := func(err error) int {
		fmt.Fprintln(stderr, "perft:", err)
		fmt.Fprintln(stderr, "Run perft -h for help.")
		return 2
	}
	if err := flags.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		flags.SetOutput(stdout)
		flags.PrintDefaults()
		return 0
	} else if err != nil {
		return bad(err)
	}
	if flags.NArg() > 0 {
		return bad(fmt.Errorf("unexpected argument %q (give the position with -position)", flags.Arg(0)))
	}
	p, err := surakarta.ParsePosition(*position)
	if err != nil {
		return bad(err)
	}
	if *depth < 1 || *depth > 12 {
		return bad(fmt.Errorf("-depth %d: want 1 to 12", *depth))
	}
	if *concurrency < 0 {
		return bad(fmt.Errorf("-concurrency %d: want 0 (all cores) or more", *concurrency))
	}
	n := *concurrency
	if n == 0 {
		n = runtime.GOMAXPROCS(0)
	}
	fmt.Fprintf(stdout, "perft of %v with %d worker(s)\n", p, n)
	fmt.Fprintf(stdout, "%5s %16s %12s %16s\n", "depth", "leaves", "time", "leaves/s")
	for d := 1; d <= *depth; d++ {
		start := time.Now()
		var leaves uint64
		if n == 1 {
			leaves = p.Perft(d)
		} else {
			leaves = p.PerftParallel(d, n)
		}
		elapsed := time.Since(start)
		fmt.Fprintf(stdout, "%5d %16d %12v %16.0f\n", d, leaves, elapsed.Round(time.Microsecond), float64(leaves)/elapsed.Seconds())
	}
	return 0
}
