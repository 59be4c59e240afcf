// Command surakarta-tune makes training data from self-play games and fits
// the weights of the Tuned evaluator to it by the Texel method.
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta-tune@latest
//	surakarta-tune gen -engine pvs,tuned -opening-plies 6 -games 180000 -nodes 3000 -seed 2 -shard 0/2 -records 'games-{shard}.txt' -out 'positions-{shard}.txt'
//	surakarta-tune gen -engine pvs,tuned -opening-plies 6 -games 180000 -nodes 3000 -seed 2 -shard 1/2 -records 'games-{shard}.txt' -out 'positions-{shard}.txt'
//	surakarta-tune gen -merge -out positions.txt games-0.txt games-1.txt
//	surakarta-tune fit -data positions.txt -k 0.030607 -go internal/tunedeval/weights.go
//
// (the commands that made the library's weights, the games played by the
// engine of the module's commit 98d8515). Gen plays an engine
// (-engine, PVS + Tuned by default) against itself at a fixed number of
// nodes per move and keeps the quiet positions of its games, each labelled
// with the game's result; fit finds the weights that minimise the logistic
// loss between the evaluation and the results, on a training part of the
// data, and reports the loss on the rest. Gen splits its games over
// machines as surakarta-match splits a match (-shard i/N or -shards N, and
// -merge; surakarta-tune gen -h).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: surakarta-tune gen|fit|net [flags]

Surakarta-tune makes training data and fits the weights of the Tuned
evaluator:

  surakarta-tune gen   play self-play games and write their quiet positions with results
  surakarta-tune fit   fit the weights to such positions and print the losses
  surakarta-tune net   train the Network evaluator's network on such positions

Run surakarta-tune gen -h or surakarta-tune fit -h for their flags.
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments, 1 when the work
// fails.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cmdflag.BadCommand(stderr, "surakarta-tune", errors.New("want a command: gen, fit or net"))
	}
	switch args[0] {
	case "gen":
		return runGen(args[1:], stdout, stderr)
	case "fit":
		return runFit(args[1:], stdout, stderr)
	case "net":
		return runNet(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	return cmdflag.BadCommand(stderr, "surakarta-tune", fmt.Errorf("unknown command %q: want gen, fit or net", args[0]))
}
