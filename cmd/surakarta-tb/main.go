// Command surakarta-tb makes endgame tables and probes them (package
// tablebase): the value of every position of up to a few pieces with best
// play, and the move that keeps it; stats counts what each table says.
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta-tb@latest
//	surakarta-tb generate -dir tables -pieces 5
//	surakarta-tb generate -dir tables -pieces 5 -quiet-plies 50
//	surakarta-tb probe -dir tables -position "6/1w4/6/6/bw4/6 b"
//	surakarta-tb stats -dir tables
//
// Generate splits the tables of one piece count over machines as the
// match tool splits a match: -shard i/N, or -shards N with the index from
// the job's environment (a Kubernetes Indexed Job or a Slurm job array),
// each shard writing its own files into a directory the machines share.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `usage: surakarta-tb generate|probe|stats [flags]

Surakarta-tb makes and reads endgame tables:

  surakarta-tb generate   make the tables of up to -pieces pieces in -dir
  surakarta-tb probe      print a position's value and best move from the tables
  surakarta-tb stats      print each table's wins, draws, losses and longest win

The rule set is -quiet-plies: 0 (the default) for capture-all, where a game
ends when a side has no pieces or the side to move no legal move (then
the side with more pieces wins, equal counts draw), and a game that never
ends is a draw; the tables hold the plies to the end. Or a quiet-ply
limit L, where a game also ends, on the piece count, after L plies
without a capture (no repetition limit); the tables hold the result for
every count of quiet plies (as two thresholds a position), not the plies
to the end.

Run surakarta-tb generate -h, surakarta-tb probe -h or surakarta-tb stats -h
for their flags.
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments, 1 when the work
// fails.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cmdflag.BadCommand(stderr, "surakarta-tb", errors.New("want a command: generate, probe or stats"))
	}
	switch args[0] {
	case "generate":
		return runGenerate(ctx, args[1:], stdout, stderr)
	case "probe":
		return runProbe(args[1:], stdout, stderr)
	case "stats":
		return runStats(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	return cmdflag.BadCommand(stderr, "surakarta-tb", fmt.Errorf("unknown command %q: want generate, probe or stats", args[0]))
}

// fail reports a failure of the work and returns the exit status 1.
func fail(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}

// Limits of the flags, those of tablebase.Generate.
const (
	maxPieces     = 8    // -pieces: 2 to 8
	maxQuietPlies = 1000 // -quiet-plies: 0 to 1000
)

// dirFlag and quietPliesFlag define the flags both subcommands have.
func dirFlag(fs *flag.FlagSet) *string {
	return fs.String("dir", "", "the `directory` of the tables (required)")
}

func quietPliesFlag(fs *flag.FlagSet) *int {
	return fs.Int("quiet-plies", 0, fmt.Sprintf("the rule set: 0 for capture-all, or a quiet-ply `limit` (1 to %d; 50 is the usual one) without a repetition limit", maxQuietPlies))
}

// checkCommon checks -dir and -quiet-plies.
func checkCommon(dir string, quietPlies int) error {
	switch {
	case dir == "":
		return errors.New("give -dir, the directory of the tables")
	case quietPlies < 0 || quietPlies > maxQuietPlies:
		return fmt.Errorf("-quiet-plies %d: want 0 (capture-all) to %d", quietPlies, maxQuietPlies)
	}
	return nil
}

// rulesName names a rule set as the tables' file names do.
func rulesName(quietPlies int) string {
	if quietPlies == 0 {
		return "capture-all"
	}
	return fmt.Sprintf("quiet-ply limit %d", quietPlies)
}
