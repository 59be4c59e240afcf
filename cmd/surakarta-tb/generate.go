package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/tablebase"
)

const generateUsage = `usage: surakarta-tb generate -dir DIR -pieces N [-quiet-plies L] [-shard i/N | -shards N] [-workers K]

Generate makes the endgame tables of every class of 2 to N pieces in all
(N from 2 to 8) under the rule set of -quiet-plies, one file per class
(such as 3v2-all.sktb, or 3v2-q50.sktb for -quiet-plies 50), skipping
those already in DIR and sound (read whole and checked): a run that was
stopped resumes. It prints a line for each pair of classes made, and one
for each table it found damaged and made again, and for each temporary
file a stopped run left, which it removes first.

A shard (-shard i/N, i from 0, or -shards N with the index from
$JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID) makes only its part of
the classes of exactly -pieces pieces, and needs the tables of fewer in
DIR already; the shards of one piece count may write into the same DIR,
or into copies merged afterwards. The files are the same bytes whatever
the shards and -workers.

`

// runGenerate runs surakarta-tb generate.
func runGenerate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("surakarta-tb generate", flag.ContinueOnError)
	dir := dirFlag(fs)
	pieces := fs.Int("pieces", 0, fmt.Sprintf("make the tables of 2 to `N` pieces in all (2 to %d; required)", maxPieces))
	quietPlies := quietPliesFlag(fs)
	shard := cmdflag.Shard(fs, "the pairs of classes j of exactly -pieces pieces with j mod N == i")
	shards := cmdflag.Shards(fs)
	workers := fs.Int("workers", 0, fmt.Sprintf("goroutines that make a table (0 = all cores; at most %d)", tablebase.MaxWorkers))
	if status, ok := cmdflag.ParseAll(fs, args, generateUsage, stdout, stderr); !ok {
		return status
	}
	if err := checkCommon(*dir, *quietPlies); err != nil {
		return cmdflag.BadArgs(fs, stderr, err)
	}
	switch {
	case *pieces < 2 || *pieces > maxPieces:
		return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-pieces %d: want 2 to %d", *pieces, maxPieces))
	case *workers < 0 || *workers > tablebase.MaxWorkers:
		return cmdflag.BadArgs(fs, stderr, fmt.Errorf("-workers %d: want 0 (all cores) to %d: goroutines beyond the cores do not help, and each costs memory", *workers, tablebase.MaxWorkers))
	}
	s, err := cmdflag.ShardOf(*shard, *shards, os.Getenv)
	if err != nil {
		return cmdflag.BadArgs(fs, stderr, err)
	}
	opt := tablebase.Options{
		Pieces:        *pieces,
		QuietPlyLimit: *quietPlies,
		Shard:         s.Index,
		Shards:        s.Count,
		Workers:       *workers,
		Log:           func(line string) { fmt.Fprintln(stdout, line) },
	}
	what := fmt.Sprintf("the tables of 2 to %d pieces (%s)", *pieces, rulesName(*quietPlies))
	if s.Count > 0 {
		what = fmt.Sprintf("shard %v of the tables of %d pieces (%s)", s, *pieces, rulesName(*quietPlies))
	}
	start := time.Now()
	if err := tablebase.Generate(ctx, *dir, opt); err != nil {
		if errors.Is(err, tablebase.ErrInvalidOptions) {
			return cmdflag.BadArgs(fs, stderr, err)
		}
		return fail(stderr, fs.Name(), fmt.Errorf("%s in %s: %w", what, *dir, err))
	}
	w := *workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	fmt.Fprintf(stdout, "done: %s in %s, %d workers, %.1fs\n", what, *dir, w, time.Since(start).Seconds())
	return 0
}
