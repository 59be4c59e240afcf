// Command analyze searches a Surakarta position and prints one line per
// completed depth (depth, selective depth, score, nodes, nodes/s, principal
// variation), then the best move.
//
//	go run ./examples/analyze                                  # the start, 3 s, PVS + Tuned
//	go run ./examples/analyze -movetime 10s "6/1w4/6/6/bw4/6 b"
//	go run ./examples/analyze -searcher alphabeta -depth 6
//	go run ./examples/analyze -eval sixfactor
//	go run ./examples/analyze -threads 2 -contempt 20
//
// A position is written as in "6/1w4/6/6/bw4/6 b": the ranks from 6 down
// to 1 separated by '/', b and w for pieces and a digit for empty points,
// then the side to move (go doc github.com/surakarta-go/surakarta.ParsePosition).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: analyze [flags] [position]

Analyze searches a position (default: the start) and prints one line per
completed depth, then the best move.

A position is written as in "6/1w4/6/6/bw4/6 b": the ranks from 6 down to 1
separated by '/', b and w for pieces and a digit for empty points, then the
side to move (go doc github.com/surakarta-go/surakarta.ParsePosition).

flags:
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments, 1 when the search
// fails.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("analyze", flag.ContinueOnError)
	moveTime := flags.Duration("movetime", 3*time.Second, "time to search (0 = no time limit)")
	depth := flags.Int("depth", 0, "deepest depth to search (0 = no depth limit)")
	searcherName := flags.String("searcher", "pvs", "searcher: pvs or alphabeta")
	evalName := flags.String("eval", "tuned", "evaluator: tuned, endgame or sixfactor")
	threads := flags.Int("threads", 1, "search threads (pvs only)")
	contempt := flags.Int("contempt", 0, "what a draw is worth below an even position, in evaluation units (pvs only)")
	flags.SetOutput(io.Discard)
	printUsage := func(w io.Writer) {
		fmt.Fprint(w, usage)
		flags.SetOutput(w)
		flags.PrintDefaults()
		flags.SetOutput(io.Discard)
	}
	bad := func(err error) int {
		fmt.Fprintln(stderr, "analyze:", err)
		fmt.Fprintln(stderr, "Run analyze -h for help.")
		return 2
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stdout)
			return 0
		}
		return bad(err)
	}

	text := surakarta.StartText
	if flags.NArg() > 0 {
		text = strings.Join(flags.Args(), " ")
	}
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		return bad(err)
	}
	var eval surakarta.Evaluator
	switch *evalName {
	case "sixfactor":
		eval = surakarta.NewSixFactor()
	case "endgame":
		eval = surakarta.NewEndgameAdjusted()
	case "tuned":
		eval = surakarta.NewTuned()
	default:
		return bad(fmt.Errorf("-eval %q: want sixfactor, endgame or tuned", *evalName))
	}
	var searcher surakarta.Searcher
	if *threads < 1 {
		return bad(fmt.Errorf("-threads %d: want 1 or more", *threads))
	}
	switch *searcherName {
	case "pvs":
		pvs := surakarta.NewPVS(eval)
		pvs.Threads, pvs.Contempt = *threads, *contempt
		searcher = pvs
	case "alphabeta":
		if *threads != 1 || *contempt != 0 {
			return bad(errors.New("-threads and -contempt are for -searcher pvs"))
		}
		searcher = surakarta.NewAlphaBeta(eval)
	default:
		return bad(fmt.Errorf("-searcher %q: want pvs or alphabeta", *searcherName))
	}
	lim := surakarta.Limits{Depth: *depth, MoveTime: *moveTime}
	if err := lim.Validate(); err != nil {
		return bad(err)
	}
	if *moveTime == 0 && *depth == 0 {
		return bad(errors.New("give -movetime or -depth a limit"))
	}

	fmt.Fprint(stdout, p.Diagram())
	fmt.Fprintf(stdout, "%v to move; %s + %s, movetime %v, depth %d\n\n", p.SideToMove(), *searcherName, *evalName, *moveTime, *depth)
	fmt.Fprintf(stdout, "%5s %4s %12s %12s %12s  %s\n", "depth", "sel", "score", "nodes", "nodes/s", "pv")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	lim.Progress = func(i surakarta.Info) {
		fmt.Fprintf(stdout, "%5d %4d %12s %12d %12d  %v\n", i.Depth, i.SelDepth, surakarta.FormatScore(i.Score), i.Nodes, i.NodesPerSecond, i.PV)
	}
	r, err := searcher.Search(ctx, surakarta.NewGame(p), lim)
	if err != nil {
		fmt.Fprintln(stderr, "analyze:", err)
		return 1
	}
	fmt.Fprintf(stdout, "\nbest move %v, score %s, depth %d, %d nodes in %v\n", r.Move, surakarta.FormatScore(r.Score), r.Depth, r.Nodes, r.Time.Round(time.Millisecond))
	return 0
}
