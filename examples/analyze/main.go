// Command analyze searches a Surakarta position and prints one line per
// completed depth (depth, score, nodes, nodes/s, principal variation), then
// the best move.
//
//	go run ./examples/analyze                                  # the start, 3 s, PVS + EndgameAdjusted
//	go run ./examples/analyze -movetime 10s "6/1w4/6/6/bw4/6 b"
//	go run ./examples/analyze -searcher alphabeta -depth 6
//	go run ./examples/analyze -eval sixfactor
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
)

func main() {
	moveTime := flag.Duration("movetime", 3*time.Second, "time to search (0 = no time limit)")
	depth := flag.Int("depth", 0, "deepest depth to search (0 = no depth limit)")
	searcherName := flag.String("searcher", "pvs", "searcher: pvs or alphabeta")
	evalName := flag.String("eval", "endgame", "evaluator: endgame or sixfactor")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: analyze [flags] [position]\n\nposition is in the text format of DESIGN §2 (default: the start).\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()

	text := surakarta.StartText
	if flag.NArg() > 0 {
		text = strings.Join(flag.Args(), " ")
	}
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		fail(err)
	}
	var eval surakarta.Evaluator
	switch *evalName {
	case "sixfactor":
		eval = surakarta.NewSixFactor()
	case "endgame":
		eval = surakarta.NewEndgameAdjusted()
	default:
		fail(fmt.Errorf("unknown evaluator %q (want sixfactor or endgame)", *evalName))
	}
	var searcher surakarta.Searcher
	switch *searcherName {
	case "pvs":
		searcher = surakarta.NewPVS(eval)
	case "alphabeta":
		searcher = surakarta.NewAlphaBeta(eval)
	default:
		fail(fmt.Errorf("unknown searcher %q (want pvs or alphabeta)", *searcherName))
	}
	if *moveTime == 0 && *depth == 0 {
		fail(fmt.Errorf("give -movetime or -depth a limit"))
	}

	fmt.Print(p.Diagram())
	fmt.Printf("%v to move; %s + %s, movetime %v, depth %d\n\n", p.SideToMove(), *searcherName, *evalName, *moveTime, *depth)
	fmt.Printf("%5s %12s %12s %12s  %s\n", "depth", "score", "nodes", "nodes/s", "pv")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	lim := surakarta.Limits{
		Depth:    *depth,
		MoveTime: *moveTime,
		Progress: func(i surakarta.Info) {
			fmt.Printf("%5d %12s %12d %12d  %v\n", i.Depth, surakarta.FormatScore(i.Score), i.Nodes, i.NodesPerSecond, i.PV)
		},
	}
	r, err := searcher.Search(ctx, surakarta.NewGame(p), lim)
	if err != nil {
		fail(err)
	}
	fmt.Printf("\nbest move %v, score %s, depth %d, %d nodes in %v\n", r.Move, surakarta.FormatScore(r.Score), r.Depth, r.Nodes, r.Time.Round(time.Millisecond))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "analyze:", err)
	os.Exit(2)
}
