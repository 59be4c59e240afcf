// Command analyze searches a Surakarta position and prints one line per
// completed depth (depth, selective depth, score, nodes, nodes/s, principal
// variation), then the best move. With -multipv k it searches the k best
// moves (Limits.MultiPV) and prints, after the depths of the best one, the
// k lines of the last completed depth, each with its score.
//
//	go run ./examples/analyze                                  # the start, 1 s, PVS + Network
//	go run ./examples/analyze -movetime 10s -position "6/1w4/6/6/bw4/6 b"
//	go run ./examples/analyze -engine alphabeta,sixfactor -depth 6 -movetime 0
//	go run ./examples/analyze -engine pvs,tuned,threads=2,contempt=20
//	go run ./examples/analyze -multipv 3 -depth 8 -movetime 0
//
// A position is written as in "6/1w4/6/6/bw4/6 b": the ranks from 6 down
// to 1 separated by '/', b and w for pieces and a digit for empty points,
// then the side to move (go doc github.com/surakarta-go/surakarta.ParsePosition).
// An engine is a spec of enginespec.Parse: searcher[,evaluator] and options.
//
// Only the public API of packages surakarta, enginespec and match is used:
// copy the file and change it.
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
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/match"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: analyze [flags]

Analyze searches a position (-position, default the start) and prints one
line per completed depth, then the best move.

A position is written as in "6/1w4/6/6/bw4/6 b": the ranks from 6 down to 1
separated by '/', b and w for pieces and a digit for empty points, then the
side to move (go doc github.com/surakarta-go/surakarta.ParsePosition). An
engine is searcher[,evaluator][,option=value...]: searcher pvs, alphabeta,
mcts or uct, evaluator network (the default), tuned, endgame or
sixfactor, options such as threads=2 or contempt=20 for PVS.

With -multipv k the search finds the k best moves: the depths shown are the
best move's, and the k lines of the last completed depth follow, best
first, each with its score.

flags:
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments, 1 when the search
// fails.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("analyze", flag.ContinueOnError)
	flags.SetOutput(io.Discard) // the messages are run's own
	position := flags.String("position", surakarta.StartText, "the `position`, a position text such as \"6/1w4/6/6/bw4/6 b\" (go doc github.com/surakarta-go/surakarta.ParsePosition)")
	engineSpec := flags.String("engine", "pvs,network", "the engine, a `spec`: searcher[,evaluator][,option=value...] such as pvs or pvs,endgame,threads=2, a player random, greedy or level1 to level10, or ugi:PROGRAM or gtp:PROGRAM (go doc github.com/surakarta-go/surakarta/enginespec.Parse)")
	moveTime := flags.Duration("movetime", surakarta.DefaultMoveTime, "time per move (0 = none, if another limit is given)")
	depth := flags.Int("depth", 0, "search depth per move (0 = no depth limit)")
	multiPV := flags.Int("multipv", 1, "show the `k` best moves, each with its score and line")
	bad := func(err error) int {
		fmt.Fprintln(stderr, "analyze:", err)
		fmt.Fprintln(stderr, "Run analyze -h for help.")
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
	engine, err := enginespec.Parse(*engineSpec)
	if err != nil {
		// "enginespec: engine "spec": why" said as the flag's error.
		return bad(fmt.Errorf("-%s", strings.TrimPrefix(err.Error(), "enginespec: ")))
	}
	lim := surakarta.Limits{Depth: *depth, MoveTime: *moveTime, MultiPV: *multiPV}
	if err := lim.Validate(); err != nil {
		return bad(err)
	}
	if *moveTime == 0 && *depth == 0 {
		return bad(errors.New("give -movetime or -depth a limit"))
	}

	fmt.Fprint(stdout, p.Diagram())
	limits := match.LimitsText(lim)
	if *multiPV > 1 {
		limits += fmt.Sprintf(", %d best moves", *multiPV)
	}
	fmt.Fprintf(stdout, "%v to move; %s, %s\n\n", p.SideToMove(), engine.Name, limits)
	fmt.Fprintf(stdout, "%5s %4s %12s %12s %12s  %s\n", "depth", "sel", "score", "nodes", "nodes/s", "pv")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	lim.Progress = func(i surakarta.Info) {
		if i.MultiPV > 1 {
			return // the other lines are shown once, for the last depth
		}
		fmt.Fprintf(stdout, "%5d %4d %12s %12d %12d  %v\n", i.Depth, i.SelDepth, surakarta.FormatScore(i.Score), i.Nodes, i.NodesPerSecond, i.PV)
	}
	searcher := engine.New()
	if c, ok := searcher.(io.Closer); ok {
		defer c.Close() // an engine program (ugi:PROGRAM, gtp:PROGRAM) is stopped
	}
	r, err := searcher.Search(ctx, surakarta.NewGame(p), lim)
	if err != nil {
		fmt.Fprintln(stderr, "analyze:", err)
		return 1
	}
	if *multiPV > 1 {
		fmt.Fprintf(stdout, "\nthe %d best lines at depth %d:\n", len(r.Lines), r.Depth)
		for i, l := range r.Lines {
			fmt.Fprintf(stdout, "%5d %12s  %v\n", i+1, surakarta.FormatScore(l.Score), l.PV)
		}
	}
	fmt.Fprintf(stdout, "\nbest move %v, score %s, depth %d, %d nodes in %v\n", r.Move, surakarta.FormatScore(r.Score), r.Depth, r.Nodes, roundTime(r.Time))
	return 0
}

// roundTime rounds a search's time to milliseconds, or to three
// significant digits below 100 ms, so that a short search shows as 621µs
// or 3.25ms rather than 0s.
func roundTime(d time.Duration) time.Duration {
	unit := time.Nanosecond
	for unit < time.Millisecond && 1000*unit <= d {
		unit *= 10
	}
	return d.Round(unit)
}
